"""The Analytics screen: cards, department overview, review types, ratings, completion over
the last four quarters and the five most recent reviews, each counted over the records the
reader reaches (a reader who reaches everything runs the unfiltered statements)."""

from datetime import date

from sqlalchemy import ColumnElement, func, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import selectinload

from api.access.scope import Scope
from api.analytics.schemas import (
    Analytics,
    AnalyticsTotals,
    DepartmentCount,
    QuarterCompletion,
    RatingCount,
    RecentReview,
    ReviewTypeCount,
)
from api.core.dates import add_months
from api.dashboard.reach import EVERYTHING, Counted, counted
from api.departments.models import Department
from api.employees.models import Employee
from api.reviews.models import REVIEW_TYPES, Review, ReviewTemplate
from api.reviews.schedule import quarter_label, quarter_start

QUARTERS = 4
RECENT = 5


def _people(within: Counted | None) -> list[ColumnElement[bool]]:
    return [] if within is None else within.people(Employee.id)


def _reviews(within: Counted | None) -> list[ColumnElement[bool]]:
    return [] if within is None else within.reviews()


async def _totals(session: AsyncSession, within: Counted | None) -> AnalyticsTotals:
    employees = (
        select(func.count())
        .select_from(Employee)
        .where(Employee.is_archived.is_(False), *_people(within))
    ).scalar_subquery()
    completed = (
        select(func.count())
        .select_from(Review)
        .where(Review.status == "completed", *_reviews(within))
    ).scalar_subquery()
    open_ = (
        select(func.count())
        .select_from(Review)
        .where(Review.status != "completed", *_reviews(within))
    ).scalar_subquery()
    templates = select(func.count()).select_from(ReviewTemplate).scalar_subquery()
    row = (await session.execute(select(employees, completed, open_, templates))).one()
    return AnalyticsTotals(
        total_employees=row[0],
        completed_reviews=row[1],
        pending_reviews=row[2],
        review_templates=row[3],
    )


async def _departments(session: AsyncSession, within: Counted | None) -> list[DepartmentCount]:
    """Every department (empty ones too) with its active employees, biggest first."""
    counts = (
        select(Employee.department, func.count().label("n"))
        .where(Employee.is_archived.is_(False), *_people(within))
        .group_by(Employee.department)
    ).subquery()
    rows = await session.execute(
        select(Department.slug, Department.name, func.coalesce(counts.c.n, 0))
        .outerjoin(counts, counts.c.department == Department.slug)
        .order_by(func.coalesce(counts.c.n, 0).desc(), Department.name)
    )
    result = [DepartmentCount(slug=s, name=n, employee_count=c) for s, n, c in rows]
    unassigned = await session.scalar(
        select(func.count()).where(
            Employee.is_archived.is_(False), Employee.department.is_(None), *_people(within)
        )
    )
    if unassigned:
        result.append(DepartmentCount(slug=None, name="Unassigned", employee_count=unassigned))
    return result


async def _review_types(session: AsyncSession, within: Counted | None) -> list[ReviewTypeCount]:
    rows = await session.execute(
        select(Review.review_type, Review.status, func.count())
        .where(*_reviews(within))
        .group_by(Review.review_type, Review.status)
    )
    table = {t: {"pending": 0, "in_progress": 0, "completed": 0} for t in REVIEW_TYPES}
    for kind, status, n in rows:
        table.setdefault(kind, {"pending": 0, "in_progress": 0, "completed": 0})[status] = n
    return [
        ReviewTypeCount(review_type=kind, total=sum(c.values()), **c) for kind, c in table.items()
    ]


async def _ratings(session: AsyncSession, within: Counted | None) -> list[RatingCount]:
    result = await session.execute(
        select(Review.rating, func.count())
        .where(Review.status == "completed", Review.rating.is_not(None), *_reviews(within))
        .group_by(Review.rating)
    )
    rows = {rating: n for rating, n in result}
    return [RatingCount(rating=r, count=rows.get(r, 0)) for r in range(1, 6)]


async def _completion(
    session: AsyncSession, within: Counted | None, today: date
) -> list[QuarterCompletion]:
    """Of the reviews due in each quarter, the share completed (oldest quarter first); None
    for a quarter in which no review was due."""
    current = quarter_start(today)
    starts = [add_months(current, -3 * n) for n in range(QUARTERS - 1, -1, -1)]
    bucket = func.date_trunc("quarter", Review.due_date)
    rows = await session.execute(
        select(
            func.date(bucket),
            func.count(),
            func.count().filter(Review.status == "completed"),
        )
        .where(
            Review.due_date >= starts[0],
            Review.due_date < add_months(current, 3),
            *_reviews(within),
        )
        .group_by(bucket)
    )
    found = {start: (due, done) for start, due, done in rows}
    result = []
    for start in starts:
        due, done = found.get(start, (0, 0))
        rate = round(100 * done / due, 1) if due else None
        result.append(
            QuarterCompletion(
                quarter=quarter_label(start), start=start, due=due, completed=done, rate=rate
            )
        )
    return result


async def _recent(session: AsyncSession, within: Counted | None) -> list[Review]:
    """The five most recent reviews: by completion, else by creation."""
    query = (
        select(Review)
        .options(selectinload(Review.employee))
        .where(*_reviews(within))
        .order_by(func.coalesce(Review.completed_at, Review.created_at).desc(), Review.id.desc())
        .limit(RECENT)
    )
    return list((await session.execute(query)).scalars())


async def get_analytics(
    *, session: AsyncSession, today: date, scope: Scope = EVERYTHING
) -> Analytics:
    """Templates are counted whatever the scope: every reader reads them all."""
    within = counted(scope)
    return Analytics(
        totals=await _totals(session, within),
        departments=await _departments(session, within),
        review_types=await _review_types(session, within),
        rating_distribution=await _ratings(session, within),
        completion_by_quarter=await _completion(session, within, today),
        recent_reviews=[RecentReview.model_validate(r) for r in await _recent(session, within)],
    )
