"""ORM changes described as audit events: what a flush created, changed and deleted.

Read in `after_flush`, where new rows have their ids and every changed attribute still has
its value from before the flush (`committed_state`). Nothing here loads anything: only
values already in memory are described.
"""

from dataclasses import dataclass
from functools import cache
from typing import Any

from sqlalchemy.orm import ColumnProperty, InstanceState, Mapper
from sqlalchemy.orm.base import LoaderCallableStatus

from api.audit.values import pair

# Tables the app keeps up by itself, or whose changes are events of their own (a backup's
# row, a reminder marked read): not audited row by row.
NOT_AUDITED = frozenset({"audit_events", "backups", "mail_outbox", "reminders", "upload_slots"})
RESOURCES = {
    "employees": "employee",
    "departments": "department",
    "review_templates": "template",
    "reviews": "review",
    "review_cycles": "cycle",
    "employee_notes": "note",
    "employee_documents": "document",
    "certification_types": "certification_type",
    "employee_certifications": "employee_certification",
    "certifications": "certification",
    "users": "user",
    "organization_settings": "settings",
}
# Bookkeeping the database or the app sets along with a change, not a change of its own.
IGNORED = frozenset({"created_at", "updated_at", "first_completed_at", "questions_version"})
# A completed review's own copy of its template's questions: taken with the completion. The
# self-review's answers: a draft is the employee's alone until handed in (the handing in is
# recorded by its self_submitted_at).
IGNORED_BY_TABLE = {"reviews": frozenset({"questions", "self_responses"})}
VERBS = {
    "create": "Created",
    "update": "Updated",
    "delete": "Deleted",
    "archive": "Archived",
    "restore": "Restored",
    "complete": "Completed",
    "reopen": "Reopened",
    "password_change": "Changed the password of",
    "role_change": "Changed the role of",
}
SHOWN_FIELDS = 4


@dataclass(frozen=True)
class Described:
    """One event's what: the rest (who, from where) is the recorder's."""

    action: str
    resource: str
    record_id: str | None
    employee_id: int | None
    summary: str
    changes: dict[str, list[Any]] | None


@dataclass(frozen=True)
class _Table:
    name: str
    resource: str
    columns: tuple[str, ...]  # attribute keys of the audited columns
    key: str  # the primary key's attribute


@cache
def _table(mapper: Mapper[Any]) -> _Table | None:
    table = mapper.local_table
    name = getattr(table, "name", "")
    if name in NOT_AUDITED or getattr(table, "schema", None) is not None:
        return None  # a catalog table (public.*) is no organisation's data
    ignored = IGNORED | IGNORED_BY_TABLE.get(name, frozenset())
    key = mapper.get_property_by_column(mapper.primary_key[0]).key
    # The id is the event's record_id already.
    columns = tuple(
        p.key
        for p in mapper.iterate_properties
        if isinstance(p, ColumnProperty) and p.key not in ignored and p.key != key
    )
    return _Table(name, RESOURCES.get(name, name), columns, key)


def _known(value: Any) -> Any:
    """None for SQLAlchemy's markers of a value it does not have (never loaded, not set)."""
    return None if isinstance(value, LoaderCallableStatus) else value


def _get(values: dict[str, Any], key: str) -> Any:
    return _known(values.get(key))


def _employee_of(table: _Table, values: dict[str, Any]) -> int | None:
    """The employee the row concerns: an employee's own id, else its employee_id column (a
    number; employees.employee_id itself is the employee's code)."""
    if table.name == "employees":
        return _get(values, "id")
    found = _get(values, "employee_id")
    return found if isinstance(found, int) and not isinstance(found, bool) else None


def _label(table: _Table, values: dict[str, Any]) -> str:
    """How the summary names the record."""
    if table.name in ("employees", "users"):
        name = " ".join(str(v) for k in ("first_name", "last_name") if (v := _get(values, k)))
        code = _get(values, "employee_id" if table.name == "employees" else "email")
        label = f"{name} ({code})" if name and code else name or str(code or "")
    else:
        label = str(_get(values, "name") or _get(values, "title") or f"#{_get(values, table.key)}")
    # A review's employee, when it was loaded with the row (it is never loaded here).
    person = _get(values, "employee")
    if person is not None and table.name != "employees":
        label += f" of {getattr(person, 'first_name', '')} {getattr(person, 'last_name', '')}"
    return label.strip()


def _action(table: _Table, changes: dict[str, list[Any]]) -> str:
    """The update's name: what the field that changed means."""
    if "is_archived" in changes:
        return "archive" if changes["is_archived"][1] else "restore"
    if table.name == "reviews" and "status" in changes:
        if changes["status"][1] == "completed":
            return "complete"
        if changes["status"][0] == "completed":
            return "reopen"
    if table.name == "users":
        if "password_hash" in changes:
            return "password_change"
        if "role" in changes or "employee_id" in changes:
            return "role_change"
    return "update"


def _summary(action: str, table: _Table, values: dict[str, Any], fields: list[str]) -> str:
    text = f"{VERBS.get(action, action.capitalize())} {table.resource.replace('_', ' ')}"
    label = _label(table, values)
    text += f" {label}" if label else ""
    if action == "update" and fields:
        more = len(fields) - SHOWN_FIELDS
        text += ": " + ", ".join(fields[:SHOWN_FIELDS]) + (f" and {more} more" if more > 0 else "")
    return text[:300]


def _event(
    action: str, table: _Table, values: dict[str, Any], changes: dict[str, list[Any]]
) -> Described:
    record_id = _get(values, table.key)
    return Described(
        action=action,
        resource=table.resource,
        record_id=None if record_id is None else str(record_id),
        employee_id=_employee_of(table, values),
        summary=_summary(action, table, values, list(changes)),
        changes=changes or None,
    )


def _whole(state: InstanceState[Any], action: str) -> Described | None:
    """A record made (every value after) or removed (every value before)."""
    table = _table(state.mapper)
    if table is None:
        return None
    values = state.dict
    changes = {}
    for key in table.columns:
        value = _get(values, key)
        found = pair(key, None, value) if action == "create" else pair(key, value, None)
        if found is not None:
            changes[key] = found
    return _event(action, table, values, changes)


def created(state: InstanceState[Any]) -> Described | None:
    return _whole(state, "create")


def deleted(state: InstanceState[Any]) -> Described | None:
    return _whole(state, "delete")


def updated(state: InstanceState[Any]) -> Described | None:
    """The update, or None when no audited field changed (a value set to what it was)."""
    table = _table(state.mapper)
    if table is None:
        return None
    values = state.dict
    changes = {}
    for key, before in state.committed_state.items():
        if key not in table.columns:
            continue
        # An attribute that was never loaded has no known value from before.
        found = pair(key, _known(before), _get(values, key))
        if found is not None:
            changes[key] = found
    if not changes:
        return None
    return _event(_action(table, changes), table, values, changes)
