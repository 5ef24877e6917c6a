"""A note's date stays within 1900-01-01..2100-12-31."""

import pytest

from api.notes.models import EmployeeNote
from tests.api.notes.factories import add_employee
from tests.api.reviews.factories import count

URL = "/api/employee-notes"
RANGE = "Date must be between 1900-01-01 and 2100-12-31"


def note(employee_id: int, day: str) -> dict:
    return {"employeeId": employee_id, "date": day, "category": "recognition", "note": "Well done"}


@pytest.mark.parametrize("day", ["9999-12-31", "2101-01-01T00:00:00.000Z", "1899-12-31"])
async def test_a_day_outside_the_range_is_refused(login, org, day):
    emp = await add_employee(org)
    admin = await login(org, "admin")
    r = await admin.post(URL, json=note(emp, day))
    assert r.status_code == 400, r.text
    assert r.json()["message"] == RANGE
    assert r.json()["errors"] == [{"field": "date", "message": RANGE}]
    assert await count(org, EmployeeNote) == 0


@pytest.mark.parametrize("day", ["1900-01-01", "2100-12-31"])
async def test_the_first_and_last_days_are_accepted(login, org, day):
    emp = await add_employee(org)
    admin = await login(org, "admin")
    r = await admin.post(URL, json=note(emp, day))
    assert r.status_code == 201, r.text
    assert r.json()["date"] == day
