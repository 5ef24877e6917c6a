"""GET /api/employees, fast on an organisation of 10,000 people.

The employee list's caching layer of the one way lists are rendered (api/core/listing.py): each
employee's JSON object is EmployeeRead's shape, built by Postgres (Shape.json_object).

The Employees screen asks for every matching employee on each visit and on each search. The
rows are rendered to JSON by Postgres once and kept in this process as a *snapshot*, labelled
with a fingerprint of the employees table. Each request recomputes the fingerprint (one
cheap aggregate) and, while it still matches, filters the snapshot in Python and joins the
pre-rendered objects, so neither a list nor a search builds JSON row by row again. Filters,
other sort orders (each made once per snapshot) and pages are cut from the same snapshot, so a
filtered page can never be another filter's or an older one. When the fingerprint has moved,
only the rows whose version (xmin) changed are rendered again.

The fingerprint changes with every insert, update or delete by any code path (reviews,
restores, other processes): each new row version carries its writing transaction's id in
the `xmin` system column, and a delete changes the count. Row locks do not change it.
"""

from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import date
from typing import Any

from sqlalchemy import (
    ColumnClause,
    Integer,
    Text,
    any_,
    bindparam,
    cast,
    literal_column,
    select,
)
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.ext.asyncio import AsyncSession

from api.access.scope import Scope
from api.core.dates import local_today
from api.core.db import execute_core
from api.core.listing import Shape
from api.core.paging import Paging
from api.core.row_cache import row_version
from api.employees.models import Employee
from api.employees.schemas import EmployeeRead

# The reply's keys and how each value is written come from the reply model.
EMPLOYEE = Shape(EmployeeRead)

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
    # What the filters and the other sort orders look at.
    employee_id: str = ""
    department: str | None = None
    review_schedule: str | None = None
    start_date: date | None = None
    next_review_date: date | None = None

    @property
    def size(self) -> int:
        return len(self.key) + 3 * len(self.body) + 160  # room for both joined replies


# The sort orders besides the name (last, first): each entry's value, None sorted last.
SORT_VALUES: dict[str, Callable[[Entry], Any]] = {
    "employeeId": lambda entry: entry.employee_id.casefold(),
    "department": lambda entry: entry.department,
    "reviewSchedule": lambda entry: entry.review_schedule,
    "startDate": lambda entry: entry.start_date,
    "nextReviewDate": lambda entry: entry.next_review_date,
}


@dataclass(frozen=True)
class EmployeeQuery:
    """What a list asks for. archived: "active" (the default), "archived" or "all"."""

    search: str = ""
    archived: str = "active"
    department: str | None = None
    review_schedule: str | None = None
    overdue: bool | None = None
    sort: str | None = None  # "name" (the default), a SORT_VALUES key; "-" reverses
    # The employees the reader reaches (their ids); None: every one.
    within: frozenset[int] | None = None

    @property
    def plain(self) -> bool:
        """The screen's unfiltered visit, whose reply is kept joined (Snapshot.joined)."""
        return (
            self.within is None
            and not self.search
            and self.archived != "archived"
            and self.department is None
            and self.review_schedule is None
            and self.overdue is None
            and self.sort in (None, "name")
        )

    def matches(self, entry: Entry, today: date) -> bool:
        if self.archived == "active" and entry.archived:
            return False
        if self.archived == "archived" and not entry.archived:
            return False
        if self.search and self.search not in entry.key:
            return False
        if self.department is not None and entry.department != self.department:
            return False
        if self.review_schedule is not None and entry.review_schedule != self.review_schedule:
            return False
        if self.overdue is not None:
            late = entry.next_review_date is not None and entry.next_review_date < today
            if late != self.overdue:
                return False
        return True


@dataclass
class Snapshot:
    fingerprint: str
    order: list[int]  # employee ids by last name, first name, id
    entries: dict[int, Entry]
    size: int
    # The unfiltered replies, joined once: the screen's plain visit copies nothing.
    joined: dict[bool, bytes] = field(default_factory=dict)
    # Ids in the other sort orders, made when first asked for. A snapshot is replaced, never
    # changed, when a row changes, so an order made from it stays right for its life (10,000
    # ids are 80 KB, not counted in `size`).
    orders: dict[str, list[int]] = field(default_factory=dict)

    def ordered(self, sort: str | None) -> list[int]:
        if sort is None or sort == "name":
            return self.order
        found = self.orders.get(sort)
        if found is None:
            if sort == "-name":
                found = self.order[::-1]
            else:
                value = SORT_VALUES[sort.removeprefix("-")]
                present = [i for i in self.order if value(self.entries[i]) is not None]
                missing = [i for i in self.order if value(self.entries[i]) is None]
                # Stable: equal values keep the name order, also reversed.
                present.sort(key=lambda i: value(self.entries[i]), reverse=sort.startswith("-"))
                found = present + missing
            self.orders[sort] = found
        return found

    def page(
        self, query: EmployeeQuery, today: date, paging: Paging | None
    ) -> tuple[bytes, int | None]:
        """The JSON array of the matching employees (one page of them with `paging`), and
        with `paging` how many match in all."""
        include_archived = query.archived == "all"
        if query.plain and paging is None and include_archived in self.joined:
            return self.joined[include_archived], None
        within = query.within
        parts = [
            self.entries[employee_id].body
            for employee_id in self.ordered(query.sort)
            if (within is None or employee_id in within)
            and query.matches(self.entries[employee_id], today)
        ]
        if paging is not None:
            return b"[" + b",".join(paging.window(parts)) + b"]", len(parts)
        reply = b"[" + b",".join(parts) + b"]"
        if query.plain:
            self.joined[include_archived] = reply
        return reply, None


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
    (the organisation's id bound as `org_id`; every other field is the column of its name)."""
    e = Employee.__table__.c
    organization = bindparam("org_id", type_=Integer)
    columns = {name: e[name] for name in EMPLOYEE.names if name != "organization_id"}
    record = EMPLOYEE.json_object(columns | {"organization_id": organization})
    return select(
        e.id,
        row_version(Employee),
        e.first_name,
        e.last_name,
        e.email,
        e.employee_id,
        e.position,
        e.is_archived,
        e.department,
        e.review_schedule,
        e.start_date,
        e.next_review_date,
        cast(record, Text),
    )


# Built once: building this select costs about as much as running it for one employee.
RENDERED = _rendered_employees()
BY_ID = RENDERED.where(Employee.__table__.c.id == bindparam("employee_id"))


def _org(session: AsyncSession) -> dict[str, Any]:
    return {"org_id": session.info.get("organization_id")}


def _entry(row: Any) -> Entry:
    (_, version, first, last, email, employee_id, position, archived) = row[:8]
    (department, schedule, start_date, next_review_date, rendered) = row[8:]
    key = search_key(f"{first} {last}", email, employee_id, position)
    return Entry(
        version=version,
        name=(last, first),
        key=key,
        archived=archived,
        body=rendered.encode(),
        employee_id=employee_id,
        department=department,
        review_schedule=schedule,
        start_date=start_date,
        next_review_date=next_review_date,
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


async def list_page(
    *, session: AsyncSession, query: EmployeeQuery, paging: Paging | None, scope: Scope
) -> tuple[bytes, int | None]:
    """The JSON array of the employees `query` asks for (its search in name, e-mail,
    employeeId or position, any case) among those `scope` reaches; with `paging` one page of
    it and the total count."""
    snapshot = await _current(session)
    within = None
    if not scope.everything:
        # The reach is a few ids (one's own, one's reports): the snapshot is cut down to them,
        # so totals and pages count only what the reader may see.
        reached = await session.scalars(select(Employee.id).where(scope.employees(Employee.id)))
        within = frozenset(reached)
    query = replace(query, search=query.search.strip().casefold(), within=within)
    return snapshot.page(query, local_today(), paging)


async def _current(session: AsyncSession) -> Snapshot:
    """The organisation's snapshot, brought up to date."""
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
    return snapshot


async def one_json(*, session: AsyncSession, employee_id: int, scope: Scope) -> bytes | None:
    """One employee's JSON object, as the list shows it (None: no such employee here, or one
    out of the reader's reach)."""
    if not await scope.reaches(session, employee_id):
        return None
    params = _org(session) | {"employee_id": employee_id}
    row = (await execute_core(session, BY_ID, params)).first()
    return None if row is None else row[-1].encode()
