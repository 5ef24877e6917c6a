"""Accounts are people: an account is linked to the employee it belongs to (when it is made,
from the profile, or by its e-mail address), GET /api/users shows whom, and a link, an unlink
or a role change reaches that person's open sessions at once."""

from typing import Any

import httpx
import pytest
from sqlalchemy import select

from api.core.db import tenant_session
from api.users.models import User
from tests.api.employees.factories import add as add_employee
from tests.api.employees.factories import csv_row
from tests.conftest import BASE

USERS = "/api/users"
PASSWORD = "Person2026!pw"
NOT_FOUND = {"message": "Employee not found"}
TAKEN = {"message": "This employee is already linked to another account"}


async def add_account(admin: httpx.AsyncClient, email: str, **fields: Any) -> dict[str, Any]:
    body = {"email": email, "password": PASSWORD, "role": "user", **fields}
    r = await admin.post(USERS, json=body)
    assert r.status_code == 201, r.text
    return r.json()


async def signed_in(app: Any, org: Any, email: str) -> httpx.AsyncClient:
    """The person's own browser: org code, their e-mail and password, first change done."""
    c = httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url=BASE)
    await c.post("/api/auth/org-login", json={"subdomain": org.subdomain})
    r = await c.post("/api/auth/user-login", json={"email": email, "password": PASSWORD})
    assert r.status_code == 200, r.text
    r = await c.post("/api/auth/change-password", json={"newPassword": PASSWORD + "x"})
    assert r.status_code == 200, r.text
    return c


async def link(admin: httpx.AsyncClient, user_id: str, body: Any) -> httpx.Response:
    return await admin.put(f"{USERS}/{user_id}/employee", json=body)


async def listed(admin: httpx.AsyncClient) -> dict[str, dict[str, Any]]:
    return {u["email"]: u for u in (await admin.get(USERS)).json()}


async def test_an_account_made_for_an_employee_shows_whom_it_belongs_to(login, org):
    admin = await login(org)
    grace = await add_employee(admin, firstName="Grace", lastName="Hopper")
    made = await add_account(admin, "gh@example.com", employeeId=grace["id"])
    assert made["employeeId"] == grace["id"]
    assert made["employee"] == {"id": grace["id"], "name": "Grace Hopper"}
    assert made["hasPassword"] is True
    other = await add_account(admin, "nobody@example.com")
    assert other["employeeId"] is None and other["employee"] is None
    users = await listed(admin)
    assert users["gh@example.com"]["employee"] == {"id": grace["id"], "name": "Grace Hopper"}
    assert users["nobody@example.com"]["employee"] is None


async def test_an_account_finds_its_employee_by_email(login, org):
    admin = await login(org)
    ada = await add_employee(admin, email="Ada.Lovelace@Example.com")
    made = await add_account(admin, "ada.lovelace@example.COM")
    assert made["employeeId"] == ada["id"]
    # An employee already linked to another account is not taken from it.
    taken = await add_employee(admin, email="taken@example.com")
    first = await add_account(admin, "first@example.com", employeeId=taken["id"])
    second = await add_account(admin, "taken@example.com")
    assert first["employeeId"] == taken["id"] and second["employeeId"] is None


async def test_a_new_employee_finds_their_account_by_email(app, login, org):
    admin = await login(org)
    account = await add_account(admin, "newcomer@example.com")
    person = await signed_in(app, org, "newcomer@example.com")
    try:
        employee = await add_employee(admin, email="Newcomer@Example.com")
        assert (await listed(admin))["newcomer@example.com"]["employeeId"] == employee["id"]
        # Their open session reaches their record from the next call.
        session = (await person.get("/api/auth/session")).json()
        assert session["employeeId"] == employee["id"]
    finally:
        await person.aclose()
    assert account["employeeId"] is None


async def test_an_import_links_the_accounts_of_the_people_it_adds(app, login, org):
    admin = await login(org)
    await add_account(admin, "imported@example.com")
    await add_account(admin, "kept@example.com")
    person = await signed_in(app, org, "imported@example.com")
    try:
        rows = [csv_row(1, email="Imported@Example.com"), csv_row(2)]
        r = await admin.post("/api/employees/bulk-upload", json={"csvData": rows})
        assert r.status_code == 200 and len(r.json()["successful"]) == 2, r.text
        users = await listed(admin)
        assert users["imported@example.com"]["employee"]["name"] == "First1 Last1"
        assert users["kept@example.com"]["employeeId"] is None
        session = (await person.get("/api/auth/session")).json()
        assert session["employeeId"] == users["imported@example.com"]["employeeId"]
    finally:
        await person.aclose()


async def test_linking_and_unlinking_reach_open_sessions_at_once(app, login, org):
    admin = await login(org)
    r = await admin.put("/api/organization/access", json={"visibility": "need_to_know"})
    assert r.status_code == 200, r.text
    employee = await add_employee(admin, email="someone-else@example.com")
    account = await add_account(admin, "eve@example.com")
    eve = await signed_in(app, org, "eve@example.com")
    try:
        own = f"/api/employees/{employee['id']}"
        assert (await eve.get(own)).status_code == 404
        r = await link(admin, account["id"], {"employeeId": employee["id"]})
        assert r.status_code == 200, r.text
        assert r.json()["employee"]["id"] == employee["id"]
        assert (await eve.get("/api/auth/session")).json()["employeeId"] == employee["id"]
        assert (await eve.get(own)).status_code == 200
        # Linking to the same employee again changes nothing and is no error.
        assert (await link(admin, account["id"], {"employeeId": employee["id"]})).status_code == 200
        r = await link(admin, account["id"], {"employeeId": None})
        assert r.status_code == 200 and r.json()["employeeId"] is None
        assert (await eve.get("/api/auth/session")).json()["employeeId"] is None
        assert (await eve.get(own)).status_code == 404
    finally:
        await eve.aclose()


async def test_bad_links_are_refused_and_change_nothing(login, org, other_org):
    admin = await login(org)
    mine = await add_employee(admin)
    account = await add_account(admin, "acct@example.com")
    holder = await add_account(admin, "holder@example.com", employeeId=mine["id"])
    # Another organisation's employee: its id is not one of ours.
    other_admin = await login(other_org)
    theirs = [await add_employee(other_admin) for _ in range(3)][-1]
    assert theirs["id"] > mine["id"]
    cases = [
        ({"employeeId": theirs["id"]}, 404, NOT_FOUND),
        ({"employeeId": mine["id"]}, 409, TAKEN),
        ({"employeeId": "abc"}, 400, None),
        ({"employeeId": 1.5}, 400, None),
        ({"employeeId": True}, 400, None),
        ({"employeeId": 0}, 400, None),
        ({"employeeId": -3}, 400, None),
        ({"employeeId": 2**40}, 400, None),
        ({"employeeId": [mine["id"]]}, 400, None),
        ({}, 400, {"message": "Please give employeeId: an employee's id, or null to unlink"}),
    ]
    before = await listed(admin)
    for body, status, message in cases:
        r = await link(admin, account["id"], body)
        assert r.status_code == status, (body, r.text)
        if message is not None:
            assert r.json() == message
    r = await link(admin, "no-such-user", {"employeeId": None})
    assert (r.status_code, r.json()) == (404, {"message": "User not found"})
    r = await link(admin, "x" * 200, {"employeeId": None})
    assert r.status_code == 404
    # Another organisation's admin cannot name our account.
    assert (await link(other_admin, account["id"], {"employeeId": None})).status_code == 404
    assert await listed(admin) == before
    assert before["holder@example.com"]["employeeId"] == holder["employeeId"] == mine["id"]


@pytest.mark.parametrize(
    ("employee", "status", "message"),
    [
        ("theirs", 404, NOT_FOUND),
        ("taken", 409, TAKEN),
        ("abc", 400, None),
        (2**40, 400, None),
    ],
)
async def test_an_account_is_not_made_for_a_bad_employee(
    login, org, other_org, employee, status, message
):
    admin = await login(org)
    taken = await add_employee(admin)
    await add_account(admin, "holder@example.com", employeeId=taken["id"])
    other_admin = await login(other_org)
    theirs = [await add_employee(other_admin) for _ in range(3)][-1]
    value = {"theirs": theirs["id"], "taken": taken["id"]}.get(employee, employee)
    r = await admin.post(
        USERS, json={"email": "new@example.com", "password": PASSWORD, "employeeId": value}
    )
    assert r.status_code == status, r.text
    if message is not None:
        assert r.json() == message
    assert "new@example.com" not in await listed(admin)


async def test_a_role_change_reaches_open_sessions_at_once(app, login, org):
    admin = await login(org)
    await add_account(admin, "keeper@example.com", role="admin")
    account = await add_account(admin, "rita@example.com", role="user", firstName="Rita")
    rita = await signed_in(app, org, "rita@example.com")
    try:
        assert (await rita.get(USERS)).status_code == 403
        r = await admin.put(f"{USERS}/{account['id']}", json={"role": "admin", "lastName": "Levi"})
        assert r.status_code == 200, r.text
        assert (r.json()["role"], r.json()["lastName"]) == ("admin", "Levi")
        session = (await rita.get("/api/auth/session")).json()
        assert (session["userRole"], session["userName"]) == ("admin", "Rita Levi")
        assert (await rita.get(USERS)).status_code == 200
        # Not their own role, even as an admin.
        r = await rita.put(f"{USERS}/{account['id']}", json={"role": "user"})
        assert (r.status_code, r.json()) == (400, {"message": "You cannot change your own role"})
        r = await admin.put(f"{USERS}/{account['id']}", json={"role": "manager"})
        assert r.status_code == 200
        assert (await rita.get("/api/auth/session")).json()["userRole"] == "manager"
        assert (await rita.get(USERS)).status_code == 403
    finally:
        await rita.aclose()


async def test_the_last_administrator_keeps_the_role(login, org):
    admin = await login(org)
    only = await add_account(admin, "boss@example.com", role="admin")
    r = await admin.put(f"{USERS}/{only['id']}", json={"role": "hr"})
    assert (r.status_code, r.json()) == (
        409,
        {"message": "The last administrator must stay an administrator"},
    )
    second = await add_account(admin, "boss2@example.com", role="admin")
    assert (await admin.put(f"{USERS}/{only['id']}", json={"role": "hr"})).status_code == 200
    assert (await admin.put(f"{USERS}/{second['id']}", json={"role": "hr"})).status_code == 409
    roles = {u["email"]: u["role"] for u in (await listed(admin)).values()}
    assert roles == {"boss@example.com": "hr", "boss2@example.com": "admin"}


@pytest.mark.parametrize(
    "body",
    [{"role": "owner"}, {"role": None}, {"firstName": "x" * 51}, {"lastName": 5}],
)
async def test_bad_account_changes_are_refused(login, org, body):
    admin = await login(org)
    account = await add_account(admin, "pat@example.com", firstName="Pat")
    r = await admin.put(f"{USERS}/{account['id']}", json=body)
    assert r.status_code == 400, r.text
    async with tenant_session(org.schema_name, org.id) as db:
        user = (await db.execute(select(User).where(User.id == account["id"]))).scalar_one()
    assert (user.role, user.first_name, user.last_name) == ("user", "Pat", None)
