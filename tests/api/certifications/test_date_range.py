"""Certification dates stay within 1900-01-01..2100-12-31 (assignments and free-form ones,
created or edited); a far day stored before dates were bounded breaks no validity arithmetic."""

import pytest
from sqlalchemy import literal_column, update

from api.core.db import tenant_session
from tests.api.certifications.factories import (
    Certification,
    EmployeeCertification,
    add_cert,
    add_employee,
    add_type,
    count,
    iso,
)

ISSUE = "Issue date must be between 1900-01-01 and 2100-12-31"
EXPIRY = "Expiration date must be between 1900-01-01 and 2100-12-31"


def refused(r, field: str, message: str) -> None:
    assert r.status_code == 400, r.text
    assert r.json()["message"] == message
    assert {"field": field, "message": message} in r.json()["errors"]


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        ({"issueDate": "1899-12-31"}, "issueDate", ISSUE),
        ({"expirationDate": "9999-12-31"}, "expirationDate", EXPIRY),
        ({"expirationDate": "2101-01-01"}, "expirationDate", EXPIRY),
    ],
)
async def test_assigning_refuses_a_day_outside_the_range(org, login, change, field, message):
    employee, type_id = await add_employee(org), await add_type(org)
    admin = await login(org, "admin")
    body = {"employeeId": employee, "certificationTypeId": type_id, "issueDate": iso(-1)}
    r = await admin.post("/api/employee-certifications", json={**body, **change})
    refused(r, field, message)
    assert await count(org) == 0


async def test_assigning_accepts_the_first_and_last_days(org, login):
    employee, type_id = await add_employee(org), await add_type(org)
    admin = await login(org, "admin")
    body = {
        "employeeId": employee,
        "certificationTypeId": type_id,
        "issueDate": "1900-01-01",
        "expirationDate": "2100-12-31",
    }
    r = await admin.post("/api/employee-certifications", json=body)
    assert r.status_code == 201, r.text
    assert (r.json()["issueDate"], r.json()["expirationDate"]) == ("1900-01-01", "2100-12-31")


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        ({"issueDate": "1899-12-31"}, "issueDate", ISSUE),
        ({"expirationDate": "9999-12-31"}, "expirationDate", EXPIRY),
    ],
)
async def test_editing_an_assignment_refuses_a_day_outside_the_range(
    org, login, change, field, message
):
    employee, type_id = await add_employee(org), await add_type(org)
    cert = await add_cert(org, employee, type_id)
    admin = await login(org, "admin")
    r = await admin.put(f"/api/employee-certifications/{cert}", json=change)
    refused(r, field, message)
    r = await admin.put(
        f"/api/employee-certifications/{cert}",
        json={"issueDate": "1900-01-01", "expirationDate": "2100-12-31"},
    )
    assert r.status_code == 200, r.text


async def test_a_stored_far_issue_date_with_a_validity_period_does_not_fail(org, login):
    """Issue date + validityMonths of a day stored as 'infinity' used to overflow (a 500)."""
    employee, type_id = await add_employee(org), await add_type(org, validity_months=12)
    cert = await add_cert(org, employee, type_id)
    async with tenant_session(org.schema_name, org.id) as s:
        await s.execute(
            update(EmployeeCertification)
            .where(EmployeeCertification.id == cert)
            .values(issue_date=literal_column("'infinity'::date"))
        )
    admin = await login(org, "admin")
    r = await admin.put(f"/api/employee-certifications/{cert}", json={"expirationDate": None})
    assert r.status_code == 200, r.text


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        ({"issueDate": "1899-12-31"}, "issueDate", ISSUE),
        ({"issueDate": "9999-12-31"}, "issueDate", "Issue date cannot be in the future"),
        ({"expirationDate": "9999-12-31"}, "expirationDate", EXPIRY),
        ({"expirationDate": "1899-12-31"}, "expirationDate", EXPIRY),
    ],
)
async def test_free_form_certifications_refuse_a_day_outside_the_range(
    org, login, change, field, message
):
    employee = await add_employee(org)
    admin = await login(org, "admin")
    body = {"employeeId": employee, "name": "AWS Solutions Architect"}
    refused(await admin.post("/api/certifications", json={**body, **change}), field, message)
    assert await count(org, Certification) == 0

    r = await admin.post("/api/certifications", json=body)
    assert r.status_code == 201, r.text
    r = await admin.put(f"/api/certifications/{r.json()['id']}", json={"name": "AWS", **change})
    refused(r, field, message)


async def test_free_form_certifications_accept_the_first_and_last_days(org, login):
    employee = await add_employee(org)
    admin = await login(org, "admin")
    days = {"issueDate": "1900-01-01", "expirationDate": "2100-12-31"}
    r = await admin.post(
        "/api/certifications", json={"employeeId": employee, "name": "Old one", **days}
    )
    assert r.status_code == 201, r.text
    assert (r.json()["issueDate"], r.json()["expirationDate"]) == ("1900-01-01", "2100-12-31")
    r = await admin.put(f"/api/certifications/{r.json()['id']}", json={"name": "Old one", **days})
    assert r.status_code == 200, r.text
