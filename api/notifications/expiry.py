"""certification_expiring notices: a holder is told at each lead time of the certification's
type (reminder_days; a free-form certification has the default ones) and on the day it
expires. The lead time told is the nearest not yet passed, so a day the job did not run loses
nothing, and a certification recorded closer to its expiry than a lead time is told at once.

Only the holder is told, on their own account: hr and managers follow expiries on the
Certifications and Reminders screens. A certification superseded by a later one of the same
type (a renewal), inactive, or of an archived employee is not told about.
"""

from collections.abc import Iterable
from datetime import date, timedelta
from typing import Any

from sqlalchemy import String, any_, literal, select
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.ext.asyncio import AsyncSession

from api.certifications.models import (
    DEFAULT_REMINDER_DAYS,
    Certification,
    CertificationType,
    EmployeeCertification,
)
from api.certifications.service import renewed_later
from api.employees.models import Employee
from api.notifications.due import day_text
from api.notifications.models import Notification
from api.notifications.service import Notice, notify
from api.users.models import User

# The longest lead time a type may have.
HORIZON_DAYS = 365


def lead_time(days_left: int, reminder_days: Iterable[int] | None) -> int | None:
    """The lead time (0: the day itself) a certification `days_left` from expiry is told at:
    the nearest not yet passed. None when further off than every lead time, or expired."""
    if days_left < 0:
        return None
    candidates = [d for d in {*(reminder_days or ()), 0} if d >= days_left]
    return min(candidates) if candidates else None


def _typed(today: date) -> Any:
    ec = EmployeeCertification
    renewed = renewed_later()
    return (
        select(
            literal("employee_certifications"),
            ec.id,
            ec.expiration_date,
            CertificationType.reminder_days,
            CertificationType.name,
            User.id,
        )
        .join(CertificationType, CertificationType.id == ec.certification_type_id)
        .join(Employee, Employee.id == ec.employee_id)
        .join(User, User.employee_id == ec.employee_id)
        .where(
            ec.is_active.is_(True),
            ec.expiration_date.between(today, today + timedelta(days=HORIZON_DAYS)),
            Employee.is_archived.is_(False),
            User.is_active.is_(True),
            ~renewed,
        )
    )


def _free_form(today: date) -> Any:
    c = Certification
    return (
        select(
            literal("certifications"),
            c.id,
            c.expiration_date,
            literal(None),
            c.name,
            User.id,
        )
        .join(Employee, Employee.id == c.employee_id)
        .join(User, User.employee_id == c.employee_id)
        .where(
            c.is_active.is_(True),
            c.expiration_date.between(today, today + timedelta(days=HORIZON_DAYS)),
            Employee.is_archived.is_(False),
            User.is_active.is_(True),
        )
    )


def _notice(
    table: str, cert_id: int, expires: date, lead: int, name: str, user: str, today: date
) -> Notice:
    left = (expires - today).days
    when = "today" if left == 0 else ("tomorrow" if left == 1 else f"in {left} days")
    return Notice(
        user_id=user,
        kind="certification_expiring",
        title=f"Your {name} certification expires {when}"[:200],
        body=f"Your {name} certification expires on {day_text(expires)}. Renew it in time."[:1000],
        dedupe_key=f"cert:{table}:{cert_id}:{expires.isoformat()}:{lead}",
        link="/certifications",
    )


async def certification_expiry(session: AsyncSession, today: date) -> dict[str, int]:
    notices: list[Notice] = []
    for query in (_typed(today), _free_form(today)):
        for table, cert_id, expires, days, name, user in (await session.execute(query)).all():
            lead = lead_time(
                (expires - today).days, days if days is not None else DEFAULT_REMINDER_DAYS
            )
            if lead is not None:
                notices.append(_notice(table, cert_id, expires, lead, name, user, today))
    if notices:
        told = await session.scalars(
            select(Notification.dedupe_key).where(
                Notification.dedupe_key
                == any_(literal([n.dedupe_key for n in notices], ARRAY(String)))
            )
        )
        already = set(told)
        notices = [n for n in notices if n.dedupe_key not in already]
    return {"certification_notices": await notify(session, notices)}
