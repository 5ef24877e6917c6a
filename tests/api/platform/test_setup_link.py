"""The super admin creates an organisation with its 'Who sees what' setting and, instead of the
shared Administrator sign-in's guessable first password, a set-up link e-mailed to its
administrator: a real SMTP server (aiosmtpd) receives it, the link works once, then never."""

import re
from datetime import timedelta
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from sqlalchemy import select, update

from api.core.db import public_session, utcnow
from api.core.security import token_digest
from api.mail.jobs import deliver_mail
from api.organizations.models import Organization
from api.platform.setup import MAIL_NOT_CONFIGURED
from api.recovery import service as recovery
from api.recovery.models import AccountResetToken
from tests.api.mail.support import body_of, env, outbox_for, smtp_server
from tests.conftest import BASE, unique_code

CONFIRM = "/api/auth/reset-password/confirm"
LINK = re.compile(r"https?://[^\s\"<>]+/reset-password\?[^\s\"<>]+")
SIGN_IN_OFF = "This sign-in is switched off for your organisation; sign in with your account"


async def create(platform: httpx.AsyncClient, **fields: Any) -> httpx.Response:
    body = {"name": "Initech", "subdomain": unique_code("setup"), **fields}
    return await platform.post("/api/organizations", json=body)


async def mailed_link(address: str) -> str:
    """Deliver what the outbox holds for `address` through the real SMTP server; the link."""
    with smtp_server() as inbox:
        for row in await outbox_for(address):
            await deliver_mail({"job_try": 1}, row.id)
        links = [link for m in inbox.messages for link in LINK.findall(body_of(m))]
    assert len(links) == 1, links
    return links[0]


def browser(app: Any) -> httpx.AsyncClient:
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url=BASE)


async def account_sign_in(app: Any, code: str, email: str, password: str) -> httpx.Response:
    async with browser(app) as c:
        await c.post("/api/auth/org-login", json={"subdomain": code})
        return await c.post("/api/auth/user-login", json={"email": email, "password": password})


async def test_the_first_administrator_sets_up_their_account_with_the_link(app, platform):
    email = f"{unique_code('boss')}@example.com"
    with smtp_server():
        r = await create(
            platform, adminEmail=email.upper(), sendSetupLink=True, visibility="need_to_know"
        )
    assert r.status_code == 201, r.text
    org = r.json()
    assert (org["setupLinkSent"], org["setupLink"]) == (True, None)
    assert email in org["message"]
    assert (org["visibility"], org["sharedAdminSignIn"], org["sharedManagerSignIn"]) == (
        "need_to_know",
        False,
        False,
    )
    link = await mailed_link(email)
    parts = urlsplit(link)
    assert parts.netloc == f"{org['subdomain']}.localhost"
    query = parse_qs(parts.query)
    assert query["setup"] == ["1"] and "role" not in query
    token = query["token"][0]
    async with public_session() as db:
        row = await db.scalar(
            select(AccountResetToken).where(AccountResetToken.token_hash == token_digest(token))
        )
    assert row is not None and row.email == email
    assert timedelta(days=2, hours=23) < row.expires_at - utcnow() <= timedelta(days=3)
    # No password yet: nothing signs in, the shared admin sign-in least of all.
    assert (await account_sign_in(app, org["subdomain"], email, "")).status_code == 400
    async with browser(app) as c:
        await c.post("/api/auth/org-login", json={"subdomain": org["subdomain"]})
        r = await c.post(
            "/api/auth/role-login", json={"role": "admin", "password": f"admin{org['subdomain']}"}
        )
        assert (r.status_code, r.json()) == (403, {"message": SIGN_IN_OFF})
        r = await c.post(CONFIRM, json={"token": token, "newPassword": "Chosen2026!pw"})
        assert r.status_code == 200, r.text
        # Once only: the second try is told the link was used.
        r = await c.post(CONFIRM, json={"token": token, "newPassword": "Again2026!pw"})
        assert (r.status_code, r.json()) == (400, {"message": recovery.TOKEN_USED})
    r = await account_sign_in(app, org["subdomain"], email, "Chosen2026!pw")
    assert r.status_code == 200, r.text
    assert r.json() == {"success": True, "forcePasswordChange": False, "userRole": "admin"}
    assert (await account_sign_in(app, org["subdomain"], email, "Again2026!pw")).status_code == 401


async def test_an_expired_set_up_link_is_refused(app, platform):
    email = f"{unique_code('late')}@example.com"
    with smtp_server():
        r = await create(platform, adminEmail=email, sendSetupLink=True)
    assert r.status_code == 201, r.text
    assert r.json()["visibility"] == "open" and r.json()["sharedManagerSignIn"] is True
    token = parse_qs(urlsplit(await mailed_link(email)).query)["token"][0]
    async with public_session() as db:
        await db.execute(
            update(AccountResetToken)
            .where(AccountResetToken.token_hash == token_digest(token))
            .values(expires_at=utcnow() - timedelta(seconds=1))
        )
    async with browser(app) as c:
        r = await c.post(CONFIRM, json={"token": token, "newPassword": "Chosen2026!pw"})
    assert (r.status_code, r.json()) == (400, {"message": recovery.INVALID_TOKEN})


async def codes() -> set[str]:
    async with public_session() as db:
        return set((await db.scalars(select(Organization.subdomain))).all())


@pytest.mark.parametrize(
    ("fields", "smtp", "message"),
    [
        (
            {"sendSetupLink": True},
            True,
            "Please enter the administrator's e-mail address to send a set-up link",
        ),
        ({"sendSetupLink": True, "adminEmail": "a@example.com"}, False, MAIL_NOT_CONFIGURED),
        ({"sendSetupLink": "yes", "adminEmail": "a@example.com"}, True, None),
        ({"visibility": "everyone"}, True, "Visibility must be open or need_to_know"),
    ],
)
async def test_a_create_that_cannot_keep_its_promise_creates_nothing(
    platform, fields, smtp, message
):
    before = await codes()
    with env(SMTP_HOST="127.0.0.1" if smtp else None):
        r = await create(platform, **fields)
    assert r.status_code == 400, r.text
    if message is not None:
        assert r.json()["message"] == message
    assert await codes() == before


async def test_without_a_link_the_shared_sign_ins_stay_as_before(platform, client):
    r = await create(platform, adminEmail="x@example.com", visibility="need_to_know")
    assert r.status_code == 201, r.text
    org = r.json()
    assert (org["setupLinkSent"], org["setupLink"], org["message"]) == (False, None, None)
    assert (org["sharedAdminSignIn"], org["sharedManagerSignIn"]) == (True, False)
    await client.post("/api/auth/org-login", json={"subdomain": org["subdomain"]})
    r = await client.post(
        "/api/auth/role-login", json={"role": "admin", "password": f"admin{org['subdomain']}"}
    )
    assert r.status_code == 200
    listed = {o["id"]: o for o in (await platform.get("/api/organizations")).json()}
    assert listed[org["id"]]["visibility"] == "need_to_know"


async def test_the_panel_knows_whether_mail_is_configured(platform):
    with env(SMTP_HOST=None):
        assert (await platform.get("/api/platform/config")).json()["mailConfigured"] is False
    with env(SMTP_HOST="127.0.0.1"):
        assert (await platform.get("/api/platform/config")).json()["mailConfigured"] is True


async def test_the_super_admin_switches_the_shared_admin_sign_in_back_on(app, platform, login):
    r = await create(platform)
    org = r.json()
    async with public_session() as db:
        row = await db.get(Organization, org["id"])
    assert row is not None
    shared = await login(row)
    r = await platform.put(f"/api/organizations/{org['id']}", json={"sharedAdminSignIn": False})
    assert r.status_code == 200 and r.json()["sharedAdminSignIn"] is False
    assert (await shared.get("/api/auth/session")).status_code == 401
    r = await platform.put(f"/api/organizations/{org['id']}", json={"sharedAdminSignIn": True})
    assert r.status_code == 200 and r.json()["sharedAdminSignIn"] is True
    r = await platform.put(f"/api/organizations/{org['id']}", json={"sharedAdminSignIn": None})
    assert r.status_code == 400
