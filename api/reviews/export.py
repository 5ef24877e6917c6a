"""The reviews report (dashboard Generate Report) as CSV, safe to open in a spreadsheet."""

import csv
import io
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from api.employees.models import Employee
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
# A cell starting with one of these is run as a formula by spreadsheet programs.
FORMULA_PREFIXES = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value: Any) -> str:
    """Text of a cell, with a leading quote when it would otherwise start a formula."""
    if value is None:
        return ""
    text = value.isoformat() if hasattr(value, "isoformat") else str(value)
    return "'" + text if text.startswith(FORMULA_PREFIXES) else text


async def reviews_csv(*, session: AsyncSession) -> str:
    """Every review with its employee and template, newest due date first."""
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
    out = io.StringIO()
    out.write("\ufeff")  # so spreadsheet programs read the names as UTF-8
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(HEADER)
    for row in await session.execute(query):
        writer.writerow([safe_cell(v) for v in row])
    return out.getvalue()
