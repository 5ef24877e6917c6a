"""Stages coming due and overdue: told to whoever must act in the review's current stage, three
days before its due date and the day after it passed, once per stage and person."""

from datetime import date, timedelta
from typing import Any

from sqlalchemy import update

from api.core.db import tenant_session
from api.cycles.models import FeedbackRequest, ReviewCycle
from api.notifications.due import review_deadlines
from api.reviews.models import Review
from api.users.models import User
from tests.api.certifications.factories import days
from tests.api.notifications.support import add_account, notices_of
from tests.api.reviews.factories import add_review, default_template_id


async def add_cycle(org, **dues: Any) -> int:
    async with tenant_session(org.schema_name, org.id) as session:
        cycle = ReviewCycle(
            name=f"Cycle {dues['review_due']}",
            review_type="annual",
            template_id=await default_template_id(org),
            population={"kind": "everyone"},
            status="active",
            **dues,
        )
        session.add(cycle)
        await session.flush()
        return cycle.id


async def run(org, today: date) -> int:
    async with tenant_session(org.schema_name, org.id) as session:
        return (await review_deadlines(session, today))["review_deadline_notices"]


async def test_each_stage_tells_the_one_who_acts_and_only_once(org):
    employee = await add_account(org, first_name="Emma", linked=True)
    reviewer = await add_account(org, first_name="Rex")
    colleague = await add_account(org, first_name="Cleo", linked=True)
    self_due, feedback_due, review_due = days(5), days(8), days(12)
    cycle = await add_cycle(
        org, self_due=self_due, feedback_due=feedback_due, review_due=review_due
    )
    template = await default_template_id(org)
    review = await add_review(
        org,
        employee.employee_id,
        template,
        review_due,
        cycle_id=cycle,
        reviewer_user_id=reviewer.id,
    )
    async with tenant_session(org.schema_name, org.id) as session:
        session.add(
            FeedbackRequest(review_id=review, employee_id=colleague.employee_id, kind="peer")
        )
    # Four days before the self-review is due: nothing yet; three days before: the employee.
    assert await run(org, self_due - timedelta(days=4)) == 0
    assert await run(org, self_due - timedelta(days=3)) == 1
    assert await run(org, self_due - timedelta(days=1)) == 0
    # The day after: overdue, once.
    assert await run(org, self_due + timedelta(days=1)) == 1
    assert await run(org, self_due + timedelta(days=2)) == 0
    titles = [n.title for n in await notices_of(org, employee)]
    assert titles == [
        f"Your self-review is due on {self_due:%b} {self_due.day}, {self_due.year}",
        f"Your self-review was due on {self_due:%b} {self_due.day}, {self_due.year}",
    ]
    assert {n.link for n in await notices_of(org, employee)} == {f"/reviews/{review}/self"}
    # Self-review in: the feedback stage tells the colleague who has not answered.
    async with tenant_session(org.schema_name, org.id) as session:
        await session.execute(
            update(Review).where(Review.id == review).values(self_submitted_at=days(0))
        )
    assert await run(org, feedback_due - timedelta(days=2)) == 1
    [asked] = await notices_of(org, colleague)
    assert asked.kind == "review_due_soon" and asked.link.startswith("/feedback/")
    # Writing: the named reviewer; an inactive reviewer is told nothing.
    assert await run(org, review_due - timedelta(days=3)) == 1
    assert [n.link for n in await notices_of(org, reviewer)] == [f"/reviews/{review}"]
    async with tenant_session(org.schema_name, org.id) as session:
        await session.execute(update(User).where(User.id == reviewer.id).values(is_active=False))
    assert await run(org, review_due + timedelta(days=1)) == 0


async def test_a_closed_cycle_tells_nobody(org):
    employee = await add_account(org, first_name="Zoe", linked=True)
    cycle = await add_cycle(org, self_due=days(2), review_due=days(20))
    template = await default_template_id(org)
    await add_review(org, employee.employee_id, template, days(20), cycle_id=cycle)
    async with tenant_session(org.schema_name, org.id) as session:
        await session.execute(
            update(ReviewCycle).where(ReviewCycle.id == cycle).values(status="closed")
        )
    assert await run(org, days(0)) == 0
    assert await notices_of(org, employee) == []
