"""Feedback from colleagues on a review: asking them, their answers, and what the reviewer
reads of those answers (together, without names, once enough are in)."""

from datetime import date, datetime
from typing import Any, Literal

from pydantic import field_validator

from api.core.schemas import ApiModel, ReadModel
from api.reviews import rules

MAX_ASKED = 5
# Fewer answers than this show nothing of them: with two, each could be told apart.
THRESHOLD = 3


class FeedbackAsk(ApiModel):
    employee_ids: list[int] = []

    @field_validator("employee_ids", mode="before")
    @classmethod
    def check_ids(cls, value: Any) -> Any:
        if not isinstance(value, list) or not value:
            raise ValueError("Choose at least one colleague")
        if len(value) > MAX_ASKED:
            raise ValueError(f"Choose at most {MAX_ASKED} colleagues")
        return value


class AskedColleague(ReadModel):
    employee_id: int
    employee_name: str


class FeedbackAsked(ReadModel):
    """Everyone asked on the review so far, by name (never whether they answered)."""

    asked: list[AskedColleague]


class FeedbackSummary(ReadModel):
    asked: list[AskedColleague]
    requested: int
    answered: int
    threshold: int = THRESHOLD
    shown: bool
    average_rating: float | None = None
    # "1".."5" -> how many gave that rating; null until shown.
    ratings: dict[str, int] | None = None
    # Sorted by their text: the order says nothing of who wrote which.
    comments: list[str]


class FeedbackRequestRead(ReadModel):
    """A request as the colleague asked reads it."""

    id: int
    review_id: int
    # The person the feedback is about.
    employee_name: str
    position: str | None = None
    cycle_name: str | None = None
    kind: Literal["peer", "upward"]
    due: date | None = None
    # No answer can be given any more (due date passed, review completed or cycle closed),
    # and why, in words the colleague reads.
    closed: bool = False
    closed_reason: str | None = None
    answered_at: datetime | None = None
    rating: int | None = None
    comment: str | None = None


class FeedbackAnswer(ApiModel):
    model_config = ApiModel.model_config | {"validate_default": True}

    rating: int | None = None
    comment: str | None = None

    @field_validator("rating", mode="before")
    @classmethod
    def check_rating(cls, value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 5:
            raise ValueError("Rating must be a whole number from 1 to 5")
        return value

    @field_validator("comment", mode="before")
    @classmethod
    def check_comment(cls, value: Any) -> str | None:
        return rules.optional_comment(value)
