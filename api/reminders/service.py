"""Reminders: the list, Mark Read, and the review reminders the daily job creates."""

from datetime import date, timedelta
from typing import TypeVar

from sqlalchemy import (
    ColumnElement,
    Select,
    and_,
    case,
    delete,
    exists,
    func,
    not_,
    select,
    update,
)
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased, selectinload

from api.access.scope import Scope
from api.core.errors import NotFound
from api.core.listing import Embed, Listing
from api.employees.models import Employee
from api.reminders.models import Reminder
from api.reminders.schemas import ReminderEmployee, ReminderRead
from api.reviews.models import Review

Q = TypeVar("Q", bound=Select)  # any SELECT over reminders
DUE_SOON_DAYS = 7
PG_INT_MAX = 2**31 - 1


# The list, with each reminder's employee (api/core/listing.py).
REMINDERS = Listing(
    Reminder, ReminderRead, (Embed("employee", "employee_id", Employee, ReminderEmployee),)
)


def visible(scope: Scope) -> ColumnElement[bool]:
    """A WHERE clause on reminders: those about employees in the scope's reach, but not the
    ones about the reader's own review while it is open, a review they do not see yet."""
    clause = scope.employees(Reminder.employee_id)
    if scope.employee_id is None:
        return clause
    open_review = exists().where(Review.id == Reminder.review_id, Review.status != "completed")
    own_open_review = and_(Reminder.employee_id == scope.employee_id, open_review)
    return and_(clause, not_(own_open_review))


def only_visible(query: Q, scope: Scope) -> Q:
    """`query` kept to the reminders the scope shows; untouched for a reader reaching every
    reminder."""
    return query if scope.everything else query.where(visible(scope))


async def list_reminders(*, session: AsyncSession, scope: Scope) -> bytes:
    """The reminders the scope shows: unread first, then by due date (soonest first), newest
    first within a day; as JSON."""
    query = only_visible(REMINDERS.rows(), scope).order_by(
        Reminder.is_read,
        Reminder.due_date.asc().nulls_last(),
        Reminder.created_at.desc(),
        Reminder.id.desc(),
    )
    return await REMINDERS.render(session, query)


async def get(*, session: AsyncSession, reminder_id: int, scope: Scope) -> Reminder:
    """The reminder, or NotFound (also for one the scope does not show)."""
    reminder = None
    if 0 < reminder_id <= PG_INT_MAX:
        query = select(Reminder).where(Reminder.id == reminder_id)
        reminder = await session.scalar(
            only_visible(query, scope).options(selectinload(Reminder.employee))
        )
    if reminder is None:
        raise NotFound("Reminder not found")
    return reminder


async def update_reminder(*, session: AsyncSession, reminder: Reminder, is_read: bool) -> Reminder:
    """Mark Read (unread becomes read); false puts it back to unread."""
    reminder.is_read = is_read
    await session.flush()
    return reminder


async def update_all_read(*, session: AsyncSession, scope: Scope) -> int:
    """Mark all read: every unread reminder of the organisation (the session's schema) the
    scope shows; how many there were."""
    query = update(Reminder).where(Reminder.is_read.is_(False)).values(is_read=True)
    if not scope.everything:
        query = query.where(visible(scope))
    result = await session.execute(query)
    return max(int(getattr(result, "rowcount", 0) or 0), 0)


async def review_reminders(session: AsyncSession, today: date) -> dict[str, int]:
    """review_due for open reviews due within 7 days, review_overdue for those past due.

    Idempotent: one reminder of a kind per review (unique index), so a second run adds
    nothing. An overdue reminder replaces the review's earlier due-soon one. Built in SQL,
    one statement for both kinds, so a run costs the same for 10 or 10,000 reviews.
    """
    overdue = Review.due_date < today
    kind = func.initcap(func.replace(Review.review_type, "_", " "))
    day = func.to_char(Review.due_date, "Mon FMDD, YYYY")
    message = func.format(
        case(
            (overdue, "%s review for %s %s is overdue (it was due on %s)"),
            else_="%s review for %s %s is due on %s",
        ),
        kind,
        Employee.first_name,
        Employee.last_name,
        day,
    )
    source = (
        select(
            Review.employee_id,
            Review.id,
            case((overdue, "review_overdue"), else_="review_due"),
            message,
            Review.due_date,
        )
        .join(Employee, Employee.id == Review.employee_id)
        .where(
            Review.status != "completed",
            Employee.is_archived.is_(False),
            Review.due_date <= today + timedelta(days=DUE_SOON_DAYS),
        )
    )
    stmt = (
        insert(Reminder)
        .from_select(["employee_id", "review_id", "type", "message", "due_date"], source)
        .on_conflict_do_nothing()
        .returning(Reminder.type)
    )
    made = list((await session.execute(stmt)).scalars())
    counts = {
        "review_due": made.count("review_due"),
        "review_overdue": made.count("review_overdue"),
        "superseded": 0,
    }
    if counts["review_overdue"]:
        overdue_ones = aliased(Reminder)
        superseded = await session.execute(
            delete(Reminder).where(
                Reminder.type == "review_due",
                Reminder.review_id.in_(
                    select(overdue_ones.review_id).where(overdue_ones.type == "review_overdue")
                ),
            )
        )
        counts["superseded"] = max(int(getattr(superseded, "rowcount", 0) or 0), 0)
    return counts
