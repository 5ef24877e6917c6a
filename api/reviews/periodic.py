"""The next periodic review: created ahead of each employee's nextReviewDate."""

from datetime import date, timedelta

from sqlalchemy import Select, case, exists, literal, select, true
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from api.employees.models import Employee
from api.reviews.models import Review, ReviewTemplate

LEAD_DAYS = 14


def default_template() -> Select[int]:
    """The organisation's default template, else its oldest one."""
    return (
        select(ReviewTemplate.id)
        .order_by(ReviewTemplate.is_default.desc(), ReviewTemplate.created_at, ReviewTemplate.id)
        .limit(1)
    )


async def create_next_reviews(session: AsyncSession, today: date) -> dict[str, int]:
    """A pending review for every active employee whose nextReviewDate is within 14 days
    and who has no open review, due on that date, from the default template.

    Idempotent: the employee then has an open review, so a second run creates nothing.
    One statement; with no template at all nothing is created.
    """
    template = default_template().cte("template")
    open_review = exists().where(Review.employee_id == Employee.id, Review.status != "completed")
    review_type = case((Employee.review_schedule == "annual", "annual"), else_="quarterly")
    source = (
        select(
            Employee.id,
            template.c.id,
            review_type,
            literal("pending"),
            Employee.next_review_date,
        )
        .select_from(Employee)
        .join(template, true())
        .where(
            Employee.is_archived.is_(False),
            Employee.next_review_date.is_not(None),
            Employee.next_review_date <= today + timedelta(days=LEAD_DAYS),
            ~open_review,
        )
    )
    stmt = insert(Review).from_select(
        ["employee_id", "template_id", "review_type", "status", "due_date"], source
    )
    result = await session.execute(stmt)
    return {"reviews_created": max(int(getattr(result, "rowcount", 0) or 0), 0)}
