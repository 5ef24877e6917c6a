from datetime import date, datetime

from api.core.schemas import ReadModel


class AnalyticsTotals(ReadModel):
    total_employees: int
    completed_reviews: int
    pending_reviews: int
    review_templates: int


class DepartmentCount(ReadModel):
    slug: str | None
    name: str
    employee_count: int


class ReviewTypeCount(ReadModel):
    review_type: str
    pending: int
    in_progress: int
    completed: int
    total: int


class RatingCount(ReadModel):
    rating: int
    count: int


class QuarterCompletion(ReadModel):
    quarter: str
    start: date
    due: int
    completed: int
    # Percent of the reviews due that quarter that were completed; null when none was due (a
    # chart would otherwise show a quarter with nothing to do as a drop to 0%).
    rate: float | None


class RecentReviewEmployee(ReadModel):
    id: int
    first_name: str
    last_name: str
    department: str | None = None


class RecentReview(ReadModel):
    id: int
    review_type: str
    status: str
    rating: int | None = None
    due_date: date
    completed_at: datetime | None = None
    created_at: datetime
    employee: RecentReviewEmployee


class Analytics(ReadModel):
    totals: AnalyticsTotals
    departments: list[DepartmentCount]
    review_types: list[ReviewTypeCount]
    rating_distribution: list[RatingCount]
    completion_by_quarter: list[QuarterCompletion]
    recent_reviews: list[RecentReview]
