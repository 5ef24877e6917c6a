"""The platform API's contract: platform sign-in, and listing, creating, editing and deleting
organisations (each field's rules are the validators below)."""

import re
from datetime import datetime
from typing import Any, Literal

from email_validator import EmailNotValidError, validate_email
from pydantic import Field, field_validator, model_validator

from api.core.schemas import ApiModel, ReadModel

_URL = re.compile(r"^https?://[^\s/$.?#][^\s]*$", re.IGNORECASE)


def _blank_to_none(value: Any) -> Any:
    if isinstance(value, str):
        value = value.strip()
        return value or None
    return value


def _max(value: str | None, limit: int, label: str) -> str | None:
    if value is not None and len(value) > limit:
        raise ValueError(f"{label} must be at most {limit} characters")
    return value


class PlatformConfig(ReadModel):
    oidc_enabled: bool
    local_enabled: bool
    provider_name: str | None = None
    # Outgoing mail is set up: a new organisation's administrator can get a set-up link.
    mail_configured: bool = False


class PlatformSessionRead(ReadModel):
    email: str
    name: str | None = None
    method: str


class PlatformLoginRequest(ApiModel):
    email: str = Field(default="", max_length=320)
    password: str = Field(default="", max_length=1000)


class _OrganizationFields(ApiModel):
    """Optional fields shared by create and edit; empty strings mean 'not given'."""

    description: str | None = Field(default=None, max_length=5000)
    industry: str | None = Field(default=None, max_length=5000)
    size: str | None = Field(default=None, max_length=5000)
    logo_url: str | None = Field(default=None, max_length=5000)
    admin_email: str | None = Field(default=None, max_length=5000)

    @field_validator("description", "industry", "size", "logo_url", "admin_email", mode="before")
    @classmethod
    def _strip(cls, value: Any) -> Any:
        return _blank_to_none(value)

    @field_validator("description")
    @classmethod
    def _description(cls, value: str | None) -> str | None:
        return _max(value, 500, "Description")

    @field_validator("industry")
    @classmethod
    def _industry(cls, value: str | None) -> str | None:
        return _max(value, 50, "Industry")

    @field_validator("size")
    @classmethod
    def _size(cls, value: str | None) -> str | None:
        return _max(value, 20, "Size")

    @field_validator("logo_url")
    @classmethod
    def _logo(cls, value: str | None) -> str | None:
        if value is None:
            return None
        if len(value) > 500:
            raise ValueError("Logo URL must be at most 500 characters")
        if not _URL.match(value):
            raise ValueError("Logo URL must be a valid URL")
        return value

    @field_validator("admin_email")
    @classmethod
    def _email(cls, value: str | None) -> str | None:
        if value is None:
            return None
        if len(value) > 255:
            raise ValueError("Admin email must be at most 255 characters")
        try:
            return validate_email(value, check_deliverability=False).normalized.lower()
        except EmailNotValidError as exc:
            raise ValueError("Please enter a valid email address") from exc


def _name(value: Any) -> Any:
    if isinstance(value, str):
        value = value.strip()
        if len(value) < 2:
            raise ValueError("Organization name must be at least 2 characters")
        if len(value) > 100:
            raise ValueError("Organization name must be at most 100 characters")
    return value


SETUP_NEEDS_EMAIL = "Please enter the administrator's e-mail address to send a set-up link"


def _visibility(value: Any) -> Any:
    if value not in ("open", "need_to_know"):
        raise ValueError("Visibility must be open or need_to_know")
    return value


class OrganizationCreate(_OrganizationFields):
    name: str = Field(default="", max_length=5000, validate_default=True)
    # Derived from the name when left out (as the create form does).
    subdomain: str | None = Field(default=None, max_length=5000)
    # Who sees what in the new organisation.
    visibility: Literal["open", "need_to_know"] = "open"
    # Make an administrator account for adminEmail and e-mail it a single-use link to choose
    # its password, instead of handing out the shared Administrator sign-in's first password
    # (which is then switched off).
    send_setup_link: bool = False

    @field_validator("name")
    @classmethod
    def _check_name(cls, value: str) -> str:
        return _name(value)

    @field_validator("visibility", mode="before")
    @classmethod
    def _check_visibility(cls, value: Any) -> Any:
        return "open" if value is None else _visibility(value)

    @field_validator("send_setup_link", mode="before")
    @classmethod
    def _check_setup(cls, value: Any) -> Any:
        if value is None:
            return False
        if not isinstance(value, bool):
            raise ValueError("sendSetupLink must be true or false")
        return value

    @model_validator(mode="after")
    def _setup_needs_email(self) -> "OrganizationCreate":
        if self.send_setup_link and not self.admin_email:
            raise ValueError(SETUP_NEEDS_EMAIL)
        return self

    @field_validator("subdomain", mode="before")
    @classmethod
    def _sub(cls, value: Any) -> Any:
        return _blank_to_none(value)


class OrganizationUpdate(_OrganizationFields):
    """Only the fields sent are changed; null clears an optional field."""

    name: str | None = Field(default=None, max_length=5000)
    subdomain: str | None = Field(default=None, max_length=5000)
    is_active: bool | None = None
    # Switched back on by the super admin for an organisation whose administrators cannot
    # sign in any more (or off again).
    shared_admin_sign_in: bool | None = None

    @field_validator("name")
    @classmethod
    def _check_name(cls, value: str | None) -> str | None:
        if value is None:
            raise ValueError("Organization name must be at least 2 characters")
        return _name(value)

    @field_validator("subdomain")
    @classmethod
    def _sub(cls, value: str | None) -> str | None:
        if value is None or not value.strip():
            raise ValueError("Subdomain is required")
        return value

    @field_validator("is_active")
    @classmethod
    def _active(cls, value: bool | None) -> bool:
        if value is None:
            raise ValueError("Active status must be true or false")
        return value

    @field_validator("shared_admin_sign_in", mode="before")
    @classmethod
    def _shared_admin(cls, value: Any) -> bool:
        if not isinstance(value, bool):
            raise ValueError("sharedAdminSignIn must be true or false")
        return value


class OrganizationAdminRead(ReadModel):
    """An organisation as the super admin sees it (never the password hashes)."""

    id: int
    name: str
    subdomain: str
    schema_name: str
    description: str | None = None
    industry: str | None = None
    size: str | None = None
    logo_url: str | None = None
    admin_email: str | None = None
    is_active: bool
    admin_force_password_change: bool
    manager_force_password_change: bool
    admin_last_password_change: datetime | None = None
    manager_last_password_change: datetime | None = None
    visibility: Literal["open", "need_to_know"]
    shared_admin_sign_in: bool
    shared_manager_sign_in: bool
    created_at: datetime
    updated_at: datetime


class OrganizationCreated(OrganizationAdminRead):
    # With sendSetupLink: whether the link went out by e-mail. When it could not be sent, the
    # link itself, shown to the super admin this once to pass on.
    setup_link_sent: bool = False
    setup_link: str | None = None
    message: str | None = None


class OrganizationDelete(ApiModel):
    """The person types the organisation's subdomain to confirm."""

    confirm_subdomain: str | None = Field(default=None, max_length=200)


class OrganizationDeleted(ReadModel):
    success: bool = True
    message: str
    backup_file: str


class ResetLink(ReadModel):
    role: str
    url: str
    expires_at: datetime


class ResetPasswordsReply(ReadModel):
    success: bool = True
    email_sent: bool
    message: str
    # Only when the links were not e-mailed: shown to the super admin this once.
    links: list[ResetLink] = Field(default_factory=list)
