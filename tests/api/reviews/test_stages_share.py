"""Sharing a completed review with its employee, their acknowledgement (which locks it), and
an admin reopening it with a reason kept in the audit trail."""

from sqlalchemy import select

from api.audit.models import AuditEvent
from api.core.db import tenant_session
from api.reviews.models import Review
from tests.api.feedback.factories import Org, account_id
from tests.api.reviews.factories import COMPLETE, get_row

NOT_SHARED = {"message": "This review has not been shared with you yet"}


async def completed(org: Org, person: str = "A", reviewer: str = "M", **cycle: object) -> int:
    review = await org.review(await org.cycle(**cycle), person, reviewer=reviewer)
    await org.complete(review)
    return review


async def test_the_reviewer_shares_and_the_employee_acknowledges(ntk: Org) -> None:
    review = await ntk.review(await ntk.cycle(), "A", reviewer="C")
    c = await ntk.sign_in("C")  # a user account, named reviewer outside its own line
    a = await ntk.sign_in("A")

    # Not completed: nothing to share yet; the employee sees nothing of it.
    r = await c.post(f"/api/reviews/{review}/share")
    assert (r.status_code, r.json()) == (409, {"message": "Complete the review before sharing it"})
    assert (await c.put(f"/api/reviews/{review}", json=COMPLETE)).status_code == 200
    assert (await a.get(f"/api/reviews/{review}")).status_code == 404
    r = await a.post(f"/api/reviews/{review}/acknowledge", json={})
    assert (r.status_code, r.json()) == (409, NOT_SHARED)

    r = await c.post(f"/api/reviews/{review}/share")
    assert r.status_code == 200, r.text
    assert r.json()["sharedAt"] is not None and r.json()["stage"] == "acknowledging"
    assert (await c.post(f"/api/reviews/{review}/share")).status_code == 409
    [shared] = await ntk.notices("review_shared")
    assert (shared.user_id, shared.dedupe_key) == (account_id("A"), f"shared:{review}")
    assert shared.link == f"/reviews/{review}"

    # Shared: the employee reads it and acknowledges it, once.
    assert (await a.get(f"/api/reviews/{review}")).status_code == 200
    r = await a.post(f"/api/reviews/{review}/acknowledge", json={"comment": "  Fair, thanks.  "})
    assert r.status_code == 200, r.text
    assert r.json()["acknowledgementComment"] == "Fair, thanks."
    assert r.json()["locked"] is True and r.json()["acknowledgedAt"] is not None
    r = await a.post(f"/api/reviews/{review}/acknowledge", json={})
    assert (r.status_code, r.json()) == (
        409,
        {"message": "You have already acknowledged this review"},
    )
    [told] = await ntk.notices("review_acknowledged")
    assert (told.user_id, told.dedupe_key) == (account_id("C"), f"acknowledged:{review}")


async def test_only_the_employee_acknowledges(stages: Org) -> None:
    review = await completed(stages)
    await stages.set_review(
        review, shared_at=(await get_row(stages.org, Review, review)).completed_at
    )
    for who in ("M", "B", "admin"):
        c = await stages.sign_in(who)
        r = await c.post(f"/api/reviews/{review}/acknowledge", json={})
        assert (r.status_code, r.json()) == (404, {"message": "Review not found"}), who
    hr = await stages.client_of(await stages.account("hr-ack", "hr"), "hr")
    assert (await hr.post(f"/api/reviews/{review}/acknowledge", json={})).status_code == 404
    long = {"comment": "x" * 2001}
    a = await stages.sign_in("A")
    assert (await a.post(f"/api/reviews/{review}/acknowledge", json=long)).status_code == 400
    assert (await get_row(stages.org, Review, review)).acknowledged_at is None


async def test_sharing_needs_a_cycle_with_an_acknowledgement_stage(stages: Org) -> None:
    m = await stages.sign_in("M")
    without = await completed(stages, acknowledge_due=None)
    alone = await stages.review(None, "A", reviewer="M")
    await stages.complete(alone)
    message = {"message": "This review's cycle does not share reviews with the employee"}
    for review in (without, alone):
        r = await m.post(f"/api/reviews/{review}/share")
        assert (r.status_code, r.json()) == (409, message)
    # Without the stage the employee reads their completed review as before.
    a = await stages.sign_in("A")
    r = await a.post(f"/api/reviews/{without}/acknowledge", json={})
    assert (r.status_code, r.json()) == (409, NOT_SHARED)


async def test_who_may_share(ntk: Org) -> None:
    review = await completed(ntk, person="B", reviewer="C")
    # A user account not named on it: not in its view under need to know.
    assert (await (await ntk.sign_in("D")).post(f"/api/reviews/{review}/share")).status_code == 404
    # The employee themselves cannot share their own review.
    assert (await (await ntk.sign_in("B")).post(f"/api/reviews/{review}/share")).status_code in (
        403,
        404,
    )
    hr = await ntk.client_of(await ntk.account("hr-share", "hr"), "hr")
    assert (await hr.post(f"/api/reviews/{review}/share")).status_code == 200


async def locked_review(org: Org) -> int:
    review = await completed(org)
    m = await org.sign_in("M")
    assert (await m.post(f"/api/reviews/{review}/share")).status_code == 200
    a = await org.sign_in("A")
    assert (await a.post(f"/api/reviews/{review}/acknowledge", json={})).status_code == 200
    return review


async def test_an_acknowledged_review_is_locked_until_an_admin_reopens_it(stages: Org) -> None:
    review = await locked_review(stages)
    admin = await stages.sign_in("admin")
    m = await stages.sign_in("M")
    for c in (admin, m):
        for body in ({"reviewerNotes": "Later"}, {"status": "in_progress"}):
            r = await c.put(f"/api/reviews/{review}", json=body)
            assert r.status_code == 409 and "locked" in r.json()["message"], r.text

    hr = await stages.client_of(await stages.account("hr-reopen", "hr"), "hr")
    assert (
        await hr.post(f"/api/reviews/{review}/reopen", json={"reason": "Typo"})
    ).status_code == 403
    assert (
        await m.post(f"/api/reviews/{review}/reopen", json={"reason": "Typo"})
    ).status_code == 403
    for body in (None, {}, {"reason": "  no"}, {"reason": "x" * 501}, {"reason": 5}):
        r = await admin.post(f"/api/reviews/{review}/reopen", json=body)
        assert r.status_code == 422, (body, r.text)
        assert "reason" in r.json()["message"]
    assert (await get_row(stages.org, Review, review)).acknowledged_at is not None

    r = await admin.post(
        f"/api/reviews/{review}/reopen", json={"reason": "Rating entered for the wrong person"}
    )
    assert r.status_code == 200, r.text
    body = r.json()
    assert (body["status"], body["locked"], body["stage"]) == ("in_progress", False, "self")
    assert body["sharedAt"] is None and body["acknowledgedAt"] is None
    assert body["acknowledgementComment"] is None and body["completedAt"] is None
    async with tenant_session(stages.org.schema_name, stages.org.id) as session:
        events = list(
            await session.scalars(
                select(AuditEvent).where(
                    AuditEvent.resource == "review",
                    AuditEvent.record_id == str(review),
                    AuditEvent.action == "reopen",
                )
            )
        )
    [event] = events
    assert event.changes["reason"] == [None, "Rating entered for the wrong person"]
    assert "Rating entered for the wrong person" in event.summary
    assert event.employee_id == stages.ids["A"] and event.actor_role == "admin"
    # Open again: the reviewer edits it, and it is shared anew once completed.
    assert (
        await m.put(f"/api/reviews/{review}", json={"reviewerNotes": "Fixed"})
    ).status_code == 200
    r = await admin.post(f"/api/reviews/{review}/reopen", json={"reason": "Once more"})
    assert r.status_code == 409


async def test_reopening_a_shared_review_unshares_it(stages: Org) -> None:
    review = await completed(stages)
    admin = await stages.sign_in("admin")
    assert (await admin.post(f"/api/reviews/{review}/share")).status_code == 200
    r = await admin.put(f"/api/reviews/{review}", json={"status": "in_progress"})
    assert r.status_code == 200, r.text
    assert r.json()["sharedAt"] is None and r.json()["stage"] != "acknowledging"
    a = await stages.sign_in("A")
    assert (await a.post(f"/api/reviews/{review}/acknowledge", json={})).status_code == 409
