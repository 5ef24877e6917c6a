"""Sharing a completed review with its employee (in a cycle with an acknowledgement stage),
and reopening a completed one: an admin's act, with a reason kept in the audit trail."""

from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import selectinload

from api.audit import trail
from api.core.db import utcnow
from api.core.errors import AppError, Conflict
from api.cycles.models import ReviewCycle
from api.notifications.service import Notice, notify
from api.reviews.detail import active_account
from api.reviews.models import Review

NOT_SHARED_IN_CYCLE = "This review's cycle does not share reviews with the employee"
NOT_COMPLETED = "Complete the review before sharing it"
ALREADY_SHARED = "This review has already been shared"
REOPEN_NOT_COMPLETED = "Only a completed review can be reopened"
REASON_REQUIRED = "A reason from 3 to 500 characters is required to reopen a review"
REASON_MIN, REASON_MAX = 3, 500


async def _lock(session: AsyncSession, review: Review) -> None:
    await session.refresh(
        review,
        attribute_names=["status", "shared_at", "acknowledged_at", "completed_at"],
        with_for_update=True,
    )


async def share(session: AsyncSession, review: Review) -> None:
    """The employee may now read the review and acknowledge it; their account is told."""
    await _lock(session, review)
    cycle = None if review.cycle_id is None else await session.get(ReviewCycle, review.cycle_id)
    if cycle is None or not cycle.has_acknowledgement:
        raise Conflict(NOT_SHARED_IN_CYCLE)
    if review.status != "completed":
        raise Conflict(NOT_COMPLETED)
    if review.shared_at is not None:
        raise Conflict(ALREADY_SHARED)
    review.shared_at = utcnow()
    await session.flush()
    account = await active_account(session, review.employee_id)
    if account is not None:
        notice = Notice(
            user_id=account.id,
            kind="review_shared",
            title="Your review is ready",
            body=f"Your review of {cycle.name} is ready to read and acknowledge.",
            dedupe_key=f"shared:{review.id}",
            link=f"/reviews/{review.id}",
            review_id=review.id,
        )
        await notify(session, [notice])


def check_reason(value: Any) -> str:
    reason = value.strip() if isinstance(value, str) else ""
    if not REASON_MIN <= len(reason) <= REASON_MAX:
        raise AppError(REASON_REQUIRED, 422)
    return reason


async def reopen(session: AsyncSession, review: Review, reason: Any) -> Review:
    """Back to in progress, no longer shared nor acknowledged (the first completion is kept,
    so completing it again does not move the schedule). One audit event with the reason."""
    why = check_reason(reason)
    await _lock(session, review)
    if review.status != "completed":
        raise Conflict(REOPEN_NOT_COMPLETED)
    before = {
        "status": review.status,
        "shared_at": review.shared_at,
        "acknowledged_at": review.acknowledged_at,
    }
    # A Core UPDATE: the flush listener would record a second, reasonless event.
    await session.execute(
        update(Review)
        .where(Review.id == review.id)
        .values(
            status="in_progress",
            completed_at=None,
            first_completed_at=func.coalesce(Review.first_completed_at, Review.completed_at),
            shared_at=None,
            acknowledged_at=None,
            acknowledgement_comment=None,
        )
        .execution_options(synchronize_session=False)
    )
    changes = {
        name: [None if value is None else str(value), None if name != "status" else "in_progress"]
        for name, value in before.items()
        if value is not None
    }
    changes["reason"] = [None, why]
    await trail.record(
        session,
        action="reopen",
        resource="review",
        record_id=review.id,
        employee_id=review.employee_id,
        summary=f"Reopened review: {why}",
        changes=changes,
    )
    reopened = await session.scalar(
        select(Review)
        .where(Review.id == review.id)
        .options(selectinload(Review.employee), selectinload(Review.template))
        .execution_options(populate_existing=True)
    )
    assert reopened is not None
    return reopened
