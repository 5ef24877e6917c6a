"""Free-form certifications: a named certificate an employee holds, not of a type. Services
only flush; the request commits."""

from datetime import date

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from api.access.scope import Scope
from api.certifications.assignments import CERTIFICATION_NOT_FOUND
from api.certifications.models import Certification
from api.certifications.rules import EXPIRY_BEFORE_ISSUE
from api.certifications.schemas import CertificationCreate, CertificationRead, CertificationUpdate
from api.certifications.service import flush_certification
from api.certifications.status import display_status
from api.core.dates import local_today
from api.core.errors import BadRequest, NotFound
from api.employees.lookup import EMPLOYEE_NOT_FOUND, get_employee


async def get_certification(
    *, session: AsyncSession, certification_id: int, scope: Scope
) -> Certification:
    """The certification, or NotFound (also when its employee is out of the scope's reach)."""
    row = (
        await session.get(Certification, certification_id) if 0 < certification_id < 2**31 else None
    )
    if row is None:
        raise NotFound(CERTIFICATION_NOT_FOUND)
    await scope.require(session, row.employee_id, CERTIFICATION_NOT_FOUND)
    return row


def _certification_reply(cert: Certification, on: date) -> CertificationRead:
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


def certification_reply(cert: Certification) -> CertificationRead:
    return _certification_reply(cert, local_today())


async def list_certifications(
    *, session: AsyncSession, scope: Scope, employee_id: int | None
) -> list[CertificationRead]:
    """Every certification of the employees in the scope's reach, or one employee's (another
    is unknown: NotFound)."""
    query = select(Certification)
    if not scope.everything:
        query = query.where(scope.employees(Certification.employee_id))
    if employee_id is not None:
        await get_employee(session=session, employee_id=employee_id)
        await scope.require(session, employee_id, EMPLOYEE_NOT_FOUND)
        query = query.where(Certification.employee_id == employee_id)
    query = query.order_by(
        Certification.expiration_date.asc().nulls_last(),
        func.lower(Certification.name),
        Certification.id,
    )
    on = local_today()
    return [_certification_reply(c, on) for c in (await session.execute(query)).scalars()]


async def create_certification(
    *, session: AsyncSession, data: CertificationCreate, scope: Scope
) -> Certification:
    employee = await get_employee(session=session, employee_id=data.employee_id)
    await scope.require(session, employee.id, EMPLOYEE_NOT_FOUND)
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
    await flush_certification(session)
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
    await flush_certification(session)
    return cert


async def delete_certification(
    *, session: AsyncSession, certification_id: int, scope: Scope
) -> None:
    cert = await get_certification(session=session, certification_id=certification_id, scope=scope)
    await session.delete(cert)
    await session.flush()
