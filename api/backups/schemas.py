from datetime import datetime
from typing import Any, Literal

from pydantic import Field

from api.core.schemas import ApiModel, ReadModel


class BackupRead(ReadModel):
    id: int
    filename: str
    timestamp: datetime
    size: float = Field(description="Size in MB, two decimals")
    employee_count: int
    status: Literal["pending", "completed", "failed"]
    kind: str
    error: str | None = None


class BackupCreated(ReadModel):
    success: bool = True
    message: str
    backup: BackupRead


class ValidationDetails(ReadModel):
    data_keys: list[str] | None = None
    version: int | None = None
    created_at: str | None = None
    counts: dict[str, int] | None = None
    error: str | None = None


class ValidationReply(ReadModel):
    valid: bool
    details: ValidationDetails


class RestoreRequest(ApiModel):
    confirm_restore: Any = None


class DisabledAccountRead(ReadModel):
    id: str
    email: str
    first_name: str | None = None
    last_name: str | None = None
    role: str


class RestoreReply(ReadModel):
    success: bool
    message: str
    safety_backup: str | None = None
    disabled_accounts: list[DisabledAccountRead] = Field(
        default_factory=list,
        description="Accounts removed since the backup: restored, but disabled until an admin "
        "enables them in User Management",
    )
