"""One review as its screen reads it: where it stands in its cycle, who writes it, and the
employee's self-review beside the reviewer's questions."""

from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from api.auth.principal import Principal
from api.core.dates import local_today
from api.cycles.models import ReviewCycle
from api.cycles.stages import python_stage
from api.reviews.models import Review, ReviewTemplate
from api.reviews.schemas import ReviewDetail, ReviewRead
from api.users.models import User

# Roles that read every self-review (the employee and the named reviewer read their own).
SELF_REVIEW_READERS = ("admin", "hr")


def account_name(user: User) -> str:
    return " ".join(p for p in (user.first_name, user.last_name) if p) or user.email


async def active_account(session: AsyncSession, employee_id: int) -> User | None:
    """The active personal account linked to the employee (the one told about their part)."""
    return await session.scalar(
        select(User).where(User.employee_id == employee_id, User.is_active.is_(True))
    )


async def active_user(session: AsyncSession, user_id: str | None) -> bool:
    """Whether the account exists and may sign in (only those are told anything)."""
    if user_id is None:
        return False
    return bool(await session.scalar(select(User.is_active).where(User.id == user_id)))


async def self_questions(
    session: AsyncSession, review: Review, cycle: ReviewCycle
) -> list[dict[str, Any]]:
    """The self-review's questions: the cycle's self template's, else the review's own."""
    if cycle.self_template_id is None:
        if review.questions is not None:
            return review.questions
        template: ReviewTemplate = review.template
        return template.questions
    found = await session.scalar(
        select(ReviewTemplate.questions).where(ReviewTemplate.id == cycle.self_template_id)
    )
    return found or []


def reads_self_review(principal: Principal, review: Review) -> bool:
    if principal.role in SELF_REVIEW_READERS:
        return True
    if principal.user_id is not None and principal.user_id == review.reviewer_user_id:
        return True
    return principal.employee_id is not None and principal.employee_id == review.employee_id


async def detail(session: AsyncSession, review: Review, principal: Principal) -> ReviewDetail:
    """The review (loaded with its employee and template) with its cycle's fields."""
    base = ReviewRead.model_validate(review)
    extra: dict[str, Any] = {"locked": review.acknowledged_at is not None}
    if review.reviewer_user_id is not None:
        reviewer = await session.get(User, review.reviewer_user_id)
        extra["reviewer_name"] = account_name(reviewer) if reviewer is not None else None
    cycle = None if review.cycle_id is None else await session.get(ReviewCycle, review.cycle_id)
    if cycle is not None:
        extra["cycle_name"] = cycle.name
        extra["stage"] = python_stage(review, cycle, local_today())
        if cycle.has_self_review:
            extra["self_questions"] = await self_questions(session, review, cycle)
            mine = principal.employee_id is not None and principal.employee_id == review.employee_id
            # The reviewer reads the self-review once the employee has handed it in.
            if mine or (
                review.self_submitted_at is not None and reads_self_review(principal, review)
            ):
                extra["self_responses"] = review.self_responses or {}
    return ReviewDetail.model_validate({**dict(base), **extra})
