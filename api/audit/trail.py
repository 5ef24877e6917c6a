"""Writing the audit trail: each event in the transaction of the change it records.

ORM changes are recorded by a flush listener: whatever a person's request adds, changes or
deletes through the ORM becomes one event per row, inserted on the flush's own connection
right after the change, so a rolled-back change leaves no event. Changes the ORM does not see
(Core UPDATE and DELETE statements, sign-ins on the catalog session, a restore) call
`record`, `record_deleted` or `record_in_organization` where they happen.

Who: the request's signed-in person (a personal account, or a role's shared sign-in). Work
without one (the worker, the command line) is not recorded by the listener; an explicit
event there is the system's. From where: the request's client address and id.
"""

import json
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, cast

from sqlalchemy import Select, String, Table, bindparam, event, insert, inspect, text
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Session, UOWTransaction

from api.audit import changes
from api.audit.changes import Described
from api.audit.models import AuditEvent
from api.audit.values import pair
from api.auth.principal import Principal, role_name
from api.core import request_context
from api.core.db import after_commit, enter_schema
from api.organizations.models import Organization


@dataclass(frozen=True)
class Actor:
    """Who did it: a personal account (id and name), or a role's shared sign-in (no id)."""

    user_id: str | None
    name: str
    role: str | None


SYSTEM = Actor(user_id=None, name="System", role=None)


def actor_of(principal: Principal) -> Actor:
    return Actor(user_id=principal.user_id, name=principal.display_name, role=principal.role)


def shared_actor(role: str) -> Actor:
    """A role's shared sign-in (Administrator, Manager)."""
    return Actor(user_id=None, name=role_name(role), role=role)


def current_actor(session_info: dict[str, Any] | None = None) -> Actor | None:
    """The signed-in person of the session (api/deps.py puts it there) or of the request."""
    principal = (session_info or {}).get("principal")
    if principal is None:
        context = request_context.current()
        principal = context.principal if context is not None else None
    return None if principal is None else actor_of(principal)


# On unless a benchmark switches it off to measure what recording costs.
_enabled: ContextVar[bool] = ContextVar("merit_audit_enabled", default=True)


@contextmanager
def paused() -> Iterator[None]:
    """Nothing is recorded inside (tests/bench/audit.py, to compare)."""
    token = _enabled.set(False)
    try:
        yield
    finally:
        _enabled.reset(token)


AUDIT = cast(Table, AuditEvent.__table__)
_INSERT = insert(AUDIT)


def _row(actor: Actor, what: Described) -> dict[str, Any]:
    context = request_context.current()
    return {
        "actor_user_id": actor.user_id,
        "actor_name": actor.name[:200],
        "actor_role": actor.role,
        "action": what.action,
        "resource": what.resource,
        "record_id": what.record_id,
        "employee_id": what.employee_id,
        "summary": what.summary[:300] if what.summary else None,
        "changes": what.changes,
        "ip": context.ip if context is not None else None,
        "request_id": context.request_id if context is not None else None,
    }


def _flushed(session: Session) -> list[Described]:
    found = [changes.created(inspect(obj)) for obj in session.new]
    found += [changes.updated(inspect(obj)) for obj in session.dirty]
    found += [changes.deleted(inspect(obj)) for obj in session.deleted]
    return [d for d in found if d is not None]


@event.listens_for(Session, "after_flush")
def _record_flush(session: Session, _flush: UOWTransaction) -> None:
    # Only organisation sessions of a signed-in person's request (a catalog session has no
    # organisation schema to write to).
    if "schema" not in session.info or not _enabled.get():
        return
    actor = current_actor(session.info)
    if actor is None:
        return
    described = _flushed(session)
    if described:
        # On the flush's connection, now: one more statement in the same transaction (and
        # savepoint), so the event stands or falls with the change.
        session.connection().execute(_INSERT, [_row(actor, d) for d in described])


def event_row(
    actor: Actor,
    *,
    action: str,
    resource: str,
    record_id: Any = None,
    employee_id: int | None = None,
    summary: str | None = None,
    changes: dict[str, list[Any]] | None = None,
) -> dict[str, Any]:
    what = Described(
        action=action,
        resource=resource,
        record_id=None if record_id is None else str(record_id),
        employee_id=employee_id,
        summary=summary or "",
        changes=changes,
    )
    return _row(actor, what)


async def record(session: AsyncSession, *, actor: Actor | None = None, **what: Any) -> None:
    """One event in the organisation session's transaction (action, resource, record_id,
    employee_id, summary, changes). Its author is `actor`, else the signed-in person."""
    if not _enabled.get():
        return
    who = actor or current_actor(session.info) or SYSTEM
    await session.execute(_INSERT, [event_row(who, **what)])


async def record_deleted(session: AsyncSession, obj: Any, *, summary: str | None = None) -> None:
    """The deletion of a loaded row that a Core DELETE removes (the ORM never sees it), with
    the values it had."""
    what = changes.deleted(inspect(obj))
    if what is None:
        return
    await record(
        session,
        action=what.action,
        resource=what.resource,
        record_id=what.record_id,
        employee_id=what.employee_id,
        summary=summary or what.summary,
        changes=what.changes,
    )


async def record_deleting(session: AsyncSession, query: Select[Any]) -> None:
    """The deletion of every row `query` (a select of one model) finds, before a Core
    DELETE of those rows removes them unseen by the ORM."""
    if not _enabled.get():
        return
    who = current_actor(session.info) or SYSTEM
    found = [changes.deleted(inspect(obj)) for obj in await session.scalars(query)]
    rows = [_row(who, what) for what in found if what is not None]
    if rows:
        await session.execute(_INSERT, rows)


async def record_in_organization(
    db: AsyncSession, org: Organization, *, actor: Actor | None = None, **what: Any
) -> None:
    """One event of a change made through a catalog session (sign-in, settings, passwords),
    written to the organisation's trail in a transaction of its own right after the change
    commits (no transaction spans the catalog and an organisation: api/core/db.py); from an
    organisation's own session, in its transaction."""
    if not _enabled.get():
        return
    row = event_row(actor or current_actor() or SYSTEM, **what)

    async def write(session: AsyncSession) -> None:
        await enter_schema(session, org.schema_name)
        await session.execute(_INSERT, [row])

    if "schema" in db.info:  # an organisation's session: already in its schema's transaction
        await write(db)
    else:
        after_commit(db, write)


def snapshot(obj: Any) -> dict[str, Any]:
    """A row's column values now, to tell later what a Core UPDATE changed."""
    return {c.key: getattr(obj, c.key) for c in inspect(obj).mapper.column_attrs}


async def record_settings(
    db: AsyncSession,
    org: Organization,
    before: dict[str, Any],
    after: Any,
    *,
    resource: str = "organization",
) -> None:
    """A change of the organisation's settings (a catalog row, `after`, against `before` from
    `snapshot`; `before` empty for a row just made); nothing when no setting changed."""
    found = {}
    for key, value in snapshot(after).items():
        if key not in changes.IGNORED and (shown := pair(key, before.get(key), value)):
            found[key] = shown
    if found:
        what = "single sign-on" if resource == "sso" else "organization"
        await record_in_organization(
            db,
            org,
            action="settings",
            resource=resource,
            record_id=org.id,
            summary=f"Changed the {what} settings: {', '.join(found)}"[:300],
            changes=found,
        )


# The bulk upload adds employees with one INSERT ... SELECT; their events are made the same
# way, from the rows as stored, with the values an ORM create would list.
_IMPORTED = text(
    "INSERT INTO audit_events (actor_user_id, actor_name, actor_role, action, resource, "
    "record_id, employee_id, summary, changes, ip, request_id) "
    "SELECT :actor_user_id, :actor_name, :actor_role, 'create', 'employee', e.id::text, e.id, "
    "left('Imported employee ' || e.first_name || ' ' || e.last_name || ' (' || "
    "e.employee_id || ')', 300), "
    "(SELECT jsonb_object_agg(f.key, jsonb_build_array(NULL, f.value)) "
    "FROM jsonb_each(to_jsonb(e) - 'id' - 'created_at') f WHERE f.value <> 'null'::jsonb), "
    ":ip, :request_id FROM employees e WHERE e.employee_id = ANY(:codes)"
).bindparams(bindparam("codes", type_=ARRAY(String)))


async def record_imported(session: AsyncSession, employee_codes: list[str]) -> None:
    """One create event per employee the bulk upload added (by employeeId)."""
    if not _enabled.get() or not employee_codes:
        return
    row = event_row(current_actor(session.info) or SYSTEM, action="create", resource="employee")
    keep = ("actor_user_id", "actor_name", "actor_role", "ip", "request_id")
    await session.execute(_IMPORTED, {**{k: row[k] for k in keep}, "codes": employee_codes})


async def record_on_connection(pg: Any, schema: str, **what: Any) -> None:
    """One event through a bare asyncpg connection `pg` (a restore's), in its transaction."""
    if not _enabled.get():
        return
    row = event_row(current_actor() or SYSTEM, **what)
    if row["changes"] is not None:
        row["changes"] = json.dumps(row["changes"])
    names = ", ".join(row)
    slots = ", ".join(f"${n}" for n in range(1, len(row) + 1))
    table = '"' + schema.replace('"', '""') + '".audit_events'
    await pg.execute(f"INSERT INTO {table} ({names}) VALUES ({slots})", *row.values())
