"""Reminders as the Reminders screen reads them, and Mark Read."""

from datetime import date, datetime
from typing import Any

from pydantic import field_validator

from api.core.schemas import ApiModel, ReadModel


class ReminderEmployee(ReadModel):
    id: int
    employee_id: str
    first_name: str
    last_name: str
    department: str | None = None


class ReminderRead(ReadModel):
    id: int
    employee_id: int
    review_id: int | None = None
    certification_id: int | None = None
    type: str
    message: str
    due_date: date | None = None
    is_read: bool
    created_at: datetime
    organization_id: int | None = None
    employee: ReminderEmployee | None = None


class ReminderUpdate(ApiModel):
    is_read: bool = True

    @field_validator("is_read", mode="before")
    @classmethod
    def check_is_read(cls, value: Any) -> bool:
        if not isinstance(value, bool):
            raise ValueError("Read status must be true or false")
        return value


class MarkAllReadReply(ReadModel):
    """How many unread reminders were marked read."""

    updated: int
