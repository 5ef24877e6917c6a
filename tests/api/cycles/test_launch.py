"""Preview and launch: one review per person with the right reviewer and the notices, all in
one transaction (nothing at all when it fails), launched once only; and closing."""

import asyncio
from datetime import timedelta

from sqlalchemy import select, text, update

from api.audit.models import AuditEvent
from api.core.dates import local_today
from api.core.db import tenant_session
from api.notifications.models import Notification
from api.reviews.models import Review
from tests.api.cycles.conftest import IN_CYCLE, World
from tests.conftest import signed_in_client


def day(offset: int) -> str:
    return (local_today() + timedelta(days=offset)).isoformat()


async def test_the_preview_names_everyone_and_their_default_reviewer(world: World) -> None:
    cycle = await world.create()
    r = await world.admin.get(f"/api/cycles/{cycle['id']}/preview")
    assert r.status_code == 200, r.text
    preview = r.json()
    people = {world.letters[p["employeeId"]]: p for p in preview["people"]}
    assert set(people) == IN_CYCLE  # never the archived Z
    assert {k: p["reviewerUserId"] for k, p in people.items()} == {
        "M": None,
        "A": "boss",
        "B": "ann",
        "S": "boss",
        "L": None,
    }
    assert people["A"]["reviewerName"] == "Mona Mson"
    assert people["S"]["department"] == "Field Sales"
    assert people["B"]["employeeName"] == "Ben Bson"
    assert (preview["count"], preview["withoutReviewer"]) == (5, 2)


async def test_each_kind_of_population_chooses_its_people(world: World) -> None:
    async def chosen(population: dict) -> set[str]:
        cycle = await world.create(population=population)
        preview = (await world.admin.get(f"/api/cycles/{cycle['id']}/preview")).json()
        return {world.letters[p["employeeId"]] for p in preview["people"]}

    sales = world.departments["sales"]
    assert await chosen({"kind": "departments", "departmentIds": [sales]}) == {"S", "L"}
    picked = [world.ids["A"], world.ids["Z"]]
    assert await chosen({"kind": "employees", "employeeIds": picked}) == {"A"}
    # Start dates 30 days apart from 2020-01-01, in the order M, A, B, S, Z, L.
    range_ = {"kind": "start_dates", "startFrom": "2020-01-31", "startTo": "2020-03-31"}
    assert await chosen(range_) == {"A", "B", "S"}
    assert await chosen({"kind": "start_dates", "startFrom": "2020-03-31"}) == {"S", "L"}


async def test_launch_makes_one_review_per_person_and_tells_them(world: World) -> None:
    cycle = await world.create(selfDue=day(10), reviewDue=day(30), reviewType="probation")
    r = await world.admin.post(f"/api/cycles/{cycle['id']}/launch")
    assert r.status_code == 200, r.text
    launched = r.json()
    assert launched["status"] == "active" and launched["launchedAt"] is not None
    assert launched["reviewCount"] == 5

    reviews = await world.reviews(cycle["id"])
    by_letter = {world.letters[r.employee_id]: r for r in reviews}
    assert sorted(by_letter) == sorted(IN_CYCLE) and len(reviews) == 5
    for review in reviews:
        assert (review.status, review.review_type) == ("pending", "probation")
        assert review.due_date.isoformat() == day(30)
        assert review.template_id == world.template
    assert {k: r.reviewer_user_id for k, r in by_letter.items()} == {
        "M": None,
        "A": "boss",
        "B": "ann",
        "S": "boss",
        "L": None,
    }

    assigned = await world.notices(Notification.kind == "review_assigned")
    assert sorted((n.user_id, n.review_id) for n in assigned) == sorted(
        [("boss", by_letter["A"].id), ("ann", by_letter["B"].id), ("boss", by_letter["S"].id)]
    )
    assert assigned[0].link == f"/reviews/{assigned[0].review_id}"
    # Asked of each employee's active account: not Sam (inactive), not Mona's shared... all
    # of M, A, B and L have one.
    asked = await world.notices(Notification.kind == "self_review_requested")
    assert sorted(n.user_id for n in asked) == ["ann", "ben", "boss", "loop"]
    ann = next(n for n in asked if n.user_id == "ann")
    assert (ann.review_id, ann.link) == (by_letter["A"].id, f"/reviews/{by_letter['A'].id}/self")

    events = await world.audit("launch")
    assert [(e.resource, e.record_id) for e in events] == [("cycle", str(cycle["id"]))]


async def test_without_a_self_stage_nobody_is_asked_for_one(world: World) -> None:
    await world.launched()
    assert await world.notices(Notification.kind == "self_review_requested") == []
    assert len(await world.notices(Notification.kind == "review_assigned")) == 3


async def test_a_cycle_nobody_is_in_cannot_launch(world: World) -> None:
    population = {"kind": "employees", "employeeIds": [world.ids["Z"]]}  # archived only
    cycle = await world.create(population=population)
    r = await world.admin.post(f"/api/cycles/{cycle['id']}/launch")
    assert (r.status_code, r.json()["message"]) == (422, "Nobody is in this cycle")
    assert (await world.admin.get(f"/api/cycles/{cycle['id']}")).json()["status"] == "draft"
    assert await world.count(Review) == 0


async def test_launching_twice_makes_nothing_more(world: World) -> None:
    cycle = await world.launched()
    r = await world.admin.post(f"/api/cycles/{cycle['id']}/launch")
    assert (r.status_code, r.json()["message"]) == (409, "This cycle has already been launched")
    assert len(await world.reviews(cycle["id"])) == 5
    assert len(await world.notices()) == 3


async def test_two_launches_at_once_make_one_set(world: World) -> None:
    cycle = await world.create()
    second = await signed_in_client(world.app, world.org, "hr")
    try:
        replies = await asyncio.gather(
            world.admin.post(f"/api/cycles/{cycle['id']}/launch"),
            second.post(f"/api/cycles/{cycle['id']}/launch"),
        )
    finally:
        await second.aclose()
    assert sorted(r.status_code for r in replies) == [200, 409]
    assert len(await world.reviews(cycle["id"])) == 5
    assert len(await world.notices()) == 3


async def test_a_launch_that_fails_part_way_leaves_nothing(world: World) -> None:
    """The notices are written after the reviews: a refusal there (a trigger on the real
    table) must take the reviews back with it."""
    cycle = await world.create(selfDue=day(5))
    schema = world.org.schema_name
    async with tenant_session(schema, world.org.id) as s:
        await s.execute(
            text(
                "CREATE FUNCTION refuse_notice() RETURNS trigger LANGUAGE plpgsql AS "
                "$$ BEGIN RAISE EXCEPTION 'no notices today'; END $$"
            )
        )
        await s.execute(
            text(
                "CREATE TRIGGER refuse BEFORE INSERT ON notifications "
                "FOR EACH ROW EXECUTE FUNCTION refuse_notice()"
            )
        )
    r = await world.admin.post(f"/api/cycles/{cycle['id']}/launch")
    assert r.status_code == 500
    assert await world.count(Review) == 0
    assert (await world.admin.get(f"/api/cycles/{cycle['id']}")).json()["status"] == "draft"
    assert await world.audit("launch") == []
    async with tenant_session(schema, world.org.id) as s:
        await s.execute(text("DROP TRIGGER refuse ON notifications"))
    r = await world.admin.post(f"/api/cycles/{cycle['id']}/launch")
    assert r.status_code == 200, r.text
    assert len(await world.reviews(cycle["id"])) == 5


async def test_closing_marks_what_was_not_done_as_unfinished(world: World) -> None:
    draft = await world.create()
    r = await world.admin.post(f"/api/cycles/{draft['id']}/close")
    assert r.status_code == 409
    cycle = await world.launched()
    first = (await world.reviews(cycle["id"]))[0]
    async with tenant_session(world.org.schema_name, world.org.id) as s:
        await s.execute(
            update(Review)
            .where(Review.id == first.id)
            .values(status="completed", rating=4, completed_at=text("now()"))
        )
    r = await world.admin.post(f"/api/cycles/{cycle['id']}/close")
    assert r.status_code == 200, r.text
    assert r.json()["status"] == "closed" and r.json()["closedAt"] is not None
    assert r.json()["doneCount"] == 1
    listed = (await world.admin.get(f"/api/cycles/{cycle['id']}/reviews")).json()
    assert {i["reviewId"]: i["unfinished"] for i in listed} == {
        i["reviewId"]: i["reviewId"] != first.id for i in listed
    }
    assert (await world.admin.post(f"/api/cycles/{cycle['id']}/close")).status_code == 409
    assert [e.summary for e in await world.audit("close")] == [f"Closed {cycle['name']}"]


async def test_only_admin_and_hr_manage_cycles(world: World, login) -> None:  # type: ignore[no-untyped-def]
    cycle = await world.create()
    for role in ("manager", "user"):
        c = await login(world.org, role)
        assert (await c.get("/api/cycles")).status_code == 403
        assert (await c.post("/api/cycles", json=world.body())).status_code == 403
        assert (await c.get(f"/api/cycles/{cycle['id']}")).status_code == 403
        assert (await c.post(f"/api/cycles/{cycle['id']}/launch")).status_code == 403
    hr = await login(world.org, "hr")
    assert (await hr.get(f"/api/cycles/{cycle['id']}/preview")).status_code == 200


async def test_another_organisations_admin_finds_no_cycle(world: World, other_org, login) -> None:  # type: ignore[no-untyped-def]
    cycle = await world.launched()
    other = await login(other_org, "admin")
    assert (await other.get("/api/cycles")).json() == []
    for method, path in (
        ("GET", ""),
        ("GET", "/progress"),
        ("GET", "/reviews"),
        ("GET", "/export"),
        ("POST", "/close"),
        ("POST", "/nudge"),
    ):
        r = await other.request(method, f"/api/cycles/{cycle['id']}{path}", json={})
        assert r.status_code == 404, (path, r.text)
    assert (await world.admin.get(f"/api/cycles/{cycle['id']}")).json()["status"] == "active"


async def test_the_reviews_carry_the_cycle(world: World) -> None:
    cycle = await world.launched()
    async with tenant_session(world.org.schema_name, world.org.id) as s:
        ids = (await s.execute(select(Review.cycle_id).distinct())).scalars().all()
    assert ids == [cycle["id"]]
    assert await world.count(AuditEvent, AuditEvent.resource == "review") == 0
