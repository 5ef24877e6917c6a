"""Review cycle requests and replies. Checks that need only the request itself live here (400
like every malformed body); those that need the order of the dates or the organisation's
records answer 422 from the service, with a sentence a person can act on."""

from datetime import date, datetime
from typing import Literal

from pydantic import Field, field_validator

from api.core.dates import BoundedDate
from api.core.schemas import ApiModel, ReadModel
from api.cycles.stages import Stage

PopulationKind = Literal["everyone", "departments", "employees", "start_dates"]
ReviewType = Literal["quarterly", "annual", "probation", "promotion", "performance_improvement"]
CycleStatus = Literal["draft", "active", "closed"]

# Enough for the largest organisation choosing people one by one; the JSONB stays small.
MAX_CHOSEN = 50_000


class Population(ApiModel):
    """Who is in the cycle. Archived employees never are, whatever the kind."""

    kind: PopulationKind = "everyone"
    department_ids: list[int] = Field(default_factory=list, max_length=1000)
    employee_ids: list[int] = Field(default_factory=list, max_length=MAX_CHOSEN)
    start_from: BoundedDate | None = None
    start_to: BoundedDate | None = None

    @field_validator("department_ids", "employee_ids")
    @classmethod
    def _distinct(cls, value: list[int]) -> list[int]:
        return sorted(set(value))


class CycleWrite(ApiModel):
    """A new cycle, or a draft's new version (every field: what is sent replaces it)."""

    name: str = Field(min_length=1, max_length=200)
    review_type: ReviewType = "annual"
    template_id: int
    self_template_id: int | None = None
    population: Population = Field(default_factory=Population)
    self_due: BoundedDate | None = None
    feedback_due: BoundedDate | None = None
    review_due: BoundedDate
    acknowledge_due: BoundedDate | None = None

    @field_validator("name")
    @classmethod
    def _trimmed(cls, value: str) -> str:
        name = " ".join(value.split())
        if not 3 <= len(name) <= 100:
            raise ValueError("The name must be 3 to 100 characters long")
        return name


class CycleRead(ReadModel):
    id: int
    name: str
    review_type: str
    template_id: int
    template_name: str | None
    self_template_id: int | None
    population: Population
    self_due: date | None
    feedback_due: date | None
    review_due: date
    acknowledge_due: date | None
    status: CycleStatus
    launched_at: datetime | None
    closed_at: datetime | None
    created_at: datetime
    review_count: int
    done_count: int


class PreviewPerson(ReadModel):
    employee_id: int
    employee_name: str
    department: str | None
    reviewer_user_id: str | None
    reviewer_name: str | None


class CyclePreview(ReadModel):
    count: int
    without_reviewer: int
    people: list[PreviewPerson]


class StageCounts(ReadModel):
    self: int = 0
    feedback: int = 0
    writing: int = 0
    sharing: int = 0
    acknowledging: int = 0
    done: int = 0


class DepartmentProgress(ReadModel):
    department_id: int | None
    department: str | None
    total: int
    done: int
    overdue: int


class ReviewerProgress(ReadModel):
    reviewer_user_id: str | None
    reviewer_name: str | None
    total: int
    done: int
    overdue: int


class CycleProgress(ReadModel):
    total: int
    overdue: int
    by_stage: StageCounts
    by_department: list[DepartmentProgress]
    by_reviewer: list[ReviewerProgress]


class CycleReview(ReadModel):
    review_id: int
    employee_id: int
    employee_name: str
    department: str | None
    reviewer_user_id: str | None
    reviewer_name: str | None
    stage: Stage
    stage_due: date | None
    overdue: bool
    unfinished: bool
    rating: int | None


class ReviewerOption(ReadModel):
    """An active account that may be named to write reviews."""

    user_id: str
    name: str
    email: str
    role: str


class Reassign(ApiModel):
    review_ids: list[int] = Field(min_length=1, max_length=MAX_CHOSEN)
    reviewer_user_id: str | None = Field(default=None, max_length=64)


class Reassigned(ReadModel):
    updated: int


class Nudge(ApiModel):
    """No reviewIds: everyone behind (their current stage's due date has passed)."""

    review_ids: list[int] | None = Field(default=None, max_length=MAX_CHOSEN)


class Nudged(ReadModel):
    nudged: int
