"""Where a launched cycle stands: counts per stage, department and reviewer in one grouped
query, and the cycle's reviews listed with the same stage expression (api/cycles/stages.py)."""

from collections import defaultdict
from datetime import date
from typing import Any

from pydantic import TypeAdapter
from sqlalchemy import Select, func, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from api.core.paging import Paging
from api.cycles import stages
from api.cycles.models import ReviewCycle
from api.cycles.reviewers import reviewer_name
from api.cycles.schemas import (
    CycleProgress,
    CycleReview,
    DepartmentProgress,
    ReviewerProgress,
    StageCounts,
)
from api.departments.models import Department
from api.employees.models import Employee
from api.reviews.models import Review
from api.users.models import User

Reviewer = aliased(User, name="reviewer")
NO_REVIEWER = "none"
REVIEWS_JSON = TypeAdapter(list[CycleReview])


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


async def progress(session: AsyncSession, cycle_id: int, today: date) -> CycleProgress:
    current = stages.stage(today).label("stage")
    late = stages.overdue(today).label("late")
    name = reviewer_name(Reviewer).label("reviewer_name")
    keys = (current, late, Department.id, Department.name, Review.reviewer_user_id, name)
    query = reviews_of(cycle_id).with_only_columns(*keys, func.count()).group_by(*keys)
    by_stage: dict[str, int] = defaultdict(int)
    departments: dict[Any, dict[str, Any]] = {}
    reviewers: dict[Any, dict[str, Any]] = {}
    total = overdue = 0
    for (
        stage,
        is_late,
        department_id,
        department,
        reviewer_id,
        reviewer,
        n,
    ) in await session.execute(query):
        total += n
        overdue += n if is_late else 0
        by_stage[stage] += n
        for found, key, fields in (
            (
                departments,
                department_id,
                {"department_id": department_id, "department": department},
            ),
            (reviewers, reviewer_id, {"reviewer_user_id": reviewer_id, "reviewer_name": reviewer}),
        ):
            row = found.setdefault(key, {**fields, "total": 0, "done": 0, "overdue": 0})
            row["total"] += n
            row["done"] += n if stage == "done" else 0
            row["overdue"] += n if is_late else 0
    return CycleProgress(
        total=total,
        overdue=overdue,
        by_stage=StageCounts(**by_stage),
        by_department=[
            DepartmentProgress(**row)
            for row in sorted(departments.values(), key=lambda r: (r["department"] or "").lower())
        ],
        # Reviews without a reviewer first: someone must be named for them.
        by_reviewer=[
            ReviewerProgress(**row)
            for row in sorted(
                reviewers.values(),
                key=lambda r: (
                    r["reviewer_user_id"] is not None,
                    (r["reviewer_name"] or "").lower(),
                ),
            )
        ],
    )


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
