"""Whether an employee of the organisation exists, for the domains that list or add things of
one employee (notes, documents, reviews). Kept apart from the employees service, which itself
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
