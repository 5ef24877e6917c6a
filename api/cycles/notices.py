"""What a cycle tells people: the reviewer named on a review, the employee asked for a
self-review, and whoever must act when an administrator nudges (api/notifications)."""

from datetime import date

from api.cycles.models import ReviewCycle
from api.notifications.service import Notice


def _day(day: date | None) -> str:
    return day.strftime("%-d %B %Y") if day is not None else "soon"


def assigned(review_id: int, user_id: str, employee_name: str, cycle: ReviewCycle) -> Notice:
    return Notice(
        user_id=user_id,
        kind="review_assigned",
        title=f"Review to write: {employee_name}",
        body=(
            f"You are the reviewer of {employee_name} in {cycle.name}. "
            f"The review is due {_day(cycle.review_due)}."
        ),
        dedupe_key=f"assigned:{review_id}:{user_id}",
        link=f"/reviews/{review_id}",
        review_id=review_id,
    )


def self_requested(review_id: int, user_id: str, cycle: ReviewCycle) -> Notice:
    return Notice(
        user_id=user_id,
        kind="self_review_requested",
        title=f"Your self-review for {cycle.name}",
        body=f"Please write your self-review by {_day(cycle.self_due)}.",
        dedupe_key=f"self:{review_id}",
        link=f"/reviews/{review_id}/self",
        review_id=review_id,
    )


# What the person told is asked to do in each stage, and where.
_ASKED = {
    "self": ("your self-review", "/reviews/{review}/self"),
    "feedback": ("your feedback on {name}", "/feedback/{request}"),
    "writing": ("the review of {name}", "/reviews/{review}"),
    "sharing": ("sharing the review of {name}", "/reviews/{review}"),
    "acknowledging": ("acknowledging your review", "/my-reviews"),
}


def nudge(
    *,
    review_id: int,
    stage: str,
    user_id: str,
    employee_name: str,
    due: date | None,
    overdue: bool,
    today: date,
    request_id: int | None = None,
) -> Notice:
    """A reminder of the current stage, at most once a day per person, review and stage."""
    what, link = _ASKED[stage]
    what = what.format(name=employee_name)
    when = f"was due {_day(due)}" if overdue else f"is due {_day(due)}"
    return Notice(
        user_id=user_id,
        kind="review_overdue" if overdue else "review_due_soon",
        title=f"Reminder: {what}",
        body=f"A reminder that {what} {when}.",
        dedupe_key=f"nudge:{review_id}:{stage}:{user_id}:{today.isoformat()}",
        link=link.format(review=review_id, request=request_id),
        review_id=review_id,
    )
