"""Dashboard: GET /api/dashboard/stats (what each card counts) and the activity feed."""

from datetime import UTC, date, datetime, timedelta

import pytest
from sqlalchemy import text

from api.core.dates import local_today
from api.core.db import tenant_session
from api.notes.models import EmployeeNote
from tests.api.reviews.factories import add_employee, add_review, add_template, completed_at
from tests.dates import quarter_began

# Every test here depends on where today falls (tests/clock runs them at chosen instants).
pytestmark = pytest.mark.date_sensitive


def days(n: int) -> date:
    return local_today() + timedelta(days=n)


async def test_a_new_organisation_shows_zeros_and_0_00(login, org):
    r = await (await login(org, "user")).get("/api/dashboard/stats")
    assert r.status_code == 200
    assert r.json() == {
        "totalEmployees": 0,
        "reviewsDue": 0,
        "completedReviews": 0,
        "averageRating": 0.0,
        "reviewsOverdue": 0,
        "employeesStartedRecently": None,
        "quarterAverageRating": None,
        "previousQuarterAverageRating": None,
    }


async def test_the_four_cards_follow_their_definitions(login, org, other_org):
    tpl = await add_template(org)
    ada = await add_employee(org)
    await add_employee(org)
    gone = await add_employee(org, is_archived=True)
    # Reviews Due: open, due from today to 7 days ahead, of active employees
    await add_review(org, ada, tpl, local_today())
    await add_review(org, ada, tpl, days(7), status="in_progress")
    await add_review(org, ada, tpl, days(8))
    await add_review(org, ada, tpl, days(-1))
    await add_review(org, gone, tpl, days(2))
    await add_review(
        org,
        ada,
        tpl,
        days(3),
        status="completed",
        rating=5,
        completed_at=completed_at(local_today()),
    )
    # Completed Reviews: this calendar quarter; Avg Rating: every completed review
    await add_review(
        org,
        ada,
        tpl,
        days(-200),
        status="completed",
        rating=2,
        completed_at=completed_at(quarter_began(local_today()) - timedelta(days=1)),
    )
    await add_review(
        org,
        ada,
        tpl,
        days(-3),
        status="completed",
        rating=4,
        completed_at=completed_at(quarter_began(local_today())),
    )
    # another organisation's data never counts
    theirs = await add_employee(other_org)
    await add_review(other_org, theirs, await add_template(other_org), days(1))

    r = await (await login(org, "manager")).get("/api/dashboard/stats")
    assert r.json() == {
        "totalEmployees": 2,
        "reviewsDue": 2,
        "completedReviews": 2,
        "averageRating": 3.67,
        # the note figures (tests/api/dashboard/test_trends.py)
        "reviewsOverdue": 1,
        "employeesStartedRecently": None,
        "quarterAverageRating": 4.5,
        "previousQuarterAverageRating": 2.0,
    }


async def test_recent_activity_shows_real_events_newest_first(login, org):
    tpl = await add_template(org)
    emp = await add_employee(org, first_name="Katherine", last_name="Johnson", position="Analyst")
    await add_review(
        org,
        emp,
        tpl,
        days(-1),
        status="completed",
        rating=5,
        review_type="annual",
        completed_at=datetime.now(UTC) + timedelta(minutes=5),
    )
    async with tenant_session(org.schema_name, org.id) as session:
        session.add(
            EmployeeNote(
                employee_id=emp,
                date=local_today(),
                category="recognition",
                note="Secret praise text",
            )
        )
    r = await (await login(org, "user")).get("/api/dashboard/activity")
    assert r.status_code == 200
    body = r.json()
    assert [e["kind"] for e in body] == ["review_completed", "note_added", "employee_added"]
    assert body[0]["text"] == "Annual review completed (rating 5/5)"
    assert body[0]["employeeName"] == "Katherine Johnson"
    assert body[0]["employeeId"] == emp
    assert body[1]["text"] == "Recognition note added"
    assert body[2]["text"] == "Joined as Analyst"
    assert "Secret" not in r.text


async def test_every_role_sees_only_its_own_organisations_activity(login, org, other_org):
    ours = await add_employee(org, first_name="Dorothy", last_name="Vaughan")
    theirs = await add_employee(other_org, first_name="Mary", last_name="Jackson")
    await add_review(
        other_org,
        theirs,
        await add_template(other_org),
        days(-1),
        status="completed",
        rating=4,
        completed_at=datetime.now(UTC),
    )
    for role in ("admin", "hr", "manager", "user"):
        r = await (await login(org, role)).get("/api/dashboard/activity")
        assert r.status_code == 200
        assert [(e["kind"], e["employeeId"]) for e in r.json()] == [("employee_added", ours)]
        assert "Mary" not in r.text


async def test_signed_out_callers_are_refused(client):
    assert (await client.get("/api/dashboard/stats")).status_code == 401
    assert (await client.get("/api/dashboard/activity")).status_code == 401


async def test_the_figures_are_counted_from_indexes_alone(org):
    """A big organisation's four figures cost about 8 ms of Postgres when read from the tables,
    about 3 ms from the indexes (tests/bench/reviews.py). An index serves a query only when its
    predicate matches the query's, so a harmless-looking edit to either (`is_archived` for
    `is_archived IS TRUE`) would quietly go back to reading tables: the plan shows it."""
    from api.dashboard import service

    tpl = await add_template(org)
    ada = await add_employee(org)
    await add_employee(org, is_archived=True)
    await add_review(org, ada, tpl, days(2))
    await add_review(
        org,
        ada,
        tpl,
        days(-3),
        status="completed",
        rating=4,
        completed_at=completed_at(local_today()),
    )
    start = quarter_began(local_today())
    dates = {
        "due_from": local_today(),
        "due_until": days(service.DUE_WINDOW_DAYS),
        "quarter_from": datetime.combine(start, datetime.min.time(), UTC),
        "quarter_until": datetime.combine(start + timedelta(days=92), datetime.min.time(), UTC),
    }
    async with tenant_session(org.schema_name, org.id) as session:
        # Three years of completed reviews and open ones over as long, with statistics: with a row or two and none, the
        # planner's pick between two indexes of the same estimated cost is a tie-break.
        await session.execute(
            text(
                "INSERT INTO reviews (employee_id, template_id, review_type, status, rating, "
                "due_date, completed_at) SELECT :emp, :tpl, 'quarterly', 'completed', 3, "
                "current_date - n, now() - n * interval '1 day' FROM generate_series(1, 1100) n"
            ),
            {"emp": ada, "tpl": tpl},
        )
        await session.execute(
            text(
                "INSERT INTO reviews (employee_id, template_id, review_type, status, due_date) "
                "SELECT :emp, :tpl, 'quarterly', 'pending', current_date + n - 500 "
                "FROM generate_series(1, 1000) n"
            ),
            {"emp": ada, "tpl": tpl},
        )
        await session.execute(text("ANALYZE reviews"))
        # Tiny tables are cheapest to scan whole: ask for the plan the big ones get.
        await session.execute(text("SET LOCAL enable_seqscan = off"))
        await session.execute(text("SET LOCAL enable_bitmapscan = off"))
        await session.execute(text(f"SET LOCAL search_path TO {org.schema_name}"))
        connection = await session.connection()
        compiled = service._STATS.compile(dialect=connection.dialect)
        values = {**compiled.params, **dates}
        driver = (await connection.get_raw_connection()).driver_connection
        rows = await driver.fetch(
            "EXPLAIN " + str(compiled), *(values[key] for key in compiled.positiontup or ())
        )
        plan = "\n".join(row[0] for row in rows)
    for index in ("ix_employees_archived", "ix_reviews_open_due_date", "ix_reviews_completed_at"):
        assert f"Index Only Scan using {index}" in plan, plan
