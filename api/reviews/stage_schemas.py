"""Requests and replies of the employee's part of a review in a cycle (the self-review, the
acknowledgement) and of sharing and reopening it."""

from datetime import date, datetime
from typing import Any

from pydantic import field_validator

from api.core.schemas import ApiModel, ReadModel
from api.reviews import rules
from api.reviews.schemas import QuestionRead


class SelfReviewRead(ReadModel):
    review_id: int
    employee_name: str
    cycle_name: str
    questions: list[QuestionRead]
    responses: dict[str, Any]
    submitted_at: datetime | None = None
    due: date | None = None


class SelfReviewUpdate(ApiModel):
    """Answers saved as a draft, or handed in (submit): then every required one is due."""

    responses: dict[str, Any] = {}
    submit: bool = False

    @field_validator("responses", mode="before")
    @classmethod
    def check_responses(cls, value: Any) -> dict[str, Any]:
        return rules.responses(value)


class AcknowledgeBody(ApiModel):
    comment: str | None = None

    @field_validator("comment", mode="before")
    @classmethod
    def check_comment(cls, value: Any) -> str | None:
        return rules.optional_comment(value)


class ReopenBody(ApiModel):
    # Checked by the service, which answers 422 naming what is missing.
    reason: Any = None
