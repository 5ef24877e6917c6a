"""A restore never gives access back: accounts removed since the backup come back disabled,
and every password (personal and role) stays the current one."""

import json
import re

import httpx
from sqlalchemy import select, update

from api.core.db import public_session, tenant_session
from api.core.security import hash_password
from api.organizations.models import Organization, OrganizationSettings
from api.recovery.models import AccountResetToken
from api.users.models import User
from tests.api.backups.factories import seed
from tests.api.backups.test_backups import make_backup, restore
from tests.api.mail.support import outbox_for
from tests.conftest import BASE

GONE = "gone@example.com"
FIRST_PASSWORD = "First2026!x"
REQUEST = "/api/auth/reset-password/request"
CONFIRM = "/api/auth/reset-password/confirm"


def client_for(app) -> httpx.AsyncClient:  # type: ignore[no-untyped-def]
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url=BASE)


async def account_sign_in(app, org: Organization, email: str, password: str) -> int:  # type: ignore[no-untyped-def]
    async with client_for(app) as c:
        await c.post("/api/auth/org-login", json={"subdomain": org.subdomain})
        r = await c.post("/api/auth/user-login", json={"email": email, "password": password})
        return r.status_code


async def role_sign_in(app, org: Organization, role: str, password: str) -> int:  # type: ignore[no-untyped-def]
    async with client_for(app) as c:
        await c.post("/api/auth/org-login", json={"subdomain": org.subdomain})
        r = await c.post("/api/auth/role-login", json={"role": role, "password": password})
        return r.status_code


async def reset_tokens(email: str) -> list[str]:
    found = []
    for mail in await outbox_for(email):
        match = re.search(r"/reset-password\?token=([A-Za-z0-9_-]+)", mail.body_text)
        assert match
        found.append(match.group(1))
    return found


async def test_an_account_removed_since_the_backup_comes_back_disabled(app, login, org):
    await seed(org)
    admin = await login(org)
    r = await admin.post(
        "/api/users",
        json={"id": "gone-1", "email": GONE, "password": FIRST_PASSWORD, "role": "admin"},
    )
    assert r.status_code == 201, r.text
    # Its owner signs in, and asks for a reset link that is still unused when removed.
    person = client_for(app)
    await person.post("/api/auth/org-login", json={"subdomain": org.subdomain})
    signed_in = await person.post(
        "/api/auth/user-login", json={"email": GONE, "password": FIRST_PASSWORD}
    )
    assert signed_in.status_code == 200
    async with client_for(app) as anyone:
        await anyone.post(REQUEST, json={"email": GONE, "organizationId": org.id})
    [early_link] = await reset_tokens(GONE)
    filename = await make_backup(org)
    assert (await admin.delete("/api/users/gone-1")).status_code == 200

    r = await restore(admin, filename, confirmRestore=True)
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["disabledAccounts"] == [
        {"id": "gone-1", "email": GONE, "firstName": None, "lastName": None, "role": "admin"}
    ]
    assert GONE in body["message"] and "disabled" in body["message"]
    # Listed in User Management, disabled; the account kept since the backup is untouched.
    shown = {u["id"]: u for u in (await admin.get("/api/users")).json()}
    assert shown["gone-1"]["isActive"] is False
    assert shown["user-1"]["isActive"] is True
    async with tenant_session(org.schema_name, org.id) as s:
        assert (await s.get(User, "gone-1")).password_hash is None  # type: ignore[union-attr]
    # No way in: the old password, the old session, the link sent before, a new request.
    assert await account_sign_in(app, org, GONE, FIRST_PASSWORD) == 401
    assert (await person.get("/api/auth/user")).status_code == 401
    await person.aclose()
    async with client_for(app) as anyone:
        r = await anyone.post(CONFIRM, json={"token": early_link, "newPassword": "Taken2026!x"})
        assert r.status_code == 400
        await anyone.post(REQUEST, json={"email": GONE, "organizationId": org.id})
    assert await reset_tokens(GONE) == [early_link]  # no new link was sent
    assert await account_sign_in(app, org, GONE, "Taken2026!x") == 401
    async with public_session() as db:
        left = await db.scalar(
            select(AccountResetToken.id).where(AccountResetToken.user_id == "gone-1")
        )
    assert left is None

    # An admin enables it again: then (and only then) a reset link lets its owner in.
    r = await admin.post("/api/users/gone-1/enable")
    assert r.status_code == 200, r.text
    assert r.json()["isActive"] is True
    async with client_for(app) as anyone:
        await anyone.post(REQUEST, json={"email": GONE, "organizationId": org.id})
        [_, link] = await reset_tokens(GONE)
        r = await anyone.post(CONFIRM, json={"token": link, "newPassword": "Back2026!x"})
        assert r.status_code == 200, r.text
        # The link from before the removal stays dead.
        r = await anyone.post(CONFIRM, json={"token": early_link, "newPassword": "Taken2026!x"})
        assert r.status_code == 400
    assert await account_sign_in(app, org, GONE, "Back2026!x") == 200


async def test_accounts_kept_since_the_backup_keep_their_current_state(app, login, org):
    await seed(org)
    filename = await make_backup(org)
    admin = await login(org)
    # After the backup: user-1's password changes and it must choose a new one at sign-in.
    async with tenant_session(org.schema_name, org.id) as s:
        await s.execute(
            update(User)
            .where(User.id == "user-1")
            .values(password_hash=hash_password("Newer2026!x"), force_password_change=True)
        )
    r = await restore(admin, filename, confirmRestore=True)
    assert r.status_code == 200, r.text
    assert r.json()["disabledAccounts"] == []
    assert "disabled" not in r.json()["message"]
    async with tenant_session(org.schema_name, org.id) as s:
        user = await s.get(User, "user-1")
        assert user is not None and user.is_active and user.force_password_change
    assert await account_sign_in(app, org, "keeper@example.com", "Newer2026!x") == 200


async def test_role_passwords_stay_the_current_ones(app, login, org):
    async with public_session() as db:
        await db.execute(
            update(Organization)
            .where(Organization.id == org.id)
            .values(
                admin_password_hash=hash_password("OldAdmin2026!x"),
                manager_password_hash=hash_password("OldManager2026!x"),
                admin_force_password_change=False,
                manager_force_password_change=False,
            )
        )
    async with tenant_session(org.schema_name, org.id) as s:
        await s.execute(update(OrganizationSettings).values(admin_password="old-settings-hash"))
    filename = await make_backup(org)
    async with public_session() as db:
        await db.execute(
            update(Organization)
            .where(Organization.id == org.id)
            .values(
                admin_password_hash=hash_password("NewAdmin2026!x"),
                manager_password_hash=hash_password("NewManager2026!x"),
            )
        )
    async with tenant_session(org.schema_name, org.id) as s:
        await s.execute(update(OrganizationSettings).values(admin_password="new-settings-hash"))
    admin = await login(org)
    r = await restore(admin, filename, confirmRestore=True)
    assert r.status_code == 200, r.text
    assert await role_sign_in(app, org, "admin", "NewAdmin2026!x") == 200
    assert await role_sign_in(app, org, "manager", "NewManager2026!x") == 200
    assert await role_sign_in(app, org, "admin", "OldAdmin2026!x") == 401
    assert await role_sign_in(app, org, "manager", "OldManager2026!x") == 401
    async with tenant_session(org.schema_name, org.id) as s:
        assert await s.scalar(select(OrganizationSettings.admin_password)) == "new-settings-hash"


async def test_a_backup_file_carrying_password_hashes_does_not_bring_them_back(app, login, org):
    """Even a file that holds hashes (edited by hand, its checksum recomputed) restores none."""
    from tests.api.backups.test_backups import file_of, with_checksum

    await seed(org)
    admin = await login(org)
    r = await admin.post(
        "/api/users", json={"id": "gone-1", "email": GONE, "password": FIRST_PASSWORD}
    )
    assert r.status_code == 201
    async with tenant_session(org.schema_name, org.id) as s:
        # Exported as null; here the export is made to keep them, as an edited file would.
        stored = await s.scalar(select(User.password_hash).where(User.id == "gone-1"))
    filename = await make_backup(org)
    path = file_of(org, filename)
    data = path.read_bytes()
    body = data[: data.rstrip(b"\n").rfind(b"\n") + 1]
    line = next(ln for ln in body.split(b"\n") if ln.startswith(b'["gone-1"'))
    row = json.loads(line.rstrip(b","))
    row[list(User.__table__.columns.keys()).index("password_hash")] = stored
    body = body.replace(line, json.dumps(row).encode() + b"," * line.endswith(b","), 1)
    path.write_bytes(with_checksum(body))
    await admin.delete("/api/users/gone-1")
    r = await restore(admin, filename, confirmRestore=True)
    assert r.status_code == 200, r.text
    assert [a["id"] for a in r.json()["disabledAccounts"]] == ["gone-1"]
    assert await account_sign_in(app, org, GONE, FIRST_PASSWORD) == 401
    async with tenant_session(org.schema_name, org.id) as s:
        assert await s.scalar(select(User.password_hash).where(User.id == "gone-1")) is None


async def test_enabling_an_account_is_for_admins_of_its_organisation(login, org, other_org):
    await seed(org)
    async with tenant_session(org.schema_name, org.id) as s:
        await s.execute(update(User).where(User.id == "user-1").values(is_active=False))
    for role in ("hr", "manager", "user"):
        c = await login(org, role)
        assert (await c.post("/api/users/user-1/enable")).status_code == 403
    other = await login(other_org)
    assert (await other.post("/api/users/user-1/enable")).status_code == 404
    admin = await login(org)
    r = await admin.post("/api/users/nobody/enable")
    assert r.status_code == 404 and r.json() == {"message": "User not found"}
    assert (await admin.post(f"/api/users/{'x' * 300}/enable")).status_code == 404
    async with tenant_session(org.schema_name, org.id) as s:
        assert (await s.get(User, "user-1")).is_active is False  # type: ignore[union-attr]
    r = await admin.post("/api/users/user-1/enable")
    assert r.status_code == 200 and r.json()["isActive"] is True
    # Enabling an enabled account changes nothing.
    again = await admin.post("/api/users/user-1/enable")
    assert again.status_code == 200 and again.json()["updatedAt"] == r.json()["updatedAt"]
