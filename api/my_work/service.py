"""What one account has to do in the active review cycles, each with its due date: four
queries, whatever the number of cycles and reviews."""

from datetime import date
from typing import Any

from sqlalchemy import Select, and_, func, select, true
from sqlalchemy.ext.asyncio import AsyncSession

from api.auth.principal import Principal
from api.cycles.models import FeedbackRequest, ReviewCycle
from api.employees.models import Employee
from api.my_work.schemas import MyWork, WorkItem
from api.reviews.models import Review

PERSON = func.concat_ws(" ", Employee.first_name, Employee.last_name)


def _reviews(*columns: Any) -> Select[Any]:
    """Reviews of active cycles with the employee's name, the cycle's name and the type."""
    return (
        select(Review.id, PERSON, ReviewCycle.name, Review.review_type, *columns)
        .join(ReviewCycle, ReviewCycle.id == Review.cycle_id)
        .join(Employee, Employee.id == Review.employee_id)
        .where(ReviewCycle.status == "active")
    )


def _item(kind: str, row: Any, due: date | None, today: date, **given: Any) -> WorkItem:
    review_id = row[0]
    values: dict[str, Any] = {
        "kind": kind,
        "id": review_id,
        "review_id": review_id,
        "employee_name": row[1],
        "cycle_name": row[2],
        "review_type": row[3],
        "due": due,
        "overdue": due is not None and due < today,
        "link": f"/reviews/{review_id}",
    }
    return WorkItem.model_validate(values | given)


async def _own(session: AsyncSession, employee_id: int, today: date) -> dict[str, list[WorkItem]]:
    """The reader's self-reviews to write and reviews to acknowledge (one query)."""
    rows = await session.execute(
        _reviews(
            ReviewCycle.self_due,
            ReviewCycle.acknowledge_due,
            Review.self_submitted_at,
            Review.shared_at,
            Review.acknowledged_at,
            Review.status,
        )
        .where(Review.employee_id == employee_id)
        .order_by(ReviewCycle.review_due, Review.id)
    )
    selves, acknowledge = [], []
    for row in rows:
        self_due, ack_due, submitted, shared, acknowledged, status = row[4:]
        if self_due is not None and submitted is None and status != "completed":
            link = f"/reviews/{row[0]}/self"
            selves.append(_item("self_review", row, self_due, today, link=link))
        if shared is not None and acknowledged is None:
            acknowledge.append(_item("acknowledge", row, ack_due, today))
    return {"self_reviews": selves, "reviews_to_acknowledge": acknowledge}


async def _feedback(session: AsyncSession, employee_id: int, today: date) -> list[WorkItem]:
    """Requests made of the reader still open to an answer."""
    rows = await session.execute(
        _reviews(ReviewCycle.feedback_due, FeedbackRequest.id)
        .join(FeedbackRequest, FeedbackRequest.review_id == Review.id)
        .where(
            FeedbackRequest.employee_id == employee_id,
            FeedbackRequest.answered_at.is_(None),
            Review.status != "completed",
            ReviewCycle.feedback_due >= today,
        )
        .order_by(ReviewCycle.feedback_due, FeedbackRequest.id)
    )
    return [
        _item("feedback", row, row[4], today, id=row[5], link=f"/feedback/{row[5]}") for row in rows
    ]


async def _to_write(
    session: AsyncSession, user_id: str, employee_id: int | None, today: date
) -> list[WorkItem]:
    """Reviews the reader is named on: open ones to write, completed ones to share."""
    to_share = and_(
        Review.status == "completed",
        ReviewCycle.acknowledge_due.is_not(None),
        Review.shared_at.is_(None),
    )
    rows = await session.execute(
        _reviews(ReviewCycle.review_due, Review.status)
        .where(Review.reviewer_user_id == user_id)
        # Never one's own review, whoever is named on it (an account relinked afterwards).
        .where(Review.employee_id != employee_id if employee_id is not None else true())
        .where((Review.status != "completed") | to_share)
        .order_by(ReviewCycle.review_due, Review.id)
    )
    return [
        _item("share" if row[5] == "completed" else "review", row, row[4], today) for row in rows
    ]


async def my_work(session: AsyncSession, principal: Principal, today: date) -> MyWork:
    own: dict[str, list[WorkItem]] = {"self_reviews": [], "reviews_to_acknowledge": []}
    feedback: list[WorkItem] = []
    if principal.employee_id is not None:
        own = await _own(session, principal.employee_id, today)
        feedback = await _feedback(session, principal.employee_id, today)
    to_write = (
        []
        if principal.user_id is None
        else await _to_write(session, principal.user_id, principal.employee_id, today)
    )
    return MyWork(
        self_reviews=own["self_reviews"],
        feedback_requests=feedback,
        reviews_to_write=to_write,
        reviews_to_acknowledge=own["reviews_to_acknowledge"],
    )
