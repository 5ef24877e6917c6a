"""Whether an employee of the organisation exists (or the employee itself), for the domains
that list or add things of one employee. Kept apart from the employees service, which itself
needs the documents service."""

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from api.core.errors import NotFound
from api.employees.models import Employee

EMPLOYEE_NOT_FOUND = "Employee not found"
ID_LIMIT = 2**31  # employee ids are Postgres integers: below this


def check_employee_id(employee_id: int) -> None:
    """NotFound for an id no employee can have, before it reaches a query."""
    if not 0 < employee_id < ID_LIMIT:
        raise NotFound(EMPLOYEE_NOT_FOUND)


async def require_employee(*, session: AsyncSession, employee_id: int) -> None:
    """NotFound unless the employee is one of this organisation's (one indexed lookup)."""
    check_employee_id(employee_id)
    if await session.scalar(select(Employee.id).where(Employee.id == employee_id)) is None:
        raise NotFound(EMPLOYEE_NOT_FOUND)


async def get_employee(*, session: AsyncSession, employee_id: int) -> Employee:
    """The employee of this organisation, loaded, or NotFound."""
    check_employee_id(employee_id)
    employee = await session.get(Employee, employee_id)
    if employee is None:
        raise NotFound(EMPLOYEE_NOT_FOUND)
    return employee


async def employee_list(*, session: AsyncSession, employee_id: int | None, body: bytes) -> bytes:
    """A JSON list, of one employee's items when `employee_id` is given. Each item names an
    existing employee, so only an empty list asks whether the employee exists (NotFound)."""
    if body == b"[]" and employee_id is not None:
        await require_employee(session=session, employee_id=employee_id)
    return body
