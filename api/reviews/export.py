"""The reviews report (dashboard Generate Report) as CSV, safe to open in a spreadsheet."""

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from api.access.scope import Scope
from api.audit import trail
from api.core.csv_export import csv_text
from api.employees.models import Employee
from api.reviews.access import only_visible
from api.reviews.models import Review, ReviewTemplate

HEADER = [
    "Review ID",
    "Employee ID",
    "First Name",
    "Last Name",
    "Department",
    "Position",
    "Review Type",
    "Template",
    "Status",
    "Due Date",
    "Completed At",
    "Rating",
    "Reviewer Notes",
]


async def reviews_csv(*, session: AsyncSession, scope: Scope) -> str:
    """Every review the scope shows with its employee and template, newest due date first."""
    query = (
        select(
            Review.id,
            Employee.employee_id,
            Employee.first_name,
            Employee.last_name,
            Employee.department,
            Employee.position,
            Review.review_type,
            ReviewTemplate.name,
            Review.status,
            Review.due_date,
            Review.completed_at,
            Review.rating,
            Review.reviewer_notes,
        )
        .join(Employee, Employee.id == Review.employee_id)
        .join(ReviewTemplate, ReviewTemplate.id == Review.template_id)
        .order_by(Review.due_date.desc(), Review.id.desc())
    )
    query = only_visible(query, scope)
    rows = list(await session.execute(query))
    await trail.record(
        session, action="export", resource="review", summary=f"Exported {len(rows)} reviews"
    )
    return csv_text([HEADER, *rows])
