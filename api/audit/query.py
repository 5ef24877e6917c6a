"""What the audit log may be filtered by, shared by the list and its CSV export."""

from dataclasses import dataclass
from datetime import date
from typing import Annotated

from fastapi import Depends, Query

from api.core.dates import check_day_range
from api.core.errors import BadRequest

EMPLOYEE_ID_LIMIT = 2**31 - 1


@dataclass(frozen=True)
class AuditQuery:
    actor: str | None = None
    employee_id: int | None = None
    resource: str | None = None
    record_id: str | None = None
    action: str | None = None
    day_from: date | None = None
    day_to: date | None = None


def _text(value: str | None) -> str | None:
    return (value or "").strip() or None


def audit_query(
    actor: Annotated[
        str | None,
        Query(max_length=64, description="A personal account's user id, or a shared role"),
    ] = None,
    employee_id: Annotated[
        int | None,
        Query(alias="employeeId", ge=1, le=EMPLOYEE_ID_LIMIT, description="The employee"),
    ] = None,
    resource: Annotated[
        str | None, Query(max_length=40, description="employee, review, user, session, ...")
    ] = None,
    record_id: Annotated[
        str | None, Query(alias="recordId", max_length=64, description="The record's id")
    ] = None,
    action: Annotated[
        str | None, Query(max_length=40, description="create, update, delete, sign_in, ...")
    ] = None,
    day_from: Annotated[
        date | None, Query(alias="from", description="From this day (server's calendar)")
    ] = None,
    day_to: Annotated[
        date | None, Query(alias="to", description="Up to this day, included")
    ] = None,
) -> AuditQuery:
    try:
        check_day_range(day_from, "'from'")
        check_day_range(day_to, "'to'")
    except ValueError as exc:
        raise BadRequest(str(exc)) from exc
    if day_from is not None and day_to is not None and day_to < day_from:
        raise BadRequest("'to' must not be before 'from'")
    return AuditQuery(
        actor=_text(actor),
        employee_id=employee_id,
        resource=_text(resource),
        record_id=_text(record_id),
        action=_text(action),
        day_from=day_from,
        day_to=day_to,
    )


AuditQueryParams = Annotated[AuditQuery, Depends(audit_query)]
