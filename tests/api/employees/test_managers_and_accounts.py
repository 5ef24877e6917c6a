"""Manager cycles are refused however they come about, and an employee a user account is linked
to is not removed (the account would lose the person its access is scoped to)."""

import asyncio
import contextlib

from sqlalchemy import select

from api.core.db import tenant_session
from api.core.security import hash_password
from api.employees import service
from api.employees.models import Employee
from api.users.models import User
from tests.api.employees.factories import add, payload

CYCLE = {"message": "This manager assignment would create a reporting cycle"}
LINKED = {"message": service.LINKED_TO_ACCOUNT}


async def managers(org) -> dict[str, str | None]:  # type: ignore[no-untyped-def]
    async with tenant_session(org.schema_name, org.id) as s:
        rows = await s.execute(select(Employee.employee_id, Employee.manager_id))
        return dict(rows.all())


async def test_a_longer_cycle_is_refused_and_nothing_is_written(login, org):
    admin = await login(org)
    top = await add(admin, employeeId="TOP")
    await add(admin, employeeId="MID", managerId="TOP")
    await add(admin, employeeId="LOW", managerId="MID")
    before = await managers(org)
    r = await admin.put(
        f"/api/employees/{top['id']}", json={"managerId": "LOW", "position": "Chief"}
    )
    assert (r.status_code, r.json()) == (400, CYCLE)
    assert await managers(org) == before
    assert (await admin.get(f"/api/employees/{top['id']}")).json()["position"] == top["position"]
    # A new employee cannot close a cycle: nobody reports to them yet.
    r = await admin.post("/api/employees", json=payload(employeeId="NEW", managerId="NEW"))
    assert (r.status_code, r.json()["message"]) == (400, service.SELF_MANAGER)


async def test_two_changes_at_once_cannot_close_a_cycle(login, org, monkeypatch):
    """A under B and B under A, sent together: each alone is fine, so one must wait for the
    other and then see the cycle."""
    admin = await login(org)
    first = await add(admin, employeeId="ONE")
    second = await add(admin, employeeId="TWO")
    real = service._manager_chain
    arrived: list[str] = []
    both = asyncio.Event()

    async def chain_then_wait(session, manager_id):  # type: ignore[no-untyped-def]
        # Each change reads the chain, then waits (a second at most) for the other to have
        # read it too: without a turn each, both would read before either writes.
        found = await real(session, manager_id)
        arrived.append(manager_id)
        if len(arrived) == 2:
            both.set()
        else:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(both.wait(), 1.0)
        return found

    monkeypatch.setattr(service, "_manager_chain", chain_then_wait)
    other = await login(org)
    replies = await asyncio.gather(
        admin.put(f"/api/employees/{first['id']}", json={"managerId": "TWO"}),
        other.put(f"/api/employees/{second['id']}", json={"managerId": "ONE"}),
    )
    assert sorted(r.status_code for r in replies) == [200, 400], [r.text for r in replies]
    assert [r.json() for r in replies if r.status_code == 400] == [CYCLE]
    stored = await managers(org)
    assert (stored["ONE"], stored["TWO"]) in {("TWO", None), (None, "ONE")}


async def link_account(org, employee_pk: int) -> None:  # type: ignore[no-untyped-def]
    async with tenant_session(org.schema_name, org.id) as s:
        s.add(
            User(
                id=f"linked-{employee_pk}",
                email=f"linked-{employee_pk}@example.com",
                first_name="Linked",
                role="user",
                employee_id=employee_pk,
                password_hash=hash_password("Linked2026!pw"),
            )
        )


async def test_an_employee_linked_to_an_account_is_not_deleted(login, org):
    admin = await login(org)
    linked = await add(admin, employeeId="LINKED")
    await add(admin, employeeId="REPORT", managerId="LINKED")
    free = await add(admin)
    await link_account(org, linked["id"])
    r = await admin.delete(f"/api/employees/{linked['id']}")
    assert (r.status_code, r.json()) == (409, LINKED)
    assert (await admin.get(f"/api/employees/{linked['id']}")).status_code == 200
    # Nothing of it went: the report still has their manager.
    assert (await managers(org))["REPORT"] == "LINKED"
    r = await admin.delete(f"/api/employees/{free['id']}")
    assert r.status_code == 200, r.text


async def test_an_account_linked_during_the_delete_still_keeps_the_employee(
    login, org, monkeypatch
):
    """The link is committed after the check and before the DELETE: the foreign key refuses
    the DELETE, and the answer is the same 409, not a 500."""
    admin = await login(org)
    target = await add(admin)
    real = service._linked_to_account

    async def linked_meanwhile(session, employee_pk):  # type: ignore[no-untyped-def]
        found = await real(session, employee_pk)
        await link_account(org, employee_pk)
        return found

    monkeypatch.setattr(service, "_linked_to_account", linked_meanwhile)
    r = await admin.delete(f"/api/employees/{target['id']}")
    assert (r.status_code, r.json()) == (409, LINKED)
    assert (await admin.get(f"/api/employees/{target['id']}")).status_code == 200
