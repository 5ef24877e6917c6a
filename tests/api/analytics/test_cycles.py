"""Analytics of review cycles (admin and hr): GET /api/analytics/cycles, /cycles/{id} and
/cycles/compare.

The world: Spring (with an acknowledgement stage, so a completed review is done only once
acknowledged) and Autumn (without one), both rated by named reviewers; people in Engineering,
Sales and in no department; some rated in only one of the two cycles.
"""

from dataclasses import dataclass
from datetime import UTC, datetime

import pytest

from api.organizations.models import Organization
from tests.api.analytics.cycle_factories import (
    add_cycle,
    add_cycle_review,
    add_reviewer,
    department_ids,
)
from tests.api.reviews.factories import add_employee, add_review, add_template


@dataclass
class World:
    spring: int
    autumn: int
    draft: int
    engineering: int
    sales: int
    rita: str
    hal: str
    nora: str
    tess: str


def dist(*counts: int) -> list[dict[str, int]]:
    return [{"rating": r, "count": n} for r, n in zip(range(1, 6), counts, strict=True)]


async def _people(org: Organization) -> dict[str, int]:
    depts = {"e": "engineering", "s": "sales", "n": None, "x": "sales"}
    names = ("e1", "e2", "e3", "e4", "s1", "s2", "s3", "n1", "n2", "n3", "x1")
    return {n: await add_employee(org, department=depts[n[0]], first_name=n) for n in names}


async def build(org: Organization) -> World:
    tpl = await add_template(org)
    p = await _people(org)
    spring = await add_cycle(org, tpl, "Spring 2026", acknowledge_due=datetime(2026, 4, 10).date())
    autumn = await add_cycle(
        org, tpl, "Autumn 2026", status="closed", launched_at=datetime(2026, 9, 1, tzinfo=UTC)
    )
    draft = await add_cycle(org, tpl, "Winter draft", status="draft", launched_at=None)
    rita = await add_reviewer(org, "Rita", "Lenient")
    hal = await add_reviewer(org, "Hal", "Harsh")
    nora = await add_reviewer(org, "Nora", "New")
    tess = await add_reviewer(org, "Tess", "Typical")
    spring_reviews = (
        # person, rating, status, reviewer, acknowledged (else shared only when completed)
        ("e1", 5, None, rita, True),
        ("e2", 5, None, rita, False),  # shared, not yet acknowledged: not done
        ("e3", 4, None, rita, True),
        ("e4", None, None, rita, False),
        ("s1", 2, None, hal, True),
        ("s2", 1, None, hal, True),
        ("s3", 3, None, hal, True),
        ("n1", 4, None, nora, True),
        ("n2", 3, "in_progress", None, False),  # a draft rating counts nowhere
        ("n3", 2, None, None, True),
    )
    for person, rating, status, reviewer, acknowledged in spring_reviews:
        await add_cycle_review(
            org,
            spring,
            p[person],
            tpl,
            rating=rating,
            status=status,
            reviewer=reviewer,
            shared=rating is not None and status is None,
            acknowledged=acknowledged,
        )
    autumn_ratings = {"e1": 4, "e2": 5, "e3": 5, "s1": 4, "s2": 2, "n1": 2}
    autumn_ratings |= {"x1": 3, "e4": 3, "n2": 4}  # rated in Autumn only
    for person, rating in autumn_ratings.items():
        await add_cycle_review(org, autumn, p[person], tpl, rating=rating, reviewer=tess)
    await add_cycle_review(org, autumn, p["n3"], tpl)  # still open: not rated in Autumn
    # A review outside any cycle never counts.
    await add_review(org, p["e1"], tpl, datetime(2026, 3, 1).date(), status="completed", rating=1)
    depts = await department_ids(org)
    return World(spring, autumn, draft, depts["engineering"], depts["sales"], rita, hal, nora, tess)


@pytest.fixture
async def world(org: Organization) -> World:
    return await build(org)


async def test_the_cycles_to_choose_from(login, org, world):
    r = await (await login(org, "admin")).get("/api/analytics/cycles")
    assert r.status_code == 200, r.text
    # Launched ones only (a draft has nothing to count), the latest first.
    assert [(c["id"], c["name"], c["status"]) for c in r.json()] == [
        (world.autumn, "Autumn 2026", "closed"),
        (world.spring, "Spring 2026", "active"),
    ]
    assert r.json()[1]["launchedAt"] == "2026-03-01T09:00:00Z"


async def test_completion_and_ratings_of_a_cycle(login, org, world):
    r = await (await login(org, "hr")).get(f"/api/analytics/cycles/{world.spring}")
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["cycle"]["name"] == "Spring 2026"
    # Done: completed and acknowledged (the cycle has that stage); e2 is only shared.
    assert (body["total"], body["done"], body["rate"]) == (10, 7, 70.0)
    assert (body["rated"], body["average"]) == (8, 3.25)
    assert body["distribution"] == dist(1, 2, 1, 2, 2)
    assert body["completionByDepartment"] == [
        {"departmentId": world.engineering, "department": "Engineering", "total": 4, "done": 2,
         "rate": 50.0},
        {"departmentId": world.sales, "department": "Sales", "total": 3, "done": 3, "rate": 100.0},
        {"departmentId": None, "department": "No department", "total": 3, "done": 2,
         "rate": 66.7},
    ]  # fmt: skip
    assert body["ratingsByDepartment"] == [
        {"departmentId": world.engineering, "department": "Engineering", "count": 3,
         "average": 4.67, "distribution": dist(0, 0, 0, 1, 2)},
        {"departmentId": world.sales, "department": "Sales", "count": 3, "average": 2.0,
         "distribution": dist(1, 1, 1, 0, 0)},
        {"departmentId": None, "department": "No department", "count": 2, "average": 3.0,
         "distribution": dist(0, 1, 0, 1, 0)},
    ]  # fmt: skip
    assert (body["minRated"], body["leaningThreshold"]) == (3, 0.5)


async def test_lenient_and_harsh_reviewers_stand_out(login, org, world):
    body = (await (await login(org, "admin")).get(f"/api/analytics/cycles/{world.spring}")).json()
    reviewers = body["ratingsByReviewer"]
    by_name = {r["reviewerName"]: r for r in reviewers}
    assert [r["reviewerName"] for r in reviewers] == [
        "Rita Lenient",
        "Nora New",
        "Hal Harsh",
        "No reviewer",
    ]
    assert by_name["Rita Lenient"] == {
        "reviewerUserId": world.rita,
        "reviewerName": "Rita Lenient",
        "count": 3,
        "average": 4.67,
        "distribution": dist(0, 0, 0, 1, 2),
        "difference": 1.42,
        "tooFew": False,
        "leaning": "lenient",
    }
    hal = by_name["Hal Harsh"]
    assert (hal["count"], hal["average"], hal["difference"], hal["leaning"]) == (
        3,
        2.0,
        -1.25,
        "harsh",
    )
    # One rated review is too few to call anybody lenient: flagged, not judged.
    nora = by_name["Nora New"]
    assert (nora["count"], nora["difference"], nora["tooFew"], nora["leaning"]) == (
        1,
        0.75,
        True,
        None,
    )
    nobody = by_name["No reviewer"]
    assert (nobody["reviewerUserId"], nobody["count"], nobody["tooFew"]) == (None, 1, True)

    autumn = (await (await login(org, "admin")).get(f"/api/analytics/cycles/{world.autumn}")).json()
    # Without an acknowledgement stage a completed review is done.
    assert (autumn["total"], autumn["done"], autumn["rated"]) == (10, 9, 9)
    [tess] = autumn["ratingsByReviewer"]
    assert (tess["reviewerUserId"], tess["difference"], tess["leaning"]) == (
        world.tess,
        0.0,
        "typical",
    )


async def test_change_between_two_cycles(login, org, world):
    c = await login(org, "admin")
    r = await c.get(f"/api/analytics/cycles/compare?from={world.spring}&to={world.autumn}")
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["fromCycle"]["id"] == world.spring and body["toCycle"]["id"] == world.autumn
    # Rated in both: e1 5→4, e2 5→5, e3 4→5, s1 2→4, s2 1→2, n1 4→2.
    assert {k: body[k] for k in ("people", "averageFrom", "averageTo", "averageChange")} == {
        "people": 6,
        "averageFrom": 3.5,
        "averageTo": 3.67,
        "averageChange": 0.17,
    }
    assert (body["improved"], body["same"], body["declined"]) == (3, 1, 2)
    # s3 and n3 were rated in Spring only; x1, e4 and n2 (an in-progress rating in Spring) in
    # Autumn only.
    assert (body["onlyFrom"], body["onlyTo"]) == (2, 3)
    assert body["byDepartment"] == [
        {"departmentId": world.engineering, "department": "Engineering", "people": 3,
         "averageFrom": 4.67, "averageTo": 4.67, "averageChange": 0.0, "improved": 1, "same": 1,
         "declined": 1},
        {"departmentId": world.sales, "department": "Sales", "people": 2, "averageFrom": 1.5,
         "averageTo": 3.0, "averageChange": 1.5, "improved": 2, "same": 0, "declined": 0},
        {"departmentId": None, "department": "No department", "people": 1, "averageFrom": 4.0,
         "averageTo": 2.0, "averageChange": -2.0, "improved": 0, "same": 0, "declined": 1},
    ]  # fmt: skip

    back = await c.get(f"/api/analytics/cycles/compare?from={world.autumn}&to={world.spring}")
    assert back.json()["averageChange"] == -0.17
    assert (back.json()["improved"], back.json()["declined"]) == (2, 3)


async def test_nobody_rated_in_both(login, org, world):
    c = await login(org, "admin")
    r = await c.get(f"/api/analytics/cycles/compare?from={world.spring}&to={world.draft}")
    assert r.status_code == 200, r.text
    body = r.json()
    assert (body["people"], body["averageChange"], body["byDepartment"]) == (0, None, [])
    assert (body["onlyFrom"], body["onlyTo"]) == (8, 0)


async def test_compare_refuses_the_same_cycle_and_unknown_ids(login, org, world):
    c = await login(org, "admin")
    same = await c.get(f"/api/analytics/cycles/compare?from={world.spring}&to={world.spring}")
    assert same.status_code == 422
    assert same.json()["message"] == "Choose two different cycles to compare"
    unknown = await c.get(f"/api/analytics/cycles/compare?from={world.spring}&to=987654")
    assert unknown.status_code == 404
    assert unknown.json()["message"] == "Review cycle not found"
    # An unknown id answers 404 even when it is given twice.
    assert (await c.get("/api/analytics/cycles/compare?from=987654&to=987654")).status_code == 404
    missing = await c.get(f"/api/analytics/cycles/compare?from={world.spring}")
    assert missing.status_code == 400, missing.text
    assert "to" in missing.json()["message"]


async def test_another_organisations_cycle_is_unknown(login, org, other_org, world):
    tpl = await add_template(other_org)
    person = await add_employee(other_org)
    theirs = [await add_cycle(other_org, tpl, f"Theirs {n}") for n in range(4)][-1]
    await add_cycle_review(other_org, theirs, person, tpl, rating=5)
    assert theirs not in {world.spring, world.autumn, world.draft}  # names nothing here
    c = await login(org, "admin")
    r = await c.get(f"/api/analytics/cycles/{theirs}")
    assert r.status_code == 404 and r.json()["message"] == "Review cycle not found"
    r = await c.get(f"/api/analytics/cycles/compare?from={world.spring}&to={theirs}")
    assert r.status_code == 404
    assert (await (await login(other_org, "admin")).get(f"/api/analytics/cycles/{theirs}")).json()[
        "rated"
    ] == 1
    # Their cycles are not ours to choose from either.
    names = [x["id"] for x in (await c.get("/api/analytics/cycles")).json()]
    assert names == [world.autumn, world.spring]
    # An id too large for any record is unknown too (not a failure of the server).
    assert (await c.get("/api/analytics/cycles/99999999999")).status_code == 404
    r = await c.get(f"/api/analytics/cycles/compare?from={world.spring}&to=99999999999")
    assert r.status_code == 404


@pytest.mark.parametrize("role", ["manager", "user"])
async def test_managers_and_users_may_not_read_cycle_analytics(login, org, world, role):
    c = await login(org, role)
    for url in (
        "/api/analytics/cycles",
        f"/api/analytics/cycles/{world.spring}",
        f"/api/analytics/cycles/compare?from={world.spring}&to={world.autumn}",
    ):
        assert (await c.get(url)).status_code == 403, url
