"""Figures under "need to know": the dashboard's cards and activity feed, the analytics screen,
the organisation read and the help assistant count and name only the records the reader
reaches (tests/api/access/conftest.py: M manages A, A manages B, C outside the line).

Each of M, A, B and C has an open review due this week, an open overdue review and a review
completed this quarter (ratings 5, 2, 3 and 1); B and C have an HR note."""

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from api.access.policy import LINE
from api.access.scope import Scope
from api.analytics import service as analytics
from api.core.dates import local_today
from api.core.db import tenant_session
from api.notes.models import EmployeeNote
from tests.api.access.conftest import People
from tests.api.assistants.fake_llm import FakeLlm
from tests.api.reviews.factories import add_employee, add_review, add_template
from tests.conftest import signed_in_client

RATINGS = {"M": 5, "A": 2, "B": 3, "C": 1}
NOTED = ("B", "C")
EVERYONE = ("M", "A", "B", "C")
# Who each reader reaches, and whose open reviews they see (never their own).
REACH = {
    "hr": (EVERYONE, EVERYONE),
    "manager": (("M", "A", "B"), ("A", "B")),
    "user": (("A",), ()),
    "unlinked_user": ((), ()),
    "unlinked_manager": ((), ()),
}


async def seed(people: People) -> None:
    org = people.org
    template = await add_template(org)
    today = local_today()
    for name, pk in people.ids.items():
        await add_review(org, pk, template, today + timedelta(days=2))
        await add_review(org, pk, template, today - timedelta(days=10), status="in_progress")
        await add_review(
            org,
            pk,
            template,
            today - timedelta(days=1),
            status="completed",
            rating=RATINGS[name],
            completed_at=datetime.now(UTC),
        )
    async with tenant_session(org.schema_name, org.id) as session:
        for name in NOTED:
            session.add(
                EmployeeNote(
                    employee_id=people.ids[name],
                    date=today,
                    category="recognition",
                    note=f"Private words about {name}",
                )
            )


def expected_stats(reached: tuple[str, ...], open_seen: tuple[str, ...]) -> dict[str, Any]:
    ratings = [RATINGS[name] for name in reached]
    average = round(sum(ratings) / len(ratings), 2) if ratings else None
    return {
        "totalEmployees": len(reached),
        "reviewsDue": len(open_seen),
        "completedReviews": len(reached),
        "averageRating": average or 0.0,
        "reviewsOverdue": len(open_seen),
        # Everyone started in 2021; with nobody in reach there is no start date to tell from.
        "employeesStartedRecently": 0 if reached else None,
        "quarterAverageRating": average,
        "previousQuarterAverageRating": None,
    }


def expected_activity(reached: tuple[str, ...], notes: bool) -> set[tuple[str, str]]:
    events = {("review_completed", name) for name in reached}
    events |= {("employee_added", name) for name in reached}
    if notes:
        events |= {("note_added", name) for name in NOTED if name in reached}
    return events


def activity_of(people: People, body: list[dict[str, Any]]) -> set[tuple[str, str]]:
    found = [(e["kind"], people.names.get(e["employeeId"], "?")) for e in body]
    assert len(found) == len(set(found)), found
    return set(found)


@pytest.mark.parametrize("account", list(REACH))
async def test_dashboard_cards_count_only_the_records_in_reach(people, account):
    await seed(people)
    c = await people.sign_in(account)
    r = await c.get("/api/dashboard/stats")
    assert r.status_code == 200, r.text
    assert r.json() == expected_stats(*REACH[account])


@pytest.mark.parametrize("account", list(REACH))
async def test_activity_names_only_employees_in_reach_and_notes_only_to_note_readers(
    people, account
):
    await seed(people)
    c = await people.sign_in(account)
    r = await c.get("/api/dashboard/activity")
    assert r.status_code == 200, r.text
    reached, _ = REACH[account]
    # Only hr reads notes under "need to know": nobody else learns that one was written.
    assert activity_of(people, r.json()) == expected_activity(reached, notes=account == "hr")
    for outside in set(EVERYONE) - set(reached):
        assert people.ids[outside] not in [e["employeeId"] for e in r.json()]


async def test_the_shared_admin_sign_in_sees_every_figure(people):
    await seed(people)
    c = await people.sign_in("admin")
    assert (await c.get("/api/dashboard/stats")).json() == expected_stats(EVERYONE, EVERYONE)
    body = (await c.get("/api/dashboard/activity")).json()
    assert activity_of(people, body) == expected_activity(EVERYONE, notes=True)


async def test_figures_are_never_served_from_one_reader_to_another(people, app):
    """Readers of the same reach share one prepared statement, each with their own employee
    bound: alternating readers must each get their own figures, whatever came before."""
    await seed(people)
    clients = {name: await people.sign_in(name) for name in REACH}
    # A second manager, of A's line (A and B): the same reach as M's, another line.
    second = await signed_in_client(
        app, people.org, "manager", userName="Second Manager", employeeId=people.ids["A"]
    )
    people.clients.append(second)
    expect = {name: expected_stats(*reach) for name, reach in REACH.items()}
    expect["second"] = expected_stats(("A", "B"), ("B",))
    clients["second"] = second
    order = ["manager", "second", "unlinked_manager", "hr", "manager", "user", "second", "hr"]
    for name in order + order[::-1]:
        r = await clients[name].get("/api/dashboard/stats")
        assert r.json() == expect[name], name
    r = await second.get("/api/dashboard/activity")
    assert activity_of(people, r.json()) == expected_activity(("A", "B"), notes=False)


async def test_open_organisation_shows_everyone_every_figure(open_people):
    await seed(open_people)
    for account in REACH:
        c = await open_people.sign_in(account)
        r = await c.get("/api/dashboard/stats")
        assert r.json() == expected_stats(EVERYONE, EVERYONE), account
        body = (await c.get("/api/dashboard/activity")).json()
        assert activity_of(open_people, body) == expected_activity(EVERYONE, notes=True), account


@pytest.mark.parametrize("account", ["manager", "user", "unlinked_user", "unlinked_manager"])
async def test_analytics_is_refused_to_managers_and_users(people, open_people, account):
    for setting, org_people in (("need_to_know", people), ("open", open_people)):
        c = await org_people.sign_in(account)
        r = await c.get("/api/analytics")
        assert r.status_code == 403, (setting, r.text)


async def test_hr_analytics_count_everyone(people):
    await seed(people)
    c = await people.sign_in("hr")
    r = await c.get("/api/analytics")
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["totals"]["totalEmployees"] == 4
    assert body["totals"]["completedReviews"] == 4
    assert body["totals"]["pendingReviews"] == 8
    departments = {d["slug"]: d["employeeCount"] for d in body["departments"]}
    assert departments["engineering"] == 3 and departments["sales"] == 1


async def test_analytics_counted_for_a_line_scope_cover_only_that_line(people):
    """The screen is hr's and admin's today; were the table to open it to managers, every
    chart would already count only their line (their own open reviews excepted)."""
    await seed(people)
    org = people.org
    async with tenant_session(org.schema_name, org.id) as session:
        figures = await analytics.get_analytics(
            session=session,
            today=local_today(),
            scope=Scope(reach=LINE, employee_id=people.ids["M"]),
        )
    assert figures.totals.total_employees == 3
    assert figures.totals.completed_reviews == 3
    assert figures.totals.pending_reviews == 4  # A's and B's, two each; not M's own
    departments = {d.slug: d.employee_count for d in figures.departments}
    assert departments["engineering"] == 3 and departments["sales"] == 0
    ratings = {r.rating: r.count for r in figures.rating_distribution}
    assert ratings == {1: 0, 2: 1, 3: 1, 4: 0, 5: 1}
    quarterly = next(t for t in figures.review_types if t.review_type == "quarterly")
    assert quarterly.total == 7
    assert {r.employee.id for r in figures.recent_reviews} <= {people.ids[n] for n in "MAB"}
    assert sum(q.due for q in figures.completion_by_quarter) <= 7


@pytest.mark.parametrize("account", list(REACH))
async def test_every_reader_reads_their_organisation(people, account):
    c = await people.sign_in(account)
    r = await c.get("/api/organization/current")
    assert r.status_code == 200, r.text
    assert r.json()["subdomain"] == people.org.subdomain


async def test_help_assistant_answers_product_help_and_states_no_records(people):
    """The help assistant reads only the product's help articles, never the organisation's
    records: a question about people gets help text, with no employee named or counted."""
    await seed(people)
    c = await people.sign_in("user")
    r = await c.post(
        "/api/admin/ai-assistant",
        json={"message": "How many employees do we have? Who is Carl Cooper's manager?"},
    )
    assert r.status_code == 200, r.text
    reply = r.json()["response"]
    for first, last in (("Maria", "Manning"), ("Bella", "Baker"), ("Arthur", "Abbott")):
        assert first not in reply and last not in reply


async def test_help_assistant_sends_the_model_no_organisation_data(people, monkeypatch):
    from api.core.config import get_settings
    from tests.api.assistants.fake_llm import running_fake_llm

    await seed(people)
    with running_fake_llm() as fake:
        monkeypatch.setenv("LLM_BASE_URL", fake.base_url)
        monkeypatch.setenv("LLM_MODEL", "merit-test-model")
        get_settings.cache_clear()
        try:
            c = await people.sign_in("manager")
            r = await c.post(
                "/api/admin/ai-assistant", json={"message": "How many people report to me?"}
            )
        finally:
            monkeypatch.undo()
            get_settings.cache_clear()
    assert r.status_code == 200, r.text
    sent = _sent_text(fake)
    for word in ("Maria", "Manning", "Arthur", "Abbott", "Bella", "Carl", "NTK-"):
        assert word not in sent


def _sent_text(fake: FakeLlm) -> str:
    assert len(fake.requests) == 1
    return "\n".join(m["content"] for m in fake.requests[0]["body"]["messages"])


# Archived people are in no directory: each reader counts only those they reach.
ARCHIVED_SEEN = {
    "hr": {"engineering": 1, "sales": 1},
    "manager": {"engineering": 1, "sales": 0},
    "user": {"engineering": 0, "sales": 0},
    "unlinked_user": {"engineering": 0, "sales": 0},
}


@pytest.mark.parametrize("account", list(ARCHIVED_SEEN))
async def test_department_counts_show_archived_people_only_in_reach(people, account):
    await add_employee(people.org, department="engineering", manager_id="NTK-A", is_archived=True)
    await add_employee(people.org, department="sales", manager_id="NTK-C", is_archived=True)
    c = await people.sign_in(account)
    body = (await c.get("/api/departments")).json()
    counts = {d["slug"]: (d["employeeCount"], d["archivedCount"]) for d in body}
    seen = ARCHIVED_SEEN[account]
    # Active people are counted whole: the directory lists every one of them to everyone.
    assert counts["engineering"] == (3, seen["engineering"])
    assert counts["sales"] == (1, seen["sales"])
    one = next(d for d in body if d["slug"] == "sales")
    r = await c.get(f"/api/departments/{one['id']}")
    assert r.json()["archivedCount"] == seen["sales"]
