"""The template and review contract: SPEC §3 (fields), §4 (status, renumbering), §5 (limits)."""

import re
from datetime import date, datetime
from typing import Any, Literal, get_args

from pydantic import Field, PrivateAttr, field_validator, model_validator

from api.core.dates import BoundedDate, earliest_today
from api.core.schemas import ApiModel, ReadModel
from api.reviews.models import REVIEW_STATUSES, REVIEW_TYPES

QuestionType = Literal["text", "rating", "multiple-choice", "yes-no"]
QUESTION_TYPES: tuple[str, ...] = get_args(QuestionType)
MAX_QUESTIONS = 50
MAX_OPTIONS = 20
OPTION_MAX = 200
DEFAULT_SCALE = 5
# SPEC §9: ratings are 1-5; a question's scale is its top mark (2-5), 5 unless given.
MIN_SCALE, MAX_SCALE = 2, 5
NOTES_MAX = 5000
_DATE_PREFIX = re.compile(r"^(\d{4}-\d{2}-\d{2})(?:$|[T ])")


def _text(value: Any) -> str:
    return value.strip() if isinstance(value, str) else ""


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
        text = _text(value)
        if not text:
            raise ValueError("Question is required")
        if len(text) < 10:
            raise ValueError("Question must be at least 10 characters")
        if len(text) > 500:
            raise ValueError("Question must not exceed 500 characters")
        return text

    @field_validator("type", mode="before")
    @classmethod
    def check_type(cls, value: Any) -> str:
        if value not in QUESTION_TYPES:
            raise ValueError("Question type must be text, rating, multiple-choice or yes-no")
        return str(value)

    @field_validator("options", mode="before")
    @classmethod
    def check_options(cls, value: Any) -> list[str] | None:
        if value is None:
            return None
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise ValueError("Options must be a list of texts")
        return [v.strip() for v in value if v.strip()]

    @field_validator("scale", mode="before")
    @classmethod
    def check_scale(cls, value: Any) -> int | None:
        if value is None or value == "":
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"Rating scale must be a whole number from {MIN_SCALE} to {MAX_SCALE}")
        return value

    @model_validator(mode="after")
    def _by_type(self) -> "Question":
        # SPEC §4: options are dropped for every type but multiple-choice.
        if self.type == "multiple-choice":
            options = self.options or []
            if len(options) < 2:
                raise ValueError("Multiple-choice questions need at least two options")
            if len(options) > MAX_OPTIONS:
                raise ValueError(f"No more than {MAX_OPTIONS} options allowed")
            if any(len(o) > OPTION_MAX for o in options):
                raise ValueError(f"Options must not exceed {OPTION_MAX} characters")
            if len({o.casefold() for o in options}) != len(options):
                raise ValueError("Options must be unique")
        else:
            self.options = None
        if self.type == "rating":
            scale = DEFAULT_SCALE if self.scale is None else self.scale
            if not MIN_SCALE <= scale <= MAX_SCALE:
                raise ValueError(
                    f"Rating scale must be a whole number from {MIN_SCALE} to {MAX_SCALE}"
                )
            self.scale = scale
        else:
            self.scale = None
        return self

    def stored(self) -> dict[str, Any]:
        return self.model_dump(exclude_none=True)


def _check_questions(value: Any) -> Any:
    if value is None or (isinstance(value, list) and not value):
        raise ValueError("At least one question is required")
    if isinstance(value, list) and len(value) > MAX_QUESTIONS:
        raise ValueError(f"No more than {MAX_QUESTIONS} questions allowed")
    return value


def _renumber(questions: list[Question]) -> list[Question]:
    """SPEC §4: ids are renumbered q1, q2, ... on save."""
    for n, q in enumerate(questions, start=1):
        q.id = f"q{n}"
    return questions


def _name(value: Any) -> str:
    text = _text(value)
    if len(text) < 3:
        raise ValueError("Template name must be at least 3 characters")
    if len(text) > 100:
        raise ValueError("Template name must not exceed 100 characters")
    return text


def _description(value: Any) -> str | None:
    text = _text(value)
    if len(text) > 500:
        raise ValueError("Description must not exceed 500 characters")
    return text or None


class TemplateCreate(ApiModel):
    # Missing fields must meet the same rules as blank ones (pydantic skips defaults otherwise).
    model_config = ApiModel.model_config | {"validate_default": True}

    name: str = ""
    description: str | None = None
    questions: list[Question] = Field(default_factory=list)
    is_default: bool = False

    @field_validator("name", mode="before")
    @classmethod
    def check_name(cls, value: Any) -> str:
        return _name(value)

    @field_validator("description", mode="before")
    @classmethod
    def check_description(cls, value: Any) -> str | None:
        return _description(value)

    @field_validator("questions", mode="before")
    @classmethod
    def check_questions(cls, value: Any) -> Any:
        return _check_questions(value)

    @model_validator(mode="after")
    def _ids(self) -> "TemplateCreate":
        _renumber(self.questions)
        return self


class TemplateUpdate(ApiModel):
    """Every field optional: what is sent replaces what is stored."""

    name: str | None = None
    description: str | None = None
    questions: list[Question] | None = None
    is_default: bool | None = None

    @field_validator("name", mode="before")
    @classmethod
    def check_name(cls, value: Any) -> str:
        return _name(value)

    @field_validator("description", mode="before")
    @classmethod
    def check_description(cls, value: Any) -> str | None:
        return _description(value)

    @field_validator("questions", mode="before")
    @classmethod
    def check_questions(cls, value: Any) -> Any:
        return _check_questions(value)

    # The ids the caller sent with the questions, before renumbering: an edited question that
    # keeps its id keeps the answers open reviews gave it (templates.update_template).
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


def to_day(value: Any, *, invalid: str) -> date:
    """'2026-01-05' or an ISO timestamp '2026-01-05T00:00:00.000Z' → the day as written."""
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    match = _DATE_PREFIX.match(value.strip()) if isinstance(value, str) else None
    if not match:
        raise ValueError(invalid)
    try:
        return date.fromisoformat(match.group(1))
    except ValueError:
        raise ValueError(invalid) from None


def _id(value: Any, required: str, invalid: str) -> int:
    if value is None or value == "":
        raise ValueError(required)
    if isinstance(value, bool) or isinstance(value, float) and not value.is_integer():
        raise ValueError(invalid)
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise ValueError(invalid) from None
    # Out of range ids cannot exist; they are looked up and answered with 404.
    return number


def _rating(value: Any) -> int | None:
    if value is None or value == "":
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 5:
        raise ValueError("Rating must be a whole number from 1 to 5")
    return value


def _notes(value: Any) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise ValueError("Reviewer notes must be text")
    text = value.strip()
    if len(text) > NOTES_MAX:
        raise ValueError(f"Reviewer notes must not exceed {NOTES_MAX} characters")
    return text or None


def _responses(value: Any) -> dict[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise ValueError("Responses must map question ids to answers")
    return value


class ReviewCreate(ApiModel):
    # Missing fields meet the same rules as blank ones: `{}` is a 400 with the field messages.
    model_config = ApiModel.model_config | {"validate_default": True}

    employee_id: int | None = None
    template_id: int | None = None
    review_type: str = ""
    due_date: BoundedDate | None = None
    # SPEC §7 sends a status; a new review is always pending (SPEC §4), so it is ignored.
    status: str | None = None
    responses: dict[str, Any] = Field(default_factory=dict)
    rating: int | None = None
    reviewer_notes: str | None = None

    @field_validator("employee_id", mode="before")
    @classmethod
    def check_employee(cls, value: Any) -> int:
        return _id(value, "Employee is required", "Invalid employee")

    @field_validator("template_id", mode="before")
    @classmethod
    def check_template(cls, value: Any) -> int:
        return _id(value, "Template is required", "Invalid template")

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
    def check_due(cls, value: Any) -> date:
        if value is None or value == "":
            raise ValueError("Due date is required")
        return to_day(value, invalid="Invalid due date")

    @field_validator("due_date", mode="after")
    @classmethod
    def check_not_past(cls, value: date) -> date:
        if value < earliest_today():
            raise ValueError("Due date cannot be in the past")
        return value

    @field_validator("rating", mode="before")
    @classmethod
    def check_rating(cls, value: Any) -> int | None:
        return _rating(value)

    @field_validator("reviewer_notes", mode="before")
    @classmethod
    def check_notes(cls, value: Any) -> str | None:
        return _notes(value)

    @field_validator("responses", mode="before")
    @classmethod
    def check_responses(cls, value: Any) -> dict[str, Any]:
        return _responses(value)


class ReviewUpdate(ApiModel):
    """What is sent is changed; completedAt is always the server's own clock (SPEC §4)."""

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

    @field_validator("rating", mode="before")
    @classmethod
    def check_rating(cls, value: Any) -> int | None:
        return _rating(value)

    @field_validator("reviewer_notes", mode="before")
    @classmethod
    def check_notes(cls, value: Any) -> str | None:
        return _notes(value)

    @field_validator("responses", mode="before")
    @classmethod
    def check_responses(cls, value: Any) -> dict[str, Any]:
        return _responses(value)


class EmployeeSummary(ReadModel):
    id: int
    employee_id: str
    first_name: str
    last_name: str
    email: str | None = None
    department: str | None = None
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
    organization_id: int | None = None
    employee: EmployeeSummary | None = None
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
