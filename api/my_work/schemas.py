"""What the signed-in account has to do in review cycles ("My reviews")."""

from datetime import date
from typing import Literal

from api.core.schemas import ReadModel

WorkKind = Literal["self_review", "feedback", "review", "share", "acknowledge"]


class WorkItem(ReadModel):
    """One thing to do: `id` is the review's, or the feedback request's for kind feedback."""

    kind: WorkKind
    id: int
    review_id: int
    # Whom it is about (the reader themselves for their self-review and acknowledgement).
    employee_name: str
    cycle_name: str
    review_type: str
    due: date | None = None
    overdue: bool
    link: str


class MyWork(ReadModel):
    self_reviews: list[WorkItem]
    feedback_requests: list[WorkItem]
    # Reviews the account is the named reviewer of: to write, or completed and to share.
    reviews_to_write: list[WorkItem]
    reviews_to_acknowledge: list[WorkItem]
