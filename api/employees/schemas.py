"""Employee API contract. The cleaning functions carry the messages the forms show, word for
word, and are shared by the JSON schemas and the bulk-upload rows, so both give the same answers."""

import re
from datetime import date, datetime
from typing import Annotated, Any, Literal
from urllib.parse import urlsplit

from pydantic import BeforeValidator, Field, model_validator

from api.core.dates import BoundedDate, check_day_range, earliest_today, latest_today
from api.core.schemas import ApiModel, ReadModel
from api.employees.models import REVIEW_SCHEDULES

# The same pattern zod's z.email() uses, so the form and the server agree on every address.
EMAIL_RE = re.compile(
    r"^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-\.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$"
)
_ISO_DAY = re.compile(r"^\d{4}-\d{2}-\d{2}(?:[T ][0-9:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$")

INVALID_EMAIL = "Invalid email format"
INVALID_START = "Invalid start date"
INVALID_NEXT_REVIEW = "Invalid next review date"
SCHEDULE_MESSAGE = "Review schedule must be one of monthly, quarterly, biannual, annual"
EMPLOYEE_ID_MESSAGE = "Employee ID must be between 3 and 20 characters"


def _text(value: Any) -> str | None:
    """Strings as they are; numbers (a CSV cell read as one) as text; blank means absent."""
    if value is None:
        return None
    if isinstance(value, bool):
        raise ValueError("must be text")
    if isinstance(value, int | float):
        value = str(value)
    if not isinstance(value, str):
        raise ValueError("must be text")
    value = value.strip()
    return value or None


def clean_name(value: Any, label: str) -> str:
    try:
        text = _text(value)
    except ValueError:
        raise ValueError(f"{label} is required") from None
    if text is None:
        raise ValueError(f"{label} is required")
    if len(text) > 50:
        raise ValueError(f"{label} must not exceed 50 characters")
    return text


def clean_email(value: Any) -> str | None:
    try:
        text = _text(value)
    except ValueError:
        raise ValueError(INVALID_EMAIL) from None
    if text is None:
        return None
    text = text.lower()
    if len(text) > 255 or not EMAIL_RE.match(text):
        raise ValueError(INVALID_EMAIL)
    return text


def clean_optional(value: Any, label: str, max_length: int) -> str | None:
    """Department and position: trimmed, at least 2 characters when given."""
    try:
        text = _text(value)
    except ValueError:
        raise ValueError(f"{label} must be at least 2 characters") from None
    if text is None:
        return None
    if len(text) < 2:
        raise ValueError(f"{label} must be at least 2 characters")
    if len(text) > max_length:
        raise ValueError(f"{label} must not exceed {max_length} characters")
    return text


def clean_employee_id(value: Any) -> str | None:
    try:
        text = _text(value)
    except ValueError:
        raise ValueError(EMPLOYEE_ID_MESSAGE) from None
    if text is None:
        return None
    if not 3 <= len(text) <= 20:
        raise ValueError(EMPLOYEE_ID_MESSAGE)
    return text


def clean_manager_id(value: Any) -> str | None:
    """Null, empty or the edit form's 'none' all mean no manager."""
    try:
        text = _text(value)
    except ValueError:
        raise ValueError("Manager ID must not exceed 20 characters") from None
    if text is None or text == "none":
        return None
    if len(text) > 20:
        raise ValueError("Manager ID must not exceed 20 characters")
    return text


def clean_day(value: Any, message: str) -> date | None:
    """YYYY-MM-DD, or an ISO timestamp whose date part is taken as written."""
    if value is None or value == "":
        return None
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    if not isinstance(value, str):
        raise ValueError(message)
    text = value.strip()
    if not text:
        return None
    if not _ISO_DAY.match(text):
        raise ValueError(message)
    try:
        return date.fromisoformat(text[:10])
    except ValueError:
        raise ValueError(message) from None


def clean_bounded_day(value: Any, message: str, label: str) -> date | None:
    """clean_day, then the range every date input must lie in (a bulk-upload cell)."""
    return check_day_range(clean_day(value, message), label)


def clean_schedule(value: Any) -> str:
    try:
        text = _text(value)
    except ValueError:
        raise ValueError(SCHEDULE_MESSAGE) from None
    if text is None:
        return "quarterly"
    text = text.lower()
    if text not in REVIEW_SCHEDULES:
        raise ValueError(SCHEDULE_MESSAGE)
    return text


def clean_photo_url(value: Any) -> str | None:
    try:
        text = _text(value)
    except ValueError:
        raise ValueError("Invalid profile photo URL") from None
    if text is None:
        return None
    if len(text) > 500:
        raise ValueError("Profile photo URL must not exceed 500 characters")
    parts = urlsplit(text)
    if parts.scheme not in ("http", "https") or not parts.netloc or " " in text:
        raise ValueError("Invalid profile photo URL")
    return text


def check_add_dialog_dates(start: date | None, next_review: date | None) -> None:
    """The Add dialog's extra date rules, enforced for POST /api/employees too."""
    if start is not None and start > latest_today():
        raise ValueError("Start date cannot be in the future")
    if next_review is not None and next_review < earliest_today():
        raise ValueError("Next review date cannot be in the past")


FirstName = Annotated[str, BeforeValidator(lambda v: clean_name(v, "First name"))]
LastName = Annotated[str, BeforeValidator(lambda v: clean_name(v, "Last name"))]
Email = Annotated[str | None, BeforeValidator(clean_email)]
Department = Annotated[str | None, BeforeValidator(lambda v: clean_optional(v, "Department", 50))]
Position = Annotated[str | None, BeforeValidator(lambda v: clean_optional(v, "Position", 100))]
EmployeeId = Annotated[str | None, BeforeValidator(clean_employee_id)]
ManagerId = Annotated[str | None, BeforeValidator(clean_manager_id)]
StartDate = Annotated[BoundedDate | None, BeforeValidator(lambda v: clean_day(v, INVALID_START))]
NextReviewDate = Annotated[
    BoundedDate | None, BeforeValidator(lambda v: clean_day(v, INVALID_NEXT_REVIEW))
]
Schedule = Annotated[
    Literal["monthly", "quarterly", "biannual", "annual"], BeforeValidator(clean_schedule)
]
PhotoUrl = Annotated[str | None, BeforeValidator(clean_photo_url)]
# In an update an explicit null name is an error, and a null schedule keeps the current one.
FirstNameChange = Annotated[str | None, BeforeValidator(lambda v: clean_name(v, "First name"))]
LastNameChange = Annotated[str | None, BeforeValidator(lambda v: clean_name(v, "Last name"))]
ScheduleChange = Annotated[
    Literal["monthly", "quarterly", "biannual", "annual"] | None,
    BeforeValidator(lambda v: None if v is None else clean_schedule(v)),
]


class EmployeeCreate(ApiModel):
    """POST /api/employees (the Add New Employee dialog). employeeId is generated if absent."""

    employee_id: EmployeeId = None
    first_name: FirstName = Field(default="", validate_default=True)
    last_name: LastName = Field(default="", validate_default=True)
    email: Email = None
    department: Department = None
    position: Position = None
    start_date: StartDate = Field(default=None, validate_default=True)
    next_review_date: NextReviewDate = None
    manager_id: ManagerId = None
    review_schedule: Schedule = Field(default="quarterly")
    profile_photo_url: PhotoUrl = None
    # Sent by the add form; the organisation is always the signed-in one.
    organization_id: int | None = Field(default=None, exclude=True)

    @model_validator(mode="after")
    def _add_dialog_rules(self) -> "EmployeeCreate":
        if self.start_date is None:
            raise ValueError(INVALID_START)
        check_add_dialog_dates(self.start_date, self.next_review_date)
        return self


class EmployeeUpdate(ApiModel):
    """PUT /api/employees/{id}: the fields sent are changed, the others kept."""

    employee_id: EmployeeId = None
    first_name: FirstNameChange = None
    last_name: LastNameChange = None
    email: Email = None
    department: Department = None
    position: Position = None
    start_date: StartDate = None
    next_review_date: NextReviewDate = None
    manager_id: ManagerId = None
    review_schedule: ScheduleChange = None
    profile_photo_url: PhotoUrl = None

    def changes(self) -> dict[str, Any]:
        """The fields the caller sent; an absent or blank employeeId keeps the current one."""
        data = self.model_dump(exclude_unset=True)
        for key in ("employee_id", "first_name", "last_name", "review_schedule"):
            if key in data and data[key] is None:
                del data[key]
        return data


class EmployeeSummary(ReadModel):
    """Who a record is about, embedded in another domain's reply (a review, a certification).
    Each domain adds the few fields its screens show beside the name."""

    id: int
    employee_id: str
    first_name: str
    last_name: str
    email: str | None = None
    department: str | None = None


class EmployeeRead(ReadModel):
    id: int
    organization_id: int | None = None
    employee_id: str
    first_name: str
    last_name: str
    email: str | None = None
    department: str | None = None
    position: str | None = None
    start_date: date | None = None
    manager_id: str | None = None
    review_schedule: str
    next_review_date: date | None = None
    profile_photo_url: str | None = None
    is_archived: bool
    created_at: datetime | None = None


MAX_BULK_ROWS = 10_000


class BulkUploadRequest(ApiModel):
    """Either the CSV file's text (read here as RFC 4180) or its rows already keyed by the
    header; each row is checked on its own."""

    csv_data: list[Any] = Field(default_factory=list)
    csv_text: str | None = None


class BulkSuccess(ReadModel):
    name: str
    employee_id: str
    row: int


class BulkFailure(ReadModel):
    row: int
    error: str


class BulkUploadResult(ReadModel):
    successful: list[BulkSuccess]
    failed: list[BulkFailure]
    total: int
