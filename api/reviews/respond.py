"""The employee's own part of a review in a cycle: the self-review, written beside the
reviewer's work until the review is completed or the cycle closed, and the acknowledgement of
the review once it is shared with them (which locks it)."""

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import selectinload

from api.access.scope import Scope
from api.core.db import utcnow
from api.core.errors import Conflict, NotFound
from api.cycles.models import ReviewCycle
from api.employees.models import Employee
from api.notifications.service import Notice, notify
from api.reviews.access import REVIEW_NOT_FOUND
from api.reviews.answers import check_responses, still_valid
from api.reviews.detail import active_user, self_questions
from api.reviews.models import Review
from api.reviews.stage_schemas import AcknowledgeBody, SelfReviewRead, SelfReviewUpdate
from api.reviews.templates import PG_INT_MAX

NO_SELF_REVIEW = "This review has no self-review"
SELF_SUBMITTED = "You have already submitted your self-review"
REVIEW_COMPLETED = "The review is completed: the self-review can no longer be changed"
CYCLE_CLOSED = "The review cycle is closed: the self-review can no longer be changed"
NOT_SHARED = "This review has not been shared with you yet"
ALREADY_ACKNOWLEDGED = "You have already acknowledged this review"


async def own_review(
    session: AsyncSession, review_id: int, scope: Scope, *, lock: bool = False
) -> Review:
    """The reader's own review, at any stage (their part of it), or NotFound."""
    review = None
    if scope.employee_id is not None and 0 < review_id <= PG_INT_MAX:
        query = (
            select(Review)
            .where(Review.id == review_id, Review.employee_id == scope.employee_id)
            .options(selectinload(Review.employee), selectinload(Review.template))
        )
        if lock:
            query = query.with_for_update(of=Review).execution_options(populate_existing=True)
        review = await session.scalar(query)
    if review is None:
        raise NotFound(REVIEW_NOT_FOUND)
    return review


async def _self_cycle(session: AsyncSession, review: Review) -> ReviewCycle:
    cycle = None if review.cycle_id is None else await session.get(ReviewCycle, review.cycle_id)
    if cycle is None or not cycle.has_self_review:
        raise Conflict(NO_SELF_REVIEW)
    return cycle


def _name(employee: Employee) -> str:
    return f"{employee.first_name} {employee.last_name}".strip()


async def read_self(session: AsyncSession, review: Review) -> SelfReviewRead:
    cycle = await _self_cycle(session, review)
    questions = await self_questions(session, review, cycle)
    return SelfReviewRead.model_validate(
        {
            "review_id": review.id,
            "employee_name": _name(review.employee),
            "cycle_name": cycle.name,
            "questions": questions,
            "responses": still_valid(questions, review.self_responses or {}),
            "submitted_at": review.self_submitted_at,
            "due": cycle.self_due,
        }
    )


async def save_self(
    session: AsyncSession, review: Review, data: SelfReviewUpdate
) -> SelfReviewRead:
    """Saves the draft, or hands it in (submit): once handed in it no longer changes."""
    cycle = await _self_cycle(session, review)
    if review.self_submitted_at is not None:
        raise Conflict(SELF_SUBMITTED)
    if review.status == "completed":
        raise Conflict(REVIEW_COMPLETED)
    if cycle.status == "closed":
        raise Conflict(CYCLE_CLOSED)
    questions = await self_questions(session, review, cycle)
    review.self_responses = check_responses(questions, data.responses, complete=data.submit)
    if data.submit:
        review.self_submitted_at = utcnow()
    await session.flush()
    return await read_self(session, review)


async def acknowledge(session: AsyncSession, review: Review, data: AcknowledgeBody) -> None:
    """The employee has read the shared review: it is locked from now on, and its reviewer
    is told."""
    if review.shared_at is None:
        raise Conflict(NOT_SHARED)
    if review.acknowledged_at is not None:
        raise Conflict(ALREADY_ACKNOWLEDGED)
    review.acknowledged_at = utcnow()
    review.acknowledgement_comment = data.comment
    await session.flush()
    if await active_user(session, review.reviewer_user_id):
        assert review.reviewer_user_id is not None
        await notify(
            session,
            [
                Notice(
                    user_id=review.reviewer_user_id,
                    kind="review_acknowledged",
                    title="Review acknowledged",
                    body=f"{_name(review.employee)} acknowledged their review.",
                    dedupe_key=f"acknowledged:{review.id}",
                    link=f"/reviews/{review.id}",
                    review_id=review.id,
                )
            ],
        )
