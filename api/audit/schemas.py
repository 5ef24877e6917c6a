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


class AuditActorRead(ReadModel):
    """Someone the trail names: a personal account (user id) or a shared role sign-in."""

    user_id: str | None
    name: str
    role: str | None
