"""A bulk upload whose INSERT is refused because someone else wrote in between the checks
and the write: nothing of the file is stored, and the reply says so and why."""

from sqlalchemy import delete, func, select

from api.core.db import tenant_session
from api.departments.models import Department
from api.employees import bulk
from api.employees.models import Employee
from tests.api.employees.factories import csv_row

URL = "/api/employees/bulk-upload"


def meanwhile(monkeypatch, org, write):  # type: ignore[no-untyped-def]
    """Run `write(session)` in a transaction of its own, committed after the upload checked
    its rows and before it inserts them (the last look-up before the write)."""
    real = bulk._existing_managers

    async def then_write(session, ids):  # type: ignore[no-untyped-def]
        found = await real(session, ids)
        async with tenant_session(org.schema_name, org.id) as other:
            await write(other)
        return found

    monkeypatch.setattr(bulk, "_existing_managers", then_write)


async def stored(org, ids: list[str]) -> list[str]:
    async with tenant_session(org.schema_name, org.id) as s:
        rows = await s.scalars(select(Employee.employee_id).where(Employee.employee_id.in_(ids)))
        return sorted(rows)


async def count(org) -> int:
    async with tenant_session(org.schema_name, org.id) as s:
        return int(await s.scalar(select(func.count()).select_from(Employee)) or 0)


async def test_an_employee_id_added_meanwhile_means_nothing_is_imported(login, org, monkeypatch):
    async def add_same_id(s):  # type: ignore[no-untyped-def]
        s.add(Employee(employee_id="B0002", first_name="Quick", last_name="Hand"))

    meanwhile(monkeypatch, org, add_same_id)
    admin = await login(org)
    r = await admin.post(URL, json={"csvData": [csv_row(1), csv_row(2), csv_row(3)]})
    assert r.status_code == 409, r.text
    assert r.json()["message"] == bulk.RACE_TAKEN.format(what="Employee ID", value="B0002")
    # Only the other person's employee exists: none of the file's three.
    assert await stored(org, ["B0001", "B0002", "B0003"]) == ["B0002"]
    assert await count(org) == 1
    monkeypatch.undo()
    r = await admin.post(URL, json={"csvData": [csv_row(1), csv_row(2), csv_row(3)]})
    assert r.status_code == 200
    assert [s["employeeId"] for s in r.json()["successful"]] == ["B0001", "B0003"]


async def test_an_email_added_meanwhile_means_nothing_is_imported(login, org, monkeypatch):
    taken = csv_row(3)["email"].strip().lower()

    async def add_same_email(s):  # type: ignore[no-untyped-def]
        s.add(Employee(employee_id="OTHER1", first_name="Quick", last_name="Hand", email=taken))

    meanwhile(monkeypatch, org, add_same_email)
    admin = await login(org)
    r = await admin.post(URL, json={"csvData": [csv_row(1), csv_row(2), csv_row(3)]})
    assert r.status_code == 409, r.text
    assert r.json()["message"] == bulk.RACE_TAKEN.format(what="Email", value=taken)
    assert await stored(org, ["B0001", "B0002", "B0003"]) == []


async def test_a_department_removed_meanwhile_means_nothing_is_imported(login, org, monkeypatch):
    admin = await login(org)
    r = await admin.post("/api/departments", json={"name": "Short Lived", "slug": "short-lived"})
    assert r.status_code == 201, r.text
    slug = r.json()["slug"]
    assert slug == "short-lived"

    async def remove_department(s):  # type: ignore[no-untyped-def]
        await s.execute(delete(Department).where(Department.slug == slug))

    meanwhile(monkeypatch, org, remove_department)
    rows = [csv_row(1), csv_row(2, department=slug)]
    r = await admin.post(URL, json={"csvData": rows})
    assert r.status_code == 409, r.text
    assert r.json()["message"] == bulk.RACE_GONE.format(what="department")
    assert await stored(org, ["B0001", "B0002"]) == []
