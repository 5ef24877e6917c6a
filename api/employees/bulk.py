"""Bulk upload: every row is checked on its own; the good ones go in with one INSERT.

Row numbers count the CSV's records: the header is row 1, the first employee row 2; blank
lines are skipped and not counted.
"""

import csv
import re
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Date, String, any_, bindparam, func, insert, or_, select
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from api.core.errors import BadRequest, Conflict
from api.departments.models import Department
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
NO_ROWS = "Please paste your CSV data before uploading"
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
UNREADABLE_HEADER = "The header line could not be read as CSV: {}"
UNCLOSED_QUOTE = (
    'A quoted value on this line has no closing quote ("), so the line could not be read'
)
TEXT_AFTER_QUOTE = (
    'A closing quote (") must be followed by a comma or the end of the line; '
    'to put a quote inside a quoted value, double it ("")'
)
TOO_MANY_VALUES = (
    "This line has {cells} values but the header has {columns} columns; "
    'a value that contains a comma must be in double quotes (e.g. "Rep, Senior")'
)
# Each unclosed quote makes the reader run to the end of the file before it fails, and the
# lines after it are read again: past this many, the file is refused rather than crawled.
MAX_UNREADABLE = 50
TOO_MANY_UNREADABLE = (
    f"More than {MAX_UNREADABLE} lines could not be read as CSV; please check the file's quotes"
)


@dataclass
class Row:
    number: int
    values: dict[str, Any] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)

    def fail(self, message: str) -> None:
        self.errors.append(message)


@dataclass(frozen=True)
class Unreadable:
    """A CSV record the parser refused: it still takes its row number and gets an error."""

    message: str


# A physical line with its own ending, so quoted values may span lines as RFC 4180 allows.
_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z")


def _csv_problem(exc: csv.Error, lines_spanned: int) -> str:
    # A record that failed lines after it began most likely opened a quote it never closed
    # there: the reader took the following lines as part of the value.
    if lines_spanned > 1 or "end of data" in str(exc):
        return UNCLOSED_QUOTE
    if "expected after" in str(exc):
        return TEXT_AFTER_QUOTE
    return f"This line could not be read as CSV: {exc}"


def _records(lines: list[str]) -> list[list[str] | Unreadable]:
    """Every non-blank record; one the reader refuses becomes Unreadable and reading goes on
    from the line after the one where it began (so one stray quote costs one row)."""
    records: list[list[str] | Unreadable] = []
    start = 0
    unreadable = 0
    while start < len(lines):
        reader = csv.reader(lines[start:], strict=True)
        done = 0  # lines of this pass consumed by complete records
        try:
            for cells in reader:
                done = reader.line_num
                if any(cell.strip() for cell in cells):
                    records.append(cells)
            return records
        except csv.Error as exc:
            unreadable += 1
            if unreadable > MAX_UNREADABLE:
                raise BadRequest(TOO_MANY_UNREADABLE) from exc
            records.append(Unreadable(_csv_problem(exc, reader.line_num - done)))
            start += done + 1
    return records


def read_csv(text: str) -> list[dict[str, str] | Unreadable]:
    """RFC 4180 text (quotes, doubled quotes, CRLF, a leading BOM) as rows keyed by its
    header line; a record with more values than the header has columns is Unreadable."""
    records = _records(_LINE.findall(text.removeprefix("\ufeff")))
    if not records:
        raise BadRequest(NO_ROWS)
    header, *rest = records
    if isinstance(header, Unreadable):
        raise BadRequest(UNREADABLE_HEADER.format(header.message))
    columns = [name.strip() for name in header]
    rows: list[dict[str, str] | Unreadable] = []
    for record in rest:
        if isinstance(record, Unreadable):
            rows.append(record)
        elif len(record) > len(columns):
            # Counted even when the extra cells are blank: a spreadsheet pads every line to
            # the header's width, so a longer line has a comma that split one of its values.
            message = TOO_MANY_VALUES.format(cells=len(record), columns=len(columns))
            rows.append(Unreadable(message))
        else:
            rows.append({name: cell for name, cell in zip(columns, record, strict=False) if name})
    return rows


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
    """Field rules of SPEC §5 plus the eight required columns of §3, in column order."""
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
    checked: list[Row] = []
    for index, raw in enumerate(rows):
        row = Row(number=index + FIRST_ROW)
        if isinstance(raw, Unreadable):
            row.fail(raw.message)
        elif isinstance(raw, dict):
            _check(row, raw)
        else:
            row.fail("Row must be an object keyed by the CSV column names")
        checked.append(row)

    departments = await _departments(session)
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

    candidates = [r for r in checked if not r.errors]
    # Held until the import commits: an employee added meanwhile with a generated id is
    # either seen below or numbered after the imported ids, never clashing with one of them.
    await lock_employee_ids(session)
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
