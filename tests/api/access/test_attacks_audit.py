"""An attacker's tour of the audit trail: who may read it, what it may never hold (passwords,
hashes, tokens, secrets, whatever a sign-in form was given), where it says a change came from,
and that no one rewrites it (tests/api/access/conftest.py builds the organisation)."""

import csv
import io
import json
import re

import httpx
import pytest
from sqlalchemy import delete, func, select, update
from sqlalchemy.exc import DBAPIError

from api.audit.models import AuditEvent
from api.auth.models import Session
from api.core.db import public_session, tenant_session
from api.organizations.models import Organization, OrganizationSso
from api.recovery.models import AccountResetToken
from api.recovery.service import create_reset_token
from api.users.models import User
from tests.api.access.conftest import People, email_of
from tests.api.audit.support import events
from tests.api.mail.support import outbox_for
from tests.conftest import BASE, signed_in_client

NOT_ALLOWED = {"message": "You don't have permission to do this"}
TRAIL = ["/api/audit-events", "/api/audit-events/actors", "/api/audit-events/export"]

NEWCOMER = "newcomer@ntk.example.com"
# Every secret value the tour below types or is given: none may reach the trail.
FIRST = "First2026!word"
CHOSEN = "Chosen2026!word"
RESET = "Reset2026!word"
ROLE = "Shared2026!word"
ROLE_RESET = "Linked2026!word"
WRONG = "Wrong2026!guess"
MISTYPED = "Mistyped2026!pw"  # a password typed into the e-mail field
CLIENT_SECRET = "sso-client-secret-5f2c9a"


def client(people: People) -> httpx.AsyncClient:
    made = httpx.AsyncClient(transport=httpx.ASGITransport(app=people.app), base_url=BASE)
    people.clients.append(made)
    return made


@pytest.mark.parametrize("account", ["manager", "user", "unlinked_user", "unlinked_manager"])
async def test_only_admin_and_hr_read_the_trail(people: People, account: str) -> None:
    c = await people.sign_in(account)
    own = people.ids["M" if account == "manager" else "A"]
    for url in [*TRAIL, f"/api/employees/{own}/history", "/api/audit-events?employeeId=1"]:
        r = await c.get(url)
        assert (r.status_code, r.json()) == (403, NOT_ALLOWED), url
    hr = await people.sign_in("hr")
    for url in [*TRAIL, f"/api/employees/{own}/history"]:
        assert (await hr.get(url)).status_code == 200, url


async def _sign_in(c: httpx.AsyncClient, people: People, email: str, password: str) -> int:
    await c.post("/api/auth/org-login", json={"subdomain": people.org.subdomain})
    r = await c.post("/api/auth/user-login", json={"email": email, "password": password})
    return r.status_code


async def _accounts_and_passwords(people: People) -> str:
    """An account made with a first password, changed by its owner, reset by e-mail (the
    link's token is returned)."""
    admin = await people.sign_in("admin")
    body = {"email": NEWCOMER, "password": FIRST, "role": "manager", "firstName": "Nia"}
    assert (await admin.post("/api/users", json=body)).status_code == 201
    owner = client(people)
    assert await _sign_in(owner, people, NEWCOMER, FIRST) == 200
    r = await owner.post("/api/auth/change-password", json={"newPassword": CHOSEN})
    assert r.status_code == 200, r.text
    anyone = client(people)
    request = {"email": NEWCOMER, "organizationId": people.org.id}
    assert (await anyone.post("/api/auth/reset-password/request", json=request)).status_code == 200
    (mail,) = await outbox_for(NEWCOMER)
    found = re.search(r"/reset-password\?token=([A-Za-z0-9_-]+)", mail.body_text)
    assert found
    confirm = {"token": found.group(1), "newPassword": RESET}
    r = await anyone.post("/api/auth/reset-password/confirm", json=confirm)
    assert r.status_code == 200, r.text
    return found.group(1)


async def _shared_sign_in_and_sso(people: People) -> str:
    """The shared Administrator password changed, then reset with a link; single sign-on set
    up with its client secret; a wrong password; a password typed as the e-mail address."""
    forced = await signed_in_client(people.app, people.org, "admin", force=True)
    people.clients.append(forced)
    r = await forced.post("/api/auth/change-password", json={"newPassword": ROLE})
    assert r.status_code == 200, r.text
    async with public_session() as db:
        token = await create_reset_token(
            db, organization_id=people.org.id, role="admin", email=None, requested_by="test"
        )
    link = {"token": token, "role": "admin", "newPassword": ROLE_RESET}
    assert (await client(people).post("/api/reset-password", json=link)).status_code == 200
    admin = await people.sign_in("admin")
    sso = {
        "displayName": "Corp",
        "issuer": "https://login.example.com",
        "clientId": "merit-client",
        "clientSecret": CLIENT_SECRET,
        "enabled": True,
    }
    r = await admin.put("/api/organization/sso", json=sso)
    assert r.status_code == 200 and CLIENT_SECRET not in r.text, r.text
    assert CLIENT_SECRET not in (await admin.get("/api/organization/sso")).text
    assert CLIENT_SECRET not in (await admin.get("/api/organization/current")).text
    assert await _sign_in(client(people), people, email_of("manager"), WRONG) == 401
    assert await _sign_in(client(people), people, MISTYPED, WRONG) == 401
    return token


async def _stored_secrets(people: People) -> list[str]:
    """The hashes, digests, ciphertexts and session ids the database holds for this test."""
    org = people.org
    async with tenant_session(org.schema_name, org.id) as s:
        found = list(
            await s.scalars(select(User.password_hash).where(User.password_hash.is_not(None)))
        )
    async with public_session() as db:
        row = await db.get(Organization, org.id)
        assert row is not None
        found += [row.admin_password_hash, row.manager_password_hash]
        found += list(
            await db.scalars(
                select(OrganizationSso.client_secret_encrypted).where(
                    OrganizationSso.organization_id == org.id
                )
            )
        )
        found += list(
            await db.scalars(
                select(AccountResetToken.token_hash).where(
                    AccountResetToken.organization_id == org.id
                )
            )
        )
        found += list(
            await db.scalars(
                select(Session.sid).where(Session.sess["organizationId"].as_integer() == org.id)
            )
        )
    return [value for value in found if value]


async def test_no_event_and_no_reply_of_the_trail_holds_a_secret(people: People) -> None:
    tokens = [await _accounts_and_passwords(people), await _shared_sign_in_and_sso(people)]
    secrets = [FIRST, CHOSEN, RESET, ROLE, ROLE_RESET, WRONG, MISTYPED, CLIENT_SECRET, *tokens]
    hr = await people.sign_in("hr")  # the log's reader (their sign-in is an event too)
    secrets += await _stored_secrets(people)
    found = await events(people.org)
    assert {"password_change", "sign_in_failed", "settings"} <= {e.action for e in found}
    for event in found:
        text = json.dumps(
            [event.actor_name, event.summary, event.record_id, event.changes], default=str
        )
        leaked = [s for s in secrets if s.lower() in text.lower()]
        assert not leaked, (event.action, event.resource, text)
    # What the log's readers are sent says no more than the rows.
    log = await hr.get("/api/audit-events?pageSize=200")
    exported = await hr.get("/api/audit-events/export")
    actors = await hr.get("/api/audit-events/actors")
    assert int(log.headers["X-Total-Count"]) == len(found)
    assert len(list(csv.reader(io.StringIO(exported.text)))) == len(found) + 1
    for reply in (log, exported, actors):
        assert not [s for s in secrets if s.lower() in reply.text.lower()]


async def test_a_forwarded_for_header_does_not_choose_the_address_recorded(
    people: People,
) -> None:
    c = client(people)
    spoofed = {"x-forwarded-for": "203.0.113.9", "x-real-ip": "203.0.113.9",
               "forwarded": "for=203.0.113.9"}  # fmt: skip
    await c.post("/api/auth/org-login", json={"subdomain": people.org.subdomain})
    r = await c.post(
        "/api/auth/user-login",
        json={"email": email_of("user"), "password": "Scoped2026!pw"},
        headers=spoofed,
    )
    assert r.status_code == 200, r.text
    (event,) = await events(people.org, action="sign_in")
    # The address the connection came from (the ASGI test client's), never a header's claim.
    assert event.ip == "127.0.0.1"


@pytest.mark.parametrize("statement", ["update", "delete", "delete_all"])
async def test_no_statement_rewrites_or_removes_an_event(people: People, statement: str) -> None:
    await people.sign_in("user")  # a sign-in: one event
    before = await events(people.org)
    query = {
        "update": update(AuditEvent).values(actor_name="Someone Else", ip="10.0.0.1"),
        "delete": delete(AuditEvent).where(AuditEvent.id == before[0].id),
        "delete_all": delete(AuditEvent),
    }[statement]
    with pytest.raises(DBAPIError, match="append-only"):
        async with tenant_session(people.org.schema_name, people.org.id) as s:
            await s.execute(query)
    # The purge's switch is for the one transaction that sets it, never for the next one.
    async with tenant_session(people.org.schema_name, people.org.id) as s:
        await s.execute(select(func.set_config("merit.audit_purge", "on", True)))
    with pytest.raises(DBAPIError, match="append-only"):
        async with tenant_session(people.org.schema_name, people.org.id) as s:
            await s.execute(query)
    after = await events(people.org)
    assert [(e.id, e.actor_name, e.ip) for e in after] == [
        (e.id, e.actor_name, e.ip) for e in before
    ]
