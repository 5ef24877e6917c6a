"""Attacks on the employee's own part of a review (self-review, acknowledgement), on a
reviewer once unassigned, and on reopening a locked review."""

import asyncio
from datetime import datetime

from tests.api.feedback.factories import Org, account_id
from tests.api.reviews.factories import GOOD_ANSWERS


async def _review(ntk: Org, reviewer: str = "M", **fields) -> int:  # type: ignore[no-untyped-def]
    return await ntk.review(await ntk.cycle(), "B", reviewer=reviewer, **fields)


async def test_nobody_else_writes_or_reads_the_self_review(ntk: Org) -> None:
    review = await _review(ntk)
    ben = await ntk.sign_in("B")
    r = await ben.put(f"/api/reviews/{review}/self", json={"responses": {"q2": "Mine alone"}})
    assert r.status_code == 200, r.text
    hr = await ntk.client_of(await ntk.account("hr-x", "hr"), "hr")
    for c in (await ntk.sign_in("M"), await ntk.sign_in("C"), await ntk.sign_in("admin"), hr):
        assert (await c.get(f"/api/reviews/{review}/self")).status_code == 404
        r = await c.put(f"/api/reviews/{review}/self", json={"responses": {"q2": "forged"}})
        assert r.status_code in (403, 404), r.status_code
    mona = await ntk.sign_in("M")
    # A draft is the employee's own until handed in: the reviewer reads no answer of it.
    assert (await mona.get(f"/api/reviews/{review}")).json()["selfResponses"] is None
    listed = (await mona.get("/api/reviews")).json()
    assert all("selfResponses" not in item for item in listed)


async def test_nobody_acknowledges_for_the_employee(ntk: Org) -> None:
    review = await _review(ntk)
    await ntk.complete(review)
    await ntk.set_review(review, shared_at=datetime.now().astimezone())
    for c in (await ntk.sign_in("M"), await ntk.sign_in("admin"), await ntk.sign_in("C")):
        r = await c.post(f"/api/reviews/{review}/acknowledge", json={"comment": "fine"})
        assert r.status_code == 404, r.status_code
    ben = await ntk.sign_in("B")
    huge = await ben.post(f"/api/reviews/{review}/acknowledge", json={"comment": "x" * 10**7})
    assert huge.status_code in (400, 413, 422)
    replies = await asyncio.gather(
        ben.post(f"/api/reviews/{review}/acknowledge", json={"comment": "one"}),
        (await ntk.sign_in("B")).post(f"/api/reviews/{review}/acknowledge", json={"comment": "2"}),
    )
    assert sorted(r.status_code for r in replies) == [200, 409], [r.text for r in replies]
    assert len(await ntk.notices("review_acknowledged")) == 1


async def test_two_submits_at_once_hand_in_once(ntk: Org) -> None:
    review = await _review(ntk)
    body = {"responses": GOOD_ANSWERS, "submit": True}
    clients = [await ntk.sign_in("B"), await ntk.sign_in("B")]
    replies = await asyncio.gather(
        *(c.put(f"/api/reviews/{review}/self", json=body) for c in clients)
    )
    assert sorted(r.status_code for r in replies) == [200, 409], [r.text for r in replies]


async def test_an_unassigned_reviewer_acts_no_more(ntk: Org) -> None:
    review = await _review(ntk, reviewer="C")
    carl = await ntk.sign_in("C")
    assert (await carl.get(f"/api/reviews/{review}")).status_code == 200
    await ntk.set_review(review, reviewer_user_id=account_id("M"))
    assert (await carl.get(f"/api/reviews/{review}")).status_code == 404
    r = await carl.put(f"/api/reviews/{review}", json={"responses": {}, "status": "in_progress"})
    assert r.status_code in (403, 404), r.status_code
    assert (await carl.post(f"/api/reviews/{review}/share")).status_code in (403, 404)
    assert (await carl.get(f"/api/reviews/{review}/feedback")).status_code in (403, 404)
    work = (await carl.get("/api/my/work")).json()
    assert review not in {item["reviewId"] for item in work["reviewsToWrite"]}


async def test_a_locked_review_reopens_only_for_the_admin_with_a_reason(ntk: Org) -> None:
    review = await _review(ntk)
    await ntk.complete(review)
    now = datetime.now().astimezone()
    await ntk.set_review(review, shared_at=now, acknowledged_at=now)
    hr = await ntk.client_of(await ntk.account("hr-y", "hr"), "hr")
    for c in (hr, await ntk.sign_in("M"), await ntk.sign_in("B")):
        r = await c.post(f"/api/reviews/{review}/reopen", json={"reason": "Wrong person"})
        assert r.status_code in (403, 404), r.status_code
    admin = await ntk.sign_in("admin")
    for body in (None, {}, {"reason": "  x "}, {"reason": 42}, {"reason": "x" * 501}):
        r = await admin.post(f"/api/reviews/{review}/reopen", json=body)
        assert r.status_code == 422, (body, r.status_code)
    r = await admin.post(f"/api/reviews/{review}/reopen", json={"reason": "Wrong person"})
    assert r.status_code == 200, r.text
    assert r.json()["locked"] is False


async def test_a_self_review_draft_stays_out_of_the_audit_log(ntk: Org) -> None:
    """Until handed in, the draft is the employee's alone: hr reads none of it, on the review
    nor in the log. Handing it in is recorded."""
    review = await _review(ntk)
    ben = await ntk.sign_in("B")
    draft = {"responses": {"q2": "Draft words only I know"}}
    assert (await ben.put(f"/api/reviews/{review}/self", json=draft)).status_code == 200
    hr = await ntk.client_of(await ntk.account("hr-z", "hr"), "hr")
    assert (await hr.get(f"/api/reviews/{review}")).json()["selfResponses"] is None
    for path in ("/api/audit-events", f"/api/employees/{ntk.ids['B']}/history"):
        r = await hr.get(path)
        assert r.status_code == 200, r.text
        assert "Draft words only I know" not in r.text, path
    r = await hr.get("/api/audit-events/export")
    assert r.status_code == 200 and "Draft words only I know" not in r.text
    body = {"responses": GOOD_ANSWERS, "submit": True}
    assert (await ben.put(f"/api/reviews/{review}/self", json=body)).status_code == 200
    events = (await hr.get(f"/api/employees/{ntk.ids['B']}/history")).json()
    assert any(
        "selfSubmittedAt" in str(e["changes"]) or "self_submitted_at" in str(e["changes"])
        for e in events
    ), events
