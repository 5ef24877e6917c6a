"""Asking colleagues for feedback on a review: who may ask, whom, how many, until when; and
each colleague told."""

from datetime import timedelta

from api.cycles.models import FeedbackRequest
from tests.api.feedback.factories import Org, account_id, today
from tests.api.reviews.factories import add_employee
from tests.api.test_route_matrix import start_ids_high
from tests.conftest import new_org


async def ask(client, review: int, *ids: int):  # type: ignore[no-untyped-def]
    return await client.post(
        f"/api/reviews/{review}/feedback-requests", json={"employeeIds": list(ids)}
    )


async def test_the_named_reviewer_asks_colleagues_who_are_told(ntk: Org) -> None:
    review = await ntk.review(await ntk.cycle(), "A", reviewer="C")
    c = await ntk.sign_in("C")
    ids = ntk.ids
    r = await ask(c, review, ids["B"], ids["D"])
    assert r.status_code == 201, r.text
    assert r.json() == {
        "asked": [
            {"employeeId": ids["B"], "employeeName": "Bfirst Blast"},
            {"employeeId": ids["D"], "employeeName": "Dfirst Dlast"},
        ]
    }
    made = {q.employee_id: q for q in await ntk.requests(review)}
    # B reports to A, the reviewed person: upward feedback; D is a peer.
    assert (made[ids["B"]].kind, made[ids["D"]].kind) == ("upward", "peer")
    assert made[ids["B"]].requested_by_user_id == account_id("C")
    notices = {n.user_id: n for n in await ntk.notices("feedback_requested")}
    assert set(notices) == {account_id("B"), account_id("D")}
    told = notices[account_id("B")]
    assert told.dedupe_key == f"feedback:{made[ids['B']].id}"
    assert told.link == f"/feedback/{made[ids['B']].id}" and told.review_id == review

    r = await ask(c, review, ids["E"])
    assert r.status_code == 201 and len(r.json()["asked"]) == 3


async def test_the_colleagues_asked_must_be_able_to_answer(stages: Org) -> None:
    review = await stages.review(await stages.cycle(), "A")
    m = await stages.sign_in("M")
    ids = stages.ids
    cases = {
        "A": (422, "A person cannot give feedback on their own review"),
        "F": (422, "Ffirst Flast has no active account to answer with"),
        "G": (422, "Gfirst Glast has no active account to answer with"),
        "Z": (422, "Some of the colleagues chosen are not employees of this organisation"),
    }
    for who, (status, message) in cases.items():
        r = await ask(m, review, ids["B"], ids[who])
        assert (r.status_code, r.json()) == (status, {"message": message}), who
    for unknown in (ids["Z"] + 1000, 2**31, -1):
        r = await ask(m, review, unknown)
        assert r.status_code == 422, r.text
    # Another organisation's employee is no colleague here, whatever its id.
    other = await new_org("stx", "Other Org")
    await start_ids_high(other)
    theirs = await add_employee(other)
    r = await ask(m, review, theirs)
    assert (r.status_code, r.json()) == (422, {"message": cases["Z"][1]})
    assert await stages.requests(review) == []  # a refused ask makes none of its requests

    assert (await ask(m, review, ids["B"])).status_code == 201
    r = await ask(m, review, ids["D"], ids["B"])
    assert r.status_code == 409
    assert r.json() == {
        "message": "Bfirst Blast has already been asked for feedback on this review"
    }
    ids["X"] = await add_employee(stages.org, manager_id="ST-M")
    await stages.account("acc-x", "user", "X")
    assert (await ask(m, review, ids["C"], ids["D"], ids["E"], ids["X"])).status_code == 201
    # Five asked in all: a sixth is refused (more people would be needed; none left).
    more = await add_employee(stages.org, manager_id="ST-M")
    await stages.account("acc-more", "user", None)
    r = await ask(m, review, more)
    assert r.status_code == 422 and "At most 5" in r.json()["message"]
    assert (await ask(m, review)).status_code == 400
    assert (await ask(m, review, *[ids[x] for x in "BCDEFG"])).status_code == 400
    assert len(await stages.requests(review)) == 5


async def test_the_reviewer_and_the_asker_are_not_among_the_colleagues(stages: Org) -> None:
    """Knowing one answer of three, a reader could tell the other two apart."""
    review = await stages.review(await stages.cycle(), "A", reviewer="C")
    refused = {
        "message": "Those who ask for feedback or write the review cannot answer it themselves"
    }
    c = await stages.sign_in("C")
    r = await ask(c, review, stages.ids["B"], stages.ids["C"])
    assert (r.status_code, r.json()) == (422, refused)
    # hr linked to D asks: D is not asked; the reviewer C is refused to hr too.
    hr_d = await stages.sign_in("D", role="hr")
    for person in ("D", "C"):
        r = await ask(hr_d, review, stages.ids[person])
        assert (r.status_code, r.json()) == (422, refused), person
    assert await stages.requests(review) == []
    assert (await ask(hr_d, review, stages.ids["E"])).status_code == 201


async def test_feedback_is_asked_only_while_its_stage_is_open(stages: Org) -> None:
    m = await stages.sign_in("M")
    b = stages.ids["B"]
    past = await stages.review(await stages.cycle(feedback_due=today() - timedelta(days=1)), "A")
    closed_cycle = await stages.cycle()
    closed = await stages.review(closed_cycle, "C")
    await stages.set_cycle(closed_cycle, status="closed")
    done = await stages.review(await stages.cycle(), "D")
    await stages.complete(done)
    for review, why in (
        (past, "answers were due by "),
        (closed, "the review cycle has been closed"),
        (done, "the review has been completed"),
    ):
        r = await ask(m, review, b)
        assert r.json()["message"].startswith(f"The feedback stage of this review is closed: {why}")
        assert r.status_code == 409
    for review in (
        await stages.review(await stages.cycle(feedback_due=None), "E"),
        await stages.review(None, "E", reviewer="M"),
    ):
        r = await ask(m, review, b)
        assert (r.status_code, r.json()) == (409, {"message": "This review has no feedback stage"})


async def test_who_may_ask(stages: Org) -> None:
    review = await stages.review(await stages.cycle(), "A", reviewer="C")
    b = stages.ids["B"]
    # Under open everyone reads the review; only its named reviewer (and admin, hr) asks.
    for who in ("M", "D"):
        r = await ask(await stages.sign_in(who), review, b)
        assert r.status_code == 403, who
    # The reviewed person never handles their own review's feedback, even as hr.
    hr_a = await stages.sign_in("A", role="hr")
    assert (await ask(hr_a, review, b)).status_code == 404
    assert (await ask(await stages.sign_in("A"), review, b)).status_code == 404
    hr = await stages.client_of(await stages.account("hr-x", "hr"), "hr")
    assert (await ask(hr, review, b)).status_code == 201
    admin = await stages.sign_in("admin")
    assert (await ask(admin, review, stages.ids["D"])).status_code == 201
    assert (await ask(admin, review + 1000, b)).status_code == 404


async def test_under_need_to_know_a_review_one_is_not_named_on_is_not_found(ntk: Org) -> None:
    review = await ntk.review(await ntk.cycle(), "B", reviewer="C")
    r = await ask(await ntk.sign_in("D"), review, ntk.ids["E"])
    assert (r.status_code, r.json()) == (404, {"message": "Review not found"})
    # M reads B's review (its line) but is not named on it.
    assert (await ask(await ntk.sign_in("M"), review, ntk.ids["E"])).status_code == 403
    assert await ntk.count(FeedbackRequest) == 0
