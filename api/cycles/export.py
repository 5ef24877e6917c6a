"""A cycle's reviews as CSV, one row each, safe to open in a spreadsheet."""

from datetime import date
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession
from starlette.responses import Response

from api.audit import trail
from api.core.csv_export import csv_response
from api.cycles import progress
from api.cycles.models import FeedbackRequest, ReviewCycle
from api.reviews.models import Review

HEADER = [
    "Review ID",
    "Employee",
    "Department",
    "Reviewer",
    "Stage",
    "Due",
    "Overdue",
    "Self-review submitted",
    "Feedback answered",
    "Feedback asked",
    "Rating",
    "Shared",
    "Acknowledged",
]


def _feedback() -> Any:
    answered = func.count(FeedbackRequest.answered_at)
    return (
        select(FeedbackRequest.review_id, answered.label("answered"), func.count().label("asked"))
        .group_by(FeedbackRequest.review_id)
        .subquery()
    )


async def cycle_csv(session: AsyncSession, cycle: ReviewCycle, today: date) -> Response:
    feedback = _feedback()
    columns = progress.review_columns(today)
    # id, employee, department, reviewer, stage, due, overdue, unfinished
    picked = (columns[0], columns[2], columns[3], columns[5], *columns[6:10])
    query = progress.by_name(
        progress.reviews_of(cycle.id)
        .outerjoin(feedback, feedback.c.review_id == Review.id)
        .with_only_columns(
            *picked,
            Review.self_submitted_at,
            func.coalesce(feedback.c.answered, 0),
            func.coalesce(feedback.c.asked, 0),
            Review.rating,
            Review.shared_at,
            Review.acknowledged_at,
        )
    )
    rows = []
    for (
        review_id,
        name,
        department,
        reviewer,
        stage,
        due,
        late,
        unfinished,
        *rest,
    ) in await session.execute(query):
        shown = "unfinished" if unfinished else stage
        rows.append([review_id, name, department, reviewer, shown, due, bool(late), *rest])
    await trail.record(
        session,
        action="export",
        resource="cycle",
        record_id=cycle.id,
        summary=f"Exported {len(rows)} reviews of {cycle.name}",
    )
    return csv_response([HEADER, *rows], f"{cycle.name} reviews.csv")
