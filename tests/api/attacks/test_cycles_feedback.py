"""Attacks on the anonymity of colleagues' feedback and on who may ask, read and answer it."""

import asyncio

from sqlalchemy import select, update

from api.audit.models import AuditEvent
from api.core.db import tenant_session
from api.notifications.models import Notification
from api.users.models import User
from tests.api.feedback.factories import Org, account_id, make_org
from tests.api.feedback.test_answers import answer, asked

COMMENTS = {"C": "Carries the team", "D": "Documents well", "E": "Explains clearly"}


async def _shown(stages: Org) -> tuple[int, dict[str, int]]:
    """B's review (reviewer M) with C, D and E's answers in, so the comments show."""
    cycle = await stages.cycle()
    review = await stages.review(cycle, "B", reviewer="M")
    requests = await asked(stages, review, "C", "D", "E")
    for person, comment in COMMENTS.items():
        r = await answer(await stages.sign_in(person), requests[person], 4, comment)
        assert r.status_code == 200, r.text
    return review, requests


async def test_nobody_more_is_asked_once_the_answers_show(stages: Org) -> None:
    """Otherwise the one comment new since the last reading is the newcomer's."""
    review, _ = await _shown(stages)
    mona = await stages.sign_in("M")
    summary = (await mona.get(f"/api/reviews/{review}/feedback")).json()
    assert summary["shown"] and sorted(summary["comments"]) == sorted(COMMENTS.values())
    for asker in (mona, await stages.sign_in("admin")):
        r = await asker.post(
            f"/api/reviews/{review}/feedback-requests", json={"employeeIds": [stages.ids["A"]]}
        )
        assert r.status_code == 409, r.text
        assert "already shown" in r.json()["message"], r.text
    assert len(await stages.requests(review)) == 3


async def test_below_the_threshold_more_colleagues_may_still_be_asked(stages: Org) -> None:
    cycle = await stages.cycle()
    review = await stages.review(cycle, "B", reviewer="M")
    requests = await asked(stages, review, "C", "D")
    for person in ("C", "D"):
        r = await answer(await stages.sign_in(person), requests[person], 3, COMMENTS[person])
        assert r.status_code == 200, r.text
    more = await asked(stages, review, "E")
    assert set(more) == {"E"}


async def test_the_reviewer_s_bell_and_the_audit_name_no_answer(stages: Org) -> None:
    review, requests = await _shown(stages)
    async with tenant_session(stages.org.schema_name, stages.org.id) as session:
        told = list(await session.scalars(select(Notification)))
        events = list(await session.scalars(select(AuditEvent)))
    for notice in told:
        assert notice.kind == "feedback_requested", (notice.kind, notice.body)
        assert not any(c in (notice.title + notice.body) for c in COMMENTS.values())
    for event in events:
        text = f"{event.summary} {event.changes}"
        assert not any(c in text for c in COMMENTS.values()), text
        assert event.actor_user_id not in {account_id(p) for p in COMMENTS}, text


async def test_the_reviewed_employee_never_reads_the_feedback(stages: Org) -> None:
    review, requests = await _shown(stages)
    ben = await stages.sign_in("B")
    assert (await ben.get(f"/api/reviews/{review}/feedback")).status_code == 404
    # Not even with an admin account of their own.
    ben_admin = await stages.sign_in("B", role="admin")
    assert (await ben_admin.get(f"/api/reviews/{review}/feedback")).status_code == 404
    for request in requests.values():
        assert (await ben.get(f"/api/feedback-requests/{request}")).status_code == 404


async def test_an_unnamed_reviewer_reads_and_asks_nothing(stages: Org) -> None:
    review, _ = await _shown(stages)
    await stages.set_review(review, reviewer_user_id=account_id("A"))
    mona = await stages.sign_in("M")
    assert (await mona.get(f"/api/reviews/{review}/feedback")).status_code in (403, 404)
    r = await mona.post(
        f"/api/reviews/{review}/feedback-requests", json={"employeeIds": [stages.ids["G"]]}
    )
    assert r.status_code in (403, 404)


async def test_another_organisation_s_ids_are_unknown(app, stages: Org) -> None:  # type: ignore[no-untyped-def]
    """Its accounts have the same ids (acc-M...), its schema holds no review nor request."""
    review, requests = await _shown(stages)
    other = await make_org(app)
    try:
        for client in (await other.sign_in("M"), await other.sign_in("admin")):
            assert (await client.get(f"/api/reviews/{review}/feedback")).status_code == 404
            r = await client.post(
                f"/api/reviews/{review}/feedback-requests", json={"employeeIds": [other.ids["A"]]}
            )
            assert r.status_code == 404, r.text
        for person, request in requests.items():
            r = await (await other.sign_in(person)).get(f"/api/feedback-requests/{request}")
            assert r.status_code == 404, r.text
            r = await answer(await other.sign_in(person), request, 1, "forged")
            assert r.status_code == 404, r.text
    finally:
        await other.close()
    stored = {q.id: q.comment for q in await stages.requests(review)}
    assert "forged" not in stored.values()


async def test_two_answers_at_once_count_once(stages: Org) -> None:
    cycle = await stages.cycle()
    review = await stages.review(cycle, "B", reviewer="M")
    requests = await asked(stages, review, "C")
    c1, c2 = await stages.sign_in("C"), await stages.sign_in("C")
    replies = await asyncio.gather(
        answer(c1, requests["C"], 5, "first"), answer(c2, requests["C"], 1, "second")
    )
    assert sorted(r.status_code for r in replies) == [200, 409], [r.text for r in replies]
    stored = (await stages.requests(review))[0]
    kept = next(r for r in replies if r.status_code == 200).json()
    assert (stored.rating, stored.comment) == (kept["rating"], kept["comment"])


async def test_absurd_answers_and_asks_are_refused_cleanly(stages: Org) -> None:
    cycle = await stages.cycle()
    review = await stages.review(cycle, "B", reviewer="M")
    requests = await asked(stages, review, "C")
    c = await stages.sign_in("C")
    huge = await answer(c, requests["C"], 4, "x" * 10_000_000)
    assert huge.status_code in (400, 413, 422), huge.status_code
    for request in (0, -1, 2**31, 2**63, 10**30):
        r = await answer(c, request, 4, "hi")
        assert r.status_code in (404, 422), (request, r.status_code)
    admin = await stages.sign_in("admin")
    for ids in ([2**31], [2**63], [10**30], list(range(1, 100_001)), [-1], ["x"]):
        r = await admin.post(f"/api/reviews/{review}/feedback-requests", json={"employeeIds": ids})
        assert r.status_code in (400, 422), (ids[:3], r.status_code, r.text)
    weird = await c.post(
        f"/api/feedback-requests/{requests['C']}/answer",
        content='{"rating": 4, "comment": "\\u202eevil\\u0000\\u0007 \\ud800"}',
        headers={"content-type": "application/json"},
    )
    assert weird.status_code == 200, weird.text
    assert weird.json()["comment"] == "\u202eevil\u0007"


async def test_an_hr_account_asked_on_the_review_reads_none_of_its_answers(stages: Org) -> None:
    """Knowing their own answer, they would have the other two of three apart from theirs."""
    review, _ = await _shown(stages)
    await stages.account("hr-carl", "hr")
    # Carl's second account, with hr's reach: linked to the colleague C who answered.
    async with tenant_session(stages.org.schema_name, stages.org.id) as session:
        await session.execute(
            update(User).where(User.id == account_id("C")).values(employee_id=None)
        )
        await session.execute(
            update(User).where(User.id == "hr-carl").values(employee_id=stages.ids["C"])
        )
    carl = await stages.client_of("hr-carl", "hr", "C")
    r = await carl.get(f"/api/reviews/{review}/feedback")
    assert r.status_code == 403, r.text
    assert "asked for feedback" in r.json()["message"], r.text
    r = await carl.post(
        f"/api/reviews/{review}/feedback-requests", json={"employeeIds": [stages.ids["A"]]}
    )
    assert r.status_code == 403, r.text
    other_hr = await stages.client_of(await stages.account("hr-h", "hr"), "hr")
    assert (await other_hr.get(f"/api/reviews/{review}/feedback")).json()["shown"] is True
