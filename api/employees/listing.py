"""GET /api/employees, fast on an organisation of 10,000 people.

The Employees screen asks for every matching employee on each visit and on each search. The
rows are rendered to JSON by Postgres once and kept in this process as a *snapshot*, labelled
with a fingerprint of the employees table. Each request recomputes the fingerprint (one
cheap aggregate) and, while it still matches, filters the snapshot in Python and joins the
pre-rendered objects, so neither a list nor a search builds JSON row by row again. When the
fingerprint has moved, only the rows whose version (xmin) changed are rendered again.

The fingerprint changes with every insert, update or delete by any code path (reviews,
restores, other processes): each new row version carries its writing transaction's id in
the `xmin` system column, and a delete changes the count. Row locks do not change it.
"""

from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import (
    ColumnClause,
    Integer,
    Text,
    any_,
    bindparam,
    cast,
    func,
    literal_column,
    select,
)
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.ext.asyncio import AsyncSession

from api.core.db import execute_core
from api.core.listing import row_version
from api.employees.models import Employee

# The same shape pydantic gives a UTC datetime, so the list and a single read agree.
ISO_UTC = 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'

FINGERPRINT: ColumnClause[str] = literal_column(
    "count(*)::text || ':' || coalesce(sum(hashint8((xmin::text::bigint << 32) | id)), 0)::text"
)


@dataclass(frozen=True)
class Entry:
    version: str  # the row's xmin: a new value with every write to the row
    name: tuple[str, str]  # (last, first): what the list is ordered by
    key: str  # casefolded "first last\nemail\nemployeeId\nposition", what search looks in
    archived: bool
    body: bytes  # the rendered JSON object

    @property
    def size(self) -> int:
        return len(self.key) + 3 * len(self.body) + 96  # room for both joined replies


@dataclass
class Snapshot:
    fingerprint: str
    order: list[int]  # employee ids by last name, first name, id
    entries: dict[int, Entry]
    size: int
    # The unfiltered replies, joined once: the screen's plain visit copies nothing.
    joined: dict[bool, bytes] = field(default_factory=dict)

    def select(self, term: str, include_archived: bool) -> bytes:
        if not term and include_archived in self.joined:
            return self.joined[include_archived]
        parts = []
        for employee_id in self.order:
            entry = self.entries[employee_id]
            if (include_archived or not entry.archived) and (not term or term in entry.key):
                parts.append(entry.body)
        reply = b"[" + b",".join(parts) + b"]"
        if not term:
            self.joined[include_archived] = reply
        return reply


class SnapshotCache:
    """At most `max_bytes` of snapshots, one per organisation schema, least recent dropped."""

    def __init__(self, max_bytes: int = 128 * 1024 * 1024):
        self.max_bytes = max_bytes
        self._items: OrderedDict[str, Snapshot] = OrderedDict()
        self._bytes = 0

    def get(self, schema: str) -> Snapshot | None:
        snapshot = self._items.get(schema)
        if snapshot is not None:
            self._items.move_to_end(schema)
        return snapshot

    def put(self, schema: str, snapshot: Snapshot) -> None:
        self.drop(schema)
        if snapshot.size > self.max_bytes:
            return
        self._items[schema] = snapshot
        self._bytes += snapshot.size
        while self._bytes > self.max_bytes:
            _, oldest = self._items.popitem(last=False)
            self._bytes -= oldest.size

    def drop(self, schema: str) -> None:
        old = self._items.pop(schema, None)
        if old is not None:
            self._bytes -= old.size


cache = SnapshotCache()


def search_key(*parts: str | None) -> str:
    return "\n".join(p or "" for p in parts).casefold()


def _rendered_employees() -> Any:
    """SELECT of each employee's version, search fields and JSON object, rendered by Postgres
    (the organisation's id bound as `org_id`)."""
    e = Employee.__table__.c
    record = func.json_build_object(
        "id", e.id,
        "organizationId", bindparam("org_id", type_=Integer),
        "employeeId", e.employee_id,
        "firstName", e.first_name,
        "lastName", e.last_name,
        "email", e.email,
        "department", e.department,
        "position", e.position,
        "startDate", e.start_date,
        "managerId", e.manager_id,
        "reviewSchedule", e.review_schedule,
        "nextReviewDate", e.next_review_date,
        "profilePhotoUrl", e.profile_photo_url,
        "isArchived", e.is_archived,
        "createdAt", func.to_char(func.timezone("UTC", e.created_at), ISO_UTC),
    )  # fmt: skip
    return select(
        e.id,
        row_version(Employee),
        e.first_name,
        e.last_name,
        e.email,
        e.employee_id,
        e.position,
        e.is_archived,
        cast(record, Text),
    )


# Built once: building this select costs about as much as running it for one employee.
RENDERED = _rendered_employees()
BY_ID = RENDERED.where(Employee.__table__.c.id == bindparam("employee_id"))


def _org(session: AsyncSession) -> dict[str, Any]:
    return {"org_id": session.info.get("organization_id")}


def _entry(row: Any) -> Entry:
    _, version, first, last, email, employee_id, position, archived, rendered = row
    key = search_key(f"{first} {last}", email, employee_id, position)
    return Entry(
        version=version, name=(last, first), key=key, archived=archived, body=rendered.encode()
    )


def _snapshot(fingerprint: str, order: list[int], entries: dict[int, Entry]) -> Snapshot:
    return Snapshot(
        fingerprint=fingerprint,
        order=order,
        entries=entries,
        size=sum(entry.size for entry in entries.values()) + 8 * len(order),
    )


async def _build(session: AsyncSession, fingerprint: str) -> Snapshot:
    """Every employee, archived ones too, in list order."""
    e = Employee.__table__.c
    stmt = RENDERED.order_by(e.last_name, e.first_name, e.id)
    order: list[int] = []
    entries: dict[int, Entry] = {}
    for row in await execute_core(session, stmt, _org(session)):
        order.append(row[0])
        entries[row[0]] = _entry(row)
    return _snapshot(fingerprint, order, entries)


async def _refresh(session: AsyncSession, fingerprint: str, old: Snapshot) -> Snapshot:
    """After a change: read every row's version (small, unsorted), render again only the rows
    that are new or have a new version, usually one or a few, and sort again only when a
    row arrived or a name changed (sorting 10,000 names costs more than everything else)."""
    e = Employee.__table__.c
    versions = (await session.execute(select(e.id, row_version(Employee)))).all()
    entries: dict[int, Entry] = {}
    stale: list[int] = []
    for employee_id, version in versions:
        entry = old.entries.get(employee_id)
        if entry is not None and entry.version == version:
            entries[employee_id] = entry
        else:
            stale.append(employee_id)
    resort = False
    if stale:
        wanted = e.id == any_(bindparam("stale", stale, type_=ARRAY(Integer)))
        for row in await execute_core(session, RENDERED.where(wanted), _org(session)):
            entry = _entry(row)
            before = old.entries.get(row[0])
            resort = resort or before is None or before.name != entry.name
            entries[row[0]] = entry
    if resort:
        ids = await session.scalars(select(e.id).order_by(e.last_name, e.first_name, e.id))
        order = [employee_id for employee_id in ids if employee_id in entries]
    else:  # only edits of other fields, archiving or deletes: the old order still holds
        order = [employee_id for employee_id in old.order if employee_id in entries]
    # A row deleted or added between these reads is left out; the fingerprint, read before
    # them all, no longer matches, so the next request looks again.
    return _snapshot(fingerprint, order, {i: entries[i] for i in order})


async def list_json(*, session: AsyncSession, search: str | None, include_archived: bool) -> bytes:
    """The JSON array of employees matching `search` (name, e-mail, employeeId, position;
    any case), archived ones only with include_archived, by last then first name."""
    schema = str(session.info.get("schema"))
    # Read before the rows: a snapshot may be newer than its label, never older.
    fingerprint = str(await session.scalar(select(FINGERPRINT).select_from(Employee.__table__)))
    snapshot = cache.get(schema)
    if snapshot is None:
        snapshot = await _build(session, fingerprint)
        cache.put(schema, snapshot)
    elif snapshot.fingerprint != fingerprint:
        snapshot = await _refresh(session, fingerprint, snapshot)
        cache.put(schema, snapshot)
    return snapshot.select((search or "").strip().casefold(), include_archived)


async def one_json(*, session: AsyncSession, employee_id: int) -> bytes | None:
    """One employee's JSON object, as the list shows it (None: no such employee here)."""
    params = _org(session) | {"employee_id": employee_id}
    row = (await execute_core(session, BY_ID, params)).first()
    return None if row is None else row[-1].encode()
