"""Template and review requests and replies: the fields each carries and the rules they meet
(rules.py). Question ids are renumbered q1, q2, ... on every save."""

from datetime import date, datetime
from typing import Any, Literal

from pydantic import Field, PrivateAttr, field_validator, model_validator

from api.core.dates import BoundedDate, earliest_today, to_day
from api.core.schemas import ApiModel, ReadModel
from api.employees.schemas import EmployeeSummary
from api.reviews import rules
from api.reviews.models import REVIEW_STATUSES, REVIEW_TYPES
from api.reviews.rules import QuestionType


class Question(ApiModel):
    """One template question. Its id is assigned on save (q1, q2, ...). When a template is
    edited, a question sent with its current id is the same question, reworded or moved."""

    id: str | None = Field(default=None, max_length=20)
    question: str = ""
    type: str = "text"
    required: bool = True
    options: list[str] | None = None
    scale: int | None = None

    @field_validator("question", mode="before")
    @classmethod
    def check_question(cls, value: Any) -> str:
        return rules.question_text(value)

    @field_validator("type", mode="before")
    @classmethod
    def check_type(cls, value: Any) -> str:
        return rules.question_type(value)

    @field_validator("options", mode="before")
    @classmethod
    def check_options(cls, value: Any) -> list[str] | None:
        return rules.option_list(value)

    @field_validator("scale", mode="before")
    @classmethod
    def check_scale(cls, value: Any) -> int | None:
        return rules.scale_number(value)

    @model_validator(mode="after")
    def _by_type(self) -> "Question":
        # Only multiple-choice questions keep options, only rating questions a scale.
        self.options = rules.options(self.type, self.options)
        self.scale = rules.scale(self.type, self.scale)
        return self

    def stored(self) -> dict[str, Any]:
        return self.model_dump(exclude_none=True)


def _renumber(questions: list[Question]) -> list[Question]:
    """Ids q1, q2, ... in the order sent: a saved template's ids are always its positions."""
    for n, q in enumerate(questions, start=1):
        q.id = f"q{n}"
    return questions


class _TemplateChecks(ApiModel):
    """The rules a template's name, description and questions meet whether it is created or
    edited. Each request model declares the fields, in its own order (the OpenAPI document's)."""

    @field_validator("name", mode="before", check_fields=False)
    @classmethod
    def check_name(cls, value: Any) -> str:
        return rules.template_name(value)

    @field_validator("description", mode="before", check_fields=False)
    @classmethod
    def check_description(cls, value: Any) -> str | None:
        return rules.template_description(value)

    @field_validator("questions", mode="before", check_fields=False)
    @classmethod
    def check_questions(cls, value: Any) -> Any:
        return rules.question_count(value)


class TemplateCreate(_TemplateChecks):
    # Missing fields must meet the same rules as blank ones (pydantic skips defaults otherwise).
    model_config = ApiModel.model_config | {"validate_default": True}

    name: str = ""
    description: str | None = None
    questions: list[Question] = Field(default_factory=list)
    is_default: bool = False

    @model_validator(mode="after")
    def _ids(self) -> "TemplateCreate":
        _renumber(self.questions)
        return self


class TemplateUpdate(_TemplateChecks):
    """Every field optional: what is sent replaces what is stored."""

    name: str | None = None
    description: str | None = None
    questions: list[Question] | None = None
    is_default: bool | None = None

    # The ids the caller sent with the questions, before renumbering: an edited question that
    # keeps its id keeps the answers open reviews gave it (templates.update).
    _sent_ids: list[str | None] = PrivateAttr(default_factory=list)

    @model_validator(mode="after")
    def _ids(self) -> "TemplateUpdate":
        if self.questions is not None:
            self._sent_ids = [q.id for q in self.questions]
            _renumber(self.questions)
        return self

    @property
    def sent_ids(self) -> list[str | None]:
        return self._sent_ids


class QuestionRead(ReadModel):
    id: str
    question: str
    type: QuestionType
    required: bool = False
    options: list[str] | None = None
    scale: int | None = None


class TemplateSummary(ReadModel):
    id: int
    name: str
    description: str | None = None
    questions: list[QuestionRead]


class TemplateRead(TemplateSummary):
    is_default: bool
    created_at: datetime
    updated_at: datetime | None = None
    organization_id: int | None = None


class _AnswerChecks(ApiModel):
    """The rules a review's answers meet whether it is created or saved. The fields are
    declared by each request model, in its own order (the OpenAPI document's)."""

    @field_validator("rating", mode="before", check_fields=False)
    @classmethod
    def check_rating(cls, value: Any) -> int | None:
        return rules.rating(value)

    @field_validator("reviewer_notes", mode="before", check_fields=False)
    @classmethod
    def check_notes(cls, value: Any) -> str | None:
        return rules.reviewer_notes(value)

    @field_validator("responses", mode="before", check_fields=False)
    @classmethod
    def check_responses(cls, value: Any) -> dict[str, Any]:
        return rules.responses(value)


class ReviewCreate(_AnswerChecks):
    # Missing fields meet the same rules as blank ones: `{}` is a 400 with the field messages.
    model_config = ApiModel.model_config | {"validate_default": True}

    employee_id: int | None = None
    template_id: int | None = None
    review_type: str = ""
    due_date: BoundedDate | None = None
    # Accepted for callers that send one, and ignored: a new review is always pending.
    status: str | None = None
    responses: dict[str, Any] = Field(default_factory=dict)
    rating: int | None = None
    reviewer_notes: str | None = None

    @field_validator("employee_id", mode="before")
    @classmethod
    def check_employee(cls, value: Any) -> int:
        return rules.record_id(value, "Employee is required", "Invalid employee")

    @field_validator("template_id", mode="before")
    @classmethod
    def check_template(cls, value: Any) -> int:
        return rules.record_id(value, "Template is required", "Invalid template")

    @field_validator("review_type", mode="before")
    @classmethod
    def check_type(cls, value: Any) -> str:
        if not value:
            raise ValueError("Review type is required")
        if value not in REVIEW_TYPES:
            raise ValueError(
                "Review type must be quarterly, annual, probation, promotion or "
                "performance_improvement"
            )
        return str(value)

    @field_validator("due_date", mode="before")
    @classmethod
    def check_due(cls, value: Any) -> date | None:
        if value is None or value == "":
            raise ValueError("Due date is required")
        # Only an empty field is missing; one of spaces is a due date that cannot be read.
        return to_day(value, required="Invalid due date", invalid="Invalid due date")

    @field_validator("due_date", mode="after")
    @classmethod
    def check_not_past(cls, value: date) -> date:
        if value < earliest_today():
            raise ValueError("Due date cannot be in the past")
        return value


class ReviewUpdate(_AnswerChecks):
    """What is sent is changed; completedAt is always the server's own clock, never the
    sender's."""

    responses: dict[str, Any] | None = None
    rating: int | None = None
    reviewer_notes: str | None = None
    status: Literal["pending", "in_progress", "completed"] | None = None
    completed_at: Any = None
    # The review's updatedAt as the sender last read it: when it has changed since (another
    # tab or person saved it), the save is refused instead of overwriting their answers.
    expected_updated_at: datetime | None = None

    @field_validator("status", mode="before")
    @classmethod
    def check_status(cls, value: Any) -> Any:
        if value is not None and value not in REVIEW_STATUSES:
            raise ValueError("Status must be pending, in_progress or completed")
        return value


class ReviewedEmployee(EmployeeSummary):
    """The employee a review is about, with their review schedule."""

    position: str | None = None
    review_schedule: str | None = None
    next_review_date: date | None = None
    is_archived: bool = False


class ReviewRead(ReadModel):
    id: int
    employee_id: int
    template_id: int
    review_type: str
    status: Literal["pending", "in_progress", "completed"]
    responses: dict[str, Any]
    rating: int | None = None
    reviewer_notes: str | None = None
    due_date: date
    completed_at: datetime | None = None
    created_at: datetime
    updated_at: datetime | None = None
    # A review of a cycle: its cycle, named reviewer and the employee's part (lists carry the
    # review's own columns; the self-review's answers only on the single review, ReviewDetail).
    cycle_id: int | None = None
    reviewer_user_id: str | None = None
    self_submitted_at: datetime | None = None
    shared_at: datetime | None = None
    acknowledged_at: datetime | None = None
    acknowledgement_comment: str | None = None
    organization_id: int | None = None
    employee: ReviewedEmployee | None = None
    template: TemplateSummary | None = None

    @model_validator(mode="before")
    @classmethod
    def _own_questions(cls, data: Any) -> Any:
        """A review with its own copy of the questions (a completed one: Review.questions)
        shows its template with those, whatever the template asks now."""
        questions = getattr(data, "questions", None)
        if questions is None:
            return data
        values = {name: getattr(data, name) for name in cls.model_fields}
        template = values["template"]
        if template is not None:
            shown = {name: getattr(template, name) for name in TemplateSummary.model_fields}
            values["template"] = shown | {"questions": questions}
        return values


ReviewStage = Literal["self", "feedback", "writing", "sharing", "acknowledging", "done"]


class ReviewDetail(ReviewRead):
    """One review as its screen shows it: with where it stands in its cycle, its reviewer's
    name and the self-review (answers only for the employee, the reviewer, admin and hr)."""

    cycle_name: str | None = None
    reviewer_name: str | None = None
    stage: ReviewStage | None = None
    self_responses: dict[str, Any] | None = None
    self_questions: list[QuestionRead] | None = None
    # Acknowledged by the employee: nobody edits it; an admin reopens it with a reason.
    locked: bool = False
