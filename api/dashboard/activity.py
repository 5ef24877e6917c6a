"""The Recent Activity feed: events read from the records themselves (reviews completed,
employees added, notes written), so each one belongs to an employee and shows only to a reader
who reaches that employee's records."""

from datetime import datetime

from sqlalchemy import ColumnElement, Select, case, func, literal, select, union_all
from sqlalchemy.ext.asyncio import AsyncSession

from api.access.scope import Scope
from api.dashboard.reach import EVERYTHING, Counted, counted
from api.dashboard.schemas import ActivityItem
from api.employees.models import Employee
from api.notes.models import EmployeeNote
from api.reviews.models import Review

ACTIVITY_LIMIT = 10
# One activity event: kind, when, employee id, employee name, text.
Events = Select[str, datetime | None, int, str, str]


def _name() -> ColumnElement[str]:
    return func.concat_ws(" ", Employee.first_name, Employee.last_name)


def _people(within: Counted | None) -> list[ColumnElement[bool]]:
    return [] if within is None else within.people(Employee.id)


def _completed_events(limit: int, within: Counted | None) -> Events:
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
        .where(
            Review.status == "completed",
            Review.completed_at.is_not(None),
            *([] if within is None else within.completed_reviews()),
        )
        .order_by(Review.completed_at.desc())
        .limit(limit)
    )


def _added_events(limit: int, within: Counted | None) -> Events:
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
        .where(*_people(within))
        .order_by(Employee.created_at.desc())
        .limit(limit)
    )


def _note_events(limit: int, within: Counted | None) -> Events:
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
        .where(*_people(within))
        .order_by(EmployeeNote.created_at.desc())
        .limit(limit)
    )


def _shows_notes(scope: Scope, notes: Scope | None) -> bool:
    """Note events show to a reader who reads the notes of every employee the feed covers; a
    reader whose notes reach is narrower (or none) sees no note event at all, rather than one
    naming a person whose notes they may not read."""
    if notes is None:
        return False
    return notes.everything or notes.reach >= scope.reach


async def list_activity(
    *,
    session: AsyncSession,
    limit: int = ACTIVITY_LIMIT,
    scope: Scope = EVERYTHING,
    notes: Scope | None = EVERYTHING,
) -> list[ActivityItem]:
    """The latest events, newest first, of the employees `scope` reaches: reviews completed,
    employees added, and HR notes written when the reader reads notes (`notes`)."""
    within = counted(scope)
    sources = [_completed_events(limit, within), _added_events(limit, within)]
    if _shows_notes(scope, notes):
        sources.append(_note_events(limit, within))
    events = union_all(*sources).subquery()
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
