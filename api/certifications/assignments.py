"""Employee certifications: a certification type held by an employee, from an issue date
until an expiration date (or for good). Services only flush; the request commits."""

from datetime import date

from sqlalchemy import and_, delete, func, or_, select, text, true
from sqlalchemy.ext.asyncio import AsyncSession

from api.access.scope import Scope
from api.certifications.models import CertificationType, EmployeeCertification
from api.certifications.replies import assignment_items, assignments_query
from api.certifications.rules import EXPIRY_BEFORE_ISSUE, EXPIRY_PAST
from api.certifications.schemas import (
    EmployeeCertificationCreate,
    EmployeeCertificationRead,
    EmployeeCertificationUpdate,
)
from api.certifications.service import REMINDER_KINDS, flush_certification, get_type
from api.core.dates import add_months, earliest_today, local_today
from api.core.db import execute_core
from api.core.errors import BadRequest, Conflict, NotFound
from api.core.listing import render
from api.employees.lookup import EMPLOYEE_NOT_FOUND, get_employee
from api.employees.models import Employee
from api.reminders.models import Reminder

CERTIFICATION_NOT_FOUND = "Certification not found"


async def get_assignment(
    *, session: AsyncSession, certification_id: int, scope: Scope
) -> EmployeeCertification:
    """The certification, or NotFound (also when its employee is out of the scope's reach)."""
    row = (
        await session.get(EmployeeCertification, certification_id)
        if 0 < certification_id < 2**31
        else None
    )
    if row is None:
        raise NotFound(CERTIFICATION_NOT_FOUND)
    await scope.require(session, row.employee_id, CERTIFICATION_NOT_FOUND)
    return row


async def list_assignments(
    *,
    session: AsyncSession,
    scope: Scope,
    employee_id: int | None,
    include_archived: bool = False,
) -> bytes:
    """One employee's certifications (all of them), or every employee's; archived employees
    are left out of the organisation-wide list unless asked for. Only employees in the
    scope's reach (another is unknown: NotFound). As JSON."""
    query = assignments_query()
    if not scope.everything:
        query = query.where(scope.employees(EmployeeCertification.employee_id))
    if employee_id is not None:
        await get_employee(session=session, employee_id=employee_id)
        await scope.require(session, employee_id, EMPLOYEE_NOT_FOUND)
        query = query.where(EmployeeCertification.employee_id == employee_id).order_by(
            EmployeeCertification.expiration_date.asc().nulls_last(),
            func.lower(CertificationType.name),
            EmployeeCertification.id,
        )
    else:
        if not include_archived:
            query = query.where(Employee.is_archived.is_(False))
        query = query.order_by(
            func.lower(Employee.last_name),
            func.lower(Employee.first_name),
            Employee.id,
            func.lower(CertificationType.name),
            EmployeeCertification.issue_date.desc(),
            EmployeeCertification.id,
        )
    rows = await execute_core(session, query)
    return render(assignment_items(rows, session.info.get("organization_id"), local_today()))


async def get_assignment_reply(
    *, session: AsyncSession, cert: EmployeeCertification
) -> EmployeeCertificationRead:
    query = assignments_query().where(EmployeeCertification.id == cert.id)
    rows = await execute_core(session, query)
    (item,) = assignment_items(rows, session.info.get("organization_id"), local_today())
    return EmployeeCertificationRead.model_validate(item, by_alias=True, by_name=False)


async def _lock_employee_certifications(session: AsyncSession, employee_id: int) -> None:
    """Serialise writes of one employee's certifications, so two overlapping assignments
    sent at once cannot both pass the overlap check. Released at commit or rollback."""
    schema = session.info.get("schema", "")
    await session.execute(
        text("select pg_advisory_xact_lock(hashtext(:key), :employee_id)"),
        {"key": f"certifications:{schema}", "employee_id": employee_id},
    )


async def _ensure_no_overlap(
    session: AsyncSession,
    *,
    employee_id: int,
    ctype: CertificationType,
    issue_date: date,
    expiration_date: date | None,
    exclude_id: int | None = None,
) -> None:
    """Refuse a second active certification of one type whose validity overlaps another.

    A renewal issued on the day the old one expires is not an overlap.
    """
    ec = EmployeeCertification
    starts_before_other_ends = or_(ec.expiration_date.is_(None), ec.expiration_date > issue_date)
    other_starts_before_this_ends = (
        true() if expiration_date is None else ec.issue_date < expiration_date
    )
    query = select(ec.issue_date, ec.expiration_date).where(
        ec.employee_id == employee_id,
        ec.certification_type_id == ctype.id,
        ec.is_active.is_(True),
        or_(
            and_(starts_before_other_ends, other_starts_before_this_ends),
            ec.issue_date == issue_date,
        ),
    )
    if exclude_id is not None:
        query = query.where(ec.id != exclude_id)
    clash = (await session.execute(query.limit(1))).first()
    if clash is not None:
        until = f"until {clash[1].isoformat()}" if clash[1] else "with no expiry"
        raise Conflict(
            f"This employee already holds {ctype.name} for an overlapping period "
            f"(issued {clash[0].isoformat()}, valid {until})"
        )


async def create_assignment(
    *, session: AsyncSession, data: EmployeeCertificationCreate, scope: Scope
) -> EmployeeCertification:
    """Assign a certification type to an employee in the scope's reach. Without an
    expiration date, a type with a validity period gets issue date + validityMonths."""
    employee = await get_employee(session=session, employee_id=data.employee_id)
    await scope.require(session, employee.id, EMPLOYEE_NOT_FOUND)
    ctype = await get_type(session=session, type_id=data.certification_type_id)
    assert data.issue_date is not None  # the schema requires it
    expiration = data.expiration_date
    if expiration is None and ctype.validity_months:
        expiration = add_months(data.issue_date, ctype.validity_months)
    await _lock_employee_certifications(session, employee.id)
    if data.is_active:
        await _ensure_no_overlap(
            session,
            employee_id=employee.id,
            ctype=ctype,
            issue_date=data.issue_date,
            expiration_date=expiration,
        )
    cert = EmployeeCertification(
        employee_id=employee.id,
        certification_type_id=ctype.id,
        issue_date=data.issue_date,
        expiration_date=expiration,
        certificate_number=data.certificate_number,
        attachment_url=data.attachment_url,
        is_active=data.is_active,
    )
    session.add(cert)
    await flush_certification(session)
    await session.refresh(cert)
    return cert


async def update_assignment(
    *,
    session: AsyncSession,
    cert: EmployeeCertification,
    data: EmployeeCertificationUpdate,
) -> EmployeeCertification:
    """Replace the fields sent; the result must still follow the rules of a new one."""
    fields = data.model_fields_set
    await _lock_employee_certifications(session, cert.employee_id)
    ctype = await get_type(
        session=session,
        type_id=data.certification_type_id
        if "certification_type_id" in fields and data.certification_type_id
        else cert.certification_type_id,
    )
    issue = data.issue_date if "issue_date" in fields and data.issue_date else cert.issue_date
    expiration = cert.expiration_date
    if "expiration_date" in fields:
        expiration = data.expiration_date
        if expiration is None and ctype.validity_months:
            expiration = add_months(issue, ctype.validity_months)
        elif (
            expiration is not None
            and expiration != cert.expiration_date
            and expiration < earliest_today()
        ):
            raise BadRequest(EXPIRY_PAST)
    if expiration is not None and expiration < issue:
        raise BadRequest(EXPIRY_BEFORE_ISSUE)
    active = (
        data.is_active if "is_active" in fields and data.is_active is not None else cert.is_active
    )
    if active:
        await _ensure_no_overlap(
            session,
            employee_id=cert.employee_id,
            ctype=ctype,
            issue_date=issue,
            expiration_date=expiration,
            exclude_id=cert.id,
        )
    if expiration != cert.expiration_date or not active:
        await _drop_obsolete_reminders(session, cert.id, expiration if active else None)
    cert.certification_type_id = ctype.id
    cert.issue_date = issue
    cert.expiration_date = expiration
    if "certificate_number" in fields:
        cert.certificate_number = data.certificate_number
    if "attachment_url" in fields:
        cert.attachment_url = data.attachment_url
    cert.is_active = active
    await flush_certification(session)
    return cert


async def _drop_obsolete_reminders(
    session: AsyncSession, certification_id: int, expiration: date | None
) -> None:
    """Remove a certification's reminders about a date it no longer has (renewed by an edit,
    or deactivated: `expiration` None). The daily job writes one reminder of a kind per
    certification, so a stale one would also block the reminder for the new date."""
    query = delete(Reminder).where(
        Reminder.certification_id == certification_id,
        Reminder.type.in_(REMINDER_KINDS),
    )
    if expiration is not None:
        query = query.where(Reminder.due_date.is_distinct_from(expiration))
    await session.execute(query)


async def delete_assignment(*, session: AsyncSession, certification_id: int, scope: Scope) -> None:
    cert = await get_assignment(session=session, certification_id=certification_id, scope=scope)
    await session.delete(cert)
    await session.flush()
