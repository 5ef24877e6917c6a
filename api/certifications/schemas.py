"""What certification calls read and answer: request bodies (their field rules in rules.py)
and reply models."""

from datetime import date, datetime
from typing import Any

from pydantic import Field, field_validator, model_validator

from api.certifications.rules import (
    DESCRIPTION_MAX,
    EMPLOYEE_REQUIRED,
    EXPIRY_BEFORE_ISSUE,
    EXPIRY_INVALID,
    EXPIRY_PAST,
    ISSUE_INVALID,
    ISSUE_REQUIRED,
    NUMBER_MAX,
    TYPE_REQUIRED,
    attachment_url,
    certification_name,
    issue_date_rules,
    issuer,
    optional_text,
    record_id,
    reminder_days,
    validity_months,
)
from api.certifications.status import CertificationStatus
from api.core.dates import BoundedDate, earliest_today, to_day
from api.core.schemas import ApiModel, ReadModel
from api.employees.schemas import EmployeeSummary

# ---------------------------------------------------------------- certification types


class CertificationTypeCreate(ApiModel):
    name: str = Field(default="", validate_default=True)
    description: str | None = None
    issuing_organization: str | None = None
    validity_months: int | None = None
    is_required: bool = False
    # Days before expiry the holder is told (and on the day itself); not sent: 90, 60, 30, 7.
    reminder_days: list[int] | None = None

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

    @field_validator("reminder_days", mode="before")
    @classmethod
    def _reminder_days(cls, value: Any) -> list[int] | None:
        return reminder_days(value)


class CertificationTypeUpdate(CertificationTypeCreate):
    """PUT: the fields sent replace the stored ones; fields left out are kept."""

    name: str = ""
    is_required: bool = False


class CertificationTypeRead(ReadModel):
    id: int
    organization_id: int | None = None
    name: str
    description: str | None = None
    issuing_organization: str | None = None
    validity_months: int | None = None
    is_required: bool
    reminder_days: list[int] = []
    created_at: datetime
    # Active, unexpired certifications of this type held by non-archived employees (one
    # per employee, as overlapping assignments of a type are refused).
    employee_count: int = 0
    # Of those, expiring within 1 to 30 days.
    expiring_count: int = 0
    # Active certifications of this type past their expiration date, of non-archived
    # employees: held once, not renewed yet (counted apart from employee_count).
    expired_count: int = 0


class CertificationTypeSummary(ReadModel):
    id: int
    name: str
    issuing_organization: str | None = None
    validity_months: int | None = None
    is_required: bool


class CertificationHolder(EmployeeSummary):
    """The employee a certification belongs to (or who is missing one)."""

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


class EmployeeCertificationRead(ReadModel):
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
    # The display status (status.py) as of the server's today.
    status: CertificationStatus
    status_label: str
    days_until_expiry: int | None = None
    employee: CertificationHolder | None = None
    certification_type: CertificationTypeSummary | None = None


# ---------------------------------------------------------------- compliance


class ExpiredHolder(CertificationHolder):
    expiration_date: date | None = None


class RequiredTypeCompliance(ReadModel):
    certification_type: CertificationTypeSummary
    # Non-archived employees; compliant = holding an active, unexpired one.
    total_employees: int
    compliant_count: int
    missing_count: int
    expired_count: int
    # Sorted by last name; capped by the `limit` query parameter when given.
    missing: list[CertificationHolder]
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


class CertificationRead(ReadModel):
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
