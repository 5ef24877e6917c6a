"""Department rules: unique slugs, renames that carry employees along, no silent deletes."""

from typing import Any

from sqlalchemy import ColumnElement, delete, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from api.access.scope import Scope
from api.audit import trail
from api.core.errors import Conflict, NotFound
from api.departments.models import Department
from api.departments.schemas import DepartmentCreate, DepartmentRead, DepartmentUpdate
from api.employees.models import Employee

DEPARTMENT_NOT_FOUND = "Department not found"


def slug_taken(slug: str) -> str:
    return f"A department with the slug '{slug}' already exists"


def in_use(count: int, archived: int = 0) -> str:
    people = "1 employee" if count == 1 else f"{count} employees"
    if archived:
        people += f" ({archived} archived)"
    return f"This department has {people}. Move them to another department before deleting it."


async def _in_use(session: AsyncSession, slug: str) -> str | None:
    """Why the department cannot be deleted: anyone in it, archived people too (they keep it)."""
    stmt = select(func.count(), func.count().filter(Employee.is_archived.is_(True))).where(
        Employee.department == slug
    )
    count, archived = (await session.execute(stmt)).one()
    return in_use(count, archived) if count else None


def _counts(scope: Scope | None = None) -> Any:
    """Per department: active employees (what every screen counts; the directory shows every
    active person to everyone) and archived ones, of those only the ones `scope` reaches:
    archived people are in no directory."""
    archived: list[ColumnElement[bool]] = [Employee.is_archived.is_(True)]
    if scope is not None and not scope.everything:
        archived.append(scope.employees(Employee.id))
    return (
        select(
            Employee.department,
            func.count().filter(Employee.is_archived.is_(False)).label("active"),
            func.count().filter(*archived).label("archived"),
        )
        .where(Employee.department.is_not(None))
        .group_by(Employee.department)
        .subquery()
    )


def to_read(department: Department, employee_count: int, archived_count: int) -> DepartmentRead:
    read = DepartmentRead.model_validate(department)
    return read.model_copy(
        update={"employee_count": employee_count, "archived_count": archived_count}
    )


async def list_departments(
    *, session: AsyncSession, scope: Scope | None = None
) -> list[DepartmentRead]:
    """Every department by name, each with its active and its archived employees (those
    archived that `scope`, the reader's employees.read, reaches)."""
    counts = _counts(scope)
    rows = await session.execute(
        select(Department, func.coalesce(counts.c.active, 0), func.coalesce(counts.c.archived, 0))
        .outerjoin(counts, counts.c.department == Department.slug)
        .order_by(func.lower(Department.name), Department.id)
    )
    return [to_read(dept, int(active), int(archived)) for dept, active, archived in rows.all()]


async def get_department(*, session: AsyncSession, department_id: int) -> Department:
    """One department by id, or 404."""
    department = await session.get(Department, department_id)
    if department is None:
        raise NotFound(DEPARTMENT_NOT_FOUND)
    return department


async def get_department_reply(
    *, session: AsyncSession, department: Department, scope: Scope | None = None
) -> DepartmentRead:
    counts = _counts(scope)
    row = (
        await session.execute(
            select(func.coalesce(counts.c.active, 0), func.coalesce(counts.c.archived, 0))
            .select_from(Department)
            .outerjoin(counts, counts.c.department == Department.slug)
            .where(Department.id == department.id)
        )
    ).one()
    return to_read(department, int(row[0]), int(row[1]))


async def _slug_free(session: AsyncSession, slug: str, exclude: int | None = None) -> None:
    stmt = select(Department.id).where(Department.slug == slug)
    if exclude is not None:
        stmt = stmt.where(Department.id != exclude)
    if await session.scalar(stmt.limit(1)):
        raise Conflict(slug_taken(slug))


async def create_department(*, session: AsyncSession, data: DepartmentCreate) -> Department:
    """Add a department; a slug already in use answers 409."""
    await _slug_free(session, data.slug)
    department = Department(**data.model_dump(exclude={"organization_id"}))
    try:
        async with session.begin_nested():
            session.add(department)
            await session.flush()
    except IntegrityError as exc:
        raise Conflict(slug_taken(data.slug)) from exc
    await session.refresh(department)
    return department


async def update_department(
    *, session: AsyncSession, department: Department, data: DepartmentUpdate
) -> Department:
    """Rename or re-slug; employees follow a new slug through ON UPDATE CASCADE."""
    changes = {k: v for k, v in data.model_dump(exclude_unset=True).items()}
    for key in ("name", "slug"):
        if changes.get(key, "") is None:
            del changes[key]
    if "slug" in changes and changes["slug"] != department.slug:
        await _slug_free(session, changes["slug"], exclude=department.id)
    for key, value in changes.items():
        setattr(department, key, value)
    try:
        async with session.begin_nested():
            await session.flush()
    except IntegrityError as exc:
        raise Conflict(slug_taken(str(changes.get("slug", department.slug)))) from exc
    await session.refresh(department)
    return department


async def delete_department(*, session: AsyncSession, department: Department) -> None:
    """Delete a department nobody belongs to; otherwise 409 naming how many do."""
    refusal = await _in_use(session, department.slug)
    if refusal:
        raise Conflict(refusal)
    try:
        async with session.begin_nested():
            await session.execute(delete(Department).where(Department.id == department.id))
    except IntegrityError as exc:  # someone was moved in meanwhile
        raise Conflict(await _in_use(session, department.slug) or in_use(1)) from exc
    await trail.record_deleted(session, department)
    session.expunge(department)
