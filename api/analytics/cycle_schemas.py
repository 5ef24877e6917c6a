from datetime import datetime
from typing import Literal

from api.analytics.schemas import RatingCount
from api.core.schemas import ReadModel

Leaning = Literal["lenient", "harsh", "typical"]


class CycleOption(ReadModel):
    id: int
    name: str
    status: str
    launched_at: datetime | None


class DepartmentCompletion(ReadModel):
    # Null for the people in no department ("No department").
    department_id: int | None
    department: str
    total: int
    done: int
    # Percent done, one decimal.
    rate: float


class DepartmentRatings(ReadModel):
    department_id: int | None
    department: str
    count: int
    # Two decimals; null when nobody in the department was rated.
    average: float | None
    distribution: list[RatingCount]


class ReviewerRatings(ReadModel):
    # Null for reviews no account was named to write.
    reviewer_user_id: str | None
    reviewer_name: str
    count: int
    average: float
    distribution: list[RatingCount]
    # The reviewer's average minus the cycle's, two decimals: above zero rates more kindly.
    difference: float
    # Fewer rated reviews than it takes to tell a reviewer's habit from their team's.
    too_few: bool
    # Null when too few to judge.
    leaning: Leaning | None


class CycleAnalytics(ReadModel):
    cycle: CycleOption
    total: int
    done: int
    rate: float | None
    rated: int
    average: float | None
    distribution: list[RatingCount]
    completion_by_department: list[DepartmentCompletion]
    ratings_by_department: list[DepartmentRatings]
    ratings_by_reviewer: list[ReviewerRatings]
    # The fewest rated reviews a reviewer needs before their leaning is judged, and how far
    # from the cycle's average counts as lenient or harsh.
    min_rated: int
    leaning_threshold: float


class DepartmentChange(ReadModel):
    department_id: int | None
    department: str
    people: int
    average_from: float
    average_to: float
    average_change: float
    improved: int
    same: int
    declined: int


class CycleComparison(ReadModel):
    from_cycle: CycleOption
    to_cycle: CycleOption
    # People rated in both cycles; the figures below are theirs alone.
    people: int
    average_from: float | None
    average_to: float | None
    average_change: float | None
    improved: int
    same: int
    declined: int
    # Rated in one of the two cycles only (left out of the change).
    only_from: int
    only_to: int
    by_department: list[DepartmentChange]
