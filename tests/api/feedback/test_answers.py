"""Colleagues answer the requests made of them; the reviewer reads the answers together,
without names, and only from three answers on. Nothing a reviewer can call tells who answered,
who has not, or who wrote which comment."""

from datetime import timedelta

import httpx
from sqlalchemy import select

from api.audit.models import AuditEvent
from api.core.db import tenant_session
from tests.api.feedback.factories import Org, account_id, today

NOT_FOUND = {"message": "Feedback request not found"}


async def asked(org: Org, review: int, *people: str) -> dict[str, int]:
    """person -> the id of the request made of them on the review."""
    admin = await org.sign_in("admin")
    ids = [org.ids[p] for p in people]
    r = await admin.post(f"/api/reviews/{review}/feedback-requests", json={"employeeIds": ids})
    assert r.status_code == 201, r.text
    by_employee = {q.employee_id: q.id for q in await org.requests(review)}
    return {p: by_employee[org.ids[p]] for p in people}


async def answer(client: httpx.AsyncClient, request: int, rating: int, comment: str | None):  # type: ignore[no-untyped-def]
    return await client.post(
        f"/api/feedback-requests/{request}/answer", json={"rating": rating, "comment": comment}
    )


async def test_a_colleague_reads_and_answers_their_request_once(stages: Org) -> None:
    cycle = await stages.cycle()
    review = await stages.review(cycle, "A")
    requests = await asked(stages, review, "B", "D")
    b = await stages.sign_in("B")
    r = await b.get(f"/api/feedback-requests/{requests['B']}")
    assert r.status_code == 200, r.text
    body = r.json()
    assert body == {
        "id": requests["B"],
        "reviewId": review,
        "employeeName": "Afirst Alast",
        "position": "A position",
        "cycleName": body["cycleName"],
        "kind": "upward",
        "due": (today() + timedelta(days=5)).isoformat(),
        "closed": False,
        "closedReason": None,
        "answeredAt": None,
        "rating": None,
        "comment": None,
    }
    assert body["cycleName"].startswith("Cycle ")
    for bad in (
        {"rating": 0},
        {"rating": 6},
        {"rating": "4"},
        {},
        {"rating": 3, "comment": "x" * 2001},
    ):
        r = await b.post(f"/api/feedback-requests/{requests['B']}/answer", json=bad)
        assert r.status_code == 400, bad
    r = await answer(b, requests["B"], 4, "  Clear priorities.  ")
    assert r.status_code == 200, r.text
    assert (r.json()["rating"], r.json()["comment"]) == (4, "Clear priorities.")
    assert r.json()["answeredAt"] is not None
    r = await answer(b, requests["B"], 2, "Changed my mind")
    assert (r.status_code, r.json()) == (409, {"message": "You have already answered this request"})
    assert (await b.get(f"/api/feedback-requests/{requests['B']}")).json()["rating"] == 4
    # The audit trail, read by admin and hr, keeps no trace of who answered or what.
    async with tenant_session(stages.org.schema_name, stages.org.id) as session:
        events = list(await session.scalars(select(AuditEvent)))
    assert not [e for e in events if e.actor_user_id == account_id("B")]
    assert "Clear priorities" not in str([(e.summary, e.changes) for e in events])


async def test_nobody_else_reads_or_answers_a_request(stages: Org) -> None:
    review = await stages.review(await stages.cycle(), "A", reviewer="C")
    requests = await asked(stages, review, "B")
    hr = await stages.client_of(await stages.account("hr-fb", "hr"), "hr")
    others = [await stages.sign_in(p) for p in ("A", "C", "M", "D", "admin")] + [hr]
    for c in others:
        r = await c.get(f"/api/feedback-requests/{requests['B']}")
        assert (r.status_code, r.json()) == (404, NOT_FOUND)
        assert (await answer(c, requests["B"], 5, "Me")).status_code == 404
    b = await stages.sign_in("B")
    for unknown in (requests["B"] + 1000, 2**31):
        assert (await b.get(f"/api/feedback-requests/{unknown}")).status_code == 404
    assert (await stages.requests(review))[0].answered_at is None


async def test_answers_close_with_the_feedback_stage(stages: Org) -> None:
    cycle = await stages.cycle()
    review = await stages.review(cycle, "A")
    requests = await asked(stages, review, "B", "C", "D")
    prefix = "The feedback stage of this review is closed: "

    async def refused(person: str, reason: str) -> None:
        """The request says it is closed, and why, before any answer; sending one is refused."""
        client = await stages.sign_in(person)
        read = (await client.get(f"/api/feedback-requests/{requests[person]}")).json()
        assert (read["closed"], read["closedReason"]) == (True, prefix + reason), person
        r = await answer(client, requests[person], 3, None)
        assert (r.status_code, r.json()) == (409, {"message": prefix + reason}), person

    late = today() - timedelta(days=1)
    await stages.set_cycle(cycle, feedback_due=late)
    await refused("B", f"answers were due by {late:%-d %B %Y}")
    await stages.set_cycle(cycle, feedback_due=today(), status="closed")
    await refused("C", "the review cycle has been closed")
    await stages.set_cycle(cycle, status="active")
    # Open again on its last day: the request says so.
    d = await stages.sign_in("D")
    read = (await d.get(f"/api/feedback-requests/{requests['D']}")).json()
    assert (read["closed"], read["closedReason"], read["due"]) == (False, None, today().isoformat())
    await stages.complete(review)
    await refused("D", "the review has been completed")
    assert all(q.answered_at is None for q in await stages.requests(review))


async def feedback(client: httpx.AsyncClient, review: int) -> dict:
    r = await client.get(f"/api/reviews/{review}/feedback")
    assert r.status_code == 200, r.text
    return r.json()


async def test_answers_show_together_without_names_from_three_on(stages: Org) -> None:
    review = await stages.review(await stages.cycle(), "A", reviewer="C")
    requests = await asked(stages, review, "B", "D", "E", "M")
    c = await stages.sign_in("C")
    names = ["Bfirst Blast", "Dfirst Dlast", "Efirst Elast", "Mfirst Mlast"]
    hidden = {
        "requested": 4,
        "threshold": 3,
        "shown": False,
        "averageRating": None,
        "ratings": None,
        "comments": [],
    }
    body = await feedback(c, review)
    assert body == {**hidden, "answered": 0, "asked": body["asked"]}
    assert [a["employeeName"] for a in body["asked"]] == names
    # The asked list says who was asked, never whether they answered.
    assert all(set(a) == {"employeeId", "employeeName"} for a in body["asked"])

    await answer(await stages.sign_in("D"), requests["D"], 2, "Zealous about reviews")
    await answer(await stages.sign_in("B"), requests["B"], 5, "Always helps")
    body = await feedback(c, review)
    # Two answers: nothing of them, not the comment of the one who answered first.
    assert body == {**hidden, "answered": 2, "asked": body["asked"]}
    assert [a["employeeName"] for a in body["asked"]] == names

    await answer(await stages.sign_in("E"), requests["E"], 5, None)
    body = await feedback(c, review)
    assert body["shown"] is True and body["answered"] == 3
    assert body["averageRating"] == 4.0
    assert body["ratings"] == {"1": 0, "2": 1, "3": 0, "4": 0, "5": 2}
    # By their text, not by who or when: the first answer's comment comes last.
    assert body["comments"] == ["Always helps", "Zealous about reviews"]
    assert [a["employeeName"] for a in body["asked"]] == names
    for who in ("admin",):
        assert (await feedback(await stages.sign_in(who), review)) == body


async def test_a_reviewer_cannot_tell_who_answered_by_any_other_call(stages: Org) -> None:
    review = await stages.review(await stages.cycle(), "A", reviewer="C")
    requests = await asked(stages, review, "B", "D")
    await answer(await stages.sign_in("B"), requests["B"], 1, "Harsh words")
    c = await stages.sign_in("C")
    # Asking again: the same answer for the one who answered and the one who did not.
    replies = []
    for person in ("B", "D"):
        r = await c.post(
            f"/api/reviews/{review}/feedback-requests", json={"employeeIds": [stages.ids[person]]}
        )
        replies.append((r.status_code, r.json()["message"].split(" has ")[1]))
    assert replies[0] == replies[1] and replies[0][0] == 409
    # Reading either request: not found alike, answered or not.
    for person in ("B", "D"):
        r = await c.get(f"/api/feedback-requests/{requests[person]}")
        assert (r.status_code, r.json()) == (404, NOT_FOUND)
    # No list of requests: the reviewer's own to-do list holds none of them.
    work = (await c.get("/api/my/work")).json()
    assert work["feedbackRequests"] == []
    # The review's reply says nothing of the feedback either.
    body = (await c.get(f"/api/reviews/{review}")).json()
    assert "Harsh" not in str(body)
    assert "Harsh" not in str(await feedback(c, review))


async def test_the_reviewed_person_never_reads_their_feedback(stages: Org) -> None:
    review = await stages.review(await stages.cycle(), "A", reviewer="C")
    requests = await asked(stages, review, "B", "D", "E")
    for person, note in (("B", "one"), ("D", "two"), ("E", "three")):
        await answer(await stages.sign_in(person), requests[person], 3, note)
    await stages.complete(review)
    for client in (await stages.sign_in("A"), await stages.sign_in("A", role="hr"),
                   await stages.sign_in("A", role="admin")):  # fmt: skip
        r = await client.get(f"/api/reviews/{review}/feedback")
        assert (r.status_code, r.json()) == (404, {"message": "Review not found"})
    # Others reading the review under open, not named on it, are refused.
    for person in ("M", "B"):
        assert (
            await (await stages.sign_in(person)).get(f"/api/reviews/{review}/feedback")
        ).status_code == 403


async def test_under_need_to_know_only_the_named_reviewer_reads_it(ntk: Org) -> None:
    review = await ntk.review(await ntk.cycle(), "B", reviewer="C")
    c = await ntk.sign_in("C")
    assert (await feedback(c, review))["requested"] == 0
    r = await (await ntk.sign_in("D")).get(f"/api/reviews/{review}/feedback")
    assert (r.status_code, r.json()) == (404, {"message": "Review not found"})
    assert (
        await (await ntk.sign_in("M")).get(f"/api/reviews/{review}/feedback")
    ).status_code == 403
