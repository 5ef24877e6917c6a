"""Password recovery: Forgot password (e-mailed 1-hour link), reset with token, and the
super admin's 2-hour /reset-password links (validate, then reset)."""

import re
import uuid
from datetime import timedelta

import httpx
import pytest
from sqlalchemy import select, update

from api.auth.models import PasswordResetToken
from api.core.db import public_session, utcnow
from api.core.security import token_digest
from api.mail.jobs import deliver_mail
from api.organizations.models import Organization
from api.recovery import service
from api.recovery.models import AccountResetToken
from tests.api.mail.support import body_of, outbox_for, smtp_server
from tests.api.users.support import pool_watch
from tests.conftest import BASE

REQUEST = "/api/auth/reset-password/request"
CONFIRM = "/api/auth/reset-password/confirm"
VALIDATE = "/api/validate-reset-token"
RESET = "/api/reset-password"
SENT = service.REQUEST_SENT


async def add_user(login, org, email: str, role: str = "user") -> dict:
    admin = await login(org)
    r = await admin.post(
        "/api/users", json={"email": email, "password": "First2026!x", "role": role}
    )
    assert r.status_code == 201, r.text
    return r.json()


def token_in(text: str) -> str:
    match = re.search(r"/reset-password\?token=([A-Za-z0-9_-]+)", text)
    assert match, text
    return match.group(1)


async def link_token(org: Organization, role: str = "admin", **kw) -> str:
    async with public_session() as db:
        return await service.create_reset_token(
            db,
            organization_id=org.id,
            role=role,
            email="owner@example.com",
            requested_by="super-admin@example.com",
            **kw,
        )


async def role_token_row(db, token: str) -> PasswordResetToken:
    """The stored row of a role reset link (only the token's digest is stored)."""
    query = select(PasswordResetToken).where(PasswordResetToken.token_hash == token_digest(token))
    return (await db.execute(query)).scalar_one()


async def sign_in(transport, org, role: str, password: str) -> int:
    async with httpx.AsyncClient(transport=transport, base_url=BASE) as c:
        await c.post("/api/auth/org-login", json={"subdomain": org.subdomain})
        r = await c.post("/api/auth/role-login", json={"role": role, "password": password})
        return r.status_code


async def account_sign_in(transport, org, email: str, password: str) -> int:
    async with httpx.AsyncClient(transport=transport, base_url=BASE) as c:
        await c.post("/api/auth/org-login", json={"subdomain": org.subdomain})
        r = await c.post("/api/auth/user-login", json={"email": email, "password": password})
        return r.status_code


# -- Forgot password ----------------------------------------------------------------------


async def test_known_and_unknown_addresses_get_the_same_answer(client, login, org):
    email = f"known-{uuid.uuid4().hex[:6]}@example.com"
    await add_user(login, org, email)
    with pool_watch() as watch:
        known = await client.post(REQUEST, json={"email": email, "organizationId": org.id})
    assert watch.most == 1  # neither the request nor the mail it sends after the reply
    unknown = await client.post(
        REQUEST, json={"email": "nobody-here@example.com", "organizationId": org.id}
    )
    assert known.status_code == unknown.status_code == 200
    assert known.json() == unknown.json() == {"success": True, "message": SENT}
    assert len(await outbox_for(email)) == 1
    assert await outbox_for("nobody-here@example.com") == []


async def test_the_emailed_link_resets_an_account_once(client, login, org):
    email = f"p-{uuid.uuid4().hex[:6]}@example.com"
    user = await add_user(login, org, email)
    await client.post(REQUEST, json={"email": email.upper(), "organizationId": org.id})
    [mail] = await outbox_for(email)
    assert org.name in mail.subject
    token = token_in(mail.body_text)
    assert "1 hour" in mail.body_text
    # Only the digest is stored.
    async with public_session() as db:
        row = (
            await db.execute(
                select(AccountResetToken).where(AccountResetToken.user_id == user["id"])
            )
        ).scalar_one()
    assert row.token_hash == token_digest(token) and token not in row.token_hash
    assert timedelta(minutes=59) < row.expires_at - utcnow() <= timedelta(hours=1)
    with pool_watch() as watch:
        r = await client.post(CONFIRM, json={"token": token, "newPassword": "Fresh2026!pw"})
    assert r.status_code == 200, r.text
    assert r.json()["success"] is True
    assert watch.most == 1  # the request never holds a second pooled connection
    assert await account_sign_in(client._transport, org, email, "Fresh2026!pw") == 200
    assert await account_sign_in(client._transport, org, email, "First2026!x") == 401
    # Single use, and a second try is told so.
    r = await client.post(CONFIRM, json={"token": token, "newPassword": "Again2026!pw"})
    assert r.status_code == 400
    assert r.json()["message"] == service.TOKEN_USED


async def test_the_organisation_admin_email_resets_the_admin_sign_in(client, org):
    async with public_session() as db:
        await db.execute(
            update(Organization)
            .where(Organization.id == org.id)
            .values(admin_email="Boss@Example.com")
        )
    await client.post(REQUEST, json={"email": "boss@example.com", "organizationId": org.id})
    [mail] = await outbox_for("boss@example.com")
    assert "Administrator sign-in" in mail.body_text
    token = token_in(mail.body_text)
    r = await client.post(CONFIRM, json={"token": token, "newPassword": "Admin2026!new"})
    assert r.status_code == 200, r.text
    assert await sign_in(client._transport, org, "admin", "Admin2026!new") == 200
    assert await sign_in(client._transport, org, "admin", f"admin{org.subdomain}") == 401


async def test_the_organisation_comes_from_the_code_or_the_org_login(client, login, org):
    email = f"c-{uuid.uuid4().hex[:6]}@example.com"
    await add_user(login, org, email)
    r = await client.post(REQUEST, json={"email": email, "subdomain": org.subdomain})
    assert r.status_code == 200
    await client.post("/api/auth/org-login", json={"subdomain": org.subdomain})
    r = await client.post(REQUEST, json={"email": email})
    assert r.status_code == 200
    assert len(await outbox_for(email)) == 2


async def test_forgot_password_bad_input(client, org):
    for email in ("", "not-an-email", "a@" + "b" * 300 + ".com"):
        r = await client.post(REQUEST, json={"email": email, "organizationId": org.id})
        assert r.status_code == 400
        assert r.json()["message"] == "Please enter a valid email address"
    r = await client.post(REQUEST, json={"email": "a@example.com"})
    assert r.status_code == 400
    assert r.json()["message"] == "Please enter your organization code first"
    r = await client.post(REQUEST, json={"email": "a@example.com", "organizationId": 99999999})
    assert r.status_code == 404
    r = await client.post(REQUEST, json={"email": "a@example.com", "organizationId": "x"})
    assert r.status_code == 400


async def test_an_address_of_another_organisation_gets_nothing(client, login, org, other_org):
    email = f"a-{uuid.uuid4().hex[:6]}@example.com"
    await add_user(login, org, email)
    r = await client.post(REQUEST, json={"email": email, "organizationId": other_org.id})
    assert r.json() == {"success": True, "message": SENT}
    assert await outbox_for(email) == []


async def test_requests_for_one_address_are_limited(client, login, org):
    email = f"l-{uuid.uuid4().hex[:6]}@example.com"
    await add_user(login, org, email)
    for _ in range(7):
        r = await client.post(REQUEST, json={"email": email, "organizationId": org.id})
        assert r.json() == {"success": True, "message": SENT}
    assert len(await outbox_for(email)) == 5


async def test_a_new_link_replaces_the_previous_one(client, login, org):
    email = f"n-{uuid.uuid4().hex[:6]}@example.com"
    await add_user(login, org, email)
    for _ in range(2):
        await client.post(REQUEST, json={"email": email, "organizationId": org.id})
    first, second = [token_in(m.body_text) for m in await outbox_for(email)]
    r = await client.post(CONFIRM, json={"token": first, "newPassword": "Fresh2026!pw"})
    assert r.status_code == 400
    r = await client.post(CONFIRM, json={"token": second, "newPassword": "Fresh2026!pw"})
    assert r.status_code == 200


async def test_an_expired_emailed_link_is_refused(client, login, org):
    email = f"e-{uuid.uuid4().hex[:6]}@example.com"
    await add_user(login, org, email)
    await client.post(REQUEST, json={"email": email, "organizationId": org.id})
    token = token_in((await outbox_for(email))[0].body_text)
    async with public_session() as db:
        await db.execute(
            update(AccountResetToken)
            .where(AccountResetToken.token_hash == token_digest(token))
            .values(expires_at=utcnow() - timedelta(seconds=1))
        )
    r = await client.post(CONFIRM, json={"token": token, "newPassword": "Fresh2026!pw"})
    assert r.status_code == 400
    assert r.json()["message"] == service.INVALID_TOKEN


async def test_reset_with_token_password_rules(client):
    cases = [
        ({"token": "", "newPassword": "Fresh2026!pw"}, "Reset token is required"),
        (
            {"token": "t" * 43, "newPassword": "Sh0rt!"},
            "Password must be at least 8 characters long",
        ),
        (
            {"token": "t" * 43, "newPassword": "NoDigits!!"},
            "Password must contain at least one letter and one number",
        ),
        (
            {"token": "t" * 43, "newPassword": "NoSpecial2026"},
            "Password must contain at least one special character",
        ),
        ({"token": "t" * 43, "newPassword": "Fresh2026!pw"}, service.INVALID_TOKEN),
    ]
    for body, message in cases:
        r = await client.post(CONFIRM, json=body)
        assert r.status_code == 400, body
        assert r.json()["message"] == message


# -- the super admin's 2-hour links -------------------------------------------------------


async def test_a_link_is_validated_then_used_once(client, org):
    token = await link_token(org, "manager")
    r = await client.post(VALIDATE, json={"token": token, "role": "manager"})
    assert r.status_code == 200
    assert r.json() == {
        "valid": True,
        "role": "manager",
        "organizationName": "Alpha Org",
        "message": "Reset link is valid",
    }
    # Validating does not use it up.
    assert (await client.post(VALIDATE, json={"token": token, "role": "manager"})).json()["valid"]
    r = await client.post(
        RESET, json={"token": token, "role": "manager", "newPassword": "Manager2026!"}
    )
    assert r.status_code == 200, r.text
    assert r.json()["organizationSubdomain"] == org.subdomain
    assert r.json()["success"] is True
    assert await sign_in(client._transport, org, "manager", "Manager2026!") == 200
    # Used: no longer valid, cannot reset again.
    r = await client.post(VALIDATE, json={"token": token, "role": "manager"})
    assert r.json()["valid"] is False
    assert r.json()["message"] == service.INVALID_LINK
    r = await client.post(
        RESET, json={"token": token, "role": "manager", "newPassword": "Again2026!!x"}
    )
    assert r.status_code == 400
    assert r.json()["message"] == service.INVALID_LINK
    async with public_session() as db:
        row = await role_token_row(db, token)
    assert row.used_at is not None and row.is_active is False
    # The forced first change is not asked for after a reset.
    async with public_session() as db:
        fresh = await db.get(Organization, org.id)
        assert fresh is not None and fresh.manager_force_password_change is False


async def test_links_expire_after_two_hours(client, org):
    token = await link_token(org)
    async with public_session() as db:
        row = await role_token_row(db, token)
        assert timedelta(minutes=119) < row.expires_at - utcnow() <= timedelta(hours=2)
        row.expires_at = utcnow() - timedelta(seconds=1)
    r = await client.post(VALIDATE, json={"token": token, "role": "admin"})
    assert r.json()["valid"] is False
    r = await client.post(
        RESET, json={"token": token, "role": "admin", "newPassword": "Admin2026!x"}
    )
    assert r.status_code == 400


async def test_a_link_is_for_its_role_only(client, org):
    token = await link_token(org, "admin")
    r = await client.post(VALIDATE, json={"token": token, "role": "manager"})
    assert r.json()["valid"] is False
    r = await client.post(
        RESET, json={"token": token, "role": "manager", "newPassword": "Manager2026!"}
    )
    assert r.status_code == 400
    assert await sign_in(client._transport, org, "manager", f"manager{org.subdomain}") == 200


async def test_a_newer_link_replaces_the_older_one(client, org):
    old = await link_token(org)
    new = await link_token(org)
    assert (await client.post(VALIDATE, json={"token": old, "role": "admin"})).json()[
        "valid"
    ] is False
    assert (await client.post(VALIDATE, json={"token": new, "role": "admin"})).json()[
        "valid"
    ] is True


async def test_link_page_bad_input(client, org):
    token = await link_token(org)
    r = await client.post(VALIDATE, json={"token": "", "role": "admin"})
    assert r.status_code == 400
    assert r.json()["message"] == "Reset token is required"
    r = await client.post(VALIDATE, json={"token": token, "role": "owner"})
    assert r.status_code == 400
    r = await client.post(VALIDATE, json={"token": "made-up-token", "role": "admin"})
    assert r.status_code == 200 and r.json()["valid"] is False
    rules = [
        ("Sh0rt!a", "Password must be at least 8 characters long"),
        ("A1!" + "a" * 126, "Password must be at most 128 characters long"),
        ("nouppercase2026!", "Password must contain at least one uppercase letter"),
        ("NOLOWERCASE2026!", "Password must contain at least one lowercase letter"),
        ("NoSpecial2026", "Password must contain at least one special character"),
    ]
    for password, message in rules:
        r = await client.post(
            RESET, json={"token": token, "role": "admin", "newPassword": password}
        )
        assert r.status_code == 400
        assert r.json()["message"] == message
    # None of that used the link up.
    assert (await client.post(VALIDATE, json={"token": token, "role": "admin"})).json()["valid"]


async def test_a_reset_signs_out_the_old_role_sessions(client, login, org):
    manager = await login(org, "manager")
    admin = await login(org, "admin")
    token = await link_token(org, "manager")
    r = await client.post(
        RESET, json={"token": token, "role": "manager", "newPassword": "Manager2026!"}
    )
    assert r.status_code == 200
    assert (await manager.get("/api/auth/session")).status_code == 401
    assert (await admin.get("/api/auth/session")).status_code == 200


async def test_create_reset_token_refuses_other_roles(org):
    async with public_session() as db:
        with pytest.raises(ValueError):
            await service.create_reset_token(
                db, organization_id=org.id, role="user", email=None, requested_by=None
            )


async def test_emailed_smtp_message_has_the_link(client, login, org):
    email = f"m-{uuid.uuid4().hex[:6]}@example.com"
    await add_user(login, org, email)
    with smtp_server() as inbox:
        await client.post(REQUEST, json={"email": email, "organizationId": org.id})
        [row] = await outbox_for(email)
        assert row.status == "queued"
        await deliver_mail({"job_try": 1}, row.id)
        [message] = inbox.messages
    token = token_in(body_of(message))
    r = await client.post(CONFIRM, json={"token": token, "newPassword": "Fresh2026!pw"})
    assert r.status_code == 200
