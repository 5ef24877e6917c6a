"""The certification contract: SPEC §3 (fields), §5 (rules and messages), §7 (calls)."""

import re
from datetime import date, datetime
from typing import Any

from pydantic import Field, field_validator, model_validator

from api.certifications.status import CertificationStatus
from api.core.dates import BoundedDate, earliest_today, latest_today
from api.core.schemas import ApiModel

NAME_MIN = "Certification name must be at least 3 characters"
NAME_MAX = "Certification name must not exceed 100 characters"
DESCRIPTION_MAX = "Description must not exceed 1000 characters"
ISSUER_MIN = "Issuing organization must be at least 2 characters"
ISSUER_MAX = "Issuing organization must not exceed 100 characters"
VALIDITY_RANGE = "Validity must be a whole number of months between 1 and 120"
TYPE_REQUIRED = "Certification type is required"
EMPLOYEE_REQUIRED = "Employee is required"
ISSUE_REQUIRED = "Issue date is required"
ISSUE_INVALID = "Invalid issue date"
ISSUE_FUTURE = "Issue date cannot be in the future"
EXPIRY_INVALID = "Invalid expiration date"
EXPIRY_PAST = "Expiration date cannot be in the past"
EXPIRY_BEFORE_ISSUE = "Expiration date cannot be before the issue date"
NUMBER_MAX = "Certificate number must not exceed 50 characters"
ATTACHMENT_INVALID = "Attachment URL must be a valid URL"
ATTACHMENT_MAX = "Attachment URL must not exceed 500 characters"

_DATE_PREFIX = re.compile(r"^(\d{4}-\d{2}-\d{2})(?:$|[T ])")
_URL = re.compile(r"^https?://[^\s/?#]+\.?[^\s]*$", re.IGNORECASE)
_PATH = re.compile(r"^/(?!/)[^\s]*$")


def to_day(value: Any, *, required: str | None, invalid: str) -> date | None:
    """'2026-01-05' or an ISO timestamp '2026-01-05T00:00:00.000Z' → date(2026, 1, 5).

    The calendar day as written is kept: a midnight timestamp is not shifted by a time zone.
    """
    if value is None or (isinstance(value, str) and not value.strip()):
        if required:
            raise ValueError(required)
        return None
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    if not isinstance(value, str):
        raise ValueError(invalid)
    match = _DATE_PREFIX.match(value.strip())
    if not match:
        raise ValueError(invalid)
    try:
        return date.fromisoformat(match.group(1))
    except ValueError:
        raise ValueError(invalid) from None


def record_id(value: Any, *, required: str, invalid: str) -> int:
    """A numeric id given as a number or a numeric string."""
    if value is None or value == "":
        raise ValueError(required)
    if isinstance(value, bool):
        raise ValueError(invalid)
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise ValueError(invalid) from None
    if isinstance(value, float) and number != value:
        raise ValueError(invalid)
    if not 0 < number < 2**31:
        raise ValueError(invalid)
    return number


def optional_text(
    value: Any, *, max_len: int, too_long: str, min_len: int = 0, too_short: str = ""
) -> str | None:
    """Trimmed text; blank becomes None."""
    if value is None:
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str):
        raise ValueError("must be text")
    text = clean(value)
    if not text:
        return None
    if len(text) < min_len:
        raise ValueError(too_short)
    if len(text) > max_len:
        raise ValueError(too_long)
    return text


def clean(value: str) -> str:
    """Trimmed (NUL characters are already gone: ApiModel)."""
    return value.strip()


def certification_name(value: Any) -> str:
    text = clean(value) if isinstance(value, str) else ""
    if len(text) < 3:
        raise ValueError(NAME_MIN)
    if len(text) > 100:
        raise ValueError(NAME_MAX)
    return text


def issuer(value: Any) -> str | None:
    return optional_text(value, min_len=2, too_short=ISSUER_MIN, max_len=100, too_long=ISSUER_MAX)


def attachment_url(value: Any) -> str | None:
    """An absolute http(s) URL, or a path on this site (what the document upload returns)."""
    text = optional_text(value, max_len=500, too_long=ATTACHMENT_MAX, too_short=ATTACHMENT_INVALID)
    if text is not None and not (_URL.match(text) or _PATH.match(text)):
        raise ValueError(ATTACHMENT_INVALID)
    return text


def issue_date_rules(value: date | None) -> date | None:
    if value is not None and value > latest_today():
        raise ValueError(ISSUE_FUTURE)
    return value


def validity_months(value: Any) -> int | None:
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        raise ValueError(VALIDITY_RANGE)
    if isinstance(value, str):
        try:
            value = int(value.strip())
        except ValueError:
            raise ValueError(VALIDITY_RANGE) from None
    if isinstance(value, float):
        if value != int(value):
            raise ValueError(VALIDITY_RANGE)
        value = int(value)
    if not isinstance(value, int) or not 1 <= value <= 120:
        raise ValueError(VALIDITY_RANGE)
    return value


# ---------------------------------------------------------------- certification types


class CertificationTypeCreate(ApiModel):
    name: str = Field(default="", validate_default=True)
    description: str | None = None
    issuing_organization: str | None = None
    validity_months: int | None = None
    is_required: bool = False

    @field_validator("name", mode="before")
    @classmethod
    def _name(cls, value: Any) -> str:
        return certification_name(value)

    @field_validator("description", mode="before")
    @classmethod
    def _description(cls, value: Any) -> str | None:
        return optional_text(value, max_len=1000, too_long=DESCRIPTION_MAX)

    @field_validator("issuing_organization", mode="before")
    @classmethod
    def _issuer(cls, value: Any) -> str | None:
        return issuer(value)

    @field_validator("validity_months", mode="before")
    @classmethod
    def _validity(cls, value: Any) -> int | None:
        return validity_months(value)


class CertificationTypeUpdate(CertificationTypeCreate):
    """PUT: the fields sent replace the stored ones; fields left out are kept."""

    name: str = ""
    is_required: bool = False


class CertificationTypeRead(ApiModel):
    id: int
    organization_id: int | None = None
    name: str
    description: str | None = None
    issuing_organization: str | None = None
    validity_months: int | None = None
    is_required: bool
    created_at: datetime
    # Active, unexpired certifications of this type held by non-archived employees (one
    # per employee, as overlapping assignments of a type are refused).
    employee_count: int = 0
    # Of those, expiring within 1 to 30 days (SPEC §9).
    expiring_count: int = 0
    # Active certifications of this type past their expiration date, of non-archived
    # employees: held once, not renewed yet (counted apart from employee_count).
    expired_count: int = 0


class CertificationTypeSummary(ApiModel):
    id: int
    name: str
    issuing_organization: str | None = None
    validity_months: int | None = None
    is_required: bool


class EmployeeSummary(ApiModel):
    id: int
    employee_id: str
    first_name: str
    last_name: str
    email: str | None = None
    department: str | None = None
    department_name: str | None = None
    position: str | None = None
    is_archived: bool = False


# ---------------------------------------------------------------- employee certifications


class _AssignmentRules(ApiModel):
    """The field rules an assignment's create and update share (each declares the fields)."""

    @field_validator("certification_type_id", mode="before", check_fields=False)
    @classmethod
    def _type(cls, value: Any) -> int:
        return record_id(value, required=TYPE_REQUIRED, invalid="Invalid certification type")

    @field_validator("issue_date", mode="before", check_fields=False)
    @classmethod
    def _issue(cls, value: Any) -> date | None:
        return issue_date_rules(to_day(value, required=ISSUE_REQUIRED, invalid=ISSUE_INVALID))

    @field_validator("certificate_number", mode="before", check_fields=False)
    @classmethod
    def _number(cls, value: Any) -> str | None:
        return optional_text(value, max_len=50, too_long=NUMBER_MAX)

    @field_validator("attachment_url", mode="before", check_fields=False)
    @classmethod
    def _attachment(cls, value: Any) -> str | None:
        return attachment_url(value)


class EmployeeCertificationCreate(_AssignmentRules):
    employee_id: int = Field(default=0, validate_default=True)
    certification_type_id: int = Field(default=0, validate_default=True)
    issue_date: BoundedDate | None = Field(default=None, validate_default=True)
    expiration_date: BoundedDate | None = None
    certificate_number: str | None = None
    attachment_url: str | None = None
    is_active: bool = True

    @field_validator("employee_id", mode="before")
    @classmethod
    def _employee(cls, value: Any) -> int:
        return record_id(value, required=EMPLOYEE_REQUIRED, invalid="Invalid employee")

    @field_validator("expiration_date", mode="before")
    @classmethod
    def _expiry(cls, value: Any) -> date | None:
        day = to_day(value, required=None, invalid=EXPIRY_INVALID)
        if day is not None and day < earliest_today():
            raise ValueError(EXPIRY_PAST)
        return day

    @model_validator(mode="after")
    def _expiry_after_issue(self) -> "EmployeeCertificationCreate":
        if self.expiration_date and self.issue_date and self.expiration_date < self.issue_date:
            raise ValueError(EXPIRY_BEFORE_ISSUE)
        return self


class EmployeeCertificationUpdate(_AssignmentRules):
    """PUT: the fields sent replace the stored ones. The employee cannot change.

    "Expiration not in the past" applies only to a new expiration date (the service checks
    it), so an expired record can still be edited or deactivated.
    """

    certification_type_id: int | None = None
    issue_date: BoundedDate | None = None
    expiration_date: BoundedDate | None = None
    certificate_number: str | None = None
    attachment_url: str | None = None
    is_active: bool | None = None

    @field_validator("expiration_date", mode="before")
    @classmethod
    def _expiry(cls, value: Any) -> date | None:
        return to_day(value, required=None, invalid=EXPIRY_INVALID)

    @field_validator("is_active", mode="before")
    @classmethod
    def _active(cls, value: Any) -> bool:
        if not isinstance(value, bool):
            raise ValueError("isActive must be true or false")
        return value


class EmployeeCertificationRead(ApiModel):
    id: int
    organization_id: int | None = None
    employee_id: int
    certification_type_id: int
    issue_date: date
    expiration_date: date | None = None
    certificate_number: str | None = None
    attachment_url: str | None = None
    is_active: bool
    created_at: datetime
    # SPEC §4 display status as of the server's today.
    status: CertificationStatus
    status_label: str
    days_until_expiry: int | None = None
    employee: EmployeeSummary | None = None
    certification_type: CertificationTypeSummary | None = None


# ---------------------------------------------------------------- compliance


class ExpiredHolder(EmployeeSummary):
    expiration_date: date | None = None


class RequiredTypeCompliance(ApiModel):
    certification_type: CertificationTypeSummary
    # Non-archived employees; compliant = holding an active, unexpired one.
    total_employees: int
    compliant_count: int
    missing_count: int
    expired_count: int
    # Sorted by last name; capped by the `limit` query parameter when given.
    missing: list[EmployeeSummary]
    expired: list[ExpiredHolder]


# ---------------------------------------------------------------- free-form certifications


class _CertificationFields(ApiModel):
    issuing_organization: str | None = None
    issue_date: BoundedDate | None = None
    expiration_date: BoundedDate | None = None
    certificate_number: str | None = None
    description: str | None = None
    attachment_url: str | None = None

    @field_validator("issuing_organization", mode="before")
    @classmethod
    def _issuer(cls, value: Any) -> str | None:
        return issuer(value)

    @field_validator("issue_date", mode="before")
    @classmethod
    def _issue(cls, value: Any) -> date | None:
        return issue_date_rules(to_day(value, required=None, invalid=ISSUE_INVALID))

    @field_validator("expiration_date", mode="before")
    @classmethod
    def _expiry(cls, value: Any) -> date | None:
        return to_day(value, required=None, invalid=EXPIRY_INVALID)

    @field_validator("certificate_number", mode="before")
    @classmethod
    def _number(cls, value: Any) -> str | None:
        return optional_text(value, max_len=50, too_long=NUMBER_MAX)

    @field_validator("description", mode="before")
    @classmethod
    def _description(cls, value: Any) -> str | None:
        return optional_text(value, max_len=1000, too_long=DESCRIPTION_MAX)

    @field_validator("attachment_url", mode="before")
    @classmethod
    def _attachment(cls, value: Any) -> str | None:
        return attachment_url(value)


class CertificationCreate(_CertificationFields):
    employee_id: int = Field(default=0, validate_default=True)
    name: str = Field(default="", validate_default=True)
    is_active: bool = True

    @field_validator("employee_id", mode="before")
    @classmethod
    def _employee(cls, value: Any) -> int:
        return record_id(value, required=EMPLOYEE_REQUIRED, invalid="Invalid employee")

    @field_validator("name", mode="before")
    @classmethod
    def _name(cls, value: Any) -> str:
        return certification_name(value)

    @model_validator(mode="after")
    def _expiry_after_issue(self) -> "CertificationCreate":
        if self.expiration_date and self.issue_date and self.expiration_date < self.issue_date:
            raise ValueError(EXPIRY_BEFORE_ISSUE)
        return self


class CertificationUpdate(_CertificationFields):
    """PUT: the fields sent replace the stored ones. The employee cannot change."""

    name: str = ""
    is_active: bool | None = None

    @field_validator("name", mode="before")
    @classmethod
    def _name(cls, value: Any) -> str:
        return certification_name(value)

    @field_validator("is_active", mode="before")
    @classmethod
    def _active(cls, value: Any) -> bool:
        if not isinstance(value, bool):
            raise ValueError("isActive must be true or false")
        return value


class CertificationRead(ApiModel):
    id: int
    organization_id: int | None = None
    employee_id: int
    name: str
    issuing_organization: str | None = None
    issue_date: date | None = None
    expiration_date: date | None = None
    certificate_number: str | None = None
    description: str | None = None
    attachment_url: str | None = None
    is_active: bool
    created_at: datetime
    status: CertificationStatus
    status_label: str
    days_until_expiry: int | None = None
