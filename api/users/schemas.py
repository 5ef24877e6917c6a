"""User accounts: people who sign in with their own e-mail and password."""

import re
from datetime import datetime
from typing import Any, Literal

from email_validator import EmailNotValidError, validate_email
from pydantic import Field, field_validator

from api.core.schemas import ApiModel, ReadModel

Role = Literal["admin", "hr", "manager", "user"]

_USER_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$")
INVALID_EMAIL = "Invalid email format"
INVALID_EMPLOYEE = "Employee must be given by its id (a whole number), or null"
# Employees' ids are Postgres integers: a larger number cannot name one.
LARGEST_ID = 2**31 - 1


def clean_email(value: Any) -> str:
    """Required, trimmed, lowercased and shaped like an address."""
    text = value.strip() if isinstance(value, str) else ""
    if not text:
        raise ValueError("Email is required")
    if len(text) > 255:
        raise ValueError(INVALID_EMAIL)
    try:
        return validate_email(text, check_deliverability=False).normalized.lower()
    except EmailNotValidError:
        raise ValueError(INVALID_EMAIL) from None


def optional_name(value: Any, label: str) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise ValueError(f"{label} must be text")
    text = value.strip()
    if len(text) > 50:
        raise ValueError(f"{label} must not exceed 50 characters")
    return text or None


def employee_ref(value: Any) -> int | None:
    """An employee's id (employees.id), or None. Not a boolean, a fraction or a number no
    employee can have."""
    if value is None:
        return None
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= LARGEST_ID:
        raise ValueError(INVALID_EMPLOYEE)
    return value


def role_of(value: Any) -> Any:
    if value not in ("admin", "hr", "manager", "user"):
        raise ValueError("Role must be one of admin, hr, manager, user")
    return value


class _AccountNames(ApiModel):
    """A person's first and last name, each optional, as an account holds them."""

    first_name: str | None = None
    last_name: str | None = None

    @field_validator("first_name", mode="before")
    @classmethod
    def _first(cls, value: Any) -> str | None:
        return optional_name(value, "First name")

    @field_validator("last_name", mode="before")
    @classmethod
    def _last(cls, value: Any) -> str | None:
        return optional_name(value, "Last name")


class UserCreate(_AccountNames):
    # The web sends a fresh UUID (an id already taken is refused); a caller that leaves it
    # out gets one made here.
    id: str | None = None
    email: str = Field(default="", validate_default=True)
    role: Role = "user"
    password: str = Field(default="", max_length=1000, validate_default=True)
    # The employee this account belongs to. Left out, the account is linked to the employee
    # with the same e-mail address, if one exists and has no account yet.
    employee_id: int | None = None

    @field_validator("employee_id", mode="before")
    @classmethod
    def _employee(cls, value: Any) -> int | None:
        return employee_ref(value)

    @field_validator("id", mode="before")
    @classmethod
    def _id(cls, value: Any) -> str | None:
        if value is None or (isinstance(value, str) and not value.strip()):
            return None
        if not isinstance(value, str) or not _USER_ID.match(value.strip()):
            raise ValueError("User ID must be 1-64 letters, digits, hyphens or underscores")
        return value.strip()

    @field_validator("email", mode="before")
    @classmethod
    def _email(cls, value: Any) -> str:
        return clean_email(value)

    @field_validator("role", mode="before")
    @classmethod
    def _role(cls, value: Any) -> Any:
        if value is None or value == "":
            return "user"
        return role_of(value)

    @field_validator("password", mode="before")
    @classmethod
    def _password(cls, value: Any) -> str:
        if not isinstance(value, str) or not value:
            raise ValueError("Password is required")
        return value


class UserUpdate(_AccountNames):
    """PUT /api/users/{id}: only the fields sent change."""

    role: Role | None = None

    @field_validator("role", mode="before")
    @classmethod
    def _role(cls, value: Any) -> Any:
        return role_of(value)


class EmployeeLink(ApiModel):
    """PUT /api/users/{id}/employee: the employee the account belongs to, or null to unlink."""

    employee_id: int | None = Field(default=None, validate_default=True)

    @field_validator("employee_id", mode="before")
    @classmethod
    def _employee(cls, value: Any) -> int | None:
        return employee_ref(value)


class LinkedEmployee(ReadModel):
    id: int
    name: str


class UserRead(ReadModel):
    id: str
    email: str
    first_name: str | None = None
    last_name: str | None = None
    profile_image_url: str | None = None
    organization_id: int | None = None
    role: Role
    is_active: bool
    # False until the person has chosen a password (an account made with a set-up link).
    has_password: bool
    employee_id: int | None = None
    employee: LinkedEmployee | None = None
    created_at: datetime
    updated_at: datetime
