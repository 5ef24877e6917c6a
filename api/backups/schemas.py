from datetime import datetime
from typing import Any

from pydantic import Field

from api.core.schemas import ApiModel


class BackupRead(ApiModel):
    id: int
    filename: str
    timestamp: datetime
    size: float = Field(description="Size in MB, two decimals")
    employee_count: int
    status: str
    kind: str
    error: str | None = None


class BackupCreated(ApiModel):
    success: bool = True
    message: str
    backup: BackupRead


class ValidationDetails(ApiModel):
    data_keys: list[str] | None = None
    version: int | None = None
    created_at: str | None = None
    counts: dict[str, int] | None = None
    error: str | None = None


class ValidationReply(ApiModel):
    valid: bool
    details: ValidationDetails


class RestoreRequest(ApiModel):
    confirm_restore: Any = None


class RestoreReply(ApiModel):
    success: bool
    message: str
    safety_backup: str | None = None
