"""Which reviews a reader sees and which they fill in.

A reader reaching only part of the organisation (need to know) sees the reviews of their
reporting line at every stage, and their own only once completed: while open, their own review
is their reviewer's working draft. Filling follows the line alone, never oneself. A reader
reaching everything (admin and hr; everyone under "open") sees and fills every review.
"""

from dataclasses import replace
from typing import TypeVar

from sqlalchemy import ColumnElement, Select, and_, false, or_
from sqlalchemy.ext.asyncio import AsyncSession

from api.access.policy import Reach
from api.access.scope import Scope
from api.core.errors import NotFound
from api.reviews.models import Review

REVIEW_NOT_FOUND = "Review not found"

Q = TypeVar("Q", bound=Select)  # any SELECT over reviews


def visible(scope: Scope) -> ColumnElement[bool]:
    """A WHERE clause on reviews: true for the reviews the scope shows."""
    if scope.employee_id is None:
        return false()
    clauses: list[ColumnElement[bool]] = []
    if Reach.LINE in scope.reach:
        line = replace(scope, reach=frozenset({Reach.LINE}))
        # Left out of the line even when the data loops back to the reader (A manages B,
        # B manages A): one's own review stays one's own.
        clauses.append(
            and_(line.employees(Review.employee_id), Review.employee_id != scope.employee_id)
        )
    if Reach.OWN in scope.reach:
        clauses.append(and_(Review.employee_id == scope.employee_id, Review.status == "completed"))
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
    if mine or Reach.LINE not in fill.reach or not await fill.reaches(session, review.employee_id):
        raise NotFound(REVIEW_NOT_FOUND)
