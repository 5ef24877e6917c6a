"""The dashboard's figures in one round trip, counted over the records the reader reaches."""

from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from sqlalchemy import ColumnElement, Date, DateTime, Select, bindparam, case, exists, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from api.access.policy import Rule
from api.access.scope import Scope
from api.core.dates import add_months
from api.dashboard.reach import EVERYTHING, READER, Counted, counted
from api.dashboard.schemas import DashboardStats
from api.employees.models import Employee
from api.reviews.models import Review
from api.reviews.schedule import quarter_start

DUE_WINDOW_DAYS = 7
TREND_DAYS = 30


def _local_midnight(day: date) -> datetime:
    """The start of a server-calendar day as an aware timestamp."""
    return datetime.combine(day, time.min).astimezone().astimezone(UTC)


def _people(within: Counted | None, column: Any) -> list[ColumnElement[bool]]:
    return [] if within is None else within.people(column)


def _completed(within: Counted | None) -> list[ColumnElement[bool]]:
    return [] if within is None else within.completed_reviews()


def _open(within: Counted | None, column: Any) -> list[ColumnElement[bool]]:
    return [] if within is None else within.open_reviews(column)


def _average_rating(within: Counted | None, since: str, until: str) -> Any:
    """The average rating of the reviews completed in [since, until), NULL when none."""
    moment = DateTime(timezone=True)
    return (
        select(func.round(func.avg(Review.rating), 2))
        .where(
            Review.status == "completed",
            Review.completed_at >= bindparam(since, type_=moment),
            Review.completed_at < bindparam(until, type_=moment),
            *_completed(within),
        )
        .scalar_subquery()
    )


def _open_reviews(within: Counted | None, archived: Any, *conditions: ColumnElement[bool]) -> Any:
    """How many open reviews of active employees meet the conditions."""
    return (
        select(func.count())
        .select_from(Review)
        .where(
            Review.status != "completed",
            *conditions,
            *_open(within, Review.employee_id),
            ~exists().where(archived.c.id == Review.employee_id),
        )
    ).scalar_subquery()


def _started_recently(within: Counted | None) -> Any:
    """Active employees who started in the last 30 days. Archiving is not dated, so the
    month's change is told by who started in it; when no active employee has a start date
    there is no history to tell it from (NULL)."""
    return (
        select(
            case(
                (func.count(Employee.start_date) == 0, None),
                else_=func.count().filter(
                    Employee.start_date > bindparam("started_after", type_=Date),
                    Employee.start_date <= bindparam("due_from", type_=Date),
                ),
            )
        )
        .where(Employee.is_archived.is_(False), *_people(within, Employee.id))
        .scalar_subquery()
    )


def _total(within: Counted | None, archived: Any) -> Any:
    """Active employees. Unscoped, one scan of employees serves both the total and the "not
    archived" filter on reviews (archived people are few; the anti-join against them is a
    small hash)."""
    if within is None:
        return (
            select(func.count()).select_from(Employee).scalar_subquery()
            - select(func.count()).select_from(archived).scalar_subquery()
        )
    return (
        select(func.count())
        .select_from(Employee)
        .where(Employee.is_archived.is_(False), *within.people(Employee.id))
        .scalar_subquery()
    )


def _stats_query(within: Counted | None = None) -> Select[Any]:
    """The figures in one statement, built once per reach (building it costs more CPU than
    running it): the dates, and the reader's employee when scoped, are bound per call."""
    archived = (
        select(Employee.id).where(Employee.is_archived.is_(True)).cte("archived")
    ).prefix_with("MATERIALIZED")
    today = bindparam("due_from", type_=Date)
    due = _open_reviews(
        within,
        archived,
        Review.due_date >= today,
        Review.due_date <= bindparam("due_until", type_=Date),
    )
    completed = (
        select(func.count())
        .select_from(Review)
        .where(
            Review.status == "completed",
            Review.completed_at >= bindparam("quarter_from", type_=DateTime(timezone=True)),
            Review.completed_at < bindparam("quarter_until", type_=DateTime(timezone=True)),
            *_completed(within),
        )
    ).scalar_subquery()
    average = (
        select(func.coalesce(func.round(func.avg(Review.rating), 2), 0))
        .where(
            Review.status == "completed",
            Review.rating.is_not(None),
            *_completed(within),
        )
        .scalar_subquery()
    )
    overdue = _open_reviews(within, archived, Review.due_date < today)
    return select(
        _total(within, archived),
        due,
        completed,
        average,
        overdue,
        _started_recently(within),
        _average_rating(within, "quarter_from", "quarter_until"),
        _average_rating(within, "previous_quarter_from", "quarter_from"),
    )


_STATS = _stats_query()
# The scoped statements, one per reach (the policy table holds a handful), built on first use.
_SCOPED: dict[Rule, Select[Any]] = {}


def _statement(scope: Scope) -> tuple[Select[Any], dict[str, Any]]:
    """The statement for this reader and the reader's own bound values."""
    if scope.everything:
        return _STATS, {}
    statement = _SCOPED.get(scope.reach)
    if statement is None:
        statement = _SCOPED[scope.reach] = _stats_query(counted(scope, bound=True))
    return statement, {READER: scope.employee_id}


async def get_stats(
    *, session: AsyncSession, today: date, scope: Scope = EVERYTHING
) -> DashboardStats:
    """Total Employees: active employees. Reviews Due: open reviews of active employees due
    from today to 7 days ahead. Completed Reviews: completed this calendar quarter.
    Avg Rating: over every completed review with a rating, two decimals, 0 when none.

    Beside them, what the cards' notes are made of: open reviews of active employees past
    their due date; active employees whose start date falls in the last 30 days (None when no
    active employee has one); the average rating of this and of last calendar quarter's
    completed reviews (None for a quarter without any).

    Each figure counts only the records of the employees `scope` reaches (a reader's own open
    reviews are not theirs to see, so not counted either)."""
    start = quarter_start(today)
    statement, reader = _statement(scope)
    values = {
        "due_from": today,
        "due_until": today + timedelta(days=DUE_WINDOW_DAYS),
        "started_after": today - timedelta(days=TREND_DAYS),
        "previous_quarter_from": _local_midnight(add_months(start, -3)),
        "quarter_from": _local_midnight(start),
        "quarter_until": _local_midnight(add_months(start, 3)),
        **reader,
    }
    row = (await session.execute(statement, values)).one()
    return DashboardStats(
        total_employees=row[0],
        reviews_due=row[1],
        completed_reviews=row[2],
        average_rating=float(row[3]),
        reviews_overdue=row[4],
        employees_started_recently=row[5],
        quarter_average_rating=None if row[6] is None else float(row[6]),
        previous_quarter_average_rating=None if row[7] is None else float(row[7]),
    )
