"""What the dashboard cards' notes are made of: overdue reviews, who started in the last 30
days, this quarter's average rating against last quarter's. Read at a fixed day, so where the
real today falls does not matter."""

from datetime import date, timedelta

from api.core.db import tenant_session
from api.dashboard import service
from tests.api.reviews.factories import add_employee, add_review, add_template, completed_at

TODAY = date(2026, 5, 14)  # the second quarter: April to June


def days(n: int) -> date:
    return TODAY + timedelta(days=n)


async def stats(org):
    async with tenant_session(org.schema_name, org.id) as session:
        return await service.get_stats(session=session, today=TODAY)


async def test_overdue_reviews_are_counted_apart_from_those_due_this_week(org):
    tpl = await add_template(org)
    ada = await add_employee(org)
    gone = await add_employee(org, is_archived=True)
    await add_review(org, ada, tpl, days(-1))
    await add_review(org, ada, tpl, days(-40), status="in_progress")
    await add_review(org, ada, tpl, TODAY)  # due today: due, not overdue
    await add_review(org, ada, tpl, days(3))
    await add_review(org, gone, tpl, days(-2))  # an archived person's
    await add_review(
        org, ada, tpl, days(-5), status="completed", rating=4, completed_at=completed_at(TODAY)
    )
    figures = await stats(org)
    assert figures.reviews_overdue == 2
    assert figures.reviews_due == 2


async def test_the_month_change_counts_active_people_who_started_in_it(org):
    assert (await stats(org)).employees_started_recently is None  # no history: no note
    await add_employee(org)  # no start date
    await add_employee(org, start_date=days(-400))
    assert (await stats(org)).employees_started_recently == 0
    await add_employee(org, start_date=TODAY)
    await add_employee(org, start_date=days(-29))
    await add_employee(org, start_date=days(-30))  # 30 days ago: before the window
    await add_employee(org, start_date=days(3))  # not started yet
    await add_employee(org, start_date=days(-2), is_archived=True)
    figures = await stats(org)
    assert figures.employees_started_recently == 2
    assert figures.total_employees == 6


async def test_average_rating_this_quarter_against_last_quarter(org):
    tpl = await add_template(org)
    ada = await add_employee(org)

    async def done(day: date, rating: int | None) -> None:
        await add_review(
            org, ada, tpl, day, status="completed", rating=rating, completed_at=completed_at(day)
        )

    await done(date(2026, 4, 1), 4)
    await done(date(2026, 5, 14), 5)
    await done(date(2026, 5, 2), None)  # unrated: not in any average
    figures = await stats(org)
    assert figures.quarter_average_rating == 4.5
    assert figures.previous_quarter_average_rating is None  # nothing to compare with
    await done(date(2026, 3, 31), 3)
    await done(date(2026, 1, 1), 4)
    await done(date(2025, 12, 31), 1)  # two quarters ago
    figures = await stats(org)
    assert figures.previous_quarter_average_rating == 3.5
    assert figures.average_rating == 3.4
