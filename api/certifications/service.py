"""Certification types, employee certifications, free-form certifications, compliance and
the reminder rows the daily job writes. Services only flush; the request commits."""

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any

from sqlalchemy import (
    and_,
    delete,
    distinct,
    exists,
    func,
    literal,
    or_,
    select,
    text,
    true,
)
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from api.certifications.models import Certification, CertificationType, EmployeeCertification
from api.certifications.schemas import (
    EXPIRY_BEFORE_ISSUE,
    EXPIRY_PAST,
    CertificationCreate,
    CertificationRead,
    CertificationTypeCreate,
    CertificationTypeRead,
    CertificationTypeUpdate,
    CertificationUpdate,
    EmployeeCertificationCreate,
    EmployeeCertificationRead,
    EmployeeCertificationUpdate,
)
from api.certifications.status import add_months, display_status, expiring_window
from api.core.dates import earliest_today, local_today
from api.core.db import execute_core
from api.core.errors import BadRequest, Conflict, NotFound
from api.departments.models import Department
from api.employees.lookup import get_employee
from api.employees.models import Employee
from api.reminders.models import Reminder

TYPE_NOT_FOUND = "Certification type not found"
CERTIFICATION_NOT_FOUND = "Certification not found"
REMINDER_KINDS = ("certification_expiring", "certification_expired")
NAME_TAKEN = "A certification type with this name already exists"


# ---------------------------------------------------------------- lookups


async def get_type(*, session: AsyncSession, type_id: int) -> CertificationType:
    """The certification type or 404 (an id of another organisation does not exist here)."""
    row = await session.get(CertificationType, type_id) if 0 < type_id < 2**31 else None
    if row is None:
        raise NotFound(TYPE_NOT_FOUND)
    return row


async def get_assignment(*, session: AsyncSession, certification_id: int) -> EmployeeCertification:
    row = (
        await session.get(EmployeeCertification, certification_id)
        if 0 < certification_id < 2**31
        else None
    )
    if row is None:
        raise NotFound(CERTIFICATION_NOT_FOUND)
    return row


async def get_certification(*, session: AsyncSession, certification_id: int) -> Certification:
    row = (
        await session.get(Certification, certification_id) if 0 < certification_id < 2**31 else None
    )
    if row is None:
        raise NotFound(CERTIFICATION_NOT_FOUND)
    return row


# ---------------------------------------------------------------- certification types


def type_counts(on: date) -> Any:
    """Per type, over the active certifications of non-archived employees: the unexpired
    ones, how many of those expire within 1 to 30 days, and the expired ones. One aggregate
    over the certifications."""
    ec = EmployeeCertification
    first, last = expiring_window(on)
    archived = exists().where(Employee.id == ec.employee_id, Employee.is_archived.is_(True))
    expired = ec.expiration_date < on
    return (
        select(
            ec.certification_type_id.label("type_id"),
            func.count()
            .filter(or_(ec.expiration_date.is_(None), ~expired))
            .label("employee_count"),
            func.count().filter(ec.expiration_date.between(first, last)).label("expiring_count"),
            func.count().filter(expired).label("expired_count"),
        )
        .where(ec.is_active.is_(True), ~archived)
        .group_by(ec.certification_type_id)
        .subquery("counts")
    )


async def list_types(
    *, session: AsyncSession, on: date | None = None
) -> list[CertificationTypeRead]:
    """Every certification type by name, with employeeCount and expiringCount."""
    counts = type_counts(on or local_today())
    rows = await session.execute(
        select(
            CertificationType,
            func.coalesce(counts.c.employee_count, 0),
            func.coalesce(counts.c.expiring_count, 0),
            func.coalesce(counts.c.expired_count, 0),
        )
        .outerjoin(counts, counts.c.type_id == CertificationType.id)
        .order_by(func.lower(CertificationType.name), CertificationType.id)
    )
    return [
        CertificationTypeRead.model_validate(ctype).model_copy(
            update={
                "employee_count": employees,
                "expiring_count": expiring,
                "expired_count": expired,
            }
        )
        for ctype, employees, expiring, expired in rows
    ]


async def read_type(*, session: AsyncSession, ctype: CertificationType) -> CertificationTypeRead:
    counts = type_counts(local_today())
    row = (
        await session.execute(
            select(
                func.coalesce(counts.c.employee_count, 0),
                func.coalesce(counts.c.expiring_count, 0),
                func.coalesce(counts.c.expired_count, 0),
            )
            .select_from(CertificationType)
            .outerjoin(counts, counts.c.type_id == CertificationType.id)
            .where(CertificationType.id == ctype.id)
        )
    ).one()
    return CertificationTypeRead.model_validate(ctype).model_copy(
        update={"employee_count": row[0], "expiring_count": row[1], "expired_count": row[2]}
    )


async def _ensure_name_free(session: AsyncSession, name: str, exclude_id: int | None) -> None:
    query = select(CertificationType.id).where(func.lower(CertificationType.name) == name.lower())
    if exclude_id is not None:
        query = query.where(CertificationType.id != exclude_id)
    if (await session.execute(query.limit(1))).first() is not None:
        raise Conflict(NAME_TAKEN)


async def _flush_type(session: AsyncSession) -> None:
    try:
        await session.flush()
    except IntegrityError as exc:
        # Two requests racing for one name: the unique index decides.
        raise Conflict(NAME_TAKEN) from exc


async def create_type(*, session: AsyncSession, data: CertificationTypeCreate) -> CertificationType:
    """A new certification type; names are unique ignoring case."""
    await _ensure_name_free(session, data.name, None)
    ctype = CertificationType(
        name=data.name,
        description=data.description,
        issuing_organization=data.issuing_organization,
        validity_months=data.validity_months,
        is_required=data.is_required,
    )
    session.add(ctype)
    await _flush_type(session)
    await session.refresh(ctype)
    return ctype


async def update_type(
    *, session: AsyncSession, ctype: CertificationType, data: CertificationTypeUpdate
) -> CertificationType:
    """Replace the fields sent. Existing expiration dates are not recomputed."""
    fields = data.model_fields_set
    if "name" in fields:
        await _ensure_name_free(session, data.name, ctype.id)
        ctype.name = data.name
    for field in ("description", "issuing_organization", "validity_months", "is_required"):
        if field in fields:
            value = getattr(data, field)
            if field == "is_required" and value is None:
                continue
            setattr(ctype, field, value)
    await _flush_type(session)
    return ctype


@dataclass(frozen=True)
class Holders:
    certifications: int
    employees: int


async def holders(*, session: AsyncSession, type_id: int) -> Holders:
    ec = EmployeeCertification
    row = (
        await session.execute(
            select(func.count(ec.id), func.count(distinct(ec.employee_id))).where(
                ec.certification_type_id == type_id
            )
        )
    ).one()
    return Holders(certifications=row[0], employees=row[1])


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


async def delete_type(*, session: AsyncSession, type_id: int, confirm: bool) -> int:
    """Delete a type; if employees hold it, only with confirm, and their certifications go
    with it in the same transaction. Returns how many certifications were removed."""
    if not 0 < type_id < 2**31:  # ids are int4: no such row, and the driver refuses the value
        raise NotFound(TYPE_NOT_FOUND)
    locked = await session.execute(
        select(CertificationType).where(CertificationType.id == type_id).with_for_update()
    )
    ctype = locked.scalar_one_or_none()
    if ctype is None:
        raise NotFound(TYPE_NOT_FOUND)
    # The row lock makes a concurrent assignment wait (its foreign-key check needs a share
    # lock on this row), so the count below cannot miss a holder that then gets deleted.
    held = await holders(session=session, type_id=type_id)
    if held.certifications and not confirm:
        raise Conflict(
            f"{ctype.name} is held by {_plural(held.employees, 'employee')}. "
            f"Deleting it also deletes their {_plural(held.certifications, 'certification')}; "
            "confirm to delete it anyway."
        )
    await session.execute(
        delete(EmployeeCertification).where(EmployeeCertification.certification_type_id == type_id)
    )
    await session.execute(delete(CertificationType).where(CertificationType.id == type_id))
    return held.certifications


# ---------------------------------------------------------------- employee certifications


# Organisation-wide lists run to tens of thousands of rows. They select plain columns and
# build the JSON-ready dicts of the Read schemas directly (camelCase keys, ISO dates), with
# one dict per employee and per type shared by all its rows: pydantic models per row, even
# through model_construct, cost ten times as much. Single records go through the same
# builders and are then validated by the schema, so a drift shows in the tests at once.
EMPLOYEE_COLUMNS = (
    Employee.id,
    Employee.employee_id,
    Employee.first_name,
    Employee.last_name,
    Employee.email,
    Employee.department,
    Department.name,
    Employee.position,
    Employee.is_archived,
)
TYPE_COLUMNS = (
    CertificationType.id,
    CertificationType.name,
    CertificationType.issuing_organization,
    CertificationType.validity_months,
    CertificationType.is_required,
)
ASSIGNMENT_COLUMNS = (
    EmployeeCertification.id,
    EmployeeCertification.employee_id,
    EmployeeCertification.certification_type_id,
    EmployeeCertification.issue_date,
    EmployeeCertification.expiration_date,
    EmployeeCertification.certificate_number,
    EmployeeCertification.attachment_url,
    EmployeeCertification.is_active,
    EmployeeCertification.created_at,
)
_A = len(ASSIGNMENT_COLUMNS)
_E = len(EMPLOYEE_COLUMNS)

Wire = dict[str, Any]


def _day(value: date | None) -> str | None:
    return value.isoformat() if value is not None else None


def _instant(value: datetime) -> str:
    return value.isoformat().replace("+00:00", "Z")


def _employee_wire(row: Any) -> Wire:
    """EmployeeSummary from the values of EMPLOYEE_COLUMNS, in order."""
    return {
        "id": row[0],
        "employeeId": row[1],
        "firstName": row[2],
        "lastName": row[3],
        "email": row[4],
        "department": row[5],
        "departmentName": row[6],
        "position": row[7],
        "isArchived": row[8],
    }


def _type_wire(row: Any) -> Wire:
    """CertificationTypeSummary from the values of TYPE_COLUMNS, in order."""
    return {
        "id": row[0],
        "name": row[1],
        "issuingOrganization": row[2],
        "validityMonths": row[3],
        "isRequired": row[4],
    }


def _assignments_query() -> Any:
    ec = EmployeeCertification
    return (
        select(*ASSIGNMENT_COLUMNS, *EMPLOYEE_COLUMNS, *TYPE_COLUMNS)
        .join(Employee, Employee.id == ec.employee_id)
        .join(CertificationType, CertificationType.id == ec.certification_type_id)
        .outerjoin(Department, Department.slug == Employee.department)
    )


def _assignments_wire(rows: Any, organization_id: int | None, on: date) -> list[Wire]:
    """EmployeeCertificationRead dicts from rows of _assignments_query()."""
    employees: dict[int, Wire] = {}
    types: dict[int, Wire] = {}
    statuses: dict[date | None, Any] = {}
    out = []
    for row in rows:
        expiration = row[4]
        shown = statuses.get(expiration)
        if shown is None:
            shown = statuses[expiration] = display_status(expiration, on)
        employee = employees.get(row[1])
        if employee is None:
            employee = employees[row[1]] = _employee_wire(row[_A : _A + _E])
        ctype = types.get(row[2])
        if ctype is None:
            ctype = types[row[2]] = _type_wire(row[_A + _E :])
        out.append(
            {
                "id": row[0],
                "organizationId": organization_id,
                "employeeId": row[1],
                "certificationTypeId": row[2],
                "issueDate": _day(row[3]),
                "expirationDate": _day(expiration),
                "certificateNumber": row[5],
                "attachmentUrl": row[6],
                "isActive": row[7],
                "createdAt": _instant(row[8]),
                "status": shown.status,
                "statusLabel": shown.label,
                "daysUntilExpiry": shown.days_until_expiry,
                "employee": employee,
                "certificationType": ctype,
            }
        )
    return out


async def list_assignments(
    *, session: AsyncSession, employee_id: int | None, include_archived: bool = False
) -> list[Wire]:
    """One employee's certifications (all of them), or every employee's; archived employees
    are left out of the organisation-wide list unless asked for. JSON-ready dicts of
    EmployeeCertificationRead."""
    query = _assignments_query()
    if employee_id is not None:
        await get_employee(session=session, employee_id=employee_id)
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
    return _assignments_wire(rows, session.info.get("organization_id"), local_today())


async def read_assignment(
    *, session: AsyncSession, cert: EmployeeCertification
) -> EmployeeCertificationRead:
    query = _assignments_query().where(EmployeeCertification.id == cert.id)
    rows = await session.execute(query)
    (wire,) = _assignments_wire(rows, session.info.get("organization_id"), local_today())
    return EmployeeCertificationRead.model_validate(wire)


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


async def assign(
    *, session: AsyncSession, data: EmployeeCertificationCreate
) -> EmployeeCertification:
    """Assign a certification type to an employee. Without an expiration date, a type with a
    validity period gets issue date + validityMonths."""
    employee = await get_employee(session=session, employee_id=data.employee_id)
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
    await _flush_certification(session)
    await session.refresh(cert)
    return cert


async def _flush_certification(session: AsyncSession) -> None:
    try:
        await session.flush()
    except IntegrityError as exc:
        # The employee or the type was deleted by a request that committed meanwhile.
        raise NotFound("The employee or certification type no longer exists") from exc


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
    await _flush_certification(session)
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


async def delete_assignment(*, session: AsyncSession, certification_id: int) -> None:
    cert = await get_assignment(session=session, certification_id=certification_id)
    await session.delete(cert)
    await session.flush()


# ---------------------------------------------------------------- compliance


async def compliance(
    *, session: AsyncSession, on: date | None = None, limit: int | None = None
) -> list[Wire]:
    """For each required type, the non-archived employees who lack it (no active
    certification of it) or hold it expired (active ones, all expired). `limit` caps each
    list; the counts are always complete. JSON-ready dicts of RequiredTypeCompliance."""
    on = on or local_today()
    ec = EmployeeCertification
    required = [
        _type_wire(row)
        for row in await execute_core(
            session,
            select(*TYPE_COLUMNS)
            .where(CertificationType.is_required.is_(True))
            .order_by(func.lower(CertificationType.name), CertificationType.id),
        )
    ]
    if not required:
        return []
    employees = [
        _employee_wire(row)
        for row in await execute_core(
            session,
            select(*EMPLOYEE_COLUMNS)
            .outerjoin(Department, Department.slug == Employee.department)
            .where(Employee.is_archived.is_(False))
            .order_by(func.lower(Employee.last_name), func.lower(Employee.first_name), Employee.id),
        )
    ]
    # Per (required type, employee) holding an active one: is one still valid? latest expiry?
    held = await execute_core(
        session,
        select(
            ec.certification_type_id,
            ec.employee_id,
            func.bool_or(or_(ec.expiration_date.is_(None), ec.expiration_date >= on)),
            func.max(ec.expiration_date),
        )
        .join(CertificationType, CertificationType.id == ec.certification_type_id)
        .where(CertificationType.is_required.is_(True), ec.is_active.is_(True))
        .group_by(ec.certification_type_id, ec.employee_id),
    )
    holding: dict[tuple[int, int], tuple[bool, date | None]] = {
        (type_id, employee_id): (valid, last) for type_id, employee_id, valid, last in held
    }
    cap = len(employees) if limit is None else limit
    result = []
    for ctype in required:
        missing: list[Wire] = []
        expired: list[Wire] = []
        missing_count = expired_count = 0
        for person in employees:
            found = holding.get((ctype["id"], person["id"]))
            if found is None:
                missing_count += 1
                if len(missing) < cap:
                    missing.append(person)
            elif not found[0]:
                expired_count += 1
                if len(expired) < cap:
                    expired.append({**person, "expirationDate": _day(found[1])})
        result.append(
            {
                "certificationType": ctype,
                "totalEmployees": len(employees),
                "compliantCount": len(employees) - missing_count - expired_count,
                "missingCount": missing_count,
                "expiredCount": expired_count,
                "missing": missing,
                "expired": expired,
            }
        )
    return result


# ---------------------------------------------------------------- free-form certifications


def _certification_read(cert: Certification, on: date) -> CertificationRead:
    shown = display_status(cert.expiration_date, on)
    return CertificationRead.model_validate(
        {
            "id": cert.id,
            "organization_id": cert.organization_id,
            "employee_id": cert.employee_id,
            "name": cert.name,
            "issuing_organization": cert.issuing_organization,
            "issue_date": cert.issue_date,
            "expiration_date": cert.expiration_date,
            "certificate_number": cert.certificate_number,
            "description": cert.description,
            "attachment_url": cert.attachment_url,
            "is_active": cert.is_active,
            "created_at": cert.created_at,
            "status": shown.status,
            "status_label": shown.label,
            "days_until_expiry": shown.days_until_expiry,
        }
    )


def certification_read(cert: Certification) -> CertificationRead:
    return _certification_read(cert, local_today())


async def list_certifications(
    *, session: AsyncSession, employee_id: int | None
) -> list[CertificationRead]:
    query = select(Certification)
    if employee_id is not None:
        await get_employee(session=session, employee_id=employee_id)
        query = query.where(Certification.employee_id == employee_id)
    query = query.order_by(
        Certification.expiration_date.asc().nulls_last(),
        func.lower(Certification.name),
        Certification.id,
    )
    on = local_today()
    return [_certification_read(c, on) for c in (await session.execute(query)).scalars()]


async def create_certification(
    *, session: AsyncSession, data: CertificationCreate
) -> Certification:
    employee = await get_employee(session=session, employee_id=data.employee_id)
    cert = Certification(
        employee_id=employee.id,
        name=data.name,
        issuing_organization=data.issuing_organization,
        issue_date=data.issue_date,
        expiration_date=data.expiration_date,
        certificate_number=data.certificate_number,
        description=data.description,
        attachment_url=data.attachment_url,
        is_active=data.is_active,
    )
    session.add(cert)
    await _flush_certification(session)
    await session.refresh(cert)
    return cert


async def update_certification(
    *, session: AsyncSession, cert: Certification, data: CertificationUpdate
) -> Certification:
    fields = data.model_fields_set
    for field in (
        "name",
        "issuing_organization",
        "issue_date",
        "expiration_date",
        "certificate_number",
        "description",
        "attachment_url",
        "is_active",
    ):
        if field in fields:
            value = getattr(data, field)
            if field == "is_active" and value is None:
                continue
            setattr(cert, field, value)
    if cert.issue_date and cert.expiration_date and cert.expiration_date < cert.issue_date:
        raise BadRequest(EXPIRY_BEFORE_ISSUE)
    await _flush_certification(session)
    return cert


async def delete_certification(*, session: AsyncSession, certification_id: int) -> None:
    cert = await get_certification(session=session, certification_id=certification_id)
    await session.delete(cert)
    await session.flush()


# ---------------------------------------------------------------- reminders


def _reminder_message(verb: str) -> Any:
    """e.g. "Ada Lovelace's First Aid certification expires on Jan 5, 2026"."""
    return func.concat(
        Employee.first_name,
        " ",
        Employee.last_name,
        "'s ",
        CertificationType.name,
        f" certification {verb} on ",
        func.to_char(EmployeeCertification.expiration_date, "Mon FMDD, YYYY"),
    )


async def create_reminders(*, session: AsyncSession, on: date | None = None) -> dict[str, int]:
    """Reminders for certifications in the 30-day window and for expired ones, once each
    (the unique index on type, review and certification makes a rerun insert nothing).

    A certification superseded by a later one of the same type (a renewal) is skipped.
    """
    on = on or local_today()
    ec = EmployeeCertification
    newer = aliased(EmployeeCertification)
    renewed = exists().where(
        newer.employee_id == ec.employee_id,
        newer.certification_type_id == ec.certification_type_id,
        newer.id != ec.id,
        newer.is_active.is_(True),
        or_(newer.expiration_date.is_(None), newer.expiration_date > ec.expiration_date),
    )
    created: dict[str, int] = {}
    windows = {
        "certification_expiring": (
            "expires",
            ec.expiration_date.between(on, on + timedelta(days=30)),
        ),
        "certification_expired": ("expired", ec.expiration_date < on),
    }
    for kind, (verb, window) in windows.items():
        source = (
            select(
                ec.employee_id,
                ec.id,
                literal(kind),
                _reminder_message(verb),
                ec.expiration_date,
            )
            .join(Employee, Employee.id == ec.employee_id)
            .join(CertificationType, CertificationType.id == ec.certification_type_id)
            .where(
                ec.is_active.is_(True),
                Employee.is_archived.is_(False),
                ec.expiration_date.is_not(None),
                window,
                ~renewed,
            )
        )
        insert = (
            pg_insert(Reminder)
            .from_select(["employee_id", "certification_id", "type", "message", "due_date"], source)
            .on_conflict_do_nothing()
        )
        result = await session.execute(insert)
        created[kind] = max(getattr(result, "rowcount", 0) or 0, 0)
    await session.flush()
    return created
