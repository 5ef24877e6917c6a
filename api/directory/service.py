"""GET /api/directory: every active employee's directory entry, rendered by Postgres.

The reply's keys come from DirectoryEntry (api/core/shape.py), as the employee list's do. The
entry names the manager, so it is read with a join each time instead of being kept per row
(a manager's rename changes their reports' entries without touching the reports' rows).
"""

from dataclasses import dataclass

from sqlalchemy import ColumnElement, Select, Text, and_, case, cast, func, literal, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import QueryableAttribute, aliased

from api.access.scope import Scope
from api.core.db import execute_core
from api.core.paging import Paging
from api.core.shape import Shape
from api.departments.models import Department
from api.directory.schemas import DirectoryEntry
from api.employees.models import Employee

ENTRY = Shape(DirectoryEntry)

_person = Employee.__table__
_manager = aliased(Employee, name="manager")
_department = aliased(Department, name="dept")


def _full_name(
    first: ColumnElement[str] | QueryableAttribute[str],
    last: ColumnElement[str] | QueryableAttribute[str],
) -> ColumnElement[str]:
    return first + literal(" ") + last


def _rendered() -> Select[str]:
    """Each active employee's entry as JSON text, by last then first name."""
    columns = {
        "id": _person.c.id,
        "first_name": _person.c.first_name,
        "last_name": _person.c.last_name,
        "position": _person.c.position,
        "department": _person.c.department,
        "department_name": _department.name,
        "email": _person.c.email,
        "manager_id": _person.c.manager_id,
        "manager_name": case(
            (_manager.id.is_not(None), _full_name(_manager.first_name, _manager.last_name))
        ),
    }
    return (
        select(cast(ENTRY.json_object(columns), Text))
        .select_from(_person)
        .outerjoin(_manager, _manager.employee_id == _person.c.manager_id)
        .outerjoin(_department, _department.slug == _person.c.department)
        .where(_person.c.is_archived.is_(False))
    )


RENDERED = _rendered()
ORDER = (_person.c.last_name, _person.c.first_name, _person.c.id)
# What a search looks in: the name, the e-mail and the position, in any case.
SEARCHED = func.lower(
    func.concat_ws(
        "\n",
        _full_name(_person.c.first_name, _person.c.last_name),
        _person.c.email,
        _person.c.position,
    )
)


@dataclass(frozen=True)
class DirectoryQuery:
    search: str = ""
    department: str | None = None  # a department's slug


def _filtered(query: DirectoryQuery, scope: Scope) -> Select[str]:
    conditions = []
    search = query.search.strip().lower()
    if search:
        conditions.append(func.strpos(SEARCHED, search) > 0)
    if query.department is not None:
        conditions.append(_person.c.department == query.department)
    if not scope.everything:
        conditions.append(scope.employees(_person.c.id))
    return RENDERED.where(and_(*conditions)) if conditions else RENDERED


async def list_page(
    *, session: AsyncSession, query: DirectoryQuery, paging: Paging | None, scope: Scope
) -> tuple[bytes, int | None]:
    """The JSON array of the entries `query` asks for; with `paging` one page of them and
    how many match in all."""
    stmt = _filtered(query, scope)
    total = None
    if paging is not None:
        counted = stmt.with_only_columns(func.count()).order_by(None)
        total = int((await execute_core(session, counted)).scalar_one())
        stmt = stmt.offset(paging.offset).limit(paging.size)
    rows = await execute_core(session, stmt.order_by(*ORDER))
    return b"[" + b",".join(row[0].encode() for row in rows) + b"]", total
