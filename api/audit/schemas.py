from datetime import datetime
from typing import Any

from api.core.schemas import ReadModel


class AuditEventRead(ReadModel):
    """One event of the audit trail: who, when, what, from where."""

    id: int
    at: datetime
    actor_user_id: str | None
    actor_name: str
    actor_role: str | None
    action: str
    resource: str
    record_id: str | None
    employee_id: int | None
    summary: str | None
    # {field: [before, after]}; secrets are never in it.
    changes: dict[str, list[Any]] | None
    ip: str | None
    request_id: str | None
    # For reading, as the records are now: the employee's name (None once removed), and for
    # the changed fields that hold a record's key (a department's slug, a manager's code, an
    # employee's number, a template's id), {field: [name before, name after]}.
    employee_name: str | None = None
    change_names: dict[str, list[str | None]] | None = None


class AuditActorRead(ReadModel):
    """Someone the trail names: a personal account (user id) or a shared role sign-in."""

    user_id: str | None
    name: str
    role: str | None
