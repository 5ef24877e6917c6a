"""GET /api/my/work: what the signed-in account has to do in the active cycles, each with its
due date and whether it is overdue, read in a few queries."""

from datetime import timedelta

from sqlalchemy import event

from api.core.db import get_engine, utcnow
from tests.api.feedback.factories import Org, today

EMPTY = {
    "selfReviews": [],
    "feedbackRequests": [],
    "reviewsToWrite": [],
    "reviewsToAcknowledge": [],
}


async def test_each_kind_of_work_with_its_due_date(stages: Org) -> None:
    day = today()
    late = await stages.cycle(self_due=day - timedelta(days=1), feedback_due=day)
    cycle = await stages.cycle()
    # A's own: a self-review (late), a shared review to acknowledge.
    own = await stages.review(late, "A", reviewer="M")
    shared = await stages.review(cycle, "A", reviewer="M")
    await stages.complete(shared)
    await stages.set_review(shared, shared_at=utcnow())
    # A writes B's review, and has completed F's, still to share.
    to_write = await stages.review(cycle, "B", reviewer="A")
    to_share = await stages.review(cycle, "F", reviewer="A")
    await stages.complete(to_share)
    # A is asked for feedback on C's review.
    of_c = await stages.review(cycle, "C", reviewer="M")
    admin = await stages.sign_in("admin")
    r = await admin.post(
        f"/api/reviews/{of_c}/feedback-requests", json={"employeeIds": [stages.ids["A"]]}
    )
    assert r.status_code == 201, r.text
    [request] = await stages.requests(of_c)

    a = await stages.sign_in("A")
    r = await a.get("/api/my/work")
    assert r.status_code == 200, r.text
    work = r.json()
    [self_review] = work["selfReviews"]
    assert self_review == {
        "kind": "self_review",
        "id": own,
        "reviewId": own,
        "employeeName": "Afirst Alast",
        "cycleName": self_review["cycleName"],
        "reviewType": "annual",
        "due": (day - timedelta(days=1)).isoformat(),
        "overdue": True,
        "link": f"/reviews/{own}/self",
    }
    [asked] = work["feedbackRequests"]
    assert (asked["kind"], asked["id"], asked["reviewId"]) == ("feedback", request.id, of_c)
    assert asked["employeeName"] == "Cfirst Clast" and asked["link"] == f"/feedback/{request.id}"
    assert asked["overdue"] is False and asked["due"] == (day + timedelta(days=5)).isoformat()
    assert [(w["kind"], w["id"], w["employeeName"]) for w in work["reviewsToWrite"]] == [
        ("review", to_write, "Bfirst Blast"),
        ("share", to_share, "Ffirst Flast"),
    ]
    assert all(w["due"] == (day + timedelta(days=10)).isoformat() for w in work["reviewsToWrite"])
    [ack] = work["reviewsToAcknowledge"]
    assert (ack["kind"], ack["id"], ack["link"]) == ("acknowledge", shared, f"/reviews/{shared}")
    assert ack["due"] == (day + timedelta(days=20)).isoformat() and not ack["overdue"]


async def test_done_work_and_closed_cycles_leave_the_list(stages: Org) -> None:
    cycle = await stages.cycle()
    own = await stages.review(cycle, "A")  # a self-review
    to_write = await stages.review(cycle, "B", reviewer="A")
    a = await stages.sign_in("A")
    work = (await a.get("/api/my/work")).json()
    assert [w["id"] for w in work["selfReviews"]] == [own]
    assert [w["id"] for w in work["reviewsToWrite"]] == [to_write]
    await stages.set_review(own, self_submitted_at=utcnow())
    assert (await a.get("/api/my/work")).json()["selfReviews"] == []
    await stages.set_cycle(cycle, status="closed")
    assert (await a.get("/api/my/work")).json() == EMPTY


async def test_answered_or_closed_requests_leave_the_list(stages: Org) -> None:
    cycle = await stages.cycle()
    review = await stages.review(cycle, "C")
    admin = await stages.sign_in("admin")
    ids = [stages.ids["A"], stages.ids["B"]]
    await admin.post(f"/api/reviews/{review}/feedback-requests", json={"employeeIds": ids})
    a, b = await stages.sign_in("A"), await stages.sign_in("B")
    [mine] = (await a.get("/api/my/work")).json()["feedbackRequests"]
    r = await a.post(f"/api/feedback-requests/{mine['id']}/answer", json={"rating": 4})
    assert r.status_code == 200
    assert (await a.get("/api/my/work")).json()["feedbackRequests"] == []
    assert len((await b.get("/api/my/work")).json()["feedbackRequests"]) == 1
    await stages.set_cycle(cycle, feedback_due=today() - timedelta(days=1))
    assert (await b.get("/api/my/work")).json()["feedbackRequests"] == []


async def test_an_account_of_nobody_has_nothing_to_do(stages: Org) -> None:
    await stages.review(await stages.cycle(), "A", reviewer="M")
    for c in (await stages.sign_in("admin"), await stages.client_of("nobody", "user")):
        r = await c.get("/api/my/work")
        assert (r.status_code, r.json()) == (200, EMPTY)


async def test_my_work_is_a_few_queries_however_much_there_is(stages: Org) -> None:
    for _ in range(3):
        cycle = await stages.cycle()
        for person in ("B", "C", "D", "E"):
            await stages.review(cycle, person, reviewer="A")
        await stages.review(cycle, "A", reviewer="M")
    a = await stages.sign_in("A")
    statements: list[str] = []

    def seen(conn, cursor, statement, *args) -> None:  # type: ignore[no-untyped-def]
        if "FROM reviews" in statement or "FROM feedback_requests" in statement:
            statements.append(statement)

    engine = get_engine().sync_engine
    event.listen(engine, "before_cursor_execute", seen)
    try:
        work = (await a.get("/api/my/work")).json()
    finally:
        event.remove(engine, "before_cursor_execute", seen)
    assert len(work["reviewsToWrite"]) == 12 and len(work["selfReviews"]) == 3
    assert len(statements) == 3, statements
