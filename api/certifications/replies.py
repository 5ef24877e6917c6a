"""Certification lists as JSON, tens of thousands of rows at a time.

Each reply's keys come from its reply model (`Shape`, api/core/listing.py); what is typed here
is only which column or computed value fills which field, by the field's own name. One dict per
employee and per type is shared by all the rows naming it: a pydantic model per row, even
through model_construct, costs ten times as much.
"""

from datetime import date
from typing import Any

from sqlalchemy import select

from api.certifications.models import CertificationType, EmployeeCertification
from api.certifications.schemas import (
    CertificationHolder,
    CertificationTypeSummary,
    EmployeeCertificationRead,
    ExpiredHolder,
)
from api.certifications.status import DisplayStatus, display_status
from api.core.listing import Shape
from api.departments.models import Department
from api.employees.models import Employee

Item = dict[str, Any]

EMPLOYEE = Shape(CertificationHolder)
TYPE = Shape(CertificationTypeSummary)
ASSIGNMENT = Shape(EmployeeCertificationRead)

# An employee's summary shows its department's name beside the slug (Department joined).
EMPLOYEE_COLUMNS = tuple(
    Department.name if name == "department_name" else getattr(Employee, name)
    for name in EMPLOYEE.names
)
TYPE_COLUMNS = TYPE.columns(CertificationType)
employee_summary = EMPLOYEE.reader(EMPLOYEE.names)
type_summary = TYPE.reader(TYPE.names)
expired_holder = Shape(ExpiredHolder).reader((*EMPLOYEE.names, "expiration_date"))

# An assignment's fields: those stored in its row, then those made for the reply.
MADE = (
    "organization_id",
    "status",
    "status_label",
    "days_until_expiry",
    "employee",
    "certification_type",
)
STORED = tuple(name for name in ASSIGNMENT.names if name not in MADE)
ASSIGNMENT_COLUMNS = ASSIGNMENT.columns(EmployeeCertification, STORED)
assignment = ASSIGNMENT.reader((*STORED, *MADE))

# Where, in a row of assignments_query(), the parts start and the links are.
_EMPLOYEE_AT = len(STORED)
_TYPE_AT = _EMPLOYEE_AT + len(EMPLOYEE_COLUMNS)
_EMPLOYEE_ID = STORED.index("employee_id")
_TYPE_ID = STORED.index("certification_type_id")
_EXPIRATION = STORED.index("expiration_date")


def assignments_query() -> Any:
    """Each employee certification's columns, then its employee's, then its type's."""
    ec = EmployeeCertification
    return (
        select(*ASSIGNMENT_COLUMNS, *EMPLOYEE_COLUMNS, *TYPE_COLUMNS)
        .join(Employee, Employee.id == ec.employee_id)
        .join(CertificationType, CertificationType.id == ec.certification_type_id)
        .outerjoin(Department, Department.slug == Employee.department)
    )


def assignment_items(rows: Any, organization_id: int | None, on: date) -> list[Item]:
    """EmployeeCertificationRead items of rows of assignments_query(), their status as of `on`."""
    employees: dict[int, Item] = {}
    types: dict[int, Item] = {}
    statuses: dict[date | None, DisplayStatus] = {}
    items = []
    for row in rows:
        expiration = row[_EXPIRATION]
        shown = statuses.get(expiration)
        if shown is None:
            shown = statuses[expiration] = display_status(expiration, on)
        employee = employees.get(row[_EMPLOYEE_ID])
        if employee is None:
            employee = employees[row[_EMPLOYEE_ID]] = employee_summary(row[_EMPLOYEE_AT:_TYPE_AT])
        ctype = types.get(row[_TYPE_ID])
        if ctype is None:
            ctype = types[row[_TYPE_ID]] = type_summary(row[_TYPE_AT:])
        made = (organization_id, shown.status, shown.label, shown.days_until_expiry)
        items.append(assignment((*row[:_EMPLOYEE_AT], *made, employee, ctype)))
    return items
