"""A launched cycle followed: counts per stage, department and reviewer, the reviews listed
and filtered, reviewers named again, nudges (once a day) and the CSV."""

import csv
import io
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import insert, update

from api.core.dates import local_today
from api.core.db import tenant_session
from api.cycles.models import FeedbackRequest
from api.cycles.reviewers import ASKED_FOR_FEEDBACK
from api.notifications.models import Notification
from api.reviews.models import Review
from tests.api.cycles.conftest import World

NOW = datetime(2026, 1, 5, tzinfo=UTC)


def day(offset: int) -> str:
    return (local_today() + timedelta(days=offset)).isoformat()


async def set_review(world: World, review_id: int, **values: Any) -> None:
    await world.execute(update(Review).where(Review.id == review_id).values(**values))


async def staged(world: World) -> tuple[dict[str, Any], dict[str, int]]:
    """A cycle with every stage, the self-review overdue, one review in each stage:
    M self (overdue), A writing, B sharing, S acknowledging, L done."""
    cycle = await world.launched(
        selfDue=day(-5), feedbackDue=day(-2), reviewDue=day(10), acknowledgeDue=day(20)
    )
    ids = {world.letters[r.employee_id]: r.id for r in await world.reviews(cycle["id"])}
    done = {"status": "completed", "rating": 4, "completed_at": NOW, "self_submitted_at": NOW}
    await set_review(world, ids["A"], self_submitted_at=NOW)
    await set_review(world, ids["B"], **done)
    await set_review(world, ids["S"], **done, shared_at=NOW)
    await set_review(world, ids["L"], **{**done, "rating": 5}, shared_at=NOW, acknowledged_at=NOW)
    return cycle, ids


async def test_progress_counts_each_stage_department_and_reviewer(world: World) -> None:
    cycle, _ = await staged(world)
    r = await world.admin.get(f"/api/cycles/{cycle['id']}/progress")
    assert r.status_code == 200, r.text
    progress = r.json()
    assert (progress["total"], progress["overdue"]) == (5, 1)
    assert progress["byStage"] == {
        "self": 1,
        "feedback": 0,
        "writing": 1,
        "sharing": 1,
        "acknowledging": 1,
        "done": 1,
    }
    assert progress["byDepartment"] == [
        {
            "departmentId": world.departments["sales"],
            "department": "Field Sales",
            "total": 2,
            "done": 1,
            "overdue": 0,
        },
        {
            "departmentId": world.departments["eng"],
            "department": "Platform",
            "total": 3,
            "done": 0,
            "overdue": 1,
        },
    ]
    assert progress["byReviewer"] == [
        {"reviewerUserId": None, "reviewerName": None, "total": 2, "done": 1, "overdue": 1},
        {"reviewerUserId": "ann", "reviewerName": "Ann Ason", "total": 1, "done": 0, "overdue": 0},
        {
            "reviewerUserId": "boss",
            "reviewerName": "Mona Mson",
            "total": 2,
            "done": 0,
            "overdue": 0,
        },
    ]
    listed = (await world.admin.get("/api/cycles")).json()
    assert (listed[0]["reviewCount"], listed[0]["doneCount"]) == (5, 1)


async def letters(world: World, cycle: dict[str, Any], query: str = "") -> list[str]:
    r = await world.admin.get(f"/api/cycles/{cycle['id']}/reviews{query}")
    assert r.status_code == 200, r.text
    return [world.letters[item["employeeId"]] for item in r.json()]


async def test_the_reviews_list_filters_and_pages(world: World) -> None:
    cycle, ids = await staged(world)
    items = (await world.admin.get(f"/api/cycles/{cycle['id']}/reviews")).json()
    by_letter = {world.letters[i["employeeId"]]: i for i in items}
    assert [world.letters[i["employeeId"]] for i in items] == ["A", "B", "L", "M", "S"]
    assert by_letter["M"] == {
        "reviewId": ids["M"],
        "employeeId": world.ids["M"],
        "employeeName": "Mona Mson",
        "department": "Platform",
        "reviewerUserId": None,
        "reviewerName": None,
        "stage": "self",
        "stageDue": day(-5),
        "overdue": True,
        "unfinished": False,
        "rating": None,
    }
    assert (by_letter["L"]["stage"], by_letter["L"]["stageDue"], by_letter["L"]["rating"]) == (
        "done",
        None,
        5,
    )
    assert by_letter["S"]["stageDue"] == day(20)
    assert await letters(world, cycle, "?stage=sharing") == ["B"]
    sales = world.departments["sales"]
    assert await letters(world, cycle, f"?departmentId={sales}") == ["L", "S"]
    assert await letters(world, cycle, "?reviewerUserId=boss") == ["A", "S"]
    assert await letters(world, cycle, "?reviewerUserId=none") == ["L", "M"]
    assert await letters(world, cycle, "?overdue=true") == ["M"]
    assert await letters(world, cycle, "?stage=writing&reviewerUserId=ann") == []
    r = await world.admin.get(f"/api/cycles/{cycle['id']}/reviews?page=2&pageSize=2")
    assert r.headers["x-total-count"] == "5"
    assert [world.letters[i["employeeId"]] for i in r.json()] == ["L", "M"]
    assert (await world.admin.get(f"/api/cycles/{cycle['id']}/reviews?stage=x")).status_code == 400


async def test_reviewers_are_named_again_one_or_many(world: World) -> None:
    cycle, ids = await staged(world)
    path = f"/api/cycles/{cycle['id']}/reviewers"
    r = await world.admin.put(path, json={"reviewIds": [ids["A"]], "reviewerUserId": "ben"})
    assert r.json() == {"updated": 1}
    told = await world.notices(
        Notification.user_id == "ben", Notification.kind == "review_assigned"
    )
    assert [(n.kind, n.review_id) for n in told] == [("review_assigned", ids["A"])]
    r = await world.admin.put(
        path, json={"reviewIds": [ids["A"], ids["M"]], "reviewerUserId": "loop"}
    )
    assert r.json() == {"updated": 2}
    reviewers = {
        world.letters[r.employee_id]: r.reviewer_user_id for r in await world.reviews(cycle["id"])
    }
    assert (reviewers["A"], reviewers["M"]) == ("loop", "loop")
    # The same reviewer again changes nothing and tells nobody again.
    r = await world.admin.put(path, json={"reviewIds": [ids["M"]], "reviewerUserId": "loop"})
    assert r.json() == {"updated": 0}
    r = await world.admin.put(path, json={"reviewIds": [ids["M"]], "reviewerUserId": None})
    assert r.json() == {"updated": 1}
    events = await world.audit("reassign")
    assert [e.changes for e in events][-1] == {"reviewer_user_id": ["loop", None]}
    assert events[0].employee_id == world.ids["A"]
    assert events[0].changes == {"reviewer_user_id": ["boss", "ben"]}


@pytest.mark.parametrize(
    ("letter", "reviewer", "status", "message"),
    [
        ("M", "boss", 422, "A person cannot review themselves"),
        ("A", "sam", 422, "That account is inactive: choose an active one"),
        ("A", "nobody", 422, "No account with that id"),
        ("B", "boss", 409, "A completed review keeps its reviewer"),
    ],
)
async def test_reviewers_the_rules_refuse(
    world: World, letter: str, reviewer: str, status: int, message: str
) -> None:
    cycle, ids = await staged(world)
    before = {r.id: r.reviewer_user_id for r in await world.reviews(cycle["id"])}
    body = {
        "reviewIds": [ids["L"] if letter == "B" else ids["A"], ids[letter]],
        "reviewerUserId": reviewer,
    }
    r = await world.admin.put(f"/api/cycles/{cycle['id']}/reviewers", json=body)
    assert (r.status_code, r.json()["message"]) == (status, message)
    assert {r.id: r.reviewer_user_id for r in await world.reviews(cycle["id"])} == before
    assert await world.audit("reassign") == []


async def test_a_colleague_asked_for_feedback_is_not_made_the_reviewer(world: World) -> None:
    cycle, ids = await staged(world)
    await world.execute(
        insert(FeedbackRequest).values(review_id=ids["A"], employee_id=world.ids["L"], kind="peer")
    )
    path = f"/api/cycles/{cycle['id']}/reviewers"
    r = await world.admin.put(path, json={"reviewIds": [ids["A"]], "reviewerUserId": "loop"})
    assert (r.status_code, r.json()["message"]) == (422, ASKED_FOR_FEEDBACK)
    assert {x.id: x.reviewer_user_id for x in await world.reviews(cycle["id"])}[ids["A"]] == "boss"


async def test_the_reviewers_offered_are_the_active_accounts(world: World) -> None:
    r = await world.admin.get("/api/cycles/reviewer-options")
    assert r.status_code == 200, r.text
    assert [(o["userId"], o["name"], o["role"]) for o in r.json()] == [
        ("ann", "Ann Ason", "user"),
        ("ben", "Ben Bson", "user"),
        ("loop", "Lou Lson", "user"),
        ("boss", "Mona Mson", "manager"),
    ]


async def test_reviews_of_other_cycles_and_closed_cycles_are_not_reassigned(world: World) -> None:
    cycle, ids = await staged(world)
    other = await world.launched()
    other_review = (await world.reviews(other["id"]))[0].id
    path = f"/api/cycles/{cycle['id']}/reviewers"
    r = await world.admin.put(path, json={"reviewIds": [other_review], "reviewerUserId": "ben"})
    assert (r.status_code, r.json()["message"]) == (404, "Review not found in this cycle")
    await world.admin.post(f"/api/cycles/{cycle['id']}/close")
    r = await world.admin.put(path, json={"reviewIds": [ids["A"]], "reviewerUserId": "ben"})
    assert (r.status_code, r.json()["message"]) == (409, "This cycle is closed")


async def test_nudges_tell_whoever_must_act_once_a_day(world: World) -> None:
    cycle, ids = await staged(world)
    path = f"/api/cycles/{cycle['id']}/nudge"
    # Everyone behind: only Mona's self-review is overdue; her own account is told.
    assert (await world.admin.post(path, json={})).json() == {"nudged": 1}
    told = await world.notices(Notification.dedupe_key.like("nudge:%"))
    assert [(n.user_id, n.kind, n.link) for n in told] == [
        ("boss", "review_overdue", f"/reviews/{ids['M']}/self")
    ]
    assert told[0].dedupe_key == f"nudge:{ids['M']}:self:boss:{local_today().isoformat()}"
    assert (await world.admin.post(path, json={})).json() == {"nudged": 0}
    # One at a time: the reviewer writes (A) and shares (B); Sam's account is inactive (S);
    # nobody acts on a review that is done (L).
    body = {"reviewIds": [ids["A"], ids["B"], ids["S"], ids["L"]]}
    assert (await world.admin.post(path, json=body)).json() == {"nudged": 2}
    told = await world.notices(Notification.kind == "review_due_soon")
    assert sorted((n.user_id, n.review_id) for n in told) == sorted(
        [("boss", ids["A"]), ("ann", ids["B"])]
    )
    assert (await world.admin.post(path, json=body)).json() == {"nudged": 0}
    r = await world.admin.post(path, json={"reviewIds": [999_999]})
    assert r.status_code == 404


async def test_colleagues_who_have_not_answered_are_nudged(world: World) -> None:
    cycle = await world.launched(feedbackDue=day(3), reviewDue=day(10))
    review = next(r for r in await world.reviews(cycle["id"]) if r.employee_id == world.ids["A"])
    asked = []
    async with tenant_session(world.org.schema_name, world.org.id) as s:
        for letter, answered in (("B", False), ("S", False), ("L", True)):
            request = FeedbackRequest(
                review_id=review.id,
                employee_id=world.ids[letter],
                kind="peer",
                answered_at=NOW if answered else None,
                rating=3 if answered else None,
            )
            s.add(request)
            await s.flush()
            asked.append(request.id)
    r = await world.admin.post(f"/api/cycles/{cycle['id']}/nudge", json={"reviewIds": [review.id]})
    # Ben has not answered; Sam's account is inactive; Lou has answered.
    assert r.json() == {"nudged": 1}
    told = await world.notices(Notification.dedupe_key.like("nudge:%"))
    assert [(n.user_id, n.link) for n in told] == [("ben", f"/feedback/{asked[0]}")]


async def test_the_csv_has_a_row_per_review(world: World) -> None:
    cycle, ids = await staged(world)
    r = await world.admin.get(f"/api/cycles/{cycle['id']}/export")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/csv")
    assert r.headers["cache-control"] == "no-store"
    rows = list(csv.reader(io.StringIO(r.content.decode("utf-8-sig"))))
    assert rows[0][:5] == ["Review ID", "Employee", "Department", "Reviewer", "Stage"]
    by_name = {row[1]: row for row in rows[1:]}
    assert sorted(by_name) == ["Ann Ason", "Ben Bson", "Lou Lson", "Mona Mson", "Sam Sson"]
    assert by_name["Mona Mson"][2:7] == ["Platform", "", "self", day(-5), "true"]
    assert by_name["Ann Ason"][3] == "Mona Mson"
    assert by_name["Lou Lson"][4] == "done" and by_name["Lou Lson"][10] == "5"
    assert by_name["Sam Sson"][11] != "" and by_name["Sam Sson"][12] == ""
    events = await world.audit("export")
    assert [(e.resource, e.record_id) for e in events] == [("cycle", str(cycle["id"]))]
    await world.admin.post(f"/api/cycles/{cycle['id']}/close")
    r = await world.admin.get(f"/api/cycles/{cycle['id']}/export")
    stages = {row[1]: row[4] for row in csv.reader(io.StringIO(r.content.decode("utf-8-sig")))}
    assert (stages["Mona Mson"], stages["Lou Lson"]) == ("unfinished", "done")
