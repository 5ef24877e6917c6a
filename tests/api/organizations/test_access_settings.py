"""'Who sees what' and the shared sign-in switches: GET /api/organization/current shows them,
PUT /api/organization/access changes them under the rules that keep an organisation from
locking itself out, and switching a sign-in off signs out everyone using it."""

from typing import Any

import httpx
import pytest
from sqlalchemy import select

from api.core.db import public_session, tenant_session
from api.organizations.models import Organization, OrganizationSso
from api.users.models import User
from tests.conftest import BASE

CURRENT = "/api/organization/current"
ACCESS = "/api/organization/access"
PASSWORD = "Person2026!pw"
NO_ADMIN_ACCOUNT = (
    "Add an administrator account with its own password (Users) before switching off the "
    "shared Administrator sign-in; otherwise nobody could sign in as administrator"
)
MANAGER_NEEDS_OPEN = (
    "The shared Manager sign-in cannot be switched on while visibility is need to know: it "
    "belongs to no person, so it has no reporting line to show"
)


async def stored(org: Any) -> tuple[str, bool, bool, int]:
    async with public_session() as db:
        row = await db.get(Organization, org.id)
        assert row is not None
        return (
            row.visibility,
            row.shared_admin_sign_in,
            row.shared_manager_sign_in,
            row.audit_retention_days,
        )


async def account(app: Any, admin: httpx.AsyncClient, org: Any, email: str, role: str):
    """A personal account of `role`, signed in in its own browser."""
    r = await admin.post("/api/users", json={"email": email, "password": PASSWORD, "role": role})
    assert r.status_code == 201, r.text
    c = httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url=BASE)
    await c.post("/api/auth/org-login", json={"subdomain": org.subdomain})
    r = await c.post("/api/auth/user-login", json={"email": email, "password": PASSWORD})
    assert r.status_code == 200, r.text
    await c.post("/api/auth/change-password", json={"newPassword": PASSWORD + "x"})
    return c


async def test_current_shows_the_settings_and_single_sign_on(login, org):
    admin = await login(org)
    body = (await admin.get(CURRENT)).json()
    assert {k: body[k] for k in ("visibility", "sharedAdminSignIn", "sharedManagerSignIn")} == {
        "visibility": "open",
        "sharedAdminSignIn": True,
        "sharedManagerSignIn": True,
    }
    assert body["auditRetentionDays"] == 730
    assert (body["ssoConfigured"], body["ssoProvider"]) == (False, None)
    async with public_session() as db:
        db.add(
            OrganizationSso(
                organization_id=org.id,
                display_name="Contoso ID",
                issuer="https://id.example.com",
                client_id="merit",
                client_secret_encrypted="x",
                enabled=False,
            )
        )
    # Set up but not switched on: not offered.
    assert (await admin.get(CURRENT)).json()["ssoConfigured"] is False
    async with public_session() as db:
        sso = await db.get(OrganizationSso, org.id)
        assert sso is not None
        sso.enabled = True
    body = (await admin.get(CURRENT)).json()
    assert (body["ssoConfigured"], body["ssoProvider"]) == (True, "Contoso ID")


async def test_need_to_know_switches_the_shared_manager_sign_in_off(app, login, org):
    admin = await login(org)
    shared_manager = await login(org, "manager")
    person = await account(app, admin, org, "mara@example.com", "manager")
    try:
        r = await admin.put(ACCESS, json={"visibility": "need_to_know"})
        assert r.status_code == 200, r.text
        assert (r.json()["visibility"], r.json()["sharedManagerSignIn"]) == ("need_to_know", False)
        assert await stored(org) == ("need_to_know", True, False, 730)
        # The shared manager is signed out; the person with their own account is not.
        assert (await shared_manager.get("/api/auth/session")).status_code == 401
        assert (await person.get("/api/auth/session")).json()["visibility"] == "need_to_know"
        # Switching it on again is refused while need to know holds.
        r = await admin.put(ACCESS, json={"sharedManagerSignIn": True})
        assert (r.status_code, r.json()) == (400, {"message": MANAGER_NEEDS_OPEN})
        r = await admin.put(
            ACCESS, json={"visibility": "need_to_know", "sharedManagerSignIn": True}
        )
        assert r.status_code == 400
        assert await stored(org) == ("need_to_know", True, False, 730)
        # Back to open: the switch stays off until an admin switches it on.
        r = await admin.put(ACCESS, json={"visibility": "open"})
        assert r.json()["sharedManagerSignIn"] is False
        r = await admin.put(ACCESS, json={"sharedManagerSignIn": True})
        assert r.status_code == 200 and r.json()["sharedManagerSignIn"] is True
    finally:
        await person.aclose()


async def test_the_shared_admin_sign_in_goes_off_only_with_an_admin_account(app, login, org):
    admin = await login(org)
    r = await admin.put(ACCESS, json={"sharedAdminSignIn": False})
    assert (r.status_code, r.json()) == (409, {"message": NO_ADMIN_ACCOUNT})
    # An hr account is no way back in as administrator.
    hr = await account(app, admin, org, "hr@example.com", "hr")
    await hr.aclose()
    assert (await admin.put(ACCESS, json={"sharedAdminSignIn": False})).status_code == 409
    assert await stored(org) == ("open", True, True, 730)
    boss = await account(app, admin, org, "boss@example.com", "admin")
    other_shared_admin = await login(org)
    try:
        r = await boss.put(ACCESS, json={"sharedAdminSignIn": False})
        assert r.status_code == 200, r.text
        assert r.json()["sharedAdminSignIn"] is False
        assert (await other_shared_admin.get(CURRENT)).status_code == 401
        assert (await boss.get(CURRENT)).status_code == 200
        # While it is off, the last admin account stays one and stays.
        users = {u["email"]: u["id"] for u in (await boss.get("/api/users")).json()}
        r = await boss.put(f"/api/users/{users['boss@example.com']}", json={"role": "hr"})
        assert r.status_code == 400  # one's own role
        assert (await boss.put(ACCESS, json={"sharedAdminSignIn": True})).status_code == 200
    finally:
        await boss.aclose()


async def test_an_admin_account_without_a_password_does_not_count(login, org):
    """An account made with a set-up link has no password until its person chooses one."""
    admin = await login(org)
    async with tenant_session(org.schema_name, org.id) as db:
        db.add(User(id="pending-admin", email="p@example.com", role="admin", password_hash=None))
    r = await admin.put(ACCESS, json={"sharedAdminSignIn": False})
    assert r.status_code == 409


@pytest.mark.parametrize(
    "body",
    [
        {"visibility": "secret"},
        {"visibility": None},
        {"sharedAdminSignIn": "no"},
        {"sharedManagerSignIn": None},
        {"auditRetentionDays": 29},
        {"auditRetentionDays": 3651},
        {"auditRetentionDays": "90"},
        {"auditRetentionDays": 90.5},
        {"auditRetentionDays": True},
    ],
)
async def test_bad_settings_are_refused_and_change_nothing(login, org, body):
    admin = await login(org)
    r = await admin.put(ACCESS, json=body)
    assert r.status_code == 400, r.text
    assert await stored(org) == ("open", True, True, 730)


async def test_retention_and_several_settings_at_once(login, org):
    admin = await login(org)
    r = await admin.put(ACCESS, json={"auditRetentionDays": 30, "visibility": "need_to_know"})
    assert r.status_code == 200
    assert await stored(org) == ("need_to_know", True, False, 30)
    assert (await admin.put(ACCESS, json={"auditRetentionDays": 3650})).status_code == 200
    assert (await stored(org))[3] == 3650
    # An empty body changes nothing.
    assert (await admin.put(ACCESS, json={})).status_code == 200
    assert await stored(org) == ("need_to_know", True, False, 3650)


@pytest.mark.parametrize("role", ["hr", "manager", "user"])
async def test_only_an_admin_changes_them(login, org, role):
    c = await login(org, role)
    r = await c.put(ACCESS, json={"visibility": "need_to_know"})
    assert r.status_code == 403
    assert await stored(org) == ("open", True, True, 730)


async def test_another_organisation_is_untouched(login, org, other_org):
    admin = await login(org)
    await admin.put(ACCESS, json={"visibility": "need_to_know"})
    async with public_session() as db:
        other = await db.scalar(select(Organization).where(Organization.id == other_org.id))
    assert other is not None and other.visibility == "open" and other.shared_manager_sign_in
