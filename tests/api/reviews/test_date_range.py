"""Review dates stay within 1900-01-01..2100-12-31, and the schedule arithmetic never
overflows: completing the review of an employee whose next review date is far away (a
'9999-12-31' or 'infinity' stored before dates were bounded) answers 200, not 500."""

from datetime import date, timedelta

import pytest
from sqlalchemy import literal_column, update

from api.core.dates import add_months, local_today
from api.core.db import tenant_session
from api.employees.models import Employee
from api.reviews.models import Review
from api.reviews.schedule import next_review_date
from tests.api.reviews.factories import (
    COMPLETE,
    add_employee,
    add_review,
    add_template,
    count,
    default_template_id,
    get_row,
)

URL = "/api/reviews"
RANGE = "Due date must be between 1900-01-01 and 2100-12-31"


def new_review(employee_id: int, template_id: int, due: str) -> dict:
    return {
        "employeeId": employee_id,
        "templateId": template_id,
        "reviewType": "quarterly",
        "dueDate": due,
    }


@pytest.mark.parametrize("due", ["9999-12-31", "2101-01-01", "1899-12-31"])
async def test_a_due_date_outside_the_range_is_refused(login, org, due):
    emp = await add_employee(org)
    admin = await login(org, "admin")
    r = await admin.post(URL, json=new_review(emp, await default_template_id(org), due))
    assert r.status_code == 400, r.text
    assert r.json()["message"] == RANGE
    assert r.json()["errors"] == [{"field": "dueDate", "message": RANGE}]
    assert await count(org, Review) == 0


async def test_the_last_day_of_the_range_is_accepted(login, org):
    emp = await add_employee(org)
    admin = await login(org, "admin")
    r = await admin.post(URL, json=new_review(emp, await default_template_id(org), "2100-12-31"))
    assert r.status_code == 201, r.text
    assert r.json()["dueDate"] == "2100-12-31"


async def set_next_review(org, emp: int, sql_day: str) -> None:
    """Written as SQL, the way such a day got in before dates were bounded."""
    async with tenant_session(org.schema_name, org.id) as session:
        await session.execute(
            update(Employee)
            .where(Employee.id == emp)
            .values(next_review_date=literal_column(f"'{sql_day}'::date"))
        )


@pytest.mark.parametrize("stored", ["infinity", "9999-12-31", "2100-11-30"])
async def test_completing_a_review_of_an_employee_with_a_far_next_review_date(login, org, stored):
    emp = await add_employee(org, review_schedule="quarterly")
    await set_next_review(org, emp, stored)
    rid = await add_review(org, emp, await add_template(org), local_today() + timedelta(days=3))
    admin = await login(org, "admin")

    r = await admin.put(f"{URL}/{rid}", json=COMPLETE)

    assert r.status_code == 200, r.text
    assert r.json()["status"] == "completed"
    # One step on would leave the supported range: no date is scheduled.
    assert r.json()["employee"]["nextReviewDate"] is None
    assert (await get_row(org, Employee, emp)).next_review_date is None


async def test_completing_moves_a_date_near_the_end_of_the_range_as_usual(login, org):
    emp = await add_employee(org, review_schedule="monthly")
    await set_next_review(org, emp, "2100-11-30")
    rid = await add_review(org, emp, await add_template(org), local_today() + timedelta(days=3))
    admin = await login(org, "admin")
    r = await admin.put(f"{URL}/{rid}", json=COMPLETE)
    assert r.status_code == 200, r.text
    assert r.json()["employee"]["nextReviewDate"] == "2100-12-30"


@pytest.mark.parametrize("schedule", ["monthly", "quarterly", "biannual", "annual"])
@pytest.mark.parametrize("current", [date.max, date(9999, 12, 31), date(2100, 12, 31)])
def test_the_schedule_arithmetic_does_not_overflow(schedule, current):
    assert next_review_date(current, schedule, local_today()) is None
    assert add_months(date.max, 12) == date.max
    assert add_months(date.min, -12) == date.min
    assert add_months(date(9999, 11, 30), 1) == date(9999, 12, 30)
