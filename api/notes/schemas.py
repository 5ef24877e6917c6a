"""The HR note contract: what its calls read and answer (a note's date is required)."""

import datetime as dt
from typing import Any, Literal

from pydantic import ConfigDict, Field, field_validator

from api.core.dates import BoundedDate, to_day
from api.core.schemas import ApiModel, ReadModel
from api.notes.models import NOTE_CATEGORIES

NOTE_MAX = 5000


def employee_ref(value: Any) -> int:
    """An employee's numeric id, given as a number or a numeric string."""
    if value is None or value == "" or value == 0:
        raise ValueError("Employee is required")
    if isinstance(value, bool):
        raise ValueError("Invalid employee")
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise ValueError("Invalid employee") from None
    if isinstance(value, float) and number != value:
        raise ValueError("Invalid employee")
    if not 0 < number < 2**31:
        raise ValueError("Invalid employee")
    return number


class EmployeeNoteCreate(ApiModel):
    # Missing fields go through the validators too, so they get the spec's messages.
    model_config = ConfigDict(validate_default=True)

    employee_id: int = 0
    date: BoundedDate | None = None
    category: str = ""
    note: str = ""
    created_by: str | None = Field(default=None, max_length=200)

    @field_validator("employee_id", mode="before")
    @classmethod
    def _employee(cls, value: Any) -> int:
        return employee_ref(value)

    @field_validator("date", mode="before")
    @classmethod
    def _date(cls, value: Any) -> dt.date | None:
        return to_day(value, required="Date is required", invalid="Invalid date")

    @field_validator("category", mode="before")
    @classmethod
    def _category(cls, value: Any) -> str:
        text = value.strip().lower() if isinstance(value, str) else ""
        if not text:
            raise ValueError("Category is required")
        if text not in NOTE_CATEGORIES:
            raise ValueError("Category must be recognition or redirection")
        return text

    @field_validator("note", mode="before")
    @classmethod
    def _note(cls, value: Any) -> str:
        text = value.strip() if isinstance(value, str) else ""
        if not text:
            raise ValueError("Note is required")
        if len(text) > NOTE_MAX:
            raise ValueError(f"Note must not exceed {NOTE_MAX} characters")
        return text

    @field_validator("created_by", mode="before")
    @classmethod
    def _created_by(cls, value: Any) -> str | None:
        return value.strip() or None if isinstance(value, str) else None


class EmployeeNoteRead(ReadModel):
    id: int
    employee_id: int
    date: dt.date
    category: Literal["recognition", "redirection"]
    note: str
    created_by: str
    created_at: dt.datetime
    organization_id: int | None = None
