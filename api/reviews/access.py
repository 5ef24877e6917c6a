"""Which reviews a reader sees and which they fill in.

A reader reaching only part of the organisation (need to know) sees the reviews of their
reporting line at every stage, and their own only once completed: while open, their own review
is their reviewer's working draft. Filling follows the line alone, never oneself. A reader
reaching everything (admin and hr; everyone under "open") sees and fills every review.
"""

from dataclasses import replace
from typing import TypeVar

from sqlalchemy import ColumnElement, Select, and_, exists, false, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from api.access.policy import Reach
from api.access.scope import NOT_ALLOWED, Scope
from api.core.errors import Forbidden, NotFound
from api.cycles.models import ReviewCycle
from api.reviews.models import Review

REVIEW_NOT_FOUND = "Review not found"

Q = TypeVar("Q", bound=Select)  # any SELECT over reviews


def shares_reviews() -> ColumnElement[bool]:
    """True for a review whose cycle shares it with the employee before they may see it."""
    return exists(
        select(ReviewCycle.id).where(
            ReviewCycle.id == Review.cycle_id, ReviewCycle.acknowledge_due.is_not(None)
        )
    )


def visible(scope: Scope) -> ColumnElement[bool]:
    """A WHERE clause on reviews: true for the reviews the scope shows."""
    clauses: list[ColumnElement[bool]] = []
    if Reach.ASSIGNED in scope.reach and scope.user_id is not None:
        named = Review.reviewer_user_id == scope.user_id
        # Never one's own (an account linked later to the employee it reviews): that shows
        # as one's own review does.
        if scope.employee_id is not None:
            named = and_(named, Review.employee_id != scope.employee_id)
        clauses.append(named)
    if scope.employee_id is None:
        return or_(*clauses) if clauses else false()
    if Reach.LINE in scope.reach:
        line = replace(scope, reach=frozenset({Reach.LINE}))
        # Left out of the line even when the data loops back to the reader (A manages B,
        # B manages A): one's own review stays one's own.
        clauses.append(
            and_(line.employees(Review.employee_id), Review.employee_id != scope.employee_id)
        )
    if Reach.OWN in scope.reach:
        # In a cycle that shares reviews with the employee, their own shows once shared.
        clauses.append(
            and_(
                Review.employee_id == scope.employee_id,
                Review.status == "completed",
                or_(Review.cycle_id.is_(None), Review.shared_at.is_not(None), ~shares_reviews()),
            )
        )
    return or_(*clauses) if clauses else false()


def only_visible(query: Q, scope: Scope) -> Q:
    """`query` (over reviews) kept to the reviews the scope shows; untouched for a reader
    reaching everything, so those statements stay what they always were."""
    return query if scope.everything else query.where(visible(scope))


async def check_fillable(session: AsyncSession, review: Review, fill: Scope) -> None:
    """NotFound unless the fill scope reaches the review's employee: a record out of an
    action's reach answers as one that does not exist, also when the reader may read it (a
    manager's own completed review)."""
    if fill.everything:
        return
    mine = fill.is_own(review.employee_id)
    if (
        not mine
        and Reach.ASSIGNED in fill.reach
        and fill.user_id is not None
        and review.reviewer_user_id == fill.user_id
    ):
        return
    if Reach.LINE not in fill.reach:
        # A reader who fills only the reviews they are named on (a user account) and reads
        # this one: refused as the action it is, as before reviewers were named.
        raise Forbidden(NOT_ALLOWED)
    if mine or Reach.LINE not in fill.reach or not await fill.reaches(session, review.employee_id):
        raise NotFound(REVIEW_NOT_FOUND)
