"""Analytics (admin screen; hr may read it too): GET /api/analytics."""

from datetime import timedelta

import pytest

from api.core.dates import local_today
from tests.api.reviews.factories import add_employee, add_review, add_template, completed_at
from tests.dates import quarter_before, quarter_began, quarter_name

# Every test here depends on where today falls (tests/clock runs them at chosen instants).
pytestmark = pytest.mark.date_sensitive


async def test_the_figures_of_every_panel(login, org, other_org):
    tpl = await add_template(org)
    a = await add_employee(org, department="sales")
    b = await add_employee(org, department="sales")
    c = await add_employee(org, department="finance")
    await add_employee(org, department=None)
    await add_employee(org, department="finance", is_archived=True)
    this_q = quarter_began(local_today())
    last_q = quarter_before(this_q)
    await add_review(
        org, a, tpl, this_q, status="completed", rating=5, completed_at=completed_at(this_q)
    )
    await add_review(org, b, tpl, this_q + timedelta(days=1), review_type="annual")
    await add_review(
        org,
        c,
        tpl,
        last_q,
        status="completed",
        rating=3,
        review_type="probation",
        completed_at=completed_at(last_q),
    )
    await add_review(
        org,
        c,
        tpl,
        last_q + timedelta(days=2),
        status="completed",
        rating=3,
        completed_at=completed_at(last_q + timedelta(days=2)),
    )
    await add_review(org, c, tpl, last_q + timedelta(days=3), status="in_progress")
    # another organisation's people and reviews never count
    theirs = await add_employee(other_org, department="sales")
    their_template = await add_template(other_org)
    for status, rating in (("completed", 1), ("pending", None)):
        await add_review(
            other_org,
            theirs,
            their_template,
            this_q,
            status=status,
            rating=rating,
            completed_at=completed_at(this_q) if rating else None,
        )

    r = await (await login(org, "admin")).get("/api/analytics")
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["totals"] == {
        "totalEmployees": 4,
        "completedReviews": 3,
        "pendingReviews": 2,
        # The default and the self-review every organisation starts with, and one added.
        "reviewTemplates": 3,
    }
    departments = {d["name"]: d["employeeCount"] for d in body["departments"]}
    assert departments["Sales"] == 2 and departments["Finance"] == 1
    assert departments["Engineering"] == 0 and departments["Unassigned"] == 1
    assert body["departments"][0]["name"] == "Sales"
    types = {t["reviewType"]: t for t in body["reviewTypes"]}
    assert types["quarterly"] == {
        "reviewType": "quarterly",
        "pending": 0,
        "inProgress": 1,
        "completed": 2,
        "total": 3,
    }
    assert types["annual"]["pending"] == 1 and types["probation"]["completed"] == 1
    assert types["promotion"]["total"] == 0
    assert body["ratingDistribution"] == [
        {"rating": 1, "count": 0},
        {"rating": 2, "count": 0},
        {"rating": 3, "count": 2},
        {"rating": 4, "count": 0},
        {"rating": 5, "count": 1},
    ]
    quarters = body["completionByQuarter"]
    assert [q["quarter"] for q in quarters][-2:] == [quarter_name(last_q), quarter_name(this_q)]
    assert len(quarters) == 4
    assert quarters[-1] == {
        "quarter": quarter_name(this_q),
        "start": this_q.isoformat(),
        "due": 2,
        "completed": 1,
        "rate": 50.0,
    }
    assert quarters[-2]["rate"] == pytest.approx(66.7)
    # Nothing was due: no rate, rather than a 0% the chart would show as a failed quarter.
    assert quarters[0]["due"] == 0 and quarters[0]["rate"] is None
    recent = body["recentReviews"]
    assert len(recent) == 5
    assert {"firstName", "lastName", "department"} <= set(recent[0]["employee"])


async def test_hr_reads_analytics_and_managers_and_users_do_not(login, org):
    assert (await (await login(org, "hr")).get("/api/analytics")).status_code == 200
    for role in ("manager", "user"):
        r = await (await login(org, role)).get("/api/analytics")
        assert r.status_code == 403


async def test_at_most_five_recent_reviews(login, org):
    tpl = await add_template(org)
    emp = await add_employee(org)
    for n in range(7):
        await add_review(org, emp, tpl, local_today() + timedelta(days=n))
    body = (await (await login(org, "admin")).get("/api/analytics")).json()
    assert len(body["recentReviews"]) == 5
