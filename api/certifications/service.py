"""Certification types (with how many employees hold each), and the reminder rows the daily
job writes about certifications. Services only flush; the request commits.

Employee certifications are in assignments.py, the compliance overview in compliance.py,
free-form certifications in free_form.py."""

from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from sqlalchemy import ColumnElement, delete, distinct, exists, func, literal, or_, select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from api.access.scope import Scope
from api.audit import trail
from api.certifications.models import CertificationType, EmployeeCertification
from api.certifications.schemas import (
    CertificationTypeCreate,
    CertificationTypeRead,
    CertificationTypeUpdate,
)
from api.certifications.status import expiring_window
from api.core.dates import local_today
from api.core.errors import Conflict, NotFound
from api.employees.models import Employee
from api.reminders.models import Reminder

TYPE_NOT_FOUND = "Certification type not found"
REMINDER_KINDS = ("certification_expiring", "certification_expired")
NAME_TAKEN = "A certification type with this name already exists"


async def get_type(*, session: AsyncSession, type_id: int) -> CertificationType:
    """The certification type or 404 (an id of another organisation does not exist here)."""
    row = await session.get(CertificationType, type_id) if 0 < type_id < 2**31 else None
    if row is None:
        raise NotFound(TYPE_NOT_FOUND)
    return row


async def flush_certification(session: AsyncSession) -> None:
    """Flush a new or changed certification (of a type, or free-form)."""
    try:
        await session.flush()
    except IntegrityError as exc:
        # The employee or the type was deleted by a request that committed meanwhile.
        raise NotFound("The employee or certification type no longer exists") from exc


def type_counts(on: date, scope: Scope) -> Any:
    """Per type, over the active certifications of non-archived employees in the scope's
    reach: the unexpired ones, how many of those expire within 1 to 30 days, and the expired
    ones. One aggregate over the certifications."""
    ec = EmployeeCertification
    first, last = expiring_window(on)
    archived = exists().where(Employee.id == ec.employee_id, Employee.is_archived.is_(True))
    expired = ec.expiration_date < on
    query = (
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
    )
    if not scope.everything:
        query = query.where(scope.employees(ec.employee_id))
    return query.subquery("counts")


async def list_types(
    *, session: AsyncSession, scope: Scope, on: date | None = None
) -> list[CertificationTypeRead]:
    """Every certification type by name, with employeeCount and expiringCount counted over
    the certifications `scope` reaches."""
    counts = type_counts(on or local_today(), scope)
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


async def get_type_reply(
    *, session: AsyncSession, ctype: CertificationType, scope: Scope
) -> CertificationTypeRead:
    counts = type_counts(local_today(), scope)
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
    if data.reminder_days is not None:
        ctype.reminder_days = data.reminder_days
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
    for field in (
        "description",
        "issuing_organization",
        "validity_months",
        "is_required",
        "reminder_days",
    ):
        if field in fields:
            value = getattr(data, field)
            if field in ("is_required", "reminder_days") and value is None:
                continue
            setattr(ctype, field, value)
    await _flush_type(session)
    return ctype


@dataclass(frozen=True)
class Holders:
    certifications: int
    employees: int


async def get_holders(*, session: AsyncSession, type_id: int) -> Holders:
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
    held = await get_holders(session=session, type_id=type_id)
    if held.certifications and not confirm:
        raise Conflict(
            f"{ctype.name} is held by {_plural(held.employees, 'employee')}. "
            f"Deleting it also deletes their {_plural(held.certifications, 'certification')}; "
            "confirm to delete it anyway."
        )
    held_ones = EmployeeCertification.certification_type_id == type_id
    await trail.record_deleting(session, select(EmployeeCertification).where(held_ones))
    await session.execute(delete(EmployeeCertification).where(held_ones))
    await session.execute(delete(CertificationType).where(CertificationType.id == type_id))
    await trail.record_deleted(session, ctype)
    return held.certifications


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


def renewed_later() -> ColumnElement[bool]:
    """True for a certification of a managed type that its holder has renewed: another active
    one of the same type that expires later, or never. Its expiry then concerns nobody."""
    ec = EmployeeCertification
    newer = aliased(EmployeeCertification)
    return exists().where(
        newer.employee_id == ec.employee_id,
        newer.certification_type_id == ec.certification_type_id,
        newer.id != ec.id,
        newer.is_active.is_(True),
        or_(newer.expiration_date.is_(None), newer.expiration_date > ec.expiration_date),
    )


async def create_reminders(*, session: AsyncSession, on: date | None = None) -> dict[str, int]:
    """Reminders for certifications in the 30-day window and for expired ones, once each
    (the unique index on type, review and certification makes a rerun insert nothing).

    A certification superseded by a later one of the same type (a renewal) is skipped.
    """
    on = on or local_today()
    ec = EmployeeCertification
    renewed = renewed_later()
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
