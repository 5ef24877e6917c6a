"""A review an admin reopens and completes again moves the employee's next review date only
once: the first completion is remembered (reviews.first_completed_at) while completedAt is
null for the reopened review, as it is for every review that is not completed."""

from datetime import UTC, date, datetime, timedelta

import pytest
from sqlalchemy import text

from api.core.db import get_engine, tenant_session
from api.employees.models import Employee
from api.reminders.models import Reminder
from api.reviews.models import Review
from tenants.migrate import migrate_tenants
from tests.api.reviews.factories import (
    COMPLETE,
    GOOD_ANSWERS,
    add_employee,
    add_review,
    add_template,
    due_soon,
    get_row,
    reminders_of,
    rewind_review_questions,
    set_revision,
)

# Every test here depends on where today falls (tests/clock runs them at chosen instants).
pytestmark = pytest.mark.date_sensitive


URL = "/api/reviews"


# The employee's next review date, and where quarterly steps take it, worked out by hand:
# each step clamps at February's end (29 Nov -> 28 Feb -> 28 May; 2091 is no leap year), so two
# steps are not six months in one. Far ahead, so a step always lands in the future.
NEXT_REVIEW = date(2090, 11, 29)
ONE_STEP = date(2091, 2, 28)
TWO_STEPS = date(2091, 5, 28)


async def setup_review(org, **fields):
    emp = await add_employee(org, next_review_date=NEXT_REVIEW)
    tpl = await add_template(org)
    return await add_review(org, emp, tpl, due_soon(), **fields), emp


async def add_reminder(org, emp: int, rid: int) -> None:
    async with tenant_session(org.schema_name, org.id) as session:
        session.add(
            Reminder(
                employee_id=emp,
                review_id=rid,
                type="review_due",
                message="due",
                due_date=due_soon(),
            )
        )


async def test_completing_a_reopened_review_again_does_not_move_the_date_twice(login, org):
    rid, emp = await setup_review(org)
    admin = await login(org, "admin")
    first = await admin.put(f"{URL}/{rid}", json=COMPLETE)
    assert first.status_code == 200, first.text
    moved = ONE_STEP  # quarterly: one step after the employee's next review date
    assert (await get_row(org, Employee, emp)).next_review_date == moved

    # The admin reopens it: completedAt is null, the date stays where it is.
    r = await admin.put(f"{URL}/{rid}", json={"status": "in_progress"})
    assert r.status_code == 200, r.text
    assert r.json()["status"] == "in_progress" and r.json()["completedAt"] is None
    assert (await get_row(org, Employee, emp)).next_review_date == moved
    await add_reminder(org, emp, rid)  # the reminder job may remind about it meanwhile

    # Completed again (and once more, after another reopen): a fresh stamp, the same date.
    for _ in range(2):
        r = await admin.put(f"{URL}/{rid}", json=COMPLETE)
        assert r.status_code == 200, r.text
        body = r.json()
        assert body["status"] == "completed"
        stamped = datetime.fromisoformat(body["completedAt"].replace("Z", "+00:00"))
        assert abs(stamped - datetime.now(UTC)) < timedelta(minutes=1)
        assert (await get_row(org, Employee, emp)).next_review_date == moved
        assert body["employee"]["nextReviewDate"] == "2091-02-28"
        assert await reminders_of(org) == []  # its reminders are still done with
        r = await admin.put(f"{URL}/{rid}", json={"status": "pending"})
        assert r.status_code == 200 and r.json()["completedAt"] is None

    # The first completion's stamp is the one remembered.
    stamped = datetime.fromisoformat(first.json()["completedAt"].replace("Z", "+00:00"))
    assert (await get_row(org, Review, rid)).first_completed_at == stamped


async def test_a_review_completed_before_the_change_is_not_counted_twice_either(login, org):
    """A completed row without first_completed_at (an older backup, or data written before
    the column existed): reopening it keeps its completion in mind."""
    done = datetime.now(UTC) - timedelta(days=3)
    rid, emp = await setup_review(
        org, status="completed", rating=3, responses=GOOD_ANSWERS, completed_at=done
    )
    assert (await get_row(org, Review, rid)).first_completed_at is None
    admin = await login(org, "admin")
    assert (await admin.put(f"{URL}/{rid}", json={"status": "in_progress"})).status_code == 200
    assert (await get_row(org, Review, rid)).first_completed_at == done
    r = await admin.put(f"{URL}/{rid}", json=COMPLETE)
    assert r.status_code == 200, r.text
    assert (await get_row(org, Employee, emp)).next_review_date == NEXT_REVIEW  # not moved


async def test_two_reviews_of_one_employee_each_move_the_date_once(login, org):
    rid, emp = await setup_review(org)
    tpl = await add_template(org, name="Second template")
    other = await add_review(org, emp, tpl, due_soon() + timedelta(days=30))
    admin = await login(org, "admin")
    assert (await admin.put(f"{URL}/{rid}", json=COMPLETE)).status_code == 200
    assert (await admin.put(f"{URL}/{other}", json=COMPLETE)).status_code == 200
    # Two quarterly steps, each from the date the last one left.
    assert (await get_row(org, Employee, emp)).next_review_date == TWO_STEPS


async def test_the_migration_remembers_reviews_completed_before_it(org):
    """Take one schema back to the revision before first_completed_at, complete a review
    there, and migrate: the column is added and filled from completedAt."""
    rid, _ = await setup_review(org)
    done = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
    schema = org.schema_name
    async with get_engine().begin() as conn:
        await conn.exec_driver_sql(f'ALTER TABLE "{schema}".reviews DROP COLUMN first_completed_at')
        await rewind_review_questions(conn, schema)
        await set_revision(conn, schema, "0001_tenant")
        await conn.execute(
            text(f'UPDATE "{schema}".reviews SET status = \'completed\', rating = 4, '
                 "completed_at = :done WHERE id = :id"),
            {"done": done, "id": rid},
        )  # fmt: skip
    report = await migrate_tenants()
    assert report.ok, report.failed
    assert schema in report.upgraded
    stored = await get_row(org, Review, rid)
    assert (stored.completed_at, stored.first_completed_at) == (done, done)
