"""Who is in a cycle: the population a cycle names, as one SQL condition on employees, and the
check that every department and employee it names is this organisation's."""

from typing import Any

from sqlalchemy import ColumnElement, Integer, and_, any_, bindparam, false, func, select, true
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.ext.asyncio import AsyncSession

from api.cycles.rules import Unprocessable
from api.cycles.schemas import Population
from api.departments.models import Department
from api.employees.models import Employee

PG_INT_MAX = 2**31 - 1


def _ids(values: list[int]) -> Any:
    # One array parameter: the statement is the same for any number of ids.
    return bindparam(None, [v for v in values if 0 < v <= PG_INT_MAX], type_=ARRAY(Integer))


def members(population: Population) -> ColumnElement[bool]:
    """Employees in the population (a condition on `employees`); never an archived one."""
    return and_(Employee.is_archived.is_(False), _kind(population))


def _kind(population: Population) -> ColumnElement[bool]:
    kind = population.kind
    if kind == "everyone":
        return true()
    if kind == "departments":
        slugs = select(Department.slug).where(
            Department.id == any_(_ids(population.department_ids))
        )
        return Employee.department.in_(slugs.scalar_subquery())
    if kind == "employees":
        return Employee.id == any_(_ids(population.employee_ids))
    if kind == "start_dates":
        found: list[ColumnElement[bool]] = [Employee.start_date.is_not(None)]
        if population.start_from is not None:
            found.append(Employee.start_date >= population.start_from)
        if population.start_to is not None:
            found.append(Employee.start_date <= population.start_to)
        return and_(*found)
    return false()


async def _unknown(session: AsyncSession, model: Any, wanted: list[int]) -> list[int]:
    if not wanted:
        return []
    found = await session.scalars(select(model.id).where(model.id == any_(_ids(wanted))))
    return sorted(set(wanted) - set(found))


def _listed(ids: list[int]) -> str:
    shown = ", ".join(str(i) for i in ids[:5])
    return shown + (f" and {len(ids) - 5} more" if len(ids) > 5 else "")


async def check_records(session: AsyncSession, population: Population) -> None:
    """422 naming the departments or employees that are not this organisation's (the session's
    schema holds only its own, so another organisation's ids are as unknown as made-up ones)."""
    if population.kind == "departments":
        unknown = await _unknown(session, Department, population.department_ids)
        if unknown:
            raise Unprocessable(f"Unknown departments: {_listed(unknown)}")
    if population.kind == "employees":
        unknown = await _unknown(session, Employee, population.employee_ids)
        if unknown:
            raise Unprocessable(f"Unknown employees: {_listed(unknown)}")


async def count(session: AsyncSession, population: Population) -> int:
    query = select(func.count()).select_from(Employee).where(members(population))
    return int(await session.scalar(query) or 0)
