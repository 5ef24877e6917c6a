"""The compliance overview: for each required certification type, who among the non-archived
employees lacks it and who holds it only expired."""

from datetime import date
from typing import Any

from sqlalchemy import func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from api.access.scope import Scope
from api.certifications.models import CertificationType, EmployeeCertification
from api.certifications.replies import (
    EMPLOYEE,
    EMPLOYEE_COLUMNS,
    TYPE,
    TYPE_COLUMNS,
    Item,
    employee_summary,
    expired_holder,
    type_summary,
)
from api.certifications.schemas import RequiredTypeCompliance
from api.core.dates import local_today
from api.core.db import execute_core
from api.core.listing import Shape, render
from api.departments.models import Department
from api.employees.models import Employee

COMPLIANCE = Shape(RequiredTypeCompliance)

# (required type id, employee id) → (holds one still valid, its latest expiration date), for
# the pairs with at least one active certification.
Holding = dict[tuple[int, int], tuple[bool, date | None]]


async def list_compliance(
    *, session: AsyncSession, scope: Scope, on: date | None = None, limit: int | None = None
) -> bytes:
    """For each required type, the non-archived employees in the scope's reach who lack it
    (no active certification of it) or hold it expired (active ones, all expired). `limit`
    caps each list; the counts are always complete and count only those employees. As
    JSON."""
    on = on or local_today()
    required = list(await execute_core(session, _required_types()))
    if not required:
        return render([])
    employees = list(await execute_core(session, _active_employees(scope)))
    holding: Holding = {
        (type_id, employee_id): (valid, last)
        for type_id, employee_id, valid, last in await execute_core(session, _held(on, scope))
    }
    summaries = [employee_summary(row) for row in employees]
    cap = len(employees) if limit is None else limit
    return render([_entry(ctype, employees, summaries, holding, cap) for ctype in required])


def _required_types() -> Any:
    return (
        select(*TYPE_COLUMNS)
        .where(CertificationType.is_required.is_(True))
        .order_by(func.lower(CertificationType.name), CertificationType.id)
    )


def _active_employees(scope: Scope) -> Any:
    """The non-archived employees' summaries' columns, by last then first name."""
    query = (
        select(*EMPLOYEE_COLUMNS)
        .outerjoin(Department, Department.slug == Employee.department)
        .where(Employee.is_archived.is_(False))
        .order_by(func.lower(Employee.last_name), func.lower(Employee.first_name), Employee.id)
    )
    return query if scope.everything else query.where(scope.employees(Employee.id))


def _held(on: date, scope: Scope) -> Any:
    """Per (required type, employee) holding an active one: is one still valid? latest
    expiry?"""
    ec = EmployeeCertification
    query = (
        select(
            ec.certification_type_id,
            ec.employee_id,
            func.bool_or(or_(ec.expiration_date.is_(None), ec.expiration_date >= on)),
            func.max(ec.expiration_date),
        )
        .join(CertificationType, CertificationType.id == ec.certification_type_id)
        .where(CertificationType.is_required.is_(True), ec.is_active.is_(True))
        .group_by(ec.certification_type_id, ec.employee_id)
    )
    return query if scope.everything else query.where(scope.employees(ec.employee_id))


def _entry(
    ctype: Any, employees: list[Any], summaries: list[Item], holding: Holding, cap: int
) -> Item:
    """One required type's RequiredTypeCompliance item (`employees`' rows and their
    summaries, in the same order)."""
    type_id = ctype[TYPE.names.index("id")]
    person_id = EMPLOYEE.names.index("id")
    missing: list[Item] = []
    expired: list[Item] = []
    missing_count = expired_count = 0
    for person, summary in zip(employees, summaries, strict=True):
        found = holding.get((type_id, person[person_id]))
        if found is None:
            missing_count += 1
            if len(missing) < cap:
                missing.append(summary)
        elif not found[0]:
            expired_count += 1
            if len(expired) < cap:
                expired.append(expired_holder((*person, found[1])))
    return COMPLIANCE.item(
        {
            "certification_type": type_summary(ctype),
            "total_employees": len(employees),
            "compliant_count": len(employees) - missing_count - expired_count,
            "missing_count": missing_count,
            "expired_count": expired_count,
            "missing": missing,
            "expired": expired,
        }
    )
