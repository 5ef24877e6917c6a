from datetime import datetime
from typing import Literal

from api.core.schemas import ReadModel


class DashboardStats(ReadModel):
    """SPEC §3 Dashboard stats."""

    total_employees: int
    reviews_due: int
    completed_reviews: int
    average_rating: float


class ActivityItem(ReadModel):
    kind: Literal["review_completed", "employee_added", "note_added"]
    at: datetime
    employee_id: int
    employee_name: str
    text: str
