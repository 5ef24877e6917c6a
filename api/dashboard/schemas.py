from datetime import datetime
from typing import Literal

from api.core.schemas import ReadModel


class DashboardStats(ReadModel):
    """The dashboard's cards and what their notes are made of."""

    total_employees: int
    reviews_due: int
    completed_reviews: int
    average_rating: float
    reviews_overdue: int
    employees_started_recently: int | None
    quarter_average_rating: float | None
    previous_quarter_average_rating: float | None


class ActivityItem(ReadModel):
    kind: Literal["review_completed", "employee_added", "note_added"]
    at: datetime
    employee_id: int
    employee_name: str
    text: str
