"""Sign-ins, refused sign-ins, sign-outs and password changes are events of the trail, and
no event ever holds a password, a password hash or a token."""

import json

import httpx

from api.core.db import public_session
from api.organizations.models import Organization
from api.recovery import service as recovery
from tests.api.audit.support import events
from tests.api.employees.factories import add as add_employee
from tests.api.users.test_users import PASSWORD, account_client
from tests.api.users.test_users import add as add_user
from tests.conftest import BASE

NEW_PASSWORD = "Welcome2026x!"


async def role_sign_in(app, org: Organization, password: str) -> httpx.AsyncClient:
    c = httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url=BASE)
    r = await c.post("/api/auth/org-login", json={"subdomain": org.subdomain})
    assert r.status_code == 200, r.text
    await c.post("/api/auth/role-login", json={"role": "admin", "password": password})
    return c


def everything_said(found) -> str:
    return json.dumps(
        [[e.summary, e.changes, e.actor_name, e.record_id] for e in found], default=str
    )


async def test_shared_sign_in_refusal_password_change_and_sign_out(app, org):
    refused = await role_sign_in(app, org, "wrong-password-1")
    await refused.aclose()
    c = await role_sign_in(app, org, f"admin{org.subdomain}")
    try:
        r = await c.post("/api/auth/change-password", json={"newPassword": NEW_PASSWORD})
        assert r.status_code == 200, r.text
        assert (await c.post("/api/auth/logout")).status_code == 200
    finally:
        await c.aclose()

    found = await events(org)
    assert [e.action for e in found] == ["sign_in_failed", "sign_in", "password_change", "sign_out"]
    for e in found:
        assert (e.actor_user_id, e.actor_name, e.actor_role) == (None, "Administrator", "admin")
        assert e.ip == "127.0.0.1" and e.request_id
    assert found[2].resource == "role" and found[2].record_id == "admin"
    said = everything_said(found)
    assert "wrong-password-1" not in said and NEW_PASSWORD not in said
    assert f"admin{org.subdomain}" not in said


async def test_personal_account_sign_in_refusal_and_password_change(app, login, org):
    admin = await login(org)
    user = await add_user(admin, role="manager")
    bad = httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url=BASE)
    async with bad:
        await bad.post("/api/auth/org-login", json={"subdomain": org.subdomain})
        r = await bad.post(
            "/api/auth/user-login",
            json={"email": "grace.hopper@example.com", "password": "not-it-123"},
        )
        assert r.status_code == 401
        r = await bad.post(
            "/api/auth/user-login", json={"email": "nobody@example.com", "password": "x1"}
        )
        assert r.status_code == 401
    c = await account_client(app, org, "grace.hopper@example.com")
    try:
        r = await c.post("/api/auth/change-password", json={"newPassword": NEW_PASSWORD})
        assert r.status_code == 200, r.text
    finally:
        await c.aclose()

    found = await events(org, resource="session")
    assert [(e.action, e.actor_user_id, e.actor_name) for e in found] == [
        ("sign_in_failed", user["id"], "Grace Hopper"),
        ("sign_in_failed", None, "nobody@example.com"),
        ("sign_in", user["id"], "Grace Hopper"),
    ]
    (changed,) = await events(org, action="password_change")
    assert (changed.resource, changed.record_id, changed.actor_user_id) == (
        "user",
        user["id"],
        user["id"],
    )
    # The hash changed: the event says so without either value.
    assert changed.changes["password_hash"] == ["[redacted]", "[redacted]"]
    created = (await events(org, resource="user", action="create"))[0]
    assert created.changes["password_hash"] == [None, "[redacted]"]
    said = everything_said(await events(org))
    for secret in (PASSWORD, NEW_PASSWORD, "not-it-123", "$argon2"):
        assert secret not in said


async def test_a_password_set_with_a_reset_link(app, org):
    async with public_session() as db:
        token = await recovery.create_reset_token(
            db, organization_id=org.id, role="manager", email=None, requested_by=None
        )
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url=BASE) as c:
        r = await c.post(
            "/api/auth/reset-password/confirm",
            json={"token": token, "newPassword": "Reset2026!pw"},
        )
        assert r.status_code == 200, r.text
    (event,) = await events(org)
    assert (event.action, event.resource, event.record_id) == ("password_change", "role", "manager")
    assert event.actor_name == "Manager"
    assert token not in everything_said([event])


async def test_an_accounts_role_and_its_employee_are_role_changes(login, org):
    admin = await login(org, "admin", userId="u-boss", userName="Bo Boss")
    user = await add_user(admin, role="user")
    employee = await add_employee(admin, email="g.h@example.com")
    r = await admin.put(f"/api/users/{user['id']}", json={"role": "manager"})
    assert r.status_code == 200, r.text
    r = await admin.put(f"/api/users/{user['id']}/employee", json={"employeeId": employee["id"]})
    assert r.status_code == 200, r.text
    assert (await admin.delete(f"/api/users/{user['id']}")).status_code == 200

    found = await events(org, resource="user", record_id=user["id"])
    assert [e.action for e in found] == ["create", "role_change", "role_change", "delete"]
    assert found[1].changes["role"] == ["user", "manager"]
    assert found[2].changes["employee_id"] == [None, employee["id"]]
    # Linked to an employee, the account's changes show in that employee's history.
    assert found[2].employee_id == employee["id"]
    assert {e.actor_user_id for e in found} == {"u-boss"}
    assert "$argon2" not in everything_said(found)
