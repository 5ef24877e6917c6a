"""GET /api/reviews with search, filters, sorting and opt-in paging: each parameter narrows or
orders the list, bad values answer 400 naming the parameter, another organisation's reviews
never appear, and the reused item JSON (api/core/listing.py) never serves one filter's page for
another's."""

from datetime import timedelta

import pytest

from api.core.dates import local_today
from tests.api.reviews.factories import add_employee, add_review, add_template, completed_at


async def _ids(client, url: str) -> list[int]:
    reply = await client.get(url)
    assert reply.status_code == 200, reply.text
    return [r["id"] for r in reply.json()]


@pytest.fixture
async def seeded(org, other_org):
    """Five reviews in `org` over two departments, one of an archived employee, and one review
    in `other_org` that must never show."""
    await add_employee(org, employee_id="BOSS-1", first_name="Bo", last_name="Ss")
    ada = await add_employee(
        org, first_name="Ada", last_name="Lovelace", department="engineering", manager_id="BOSS-1"
    )
    grace = await add_employee(org, first_name="Grace", last_name="Hopper", department="sales")
    gone = await add_employee(org, first_name="Old", last_name="Timer", is_archived=True)
    engineering = await add_template(org, name="Engineering Review")
    sales = await add_template(org, name="Sales Check-in")
    ids = {
        "ada_late": await add_review(org, ada, engineering, local_today() - timedelta(days=5)),
        "ada_done": await add_review(
            org,
            ada,
            engineering,
            local_today() - timedelta(days=40),
            status="completed",
            rating=4,
            review_type="annual",
            completed_at=completed_at(local_today() - timedelta(days=30)),
        ),
        "grace_soon": await add_review(
            org, grace, sales, local_today() + timedelta(days=3), status="in_progress"
        ),
        "grace_later": await add_review(
            org, grace, sales, local_today() + timedelta(days=20), review_type="probation"
        ),
        "gone": await add_review(org, gone, engineering, local_today() - timedelta(days=2)),
    }
    other = await add_employee(other_org, first_name="Ada", last_name="Elsewhere")
    ids["other"] = await add_review(
        other_org, other, await add_template(other_org), local_today() - timedelta(days=5)
    )
    return ids


async def test_without_parameters_the_list_is_unchanged(login, org, seeded):
    client = await login(org, "user")
    reply = await client.get("/api/reviews")
    assert reply.status_code == 200
    assert "x-total-count" not in reply.headers
    # Newest first, archived employees' reviews left out, as before.
    assert [r["id"] for r in reply.json()] == sorted(
        (v for k, v in seeded.items() if k not in ("gone", "other")), reverse=True
    )


async def test_each_filter_narrows_the_list(login, org, seeded):
    client = await login(org, "manager")
    s = seeded
    cases = {
        "department=sales": {s["grace_soon"], s["grace_later"]},
        "department=marketing": set(),
        "reviewType=annual": {s["ada_done"]},
        "status=in_progress": {s["grace_soon"]},
        "overdue=true": {s["ada_late"]},
        "overdue=false": {s["ada_done"], s["grace_soon"], s["grace_later"]},
        "archived=archived": {s["gone"]},
        "archived=all&overdue=true": {s["ada_late"], s["gone"]},
        "search=hopper": {s["grace_soon"], s["grace_later"]},
        "search=ada%20love": {s["ada_late"], s["ada_done"]},
        "search=CHECK-IN": {s["grace_soon"], s["grace_later"]},
        "search=100%25": set(),  # % is taken literally
        "search=%20%20": {s["ada_late"], s["ada_done"], s["grace_soon"], s["grace_later"]},
        "department=engineering&status=pending": {s["ada_late"]},
        # The reviewer is the employee's manager: Bo reviews Ada, nobody reviews Grace.
        "reviewer=BOSS-1": {s["ada_late"], s["ada_done"]},
        "reviewer=BOSS-1&status=completed": {s["ada_done"]},
        "reviewer=NOBODY": set(),
    }
    for query, expected in cases.items():
        assert set(await _ids(client, f"/api/reviews?{query}")) == expected, query


async def test_sorting(login, org, seeded):
    client = await login(org)
    s = seeded
    assert await _ids(client, "/api/reviews?sort=dueDate") == [
        s["ada_done"],
        s["ada_late"],
        s["grace_soon"],
        s["grace_later"],
    ]
    assert await _ids(client, "/api/reviews?sort=-dueDate") == [
        s["grace_later"],
        s["grace_soon"],
        s["ada_late"],
        s["ada_done"],
    ]
    # Open work by due date, then completed reviews.
    assert await _ids(client, "/api/reviews?sort=urgency") == [
        s["ada_late"],
        s["grace_soon"],
        s["grace_later"],
        s["ada_done"],
    ]
    by_name = await _ids(client, "/api/reviews?sort=employee")
    assert by_name[:2] == [s["grace_soon"], s["grace_later"]]  # Hopper before Lovelace
    assert (await _ids(client, "/api/reviews?sort=-rating"))[0] == s["ada_done"]


async def test_paging_is_opt_in_and_counts_every_match(login, org, seeded):
    client = await login(org)
    s = seeded
    first = await client.get("/api/reviews?sort=dueDate&pageSize=3")
    assert first.status_code == 200
    assert first.headers["x-total-count"] == "4"
    assert [r["id"] for r in first.json()] == [s["ada_done"], s["ada_late"], s["grace_soon"]]
    second = await client.get("/api/reviews?sort=dueDate&pageSize=3&page=2")
    assert [r["id"] for r in second.json()] == [s["grace_later"]]
    assert second.headers["x-total-count"] == "4"
    past = await client.get("/api/reviews?sort=dueDate&pageSize=3&page=9")
    assert past.json() == [] and past.headers["x-total-count"] == "4"
    # page alone: pages of 50.
    alone = await client.get("/api/reviews?page=1&department=sales")
    assert len(alone.json()) == 2 and alone.headers["x-total-count"] == "2"
    # With employeeId, a page past the end is empty (the employee exists).
    ada = (await client.get("/api/reviews?search=lovelace")).json()[0]["employeeId"]
    by_employee = await client.get(f"/api/reviews?employeeId={ada}&page=5")
    assert by_employee.json() == [] and by_employee.headers["x-total-count"] == "2"


async def test_pages_of_different_filters_are_never_mixed_up(login, org, seeded):
    """The per-process item JSON is kept per row and version, so asking for one filter's page
    then another's, in any order, answers each with its own rows."""
    client = await login(org)
    s = seeded
    for _ in range(2):
        assert await _ids(client, "/api/reviews?department=sales&pageSize=1") == [s["grace_later"]]
        assert await _ids(client, "/api/reviews?department=engineering&pageSize=1") == [
            s["ada_done"]
        ]
        assert await _ids(client, "/api/reviews?department=sales&pageSize=1&page=2") == [
            s["grace_soon"]
        ]
    # A change shows at once in a filtered page.
    reply = await client.put(
        f"/api/reviews/{s['grace_soon']}", json={"status": "in_progress", "reviewerNotes": "x"}
    )
    assert reply.status_code == 200, reply.text
    listed = (await client.get("/api/reviews?status=in_progress&pageSize=5")).json()
    assert [(r["id"], r["reviewerNotes"]) for r in listed] == [(s["grace_soon"], "x")]


async def test_another_organisation_never_appears(login, other_org, seeded):
    client = await login(other_org)
    for query in ("", "?search=ada", "?archived=all&pageSize=50", "?overdue=true&sort=employee"):
        assert await _ids(client, f"/api/reviews{query}") == [seeded["other"]], query
    assert await _ids(client, "/api/reviews?department=sales") == []


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("status=done", "status"),
        ("reviewType=weekly", "reviewType"),
        ("overdue=maybe", "overdue"),
        ("archived=yes", "archived"),
        ("sort=name", "sort"),
        ("sort=--dueDate", "sort"),
        ("page=0", "page"),
        ("page=abc", "page"),
        ("page=100001", "page"),
        ("pageSize=0", "pageSize"),
        ("pageSize=201", "pageSize"),
        ("search=" + "x" * 201, "search"),
        ("department=" + "d" * 51, "department"),
        ("reviewer=" + "r" * 51, "reviewer"),
    ],
)
async def test_bad_values_answer_400_naming_the_parameter(login, org, query, field):
    client = await login(org)
    reply = await client.get(f"/api/reviews?{query}")
    assert reply.status_code == 400, reply.text
    body = reply.json()
    assert body["errors"][0]["field"] == field
    assert field in body["message"]
