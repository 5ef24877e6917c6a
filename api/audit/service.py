"""Reading the audit trail (the log, an employee's history, the CSV export) and purging what
is older than the organisation keeps."""

import json
from datetime import date, datetime, time, timedelta
from typing import Any

from pydantic import TypeAdapter
from sqlalchemy import ColumnElement, and_, delete, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from api.audit import trail
from api.audit.models import AuditEvent
from api.audit.names import change_names, employee_name, read_names
from api.audit.query import AuditQuery
from api.audit.schemas import AuditActorRead, AuditEventRead
from api.core.csv_export import csv_text
from api.core.db import utcnow
from api.core.paging import DEFAULT_PAGE_SIZE, Paging
from api.employees.lookup import require_employee

# The log is always paged: an organisation's trail grows without end.
FIRST_PAGE = Paging(page=1, size=DEFAULT_PAGE_SIZE)
# A download holds at most this many events, the newest (narrow the dates for older ones).
EXPORT_LIMIT = 100_000
CSV_HEADER = [
    "When",
    "Who",
    "User ID",
    "Role",
    "Action",
    "Resource",
    "Record ID",
    "Employee ID",
    "Summary",
    "Changes",
    "IP address",
    "Request ID",
]
_EVENTS = TypeAdapter(list[AuditEventRead])
NEWEST_FIRST = (AuditEvent.at.desc(), AuditEvent.id.desc())


def _day_start(day: date) -> datetime:
    """Midnight at the start of `day` on the server's calendar (its local time zone)."""
    return datetime.combine(day, time.min).astimezone()


def conditions(query: AuditQuery) -> list[ColumnElement[bool]]:
    found: list[ColumnElement[bool]] = []
    if query.actor is not None:
        # A personal account by its id, or a shared sign-in (no id) by its role.
        found.append(
            or_(
                AuditEvent.actor_user_id == query.actor,
                and_(AuditEvent.actor_user_id.is_(None), AuditEvent.actor_role == query.actor),
            )
        )
    if query.employee_id is not None:
        found.append(AuditEvent.employee_id == query.employee_id)
    if query.resource is not None:
        found.append(AuditEvent.resource == query.resource)
    if query.record_id is not None:
        found.append(AuditEvent.record_id == query.record_id)
    if query.action is not None:
        found.append(AuditEvent.action == query.action)
    if query.day_from is not None:
        found.append(AuditEvent.at >= _day_start(query.day_from))
    if query.day_to is not None:
        found.append(AuditEvent.at < _day_start(query.day_to + timedelta(days=1)))
    return found


async def _page(
    session: AsyncSession, where: list[ColumnElement[bool]], paging: Paging | None
) -> tuple[bytes, int]:
    """One page of the matching events, newest first, as JSON; and how many match in all."""
    paging = paging or FIRST_PAGE
    rows = list(
        await session.scalars(
            select(AuditEvent)
            .where(*where)
            .order_by(*NEWEST_FIRST)
            .offset(paging.offset)
            .limit(paging.size)
        )
    )
    names = await read_names(session, rows)
    events = [
        AuditEventRead.model_validate(row).model_copy(
            update={
                "employee_name": employee_name(names, row),
                "change_names": change_names(names, row),
            }
        )
        for row in rows
    ]
    total = len(events) + paging.offset
    if len(events) == paging.size or (not events and paging.offset):
        count = select(func.count()).select_from(AuditEvent).where(*where)
        total = int(await session.scalar(count) or 0)
    return _EVENTS.dump_json(events, by_alias=True), total


async def list_page(
    *, session: AsyncSession, query: AuditQuery, paging: Paging | None
) -> tuple[bytes, int]:
    """The audit log: one page (the first 50 unless asked otherwise) and the total."""
    return await _page(session, conditions(query), paging)


async def employee_history(
    *, session: AsyncSession, employee_id: int, paging: Paging | None
) -> tuple[bytes, int]:
    """What happened to one employee's records, newest first; NotFound for no such employee
    (a removed employee's events stay in the log, found by its employeeId filter)."""
    await require_employee(session=session, employee_id=employee_id)
    return await _page(session, [AuditEvent.employee_id == employee_id], paging)


async def list_actors(*, session: AsyncSession) -> list[AuditActorRead]:
    """Everyone the trail names, for the log's person filter: accounts by their latest name,
    shared sign-ins by role."""
    latest = func.max(AuditEvent.at)
    rows = await session.execute(
        select(
            AuditEvent.actor_user_id,
            func.max(AuditEvent.actor_name),
            AuditEvent.actor_role,
            latest,
        )
        .group_by(AuditEvent.actor_user_id, AuditEvent.actor_role)
        .order_by(latest.desc())
    )
    seen: dict[tuple[str | None, str | None], AuditActorRead] = {}
    for user_id, name, role, _ in rows:
        key = (user_id, None if user_id else role)
        seen.setdefault(key, AuditActorRead(user_id=user_id, name=name, role=role))
    return sorted(seen.values(), key=lambda a: (a.user_id is not None, a.name.lower()))


def _csv_row(row: Any) -> list[Any]:
    changes = json.dumps(row.changes, ensure_ascii=False) if row.changes else None
    return [
        row.at,
        row.actor_name,
        row.actor_user_id,
        row.actor_role,
        row.action,
        row.resource,
        row.record_id,
        row.employee_id,
        row.summary,
        changes,
        row.ip,
        row.request_id,
    ]


async def export_csv(*, session: AsyncSession, query: AuditQuery) -> str:
    """The matching events as CSV (newest first, at most EXPORT_LIMIT); the download itself is
    an event of the trail."""
    # Plain rows, not ORM objects: a download may hold a hundred thousand.
    rows = await session.execute(
        select(AuditEvent.__table__)
        .where(*conditions(query))
        .order_by(*NEWEST_FIRST)
        .limit(EXPORT_LIMIT)
    )
    lines = [_csv_row(row) for row in rows]
    await trail.record(
        session,
        action="export",
        resource="audit",
        summary=f"Exported {len(lines)} audit events",
    )
    return csv_text([CSV_HEADER, *lines])


async def purge(*, session: AsyncSession, retention_days: int, now: datetime | None = None) -> int:
    """Remove the events older than the organisation keeps them; returns how many. The trail
    refuses deletes except in a transaction that says it is this purge."""
    cutoff = (now or utcnow()) - timedelta(days=retention_days)
    await session.execute(select(func.set_config("merit.audit_purge", "on", True)))
    result = await session.execute(
        delete(AuditEvent).where(AuditEvent.at < cutoff),
        execution_options={"synchronize_session": False},
    )
    return int(getattr(result, "rowcount", 0) or 0)
