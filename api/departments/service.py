"""Department rules: unique slugs, renames that carry employees along, no silent deletes."""

from sqlalchemy import delete, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from api.core.errors import Conflict, NotFound
from api.departments.models import Department
from api.departments.schemas import DepartmentCreate, DepartmentRead, DepartmentUpdate
from api.employees.models import Employee

DEPARTMENT_NOT_FOUND = "Department not found"


def slug_taken(slug: str) -> str:
    return f"A department with the slug '{slug}' already exists"


def in_use(count: int) -> str:
    people = "1 employee" if count == 1 else f"{count} employees"
    return f"This department has {people}. Move them to another department before deleting it."


async def _count(session: AsyncSession, slug: str) -> int:
    stmt = select(func.count()).select_from(Employee).where(Employee.department == slug)
    return int(await session.scalar(stmt) or 0)


def to_read(department: Department, employee_count: int) -> DepartmentRead:
    read = DepartmentRead.model_validate(department)
    return read.model_copy(update={"employee_count": employee_count})


async def list_all(*, session: AsyncSession) -> list[DepartmentRead]:
    """Every department by name, each with how many employees (archived too) belong to it."""
    counts = (
        select(Employee.department, func.count().label("n"))
        .where(Employee.department.is_not(None))
        .group_by(Employee.department)
        .subquery()
    )
    rows = await session.execute(
        select(Department, func.coalesce(counts.c.n, 0))
        .outerjoin(counts, counts.c.department == Department.slug)
        .order_by(func.lower(Department.name), Department.id)
    )
    return [to_read(dept, int(n)) for dept, n in rows.all()]


async def get(*, session: AsyncSession, department_id: int) -> Department:
    """One department by id, or 404."""
    department = await session.get(Department, department_id)
    if department is None:
        raise NotFound(DEPARTMENT_NOT_FOUND)
    return department


async def read(*, session: AsyncSession, department: Department) -> DepartmentRead:
    return to_read(department, await _count(session, department.slug))


async def _slug_free(session: AsyncSession, slug: str, exclude: int | None = None) -> None:
    stmt = select(Department.id).where(Department.slug == slug)
    if exclude is not None:
        stmt = stmt.where(Department.id != exclude)
    if await session.scalar(stmt.limit(1)):
        raise Conflict(slug_taken(slug))


async def create(*, session: AsyncSession, data: DepartmentCreate) -> Department:
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


async def update(
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
    count = await _count(session, department.slug)
    if count:
        raise Conflict(in_use(count))
    try:
        async with session.begin_nested():
            await session.execute(delete(Department).where(Department.id == department.id))
    except IntegrityError as exc:  # someone was moved in meanwhile
        raise Conflict(in_use(await _count(session, department.slug))) from exc
    session.expunge(department)
