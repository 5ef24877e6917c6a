"""Employee dates stay within 1900-01-01..2100-12-31 on every way in: add, edit and the bulk
upload. A far day such as 9999-12-31 used to be stored (as Postgres 'infinity') and broke
the review schedule later."""

from datetime import date

import pytest
from sqlalchemy import select

from api.core.db import tenant_session
from api.employees.models import Employee
from tests.api.employees.factories import add, csv_row, payload

START = "Start date must be between 1900-01-01 and 2100-12-31"
NEXT = "Next review date must be between 1900-01-01 and 2100-12-31"


async def stored(org) -> list[tuple[date | None, date | None]]:
    async with tenant_session(org.schema_name, org.id) as session:
        rows = await session.execute(select(Employee.start_date, Employee.next_review_date))
        return [tuple(r) for r in rows]


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        ({"startDate": "9999-12-31"}, "startDate", START),
        ({"startDate": "1899-12-31"}, "startDate", START),
        ({"nextReviewDate": "9999-12-31"}, "nextReviewDate", NEXT),
        ({"nextReviewDate": "2101-01-01T00:00:00.000Z"}, "nextReviewDate", NEXT),
    ],
)
async def test_add_refuses_a_day_outside_the_range(login, org, change, field, message):
    admin = await login(org, "admin")
    r = await admin.post("/api/employees", json=payload(**change))
    assert r.status_code == 400, r.text
    assert r.json()["message"] == message
    assert {"field": field, "message": message} in r.json()["errors"]
    assert await stored(org) == []


async def test_add_accepts_the_first_and_last_days(login, org):
    admin = await login(org, "admin")
    made = await add(admin, startDate="1900-01-01", nextReviewDate="2100-12-31")
    assert (made["startDate"], made["nextReviewDate"]) == ("1900-01-01", "2100-12-31")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"startDate": "9999-12-31"}, START),
        ({"startDate": "1899-12-31"}, START),
        ({"nextReviewDate": "9999-12-31"}, NEXT),
        ({"nextReviewDate": "1899-12-31"}, NEXT),
    ],
)
async def test_edit_refuses_a_day_outside_the_range(login, org, change, message):
    admin = await login(org, "admin")
    made = await add(admin, startDate="2020-01-01")
    r = await admin.put(f"/api/employees/{made['id']}", json=change)
    assert (r.status_code, r.json()["message"]) == (400, message), r.text
    assert await stored(org) == [(date(2020, 1, 1), None)]


async def test_edit_accepts_the_first_and_last_days(login, org):
    admin = await login(org, "admin")
    made = await add(admin)
    r = await admin.put(
        f"/api/employees/{made['id']}",
        json={"startDate": "1900-01-01", "nextReviewDate": "2100-12-31"},
    )
    assert r.status_code == 200, r.text
    assert await stored(org) == [(date(1900, 1, 1), date(2100, 12, 31))]


async def test_bulk_upload_refuses_rows_with_a_day_outside_the_range(login, org):
    admin = await login(org, "admin")
    rows = [
        csv_row(1, startDate="9999-12-31"),
        csv_row(2, startDate="1899-12-31", nextReviewDate="2101-01-01"),
        csv_row(3, startDate="1900-01-01", nextReviewDate="2100-12-31"),
    ]
    r = await admin.post("/api/employees/bulk-upload", json={"csvData": rows})
    assert r.status_code == 200, r.text
    result = r.json()
    assert result["failed"] == [
        {"row": 2, "error": START},
        {"row": 3, "error": f"{START}; {NEXT}"},
    ]
    assert result["successful"] == [{"name": "First3 Last3", "employeeId": "B0003", "row": 4}]
    assert await stored(org) == [(date(1900, 1, 1), date(2100, 12, 31))]
