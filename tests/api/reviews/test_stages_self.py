"""The employee's self-review of their review in a cycle, and what the single review's reply
says of its cycle: stage, reviewer, self-review (to whom), lock."""

from datetime import timedelta

from api.core.db import utcnow
from api.reviews.models import Review
from tests.api.feedback.factories import SELF_QUESTIONS, Org, account_id, today
from tests.api.reviews.factories import COMPLETE, GOOD_ANSWERS, QUESTIONS, add_template

DRAFT = {"q2": "Shipped the billing flow."}
NOT_FOUND = {"message": "Review not found"}


async def test_the_employee_saves_a_draft_then_submits_once(stages: Org) -> None:
    cycle = await stages.cycle()
    review = await stages.review(cycle, "A")
    a = await stages.sign_in("A")

    r = await a.get(f"/api/reviews/{review}/self")
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["reviewId"] == review
    assert body["employeeName"] == "Afirst Alast"
    assert body["questions"] == [{**q, "options": q.get("options"), "scale": q.get("scale")}
                                 for q in QUESTIONS]  # fmt: skip
    assert body["responses"] == {} and body["submittedAt"] is None
    assert body["due"] == (today() + timedelta(days=5)).isoformat()

    r = await a.put(f"/api/reviews/{review}/self", json={"responses": DRAFT})
    assert r.status_code == 200, r.text
    assert r.json()["responses"] == DRAFT and r.json()["submittedAt"] is None
    assert (await a.get(f"/api/reviews/{review}/self")).json()["responses"] == DRAFT

    # Submitting asks every required question; a wrong answer names its question.
    r = await a.put(f"/api/reviews/{review}/self", json={"responses": DRAFT, "submit": True})
    assert r.status_code == 400 and "is required" in r.json()["message"]
    r = await a.put(f"/api/reviews/{review}/self", json={"responses": {"q1": 9}})
    assert r.status_code == 400 and "Question 1" in r.json()["message"]

    r = await a.put(f"/api/reviews/{review}/self", json={"responses": GOOD_ANSWERS, "submit": True})
    assert r.status_code == 200, r.text
    assert r.json()["submittedAt"] is not None
    r = await a.put(f"/api/reviews/{review}/self", json={"responses": GOOD_ANSWERS, "submit": True})
    assert r.status_code == 409
    assert r.json() == {"message": "You have already submitted your self-review"}
    r = await a.put(f"/api/reviews/{review}/self", json={"responses": DRAFT})
    assert r.status_code == 409


async def test_the_cycles_self_template_asks_its_own_questions(stages: Org) -> None:
    own = await add_template(stages.org, name="Self questions", questions=SELF_QUESTIONS)
    cycle = await stages.cycle(self_template_id=own)
    review = await stages.review(cycle, "A")
    a = await stages.sign_in("A")
    body = (await a.get(f"/api/reviews/{review}/self")).json()
    assert [q["question"] for q in body["questions"]] == [q["question"] for q in SELF_QUESTIONS]
    # Answers are checked against those questions, not the review's.
    r = await a.put(f"/api/reviews/{review}/self", json={"responses": {"q4": "yes"}})
    assert r.status_code == 400
    answers = {"q1": "The migration", "q2": 4}
    r = await a.put(f"/api/reviews/{review}/self", json={"responses": answers, "submit": True})
    assert r.status_code == 200, r.text
    detail = (await (await stages.sign_in("M")).get(f"/api/reviews/{review}")).json()
    assert detail["selfResponses"] == answers
    assert [q["id"] for q in detail["selfQuestions"]] == ["q1", "q2"]


async def test_only_the_employees_own_account_reaches_the_self_review(stages: Org) -> None:
    cycle = await stages.cycle()
    review = await stages.review(cycle, "A")
    others = [
        await stages.sign_in("M"),  # the reviewer
        await stages.sign_in("B"),
        await stages.sign_in("admin"),  # the shared sign-in is nobody's
        await stages.client_of(await stages.account("hr-1", "hr"), "hr"),
    ]
    for c in others:
        for call in (c.get, c.put):
            kwargs = {"json": {"responses": DRAFT}} if call == c.put else {}
            r = await call(f"/api/reviews/{review}/self", **kwargs)
            assert (r.status_code, r.json()) == (404, NOT_FOUND)
    a = await stages.sign_in("A")
    for unknown in (review + 1000, 2**40, 0):
        assert (await a.get(f"/api/reviews/{unknown}/self")).status_code in (404, 400)


async def test_a_review_without_a_self_stage_says_so(stages: Org) -> None:
    a = await stages.sign_in("A")
    no_self = await stages.review(await stages.cycle(self_due=None), "A")
    alone = await stages.review(None, "A", reviewer=None)
    for review in (no_self, alone):
        r = await a.get(f"/api/reviews/{review}/self")
        assert (r.status_code, r.json()) == (409, {"message": "This review has no self-review"})
        r = await a.put(f"/api/reviews/{review}/self", json={"responses": DRAFT})
        assert r.status_code == 409


async def test_the_self_review_closes_with_the_review_or_the_cycle(stages: Org) -> None:
    a = await stages.sign_in("A")
    cycle = await stages.cycle()
    done = await stages.review(cycle, "A")
    await stages.complete(done)
    r = await a.put(f"/api/reviews/{done}/self", json={"responses": DRAFT})
    assert r.status_code == 409 and "completed" in r.json()["message"]

    closed = await stages.cycle()
    review = await stages.review(closed, "A")
    await stages.set_cycle(closed, status="closed")
    r = await a.put(f"/api/reviews/{review}/self", json={"responses": DRAFT})
    assert r.status_code == 409 and "closed" in r.json()["message"]
    # Still readable.
    assert (await a.get(f"/api/reviews/{review}/self")).status_code == 200


async def test_the_review_reply_tells_its_stage_reviewer_and_lock(stages: Org) -> None:
    cycle = await stages.cycle(feedback_due=today() + timedelta(days=3))
    review = await stages.review(cycle, "A")
    m = await stages.sign_in("M")
    a = await stages.sign_in("A")

    async def detail() -> dict:
        r = await m.get(f"/api/reviews/{review}")
        assert r.status_code == 200, r.text
        return r.json()

    body = await detail()
    assert body["cycleId"] == cycle and body["cycleName"].startswith("Cycle ")
    assert body["reviewerUserId"] == account_id("M")
    assert body["reviewerName"] == "Mfirst Mlast"
    assert (body["stage"], body["locked"], body["selfResponses"]) == ("self", False, None)
    assert body["selfQuestions"] and body["selfSubmittedAt"] is None

    # A draft is the employee's alone; once handed in, the reviewer reads it.
    await a.put(f"/api/reviews/{review}/self", json={"responses": DRAFT})
    assert (await detail())["selfResponses"] is None
    await a.put(f"/api/reviews/{review}/self", json={"responses": GOOD_ANSWERS, "submit": True})
    body = await detail()
    assert body["stage"] == "feedback" and body["selfResponses"] == GOOD_ANSWERS
    await stages.set_cycle(cycle, feedback_due=today() - timedelta(days=1))
    assert (await detail())["stage"] == "writing"
    r = await m.put(f"/api/reviews/{review}", json=COMPLETE)
    assert r.status_code == 200 and r.json()["stage"] == "sharing"
    await stages.set_review(review, shared_at=utcnow())
    assert (await detail())["stage"] == "acknowledging"
    r = await a.post(f"/api/reviews/{review}/acknowledge", json={})
    assert r.status_code == 200, r.text
    body = await detail()
    assert (body["stage"], body["locked"]) == ("done", True)


async def test_the_self_review_shows_only_to_the_employee_reviewer_admin_and_hr(
    stages: Org,
) -> None:
    cycle = await stages.cycle()
    review = await stages.review(cycle, "B", reviewer="C")
    b = await stages.sign_in("B")
    await b.put(f"/api/reviews/{review}/self", json={"responses": GOOD_ANSWERS, "submit": True})
    hr = await stages.client_of(await stages.account("hr-2", "hr"), "hr")
    shown = {
        "reviewer": await stages.sign_in("C"),
        "admin": await stages.sign_in("admin"),
        "hr": hr,
    }
    for who, c in shown.items():
        assert (await c.get(f"/api/reviews/{review}")).json()["selfResponses"] == GOOD_ANSWERS, who
    # Under "open" everyone reads the review, but not the employee's own words.
    for who in ("M", "A", "D"):
        body = (await (await stages.sign_in(who)).get(f"/api/reviews/{review}")).json()
        assert body["selfResponses"] is None and body["selfQuestions"], who


async def test_a_review_outside_cycles_reads_as_before(stages: Org) -> None:
    review = await stages.review(None, "A", reviewer=None)
    body = (await (await stages.sign_in("admin")).get(f"/api/reviews/{review}")).json()
    for key in ("cycleId", "cycleName", "reviewerUserId", "reviewerName", "stage",
                "selfSubmittedAt", "selfResponses", "selfQuestions", "sharedAt",
                "acknowledgedAt", "acknowledgementComment"):  # fmt: skip
        assert body[key] is None, key
    assert body["locked"] is False
    assert await stages.count(Review, Review.id == review) == 1
