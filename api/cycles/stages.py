"""Where a review of a cycle stands: one SQL expression, read by progress, lists, "My reviews"
and analytics alike, so they never disagree.

self → feedback → writing → sharing → acknowledging → done. The stages do not block one another
(a reviewer may write before the self-review is in); a review is in the first stage it has not
finished. A stage is present only when its cycle has a due date for it.
"""

from datetime import date
from typing import Any, Literal

from sqlalchemy import ColumnElement, and_, case, func, literal

from api.cycles.models import ReviewCycle
from api.reviews.models import Review

Stage = Literal["self", "feedback", "writing", "sharing", "acknowledging", "done"]
STAGES: tuple[Stage, ...] = ("self", "feedback", "writing", "sharing", "acknowledging", "done")


def _completed() -> ColumnElement[bool]:
    return Review.status == "completed"


def stage(today: date) -> ColumnElement[str]:
    """The review's stage, for a query joining reviews to their cycle (review_cycles)."""
    return case(
        (
            _completed(),
            case(
                (ReviewCycle.acknowledge_due.is_(None), literal("done")),
                (Review.acknowledged_at.is_not(None), literal("done")),
                (Review.shared_at.is_not(None), literal("acknowledging")),
                else_=literal("sharing"),
            ),
        ),
        (
            and_(ReviewCycle.self_due.is_not(None), Review.self_submitted_at.is_(None)),
            literal("self"),
        ),
        (
            and_(ReviewCycle.feedback_due.is_not(None), ReviewCycle.feedback_due >= today),
            literal("feedback"),
        ),
        else_=literal("writing"),
    )


def due_of(current: ColumnElement[str], dues: Any = ReviewCycle) -> ColumnElement[date]:
    """The due date of the stage `current` names (null once done), from the cycle's dates
    (`dues`: the cycle, or a subquery's columns of the same names that already hold the stage
    once, so it is not worked out again for every use)."""
    return case(
        (current == "self", dues.self_due),
        (current == "feedback", dues.feedback_due),
        (current.in_(("writing", "sharing")), dues.review_due),
        (current == "acknowledging", dues.acknowledge_due),
        else_=None,
    )


def stage_due(today: date) -> ColumnElement[date]:
    """The due date of the review's current stage (null once done)."""
    return due_of(stage(today))


def behind(
    current: ColumnElement[str], due: ColumnElement[date], today: date
) -> ColumnElement[bool]:
    """Overdue, from a stage and its due date already worked out (never null)."""
    return and_(current != "done", func.coalesce(due < today, False))


def overdue(today: date) -> ColumnElement[bool]:
    """Behind: the current stage's due date has passed (never once done)."""
    return and_(stage(today) != "done", stage_due(today) < today)


def unfinished() -> ColumnElement[bool]:
    """A review its cycle was closed on before it was done (whether it is done does not
    depend on the day, so any day serves)."""
    return and_(ReviewCycle.status == "closed", stage(date.min) != "done")


def python_stage(review: Review, cycle: ReviewCycle, today: date) -> Stage:
    """The same rule for one loaded review (replies of a single review)."""
    if review.status == "completed":
        if cycle.acknowledge_due is None or review.acknowledged_at is not None:
            return "done"
        return "acknowledging" if review.shared_at is not None else "sharing"
    if cycle.self_due is not None and review.self_submitted_at is None:
        return "self"
    if cycle.feedback_due is not None and cycle.feedback_due >= today:
        return "feedback"
    return "writing"
