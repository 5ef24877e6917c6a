"""Factories for certification tests: rows written straight into an organisation's schema."""

import itertools
from datetime import date, timedelta
from typing import Any

from sqlalchemy import func, select

from api.certifications.models import Certification, CertificationType, EmployeeCertification
from api.core.dates import local_today
from api.core.db import tenant_session
from api.employees.models import Employee
from api.organizations.models import Organization
from api.reminders.models import Reminder

_numbers = itertools.count(1)


def days(n: int) -> date:
    """Today plus n days."""
    return local_today() + timedelta(days=n)


def iso(n: int) -> str:
    return days(n).isoformat()


async def add_employee(
    org: Organization,
    *,
    first: str = "Ada",
    last: str = "Lovelace",
    department: str | None = "engineering",
    archived: bool = False,
) -> int:
    async with tenant_session(org.schema_name, org.id) as s:
        row = Employee(
            employee_id=f"EMP{next(_numbers):05d}",
            first_name=first,
            last_name=last,
            department=department,
            is_archived=archived,
        )
        s.add(row)
        await s.flush()
        return row.id


async def add_type(org: Organization, name: str = "First Aid", **fields: Any) -> int:
    async with tenant_session(org.schema_name, org.id) as s:
        row = CertificationType(name=name, **fields)
        s.add(row)
        await s.flush()
        return row.id


async def add_cert(
    org: Organization,
    employee_id: int,
    type_id: int,
    *,
    issue: date | None = None,
    expires: date | None = None,
    active: bool = True,
) -> int:
    async with tenant_session(org.schema_name, org.id) as s:
        row = EmployeeCertification(
            employee_id=employee_id,
            certification_type_id=type_id,
            issue_date=issue or days(-400),
            expiration_date=expires,
            is_active=active,
        )
        s.add(row)
        await s.flush()
        return row.id


async def count(org: Organization, model: Any = EmployeeCertification, *where: Any) -> int:
    async with tenant_session(org.schema_name, org.id) as s:
        return (await s.execute(select(func.count()).select_from(model).where(*where))).scalar_one()


__all__ = [
    "Certification",
    "CertificationType",
    "EmployeeCertification",
    "Reminder",
    "add_cert",
    "add_employee",
    "add_type",
    "count",
    "days",
    "iso",
]
