"""Where a launched cycle stands: counts per stage, department and reviewer in one grouped
query, and the cycle's reviews listed with the same stage expression (api/cycles/stages.py)."""

from collections import defaultdict
from datetime import date
from typing import Any

from pydantic import TypeAdapter
from sqlalchemy import Select, func, select, tuple_
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from api.core.db import execute_core
from api.core.paging import Paging
from api.cycles import stages
from api.cycles.models import ReviewCycle
from api.cycles.reviewers import reviewer_name
from api.cycles.schemas import CycleProgress, CycleReview
from api.departments.models import Department
from api.employees.models import Employee
from api.reviews.models import Review
from api.users.models import User

Reviewer = aliased(User, name="reviewer")
NO_REVIEWER = "none"
REVIEWS_JSON = TypeAdapter(list[CycleReview])
PROGRESS_JSON = TypeAdapter(CycleProgress)


def reviews_of(cycle_id: int) -> Select[Any]:
    """From the cycle's reviews, joined to the cycle (for the stage), the employee, their
    department and the reviewer's account; add the columns wanted."""
    return (
        select(Review.id)
        .select_from(Review)
        .join(ReviewCycle, ReviewCycle.id == Review.cycle_id)
        .join(Employee, Employee.id == Review.employee_id)
        .outerjoin(Department, Department.slug == Employee.department)
        .outerjoin(Reviewer, Reviewer.id == Review.reviewer_user_id)
        .where(Review.cycle_id == cycle_id)
    )


def _grouped(cycle_id: int, today: date) -> Select[Any]:
    """Counts per (stage, overdue), per department and per reviewer: one pass over the
    cycle's reviews (GROUPING SETS), the names joined to the thousand-odd groups after."""
    # The stage worked out once per review: OFFSET 0 keeps Postgres from copying the
    # expression into every use above it.
    staged = (
        reviews_of(cycle_id)
        .with_only_columns(
            stages.stage(today).label("stage"),
            ReviewCycle.self_due,
            ReviewCycle.feedback_due,
            ReviewCycle.review_due,
            ReviewCycle.acknowledge_due,
            Employee.department.label("slug"),
            Review.reviewer_user_id,
        )
        .offset(0)
        .subquery()
    )
    c = staged.c
    late = stages.behind(c.stage, stages.due_of(c.stage, c), today)
    grouped = (
        select(
            func.grouping(c.stage, c.slug, c.reviewer_user_id).label("grouping"),
            c.stage,
            late.label("late"),
            c.slug,
            c.reviewer_user_id,
            func.count().label("total"),
            func.count().filter(c.stage == "done").label("done"),
            func.count().filter(late).label("overdue"),
        )
        .group_by(
            func.grouping_sets(tuple_(c.stage, late), tuple_(c.slug), tuple_(c.reviewer_user_id))
        )
        .subquery()
    )
    g = grouped.c
    return (
        select(
            g.grouping,
            g.stage,
            g.late,
            Department.id.label("department_id"),
            Department.name.label("department"),
            g.reviewer_user_id,
            reviewer_name(Reviewer).label("reviewer_name"),
            g.total,
            g.done,
            g.overdue,
        )
        .select_from(grouped)
        .outerjoin(Department, Department.slug == g.slug)
        .outerjoin(Reviewer, Reviewer.id == g.reviewer_user_id)
    )


# GROUPING(stage, department, reviewer): a bit set for each column the row is not grouped by.
BY_STAGE, BY_DEPARTMENT, BY_REVIEWER = 0b011, 0b101, 0b110


async def progress(session: AsyncSession, cycle_id: int, today: date) -> bytes:
    """The progress reply's JSON: validated once as a whole (a model per reviewer, made and
    then checked again on the way out, was most of the time a large cycle's reply took)."""
    by_stage: dict[str, int] = defaultdict(int)
    departments, reviewers = [], []
    total = overdue = 0
    for row in await execute_core(session, _grouped(cycle_id, today)):
        counts = {"total": row.total, "done": row.done, "overdue": row.overdue}
        if row.grouping == BY_STAGE:
            total += row.total
            overdue += row.overdue
            by_stage[row.stage] += row.total
        elif row.grouping == BY_DEPARTMENT:
            departments.append(
                {"department_id": row.department_id, "department": row.department, **counts}
            )
        elif row.grouping == BY_REVIEWER:
            name = row.reviewer_name if row.reviewer_user_id is not None else None
            reviewers.append(
                {"reviewer_user_id": row.reviewer_user_id, "reviewer_name": name, **counts}
            )
    departments.sort(key=lambda d: (d["department"] or "").lower())
    # Reviews without a reviewer first: someone must be named for them.
    reviewers.sort(
        key=lambda r: (r["reviewer_user_id"] is not None, (r["reviewer_name"] or "").lower())
    )
    reply = {
        "total": total,
        "overdue": overdue,
        "by_stage": by_stage,
        "by_department": departments,
        "by_reviewer": reviewers,
    }
    return PROGRESS_JSON.dump_json(PROGRESS_JSON.validate_python(reply), by_alias=True)


def review_columns(today: date) -> tuple[Any, ...]:
    """A listed review's columns, in CycleReview's order."""
    return (
        Review.id,
        Employee.id,
        func.concat_ws(" ", Employee.first_name, Employee.last_name),
        Department.name,
        Review.reviewer_user_id,
        reviewer_name(Reviewer),
        stages.stage(today),
        stages.stage_due(today),
        func.coalesce(stages.overdue(today), False),
        stages.unfinished(),
        Review.rating,
    )


def filtered(
    query: Select[Any],
    today: date,
    *,
    stage: str | None = None,
    department_id: int | None = None,
    reviewer_user_id: str | None = None,
    overdue: bool | None = None,
) -> Select[Any]:
    if stage is not None:
        query = query.where(stages.stage(today) == stage)
    if department_id is not None:
        query = query.where(Department.id == department_id)
    if reviewer_user_id == NO_REVIEWER:
        query = query.where(Review.reviewer_user_id.is_(None))
    elif reviewer_user_id is not None:
        query = query.where(Review.reviewer_user_id == reviewer_user_id)
    if overdue:
        query = query.where(stages.overdue(today))
    return query


def by_name(query: Select[Any]) -> Select[Any]:
    return query.order_by(
        func.lower(Employee.last_name), func.lower(Employee.first_name), Review.id
    )


async def list_reviews(
    session: AsyncSession,
    cycle_id: int,
    today: date,
    paging: Paging | None,
    filters: dict[str, Any],
) -> tuple[bytes, int | None]:
    """The JSON list (one page of it with paging) and, paged, how many match in all."""
    query = filtered(reviews_of(cycle_id), today, **filters)
    total = None
    if paging is not None:
        total = int(await session.scalar(query.with_only_columns(func.count())) or 0)
        query = query.offset(paging.offset).limit(paging.size)
    names = list(CycleReview.model_fields)
    rows = await session.execute(by_name(query.with_only_columns(*review_columns(today))))
    items = [CycleReview.model_validate(dict(zip(names, row, strict=True))) for row in rows]
    return REVIEWS_JSON.dump_json(items, by_alias=True), total
