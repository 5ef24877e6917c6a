"""Each change a person makes is one audit event, written in the change's own transaction:
who, when, what (with the fields before and after), from where."""

from datetime import date, timedelta

import pytest
from sqlalchemy import select

from api.audit.models import AuditEvent
from api.core import request_context
from api.core.db import tenant_session
from api.employees.models import Employee
from tests.api.audit.support import events
from tests.api.employees.factories import add, csv_row
from tests.api.reviews.factories import COMPLETE, add_employee, add_review, add_template


async def test_employee_changes_name_the_fields_before_and_after(org, login):
    admin = await login(org, "admin")
    employee = await add(admin, firstName="Grace", lastName="Hopper", position="Engineer")
    r = await admin.put(
        f"/api/employees/{employee['id']}",
        json={"position": "Rear Admiral", "firstName": "Grace"},
        headers={"x-request-id": "req-update-1"},
    )
    assert r.status_code == 200, r.text

    created, updated = await events(org)
    assert (created.action, created.resource) == ("create", "employee")
    assert created.record_id == str(employee["id"]) and created.employee_id == employee["id"]
    assert created.changes["position"] == [None, "Engineer"]
    assert created.summary == f"Created employee Grace Hopper ({employee['employeeId']})"
    # Only what changed: the first name was sent unchanged.
    assert updated.action == "update"
    assert updated.changes == {"position": ["Engineer", "Rear Admiral"]}
    assert (updated.actor_name, updated.actor_role, updated.actor_user_id) == (
        "Administrator",
        "admin",
        None,
    )
    assert updated.request_id == "req-update-1"
    assert updated.ip == "127.0.0.1"
    assert updated.at is not None


async def test_a_save_that_changes_nothing_records_nothing(org, login):
    admin = await login(org, "admin")
    employee = await add(admin, position="Engineer")
    r = await admin.put(f"/api/employees/{employee['id']}", json={"position": "Engineer"})
    assert r.status_code == 200
    assert [e.action for e in await events(org)] == ["create"]


async def test_archive_restore_and_delete(org, login):
    admin = await login(org, "hr")
    employee = await add(admin, firstName="Alan", lastName="Turing")
    url = f"/api/employees/{employee['id']}"
    assert (await admin.post(f"{url}/archive")).status_code == 200
    assert (await admin.post(f"{url}/unarchive")).status_code == 200
    assert (await admin.delete(url)).status_code == 200

    found = await events(org, employee_id=employee["id"])
    assert [e.action for e in found] == ["create", "archive", "restore", "delete"]
    assert found[1].changes == {"is_archived": [False, True]}
    assert found[2].changes == {"is_archived": [True, False]}
    # The Core DELETE is recorded with the values the employee had.
    assert found[3].changes["last_name"] == ["Turing", None]
    assert found[3].summary.startswith("Deleted employee Alan Turing")
    assert {e.actor_role for e in found} == {"hr"}


async def test_a_personal_account_is_named_by_id_and_name(org, login):
    hr = await login(org, "hr", userId="u-grace", userName="Grace Hopper")
    employee = await add(hr)
    (event,) = await events(org, employee_id=employee["id"])
    assert (event.actor_user_id, event.actor_name, event.actor_role) == (
        "u-grace",
        "Grace Hopper",
        "hr",
    )


@pytest.mark.date_sensitive
async def test_completing_and_reopening_a_review(org, login):
    employee = await add_employee(org, next_review_date=date.today() + timedelta(days=400))
    review = await add_review(
        org, employee, await add_template(org), date.today() + timedelta(days=3)
    )
    admin = await login(org, "admin")
    url = f"/api/reviews/{review}"
    assert (await admin.put(url, json=COMPLETE)).status_code == 200
    assert (await admin.put(url, json={"status": "in_progress"})).status_code == 200

    completed, reopened = await events(org, resource="review")
    assert completed.action == "complete"
    assert completed.changes["status"] == ["pending", "completed"]
    assert completed.changes["rating"] == [None, 4]
    assert completed.employee_id == employee
    assert "Ada Lovelace" in completed.summary
    assert reopened.action == "reopen"
    assert reopened.changes["status"] == ["completed", "in_progress"]


async def test_a_bulk_upload_records_each_employee(org, login):
    admin = await login(org, "admin")
    rows = [csv_row(n) for n in (1, 2, 3)]
    r = await admin.post("/api/employees/bulk-upload", json={"csvData": rows})
    assert r.status_code == 200, r.text
    found = await events(org, resource="employee")
    assert [e.action for e in found] == ["create"] * 3
    assert sorted(e.changes["employee_id"][1] for e in found) == ["B0001", "B0002", "B0003"]
    assert all(e.employee_id is not None and e.actor_role == "admin" for e in found)
    assert found[0].summary.startswith("Imported employee First")


async def test_a_department_and_a_certification_type_removed_by_core_deletes(org, login):
    admin = await login(org, "admin")
    r = await admin.post("/api/departments", json={"name": "Research", "slug": "research"})
    assert r.status_code == 201, r.text
    assert (await admin.delete(f"/api/departments/{r.json()['id']}")).status_code == 200
    deleted = (await events(org, resource="department"))[-1]
    assert (deleted.action, deleted.record_id) == ("delete", str(r.json()["id"]))
    assert deleted.changes["slug"] == ["research", None]

    employee = await add(admin)
    ctype = await admin.post("/api/certification-types", json={"name": "First Aid"})
    assert ctype.status_code == 201, ctype.text
    held = await admin.post(
        "/api/employee-certifications",
        json={
            "employeeId": employee["id"],
            "certificationTypeId": ctype.json()["id"],
            "issueDate": "2024-01-10",
        },
    )
    assert held.status_code == 201, held.text
    r = await admin.delete(f"/api/certification-types/{ctype.json()['id']}?confirm=true")
    assert r.status_code in (200, 204), r.text
    # The holder's certification went with the type: the employee's history shows it.
    gone = await events(org, resource="employee_certification", action="delete")
    assert [e.employee_id for e in gone] == [employee["id"]]
    assert [e.action for e in await events(org, resource="certification_type")] == [
        "create",
        "delete",
    ]


async def test_a_rolled_back_write_leaves_no_event(org, login):
    admin = await login(org, "admin")
    employee = await add(admin)
    before = len(await events(org))
    # A change that reaches the database (the flush writes its event) and is then undone.
    token = request_context.begin("10.0.0.9", "req-rolled-back")
    try:
        with pytest.raises(RuntimeError):
            async with tenant_session(org.schema_name, org.id) as session:
                session.info["principal"] = _Principal()
                row = await session.get(Employee, employee["id"])
                assert row is not None
                row.position = "Never saved"
                await session.flush()
                flushed = await session.scalar(
                    select(AuditEvent.id).where(AuditEvent.request_id == "req-rolled-back")
                )
                assert flushed is not None  # written with the change, in its transaction
                raise RuntimeError("the request failed after the write")
    finally:
        request_context.end(token)
    assert len(await events(org)) == before
    # A refused write through the API (409 on a taken e-mail) records nothing either.
    other = await add(admin)
    r = await admin.put(f"/api/employees/{other['id']}", json={"email": employee["email"]})
    assert r.status_code == 409
    assert len(await events(org)) == before + 1  # the second employee's creation only


class _Principal:
    """Stands in for the signed-in person of a request (only what the trail reads)."""

    user_id = "u-test"
    display_name = "Test Person"
    role = "admin"


async def test_work_without_a_signed_in_person_is_not_recorded(org):
    # The worker, the command line and these tests' own factories write without a person.
    await add_employee(org)
    assert await events(org) == []
