"""The names a page of the log shows beside codes and ids: an event's employee, and the
records its changed fields point to (a department's slug, a manager's employee code, a review's
template). Read in one statement for the whole page, as they are now (a renamed department
shows its new name; a removed record has none, and the client shows the code)."""

from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from sqlalchemy import String, Text, cast, func, literal, select, union_all
from sqlalchemy.ext.asyncio import AsyncSession

from api.audit.models import AuditEvent
from api.certifications.models import CertificationType
from api.departments.models import Department
from api.employees.models import Employee
from api.reviews.models import ReviewTemplate

# (resource, field) → what the field's value is the key of. Any other resource's employee_id
# is an employee's number; the employees' own employee_id is their code, named by itself.
_FIELDS = {
    ("employee", "department"): "department",
    ("employee", "manager_id"): "code",
    ("review", "template_id"): "template",
    ("employee_certification", "certification_type_id"): "certification_type",
}
# Keys that are numbers in the table (the others are text).
_NUMBERED = frozenset({"employee", "template", "certification_type"})

Names = dict[tuple[str, str], str]


def _kind(resource: str, field: str) -> str | None:
    if field == "employee_id" and resource != "employee":
        return "employee"
    return _FIELDS.get((resource, field))


def _key(kind: str, value: Any) -> str | None:
    """The value as the lookup's key, or None when it cannot name a record of that kind."""
    if kind in _NUMBERED:
        ok = isinstance(value, int) and not isinstance(value, bool) and 0 < value < 2**31
        return str(value) if ok else None
    return value if isinstance(value, str) and 0 < len(value) <= 100 else None


def _wanted(events: Iterable[AuditEvent]) -> dict[str, set[str]]:
    wanted: dict[str, set[str]] = defaultdict(set)
    for event in events:
        if event.employee_id is not None:
            wanted["employee"].add(str(event.employee_id))
        for field, pair in (event.changes or {}).items():
            kind = _kind(event.resource, field)
            if kind is None:
                continue
            for value in pair:
                if (key := _key(kind, value)) is not None:
                    wanted[kind].add(key)
    return wanted


_PERSON = func.concat_ws(" ", Employee.first_name, Employee.last_name)
# kind → (its key's column, its name)
_COLUMNS: dict[str, tuple[Any, Any]] = {
    "department": (Department.slug, Department.name),
    "code": (Employee.employee_id, _PERSON),
    "employee": (Employee.id, _PERSON),
    "template": (ReviewTemplate.id, ReviewTemplate.name),
    "certification_type": (CertificationType.id, CertificationType.name),
}


def _lookup(kind: str, keys: set[str]) -> Any:
    """select (kind, key, name) of the records of one kind whose keys are `keys`."""
    key, name = _COLUMNS[kind]
    wanted = sorted(int(k) for k in keys) if kind in _NUMBERED else sorted(keys)
    return select(
        literal(kind, String).label("kind"),
        cast(key, Text).label("key"),
        cast(name, Text).label("name"),
    ).where(key.in_(wanted))


async def read_names(session: AsyncSession, events: list[AuditEvent]) -> Names:
    """(kind, key) → name for every record the page's events point to; one statement."""
    wanted = _wanted(events)
    if not wanted:
        return {}
    rows = await session.execute(union_all(*(_lookup(k, keys) for k, keys in wanted.items())))
    return {(kind, key): name for kind, key, name in rows if name}


def employee_name(names: Names, event: AuditEvent) -> str | None:
    if event.employee_id is None:
        return None
    return names.get(("employee", str(event.employee_id)))


def change_names(names: Names, event: AuditEvent) -> dict[str, list[str | None]] | None:
    """{field: [name before, name after]} for the changed fields that point to a record."""
    found: dict[str, list[str | None]] = {}
    for field, pair in (event.changes or {}).items():
        kind = _kind(event.resource, field)
        if kind is None:
            continue
        named = [
            names.get((kind, key)) if (key := _key(kind, value)) is not None else None
            for value in pair
        ]
        if any(named):
            found[field] = named
    return found or None
