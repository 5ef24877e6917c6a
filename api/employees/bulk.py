"""Bulk upload: every row is checked on its own; the good ones go in with one INSERT.

Rows come as CSV text (read by bulk_csv.py) or as objects keyed by the CSV's column names.
Row numbers count the CSV's records: the header is row 1, the first employee row 2.
"""

import re
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Date, String, any_, bindparam, func, insert, or_, select
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from api.audit import trail
from api.core.errors import BadRequest, Conflict
from api.departments.models import Department
from api.employees.bulk_csv import NO_ROWS, Unreadable, read_csv
from api.employees.models import Employee
from api.employees.schemas import (
    INVALID_NEXT_REVIEW,
    INVALID_START,
    MAX_BULK_ROWS,
    BulkUploadRequest,
    clean_bounded_day,
    clean_email,
    clean_employee_id,
    clean_manager_id,
    clean_name,
    clean_optional,
    clean_schedule,
)
from api.employees.service import (
    MANAGER_CYCLE,
    SELF_MANAGER,
    constraint_name,
    lock_employee_ids,
    unknown_department,
    unknown_manager,
)
from api.users.service import link_all_by_email

FIRST_ROW = 2
REQUIRED = {
    "employeeId": "Employee ID is required",
    "email": "Email is required",
    "department": "Department is required",
    "position": "Position is required",
    "startDate": "Start date is required",
    "reviewSchedule": "Review schedule is required",
}
TOO_MANY_ROWS = f"A bulk upload can include at most {MAX_BULK_ROWS:,} employees"
# The whole file goes in with one statement: when it fails, nothing at all was imported.
RACE = (
    "Nothing was imported: the employees changed while the file was being checked. "
    "Please upload it again."
)
RACE_TAKEN = (
    "Nothing was imported: {what} '{value}' was added by someone else while the file was "
    "being checked. Please upload it again."
)
RACE_GONE = (
    "Nothing was imported: a {what} named in the file was removed while the file was being "
    "checked. Please upload it again."
)
_KEY = re.compile(r"Key \((\w+)\)=\((.*)\)")
BOTH_FORMS = "Send either csvText or csvData, not both"


@dataclass
class Row:
    number: int
    values: dict[str, Any] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)

    def fail(self, message: str) -> None:
        self.errors.append(message)


def rows_of(body: BulkUploadRequest) -> list[Any]:
    """The rows to check: read from the CSV text, or as the caller keyed them."""
    if body.csv_text is None:
        return body.csv_data
    if body.csv_data:
        raise BadRequest(BOTH_FORMS)
    return read_csv(body.csv_text)


def _blank(value: Any) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


# CSV column → (model attribute, cleaning function, its extra arguments), in file order.
FIELDS: dict[str, tuple[str, Any, tuple[Any, ...]]] = {
    "employeeId": ("employee_id", clean_employee_id, ()),
    "firstName": ("first_name", clean_name, ("First name",)),
    "lastName": ("last_name", clean_name, ("Last name",)),
    "email": ("email", clean_email, ()),
    "department": ("department", clean_optional, ("Department", 50)),
    "position": ("position", clean_optional, ("Position", 100)),
    "startDate": ("start_date", clean_bounded_day, (INVALID_START, "Start date")),
    "reviewSchedule": ("review_schedule", clean_schedule, ()),
    "managerId": ("manager_id", clean_manager_id, ()),
    "nextReviewDate": (
        "next_review_date",
        clean_bounded_day,
        (INVALID_NEXT_REVIEW, "Next review date"),
    ),
}


def _check(row: Row, raw: dict[str, Any]) -> None:
    """Each column's field rules (as for one employee added by hand) and the required
    columns, in column order; every problem of the row is kept."""
    cells = {str(k).strip(): v for k, v in raw.items()}
    for column, (key, clean, args) in FIELDS.items():
        cell = cells.get(column)
        row.values[key] = None
        if column in REQUIRED and _blank(cell):
            row.fail(REQUIRED[column])
            continue
        try:
            row.values[key] = clean(cell, *args)
        except ValueError as exc:
            row.fail(str(exc))


async def _departments(session: AsyncSession) -> dict[str, str]:
    """Lookup of slug, lowercased slug and lowercased name → slug."""
    rows = (await session.execute(select(Department.slug, Department.name))).all()
    lookup: dict[str, str] = {}
    for slug, name in rows:
        lookup.setdefault(name.lower(), slug)
        lookup.setdefault(slug.lower(), slug)
    for slug, _ in rows:
        lookup[slug] = slug
    return lookup


async def _existing(
    session: AsyncSession, ids: list[str], emails: list[str]
) -> tuple[set[str], set[str]]:
    """Which of these employeeIds and e-mails are taken already: one query for both."""
    if not ids and not emails:
        return set(), set()
    stmt = select(Employee.employee_id, Employee.email).where(
        or_(
            Employee.employee_id == any_(bindparam("ids", ids, type_=ARRAY(String))),
            Employee.email == any_(bindparam("emails", emails, type_=ARRAY(String))),
        )
    )
    rows = (await session.execute(stmt)).all()
    wanted_ids, wanted_emails = set(ids), set(emails)
    return (
        {r.employee_id for r in rows if r.employee_id in wanted_ids},
        {r.email for r in rows if r.email in wanted_emails},
    )


async def _existing_managers(session: AsyncSession, ids: set[str]) -> set[str]:
    if not ids:
        return set()
    stmt = select(Employee.employee_id).where(
        Employee.employee_id == any_(bindparam("mids", sorted(ids), type_=ARRAY(String)))
    )
    return set((await session.scalars(stmt)).all())


def _drop_bad_managers(good: dict[str, Row], known: set[str], rows_by_id: dict[str, int]) -> bool:
    """Fail rows whose manager is neither an existing employee nor a good row. Changed?"""
    changed = False
    for key, row in list(good.items()):
        manager = row.values["manager_id"]
        if manager is not None and manager not in known and manager not in good:
            message = unknown_manager(manager)
            if manager in rows_by_id:
                message += f" (row {rows_by_id[manager]} was not imported)"
            row.fail(message)
            del good[key]
            changed = True
    return changed


def _drop_cycles(good: dict[str, Row]) -> bool:
    """Fail rows that manage each other in a loop within the file. Changed?"""
    state: dict[str, int] = {}  # 1 = on the current path, 2 = done
    in_cycle: set[str] = set()
    for start in good:
        path: list[str] = []
        node: str | None = start
        while node is not None and node in good and node not in state:
            state[node] = 1
            path.append(node)
            node = good[node].values["manager_id"]
        if node is not None and state.get(node) == 1:
            in_cycle.update(path[path.index(node) :])
        for visited in path:
            state[visited] = 2
    for key in in_cycle:
        good[key].fail(MANAGER_CYCLE)
        del good[key]
    return bool(in_cycle)


async def upload(*, session: AsyncSession, rows: list[Any]) -> dict[str, Any]:
    """Check each row, report the bad ones with their row number, import the good ones.

    Answers {successful: [{name, employeeId, row}], failed: [{row, error}], total}.
    """
    if not rows:
        raise BadRequest(NO_ROWS)
    if len(rows) > MAX_BULK_ROWS:
        raise BadRequest(TOO_MANY_ROWS)
    checked = [_checked_row(index + FIRST_ROW, raw) for index, raw in enumerate(rows)]
    _check_within_file(checked, await _departments(session))
    # Held until the import commits: an employee added meanwhile with a generated id is
    # either seen below or numbered after the imported ids, never clashing with one of them.
    await lock_employee_ids(session)
    good = await _not_taken(session, [r for r in checked if not r.errors])
    wanted = {r.values["manager_id"] for r in good.values()} - set(good) - {None}
    known = await _existing_managers(session, {m for m in wanted if m is not None})
    rows_by_id = {
        r.values["employee_id"]: r.number for r in reversed(checked) if r.values.get("employee_id")
    }
    while _drop_bad_managers(good, known, rows_by_id) | _drop_cycles(good):
        pass

    to_insert = sorted(good.values(), key=lambda r: r.number)
    if to_insert:
        await _insert(session, to_insert)
        await trail.record_imported(session, [r.values["employee_id"] for r in to_insert])
        await link_all_by_email(session)  # accounts with an imported person's address are theirs
    # Plain dicts in the shape of BulkUploadResult: 10,000 pydantic objects cost more than
    # the whole INSERT, and the router sends this as JSON as it is.
    return {
        "successful": [
            {
                "name": f"{r.values['first_name']} {r.values['last_name']}",
                "employeeId": r.values["employee_id"],
                "row": r.number,
            }
            for r in to_insert
        ],
        "failed": [{"row": r.number, "error": "; ".join(r.errors)} for r in checked if r.errors],
        "total": len(rows),
    }


def _checked_row(number: int, raw: Any) -> Row:
    row = Row(number=number)
    if isinstance(raw, Unreadable):
        row.fail(raw.message)
    elif isinstance(raw, dict):
        _check(row, raw)
    else:
        row.fail("Row must be an object keyed by the CSV column names")
    return row


def _check_within_file(checked: list[Row], departments: dict[str, str]) -> None:
    """Rules that need the other rows or the departments: no one managing themselves, a known
    department (stored by its slug), each employee ID and e-mail once in the file."""
    first_id: dict[str, int] = {}
    first_email: dict[str, int] = {}
    for row in checked:
        if row.errors:
            continue
        v = row.values
        if v["manager_id"] is not None and v["manager_id"] == v["employee_id"]:
            row.fail(SELF_MANAGER)
        slug = departments.get(v["department"]) or departments.get(v["department"].lower())
        if slug is None:
            row.fail(unknown_department(v["department"]))
        v["department"] = slug
        if v["employee_id"] in first_id:
            row.fail(
                f"Duplicate employee ID '{v['employee_id']}' in the file "
                f"(also on row {first_id[v['employee_id']]})"
            )
        if v["email"] in first_email:
            earlier = first_email[v["email"]]
            row.fail(f"Duplicate email '{v['email']}' in the file (also on row {earlier})")
        if not row.errors:
            first_id[v["employee_id"]] = row.number
            first_email[v["email"]] = row.number


async def _not_taken(session: AsyncSession, candidates: list[Row]) -> dict[str, Row]:
    """The candidates whose employee ID and e-mail no employee has yet, by employee ID."""
    taken_ids, taken_emails = await _existing(
        session,
        [r.values["employee_id"] for r in candidates],
        [r.values["email"] for r in candidates],
    )
    good: dict[str, Row] = {}
    for row in candidates:
        if row.values["employee_id"] in taken_ids:
            row.fail(f"Employee ID '{row.values['employee_id']}' already exists")
        if row.values["email"] in taken_emails:
            row.fail(f"Email '{row.values['email']}' already exists")
        if not row.errors:
            good[row.values["employee_id"]] = row
    return good


_TEXT = ARRAY(String)
_DAYS = ARRAY(Date)
_INSERT_COLUMNS: dict[str, Any] = {
    "employee_id": _TEXT,
    "first_name": _TEXT,
    "last_name": _TEXT,
    "email": _TEXT,
    "department": _TEXT,
    "position": _TEXT,
    "start_date": _DAYS,
    "review_schedule": _TEXT,
    "manager_id": _TEXT,
    "next_review_date": _DAYS,
}


async def _insert(session: AsyncSession, rows: list[Row]) -> None:
    """One INSERT ... SELECT unnest(...) for every good row: one round trip, and managers
    named within the same file are satisfied because foreign keys are checked per statement."""
    columns = list(_INSERT_COLUMNS)
    unnested = [
        func.unnest(bindparam(f"b_{name}", [r.values[name] for r in rows], type_=kind))
        for name, kind in _INSERT_COLUMNS.items()
    ]
    stmt = insert(Employee).from_select(columns, select(*unnested))
    try:
        async with session.begin_nested():
            await session.execute(stmt)
    except IntegrityError as exc:
        raise Conflict(_race_message(exc)) from exc


def _race_message(exc: IntegrityError) -> str:
    """What a write that got in between the checks and the INSERT changed, in words."""
    name = constraint_name(exc)
    if name in ("uq_employees_employee_id", "uq_employees_email"):
        detail = getattr(getattr(exc.orig, "__cause__", None), "detail", None) or ""
        key = _KEY.match(detail)
        what = "Employee ID" if name.endswith("employee_id") else "Email"
        return RACE_TAKEN.format(what=what, value=key.group(2)) if key else RACE
    if "department" in name:
        return RACE_GONE.format(what="department")
    if "manager" in name:
        return RACE_GONE.format(what="manager")
    return RACE
