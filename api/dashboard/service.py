"""The dashboard's figures in one round trip, and the Recent Activity feed."""

from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from sqlalchemy import (
    ColumnElement,
    Date,
    DateTime,
    Select,
    bindparam,
    case,
    exists,
    func,
    literal,
    select,
    union_all,
)
from sqlalchemy.ext.asyncio import AsyncSession

from api.core.dates import add_months
from api.dashboard.schemas import ActivityItem, DashboardStats
from api.employees.models import Employee
from api.notes.models import EmployeeNote
from api.reviews.models import Review
from api.reviews.schedule import quarter_start

DUE_WINDOW_DAYS = 7
TREND_DAYS = 30
ACTIVITY_LIMIT = 10
# One activity event: kind, when, employee id, employee name, text.
Events = Select[str, datetime | None, int, str, str]


def _local_midnight(day: date) -> datetime:
    """The start of a server-calendar day as an aware timestamp."""
    return datetime.combine(day, time.min).astimezone().astimezone(UTC)


def _average_rating(since: str, until: str) -> Any:
    """The average rating of the reviews completed in [since, until), NULL when none."""
    moment = DateTime(timezone=True)
    return (
        select(func.round(func.avg(Review.rating), 2))
        .where(
            Review.status == "completed",
            Review.completed_at >= bindparam(since, type_=moment),
            Review.completed_at < bindparam(until, type_=moment),
        )
        .scalar_subquery()
    )


def _open_reviews(archived: Any, *conditions: ColumnElement[bool]) -> Any:
    """How many open reviews of active employees meet the conditions."""
    return (
        select(func.count())
        .select_from(Review)
        .where(
            Review.status != "completed",
            *conditions,
            ~exists().where(archived.c.id == Review.employee_id),
        )
    ).scalar_subquery()


def _started_recently() -> Any:
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
        .where(Employee.is_archived.is_(False))
        .scalar_subquery()
    )


def _stats_query() -> Select[Any]:
    """The figures in one statement, built once (building it costs more CPU than running
    it): the dates are bound per call."""
    # One scan of employees serves both the total and the "not archived" filter on reviews
    # (archived people are few; the anti-join against them is a small hash).
    archived = (
        select(Employee.id).where(Employee.is_archived.is_(True)).cte("archived")
    ).prefix_with("MATERIALIZED")
    total = (
        select(func.count()).select_from(Employee).scalar_subquery()
        - select(func.count()).select_from(archived).scalar_subquery()
    )
    today = bindparam("due_from", type_=Date)
    due = _open_reviews(
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
        )
    ).scalar_subquery()
    average = (
        select(func.coalesce(func.round(func.avg(Review.rating), 2), 0))
        .where(Review.status == "completed", Review.rating.is_not(None))
        .scalar_subquery()
    )
    overdue = _open_reviews(archived, Review.due_date < today)
    quarter_average = _average_rating("quarter_from", "quarter_until")
    previous_average = _average_rating("previous_quarter_from", "quarter_from")
    return select(
        total,
        due,
        completed,
        average,
        overdue,
        _started_recently(),
        quarter_average,
        previous_average,
    )


_STATS = _stats_query()


async def get_stats(*, session: AsyncSession, today: date) -> DashboardStats:
    """Total Employees: active employees. Reviews Due: open reviews of active employees due
    from today to 7 days ahead. Completed Reviews: completed this calendar quarter.
    Avg Rating: over every completed review with a rating, two decimals, 0 when none.

    Beside them, what the cards' notes are made of: open reviews of active employees past
    their due date; active employees whose start date falls in the last 30 days (None when no
    active employee has one); the average rating of this and of last calendar quarter's
    completed reviews (None for a quarter without any)."""
    start = quarter_start(today)
    dates = {
        "due_from": today,
        "due_until": today + timedelta(days=DUE_WINDOW_DAYS),
        "started_after": today - timedelta(days=TREND_DAYS),
        "previous_quarter_from": _local_midnight(add_months(start, -3)),
        "quarter_from": _local_midnight(start),
        "quarter_until": _local_midnight(add_months(start, 3)),
    }
    row = (await session.execute(_STATS, dates)).one()
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


def _name() -> ColumnElement[str]:
    return func.concat_ws(" ", Employee.first_name, Employee.last_name)


def _completed_events(limit: int) -> Events:
    return (
        select(
            literal("review_completed").label("kind"),
            Review.completed_at.label("at"),
            Employee.id.label("employee_id"),
            _name().label("employee_name"),
            func.concat(
                func.initcap(func.replace(Review.review_type, "_", " ")),
                " review completed",
                case(
                    (Review.rating.is_not(None), func.concat(" (rating ", Review.rating, "/5)")),
                    else_="",
                ),
            ).label("text"),
        )
        .join(Employee, Employee.id == Review.employee_id)
        .where(Review.status == "completed", Review.completed_at.is_not(None))
        .order_by(Review.completed_at.desc())
        .limit(limit)
    )


def _added_events(limit: int) -> Events:
    return (
        select(
            literal("employee_added"),
            Employee.created_at,
            Employee.id,
            _name(),
            func.concat(
                "Joined",
                case(
                    (Employee.position.is_not(None), func.concat(" as ", Employee.position)),
                    else_="",
                ),
            ),
        )
        .order_by(Employee.created_at.desc())
        .limit(limit)
    )


def _note_events(limit: int) -> Events:
    """Notes say only their category, never their text (that stays on the profile)."""
    return (
        select(
            literal("note_added"),
            EmployeeNote.created_at,
            Employee.id,
            _name(),
            func.concat(func.initcap(EmployeeNote.category), " note added"),
        )
        .join(Employee, Employee.id == EmployeeNote.employee_id)
        .order_by(EmployeeNote.created_at.desc())
        .limit(limit)
    )


async def list_activity(
    *, session: AsyncSession, limit: int = ACTIVITY_LIMIT
) -> list[ActivityItem]:
    """The latest events, newest first: reviews completed, employees added, HR notes written."""
    events = union_all(
        _completed_events(limit), _added_events(limit), _note_events(limit)
    ).subquery()
    query = select(events).order_by(events.c.at.desc()).limit(limit)
    rows = (await session.execute(query)).all()
    return [
        ActivityItem(
            kind=r.kind,
            at=r.at,
            employee_id=r.employee_id,
            employee_name=r.employee_name,
            text=r.text,
        )
        for r in rows
    ]
