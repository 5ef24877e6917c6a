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


class UserCreate(ApiModel):
    # The web sends a fresh UUID (an id already taken is refused); a caller that leaves it
    # out gets one made here.
    id: str | None = None
    email: str = Field(default="", validate_default=True)
    first_name: str | None = None
    last_name: str | None = None
    role: Role = "user"
    password: str = Field(default="", max_length=1000, validate_default=True)

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

    @field_validator("first_name", mode="before")
    @classmethod
    def _first(cls, value: Any) -> str | None:
        return optional_name(value, "First name")

    @field_validator("last_name", mode="before")
    @classmethod
    def _last(cls, value: Any) -> str | None:
        return optional_name(value, "Last name")

    @field_validator("role", mode="before")
    @classmethod
    def _role(cls, value: Any) -> Any:
        if value is None or value == "":
            return "user"
        if value not in ("admin", "hr", "manager", "user"):
            raise ValueError("Role must be one of admin, hr, manager, user")
        return value

    @field_validator("password", mode="before")
    @classmethod
    def _password(cls, value: Any) -> str:
        if not isinstance(value, str) or not value:
            raise ValueError("Password is required")
        return value


class UserRead(ReadModel):
    id: str
    email: str
    first_name: str | None = None
    last_name: str | None = None
    profile_image_url: str | None = None
    organization_id: int | None = None
    role: Role
    is_active: bool
    created_at: datetime
    updated_at: datetime
