"""Who sees and fills which reviews, and whose reminders, under "need to know"
(tests/api/access/conftest.py builds the organisation: M manages A, A manages B, C is outside
the line). Each employee has one completed review and one open one, due within the week, and a
certification expiring soon, so the daily jobs write a reminder about each."""

import csv
import io
from dataclasses import dataclass
from datetime import timedelta

import httpx
import pytest

from api.certifications.service import create_reminders
from api.core.dates import local_today
from api.core.db import tenant_session
from api.organizations.models import Organization
from api.reminders.service import review_reminders
from tests.api.access.conftest import People, set_visibility
from tests.api.certifications.factories import add_cert, add_type
from tests.api.reviews.factories import (
    GOOD_ANSWERS,
    add_review,
    add_template,
    completed_at,
    due_soon,
    reminders_of,
)

REVIEW_NOT_FOUND = {"message": "Review not found"}
EMPLOYEE_NOT_FOUND = {"message": "Employee not found"}
NOT_ALLOWED = {"message": "You don't have permission to do this"}
EVERYONE = {"M", "A", "B", "C"}
ALL_REVIEWS = {f"{who} {state}" for who in EVERYONE for state in ("done", "open")}
# The reviews each account reads: the line's at every stage, one's own once completed.
REVIEW_REACH = {
    "admin": ALL_REVIEWS,
    "hr": ALL_REVIEWS,
    "manager": {"A done", "A open", "B done", "B open", "M done"},
    "user": {"A done"},
    "unlinked_user": set(),
    "unlinked_manager": set(),
}


@dataclass
class World:
    people: People
    reviews: dict[str, int]  # "A open" -> review id

    def named(self, items: list[dict]) -> set[str]:
        by_id = {pk: name for name, pk in self.reviews.items()}
        return {by_id.get(item["id"], str(item["id"])) for item in items}


async def seed(people: People) -> World:
    """Two reviews for each of M, A, B, C, and the jobs' reminders about them."""
    org = people.org
    template = await add_template(org)
    cert_type = await add_type(org, "Forklift")
    reviews: dict[str, int] = {}
    for who, pk in people.ids.items():
        day = local_today() - timedelta(days=20)
        reviews[f"{who} done"] = await add_review(
            org,
            pk,
            template,
            day,
            status="completed",
            responses=GOOD_ANSWERS,
            rating=4,
            completed_at=completed_at(day),
        )
        reviews[f"{who} open"] = await add_review(org, pk, template, due_soon())
        await add_cert(org, pk, cert_type, expires=local_today() + timedelta(days=10))
    async with tenant_session(org.schema_name, org.id) as session:
        await review_reminders(session, local_today())
        await create_reminders(session=session)
    return World(people=people, reviews=reviews)


@pytest.fixture
async def world(people: People) -> World:
    return await seed(people)


async def listed(world: World, c: httpx.AsyncClient, url: str) -> set[str]:
    r = await c.get(url)
    assert r.status_code == 200, r.text
    return world.named(r.json())


@pytest.mark.parametrize("account", sorted(REVIEW_REACH))
async def test_every_review_list_holds_exactly_the_reach(world: World, account: str) -> None:
    c = await world.people.sign_in(account)
    reach = REVIEW_REACH[account]
    assert await listed(world, c, "/api/reviews") == reach
    assert await listed(world, c, "/api/reviews/all") == reach
    assert await listed(world, c, "/api/reviews?sort=urgency&archived=all") == reach
    assert await listed(world, c, "/api/reviews?status=in_progress") == set()
    assert await listed(world, c, "/api/reviews?search=a") == reach  # every name has an a
    upcoming = {name for name in reach if name.endswith("open")}
    assert await listed(world, c, "/api/reviews/upcoming") == upcoming
    r = await c.get("/api/reviews?page=1&pageSize=3")
    assert r.status_code == 200, r.text
    assert int(r.headers["x-total-count"]) == len(reach)
    assert world.named(r.json()) <= reach


@pytest.mark.parametrize("account", sorted(REVIEW_REACH))
async def test_a_review_out_of_reach_is_unknown(world: World, account: str) -> None:
    c = await world.people.sign_in(account)
    for name, review_id in world.reviews.items():
        r = await c.get(f"/api/reviews/{review_id}")
        if name in REVIEW_REACH[account]:
            assert (r.status_code, r.json()["id"]) == (200, review_id), name
        else:
            assert (r.status_code, r.json()) == (404, REVIEW_NOT_FOUND), name


async def test_one_employee_s_reviews_need_the_employee_in_reach(world: World) -> None:
    ids = world.people.ids
    manager = await world.people.sign_in("manager")
    assert await listed(world, manager, f"/api/reviews?employeeId={ids['B']}") == {
        "B done",
        "B open",
    }
    assert await listed(world, manager, f"/api/reviews?employeeId={ids['M']}") == {"M done"}
    r = await manager.get(f"/api/reviews?employeeId={ids['C']}")
    assert (r.status_code, r.json()) == (404, EMPLOYEE_NOT_FOUND)

    user = await world.people.sign_in("user")
    assert await listed(world, user, f"/api/reviews?employeeId={ids['A']}") == {"A done"}
    for colleague in ("M", "B", "C"):
        r = await user.get(f"/api/reviews?employeeId={ids[colleague]}")
        assert (r.status_code, r.json()) == (404, EMPLOYEE_NOT_FOUND), colleague

    hr = await world.people.sign_in("hr")
    assert await listed(world, hr, f"/api/reviews?employeeId={ids['C']}") == {"C done", "C open"}


async def test_a_manager_fills_the_line_s_reviews_only(world: World) -> None:
    manager = await world.people.sign_in("manager")
    notes = {"reviewerNotes": "Talked it through"}
    for name in ("B open", "A open"):
        r = await manager.put(f"/api/reviews/{world.reviews[name]}", json=notes)
        assert (r.status_code, r.json()["status"]) == (200, "in_progress"), name
    # Their own completed review they read, but it is out of the reach of filling all the same.
    for name in ("C open", "C done", "M open", "M done"):
        r = await manager.put(f"/api/reviews/{world.reviews[name]}", json=notes)
        assert (r.status_code, r.json()) == (404, REVIEW_NOT_FOUND), name

    unlinked = await world.people.sign_in("unlinked_manager")
    r = await unlinked.put(f"/api/reviews/{world.reviews['B open']}", json=notes)
    assert (r.status_code, r.json()) == (404, REVIEW_NOT_FOUND)

    hr = await world.people.sign_in("hr")
    r = await hr.put(f"/api/reviews/{world.reviews['C open']}", json=notes)
    assert r.status_code == 200, r.text
    # The manager's edits were saved; the refused ones left nothing behind.
    r = await hr.get(f"/api/reviews/{world.reviews['M open']}")
    assert (r.json()["status"], r.json()["reviewerNotes"]) == ("pending", None)


async def test_a_user_fills_no_review_they_are_not_named_on(world: World) -> None:
    """A user account fills only the reviews it is the named reviewer of: under need to know
    the others are out of its reach (404), under open it reads them but may not fill (403)."""
    user = await world.people.sign_in("user")
    for name in ("A open", "B open", "C open"):
        r = await user.put(f"/api/reviews/{world.reviews[name]}", json={"reviewerNotes": "x"})
        assert (r.status_code, r.json()) == (404, REVIEW_NOT_FOUND), name
    await set_visibility(world.people.org, "open")
    for name in ("A open", "B open", "C open"):
        r = await user.put(f"/api/reviews/{world.reviews[name]}", json={"reviewerNotes": "x"})
        assert (r.status_code, r.json()) == (403, NOT_ALLOWED), name


async def test_the_export_is_hr_s_and_holds_every_review(world: World) -> None:
    hr = await world.people.sign_in("hr")
    r = await hr.get("/api/reviews/export")
    assert r.status_code == 200, r.text
    rows = list(csv.reader(io.StringIO(r.text.lstrip("\ufeff"))))[1:]
    assert {int(row[0]) for row in rows} == set(world.reviews.values())
    for account in ("manager", "user", "unlinked_user"):
        c = await world.people.sign_in(account)
        assert (await c.get("/api/reviews/export")).status_code == 403, account


# Reminders: about each employee's open review and expiring certification. The manager reads
# the line's and their own certification's, not the one about their own open review.
REMINDER_REACH = {
    "admin": {f"{who} {kind}" for who in EVERYONE for kind in ("review", "cert")},
    "hr": {f"{who} {kind}" for who in EVERYONE for kind in ("review", "cert")},
    "manager": {"A review", "A cert", "B review", "B cert", "M cert"},
    "unlinked_manager": set(),
}


def reminder_names(people: People, items: list[dict]) -> set[str]:
    return {
        f"{people.names[item['employeeId']]} {'review' if item['reviewId'] else 'cert'}"
        for item in items
    }


@pytest.mark.parametrize("account", sorted(REMINDER_REACH))
async def test_the_reminders_hold_exactly_the_reach(world: World, account: str) -> None:
    c = await world.people.sign_in(account)
    r = await c.get("/api/reminders")
    assert r.status_code == 200, r.text
    assert reminder_names(world.people, r.json()) == REMINDER_REACH[account]


@pytest.mark.parametrize("account", ["user", "unlinked_user"])
async def test_a_user_reads_and_marks_no_reminder(world: World, account: str) -> None:
    c = await world.people.sign_in(account)
    assert (await c.get("/api/reminders")).status_code == 403
    assert (await c.post("/api/reminders/mark-all-read")).status_code == 403
    (first, *_) = await reminders_of(world.people.org)
    r = await c.put(f"/api/reminders/{first.id}", json={"isRead": True})
    assert r.status_code == 403


async def test_a_manager_marks_only_the_reminders_they_see(world: World) -> None:
    people = world.people
    reminders = {
        f"{people.names[row.employee_id]} {'review' if row.review_id else 'cert'}": row.id
        for row in await reminders_of(people.org)
    }
    manager = await people.sign_in("manager")
    for name in ("C cert", "C review", "M review"):
        r = await manager.put(f"/api/reminders/{reminders[name]}", json={"isRead": True})
        assert (r.status_code, r.json()) == (404, {"message": "Reminder not found"}), name
    r = await manager.put(f"/api/reminders/{reminders['B cert']}", json={"isRead": True})
    assert (r.status_code, r.json()["isRead"]) == (200, True)

    r = await manager.post("/api/reminders/mark-all-read")
    assert r.json() == {"updated": 4}
    read = {
        f"{people.names[row.employee_id]} {'review' if row.review_id else 'cert'}"
        for row in await reminders_of(people.org)
        if row.is_read
    }
    assert read == REMINDER_REACH["manager"]


async def test_the_review_assistant_is_for_those_who_fill_reviews(world: World) -> None:
    question = {"message": "How do I write constructive feedback?"}
    for account in ("manager", "hr", "unlinked_manager"):
        c = await world.people.sign_in(account)
        r = await c.post("/api/review-assistant", json=question)
        assert r.status_code == 200, (account, r.text)
    for account in ("user", "unlinked_user"):
        c = await world.people.sign_in(account)
        assert (await c.post("/api/review-assistant", json=question)).status_code == 403


async def test_open_shows_every_review_and_reminder_as_before(open_people: People) -> None:
    world = await seed(open_people)
    for account in ("manager", "user", "unlinked_user"):
        c = await open_people.sign_in(account)
        assert await listed(world, c, "/api/reviews/all") == ALL_REVIEWS, account
        r = await c.get("/api/reminders")
        assert len(r.json()) == 8, account
        r = await c.get(f"/api/reviews/{world.reviews['M open']}")
        assert r.status_code == 200, account
    manager = await open_people.sign_in("manager")
    r = await manager.put(f"/api/reviews/{world.reviews['C open']}", json={"rating": 3})
    assert r.status_code == 200, r.text
    r = await manager.put(f"/api/reviews/{world.reviews['M open']}", json={"rating": 3})
    assert r.status_code == 200, r.text
    user = await open_people.sign_in("user")
    r = await user.put(f"/api/reviews/{world.reviews['A open']}", json={"rating": 3})
    assert r.status_code == 403


async def test_another_organisation_s_ids_are_unknown(
    world: World, login, other_org: Organization
) -> None:
    people = world.people
    reminder = (await reminders_of(people.org))[0]
    for role in ("admin", "hr", "manager"):
        c = await login(other_org, role)
        review = world.reviews["A open"]
        r = await c.get(f"/api/reviews/{review}")
        assert (r.status_code, r.json()) == (404, REVIEW_NOT_FOUND), role
        r = await c.put(f"/api/reviews/{review}", json={"rating": 3})
        assert (r.status_code, r.json()) == (404, REVIEW_NOT_FOUND), role
        r = await c.get(f"/api/reviews?employeeId={people.ids['A']}")
        assert (r.status_code, r.json()) == (404, EMPLOYEE_NOT_FOUND), role
        r = await c.put(f"/api/reminders/{reminder.id}", json={"isRead": True})
        assert r.status_code == 404, role
    hr = await people.sign_in("hr")
    assert len(await listed(world, hr, "/api/reviews/all")) == 8
