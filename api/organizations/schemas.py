from typing import Any, Literal

from pydantic import Field, field_validator

from api.core.schemas import ApiModel, ReadModel


class OrganizationRead(ReadModel):
    id: int
    name: str
    subdomain: str
    description: str | None = None
    industry: str | None = None
    size: str | None = None
    logo_url: str | None = None
    is_active: bool
    # Who sees what, and which sign-ins the organisation offers.
    visibility: Literal["open", "need_to_know"]
    shared_admin_sign_in: bool
    shared_manager_sign_in: bool
    audit_retention_days: int
    # The organisation's own single sign-on, when set up and switched on: its button's name.
    sso_configured: bool = False
    sso_provider: str | None = None


class AccessUpdate(ApiModel):
    """PUT /api/organization/access: only the fields sent change."""

    visibility: Literal["open", "need_to_know"] | None = None
    shared_admin_sign_in: bool | None = None
    shared_manager_sign_in: bool | None = None
    audit_retention_days: int | None = None

    @field_validator("visibility", mode="before")
    @classmethod
    def _visibility(cls, value: Any) -> Any:
        if value not in ("open", "need_to_know"):
            raise ValueError("Visibility must be open or need_to_know")
        return value

    @field_validator("shared_admin_sign_in", "shared_manager_sign_in", mode="before")
    @classmethod
    def _switch(cls, value: Any) -> Any:
        if not isinstance(value, bool):
            raise ValueError("A sign-in switch must be true or false")
        return value

    @field_validator("audit_retention_days", mode="before")
    @classmethod
    def _retention(cls, value: Any) -> Any:
        if isinstance(value, bool) or not isinstance(value, int) or not 30 <= value <= 3650:
            raise ValueError("Audit retention must be a whole number of days from 30 to 3650")
        return value


class OrganizationUpdate(ApiModel):
    """PUT /api/organization/current. A logoUrl left out keeps the logo; null or '' removes it."""

    name: str = Field(default="", validate_default=True)
    logo_url: str | None = None

    @field_validator("name", mode="before")
    @classmethod
    def _name(cls, value: Any) -> str:
        text = value.strip() if isinstance(value, str) else ""
        if len(text) < 2:
            raise ValueError("Organization name must be at least 2 characters")
        if len(text) > 100:
            raise ValueError("Organization name must be at most 100 characters")
        return text

    @field_validator("logo_url", mode="before")
    @classmethod
    def _logo(cls, value: Any) -> str | None:
        if value is None:
            return None
        if not isinstance(value, str):
            raise ValueError("Logo URL must be text")
        text = value.strip()
        if len(text) > 500:
            raise ValueError("Logo URL must be at most 500 characters")
        return text or None


class LogoUploadReply(ReadModel):
    upload_url: str = Field(alias="uploadURL")
    logo_url: str


class LogoReceived(ReadModel):
    logo_url: str
    mime_type: str
    size: int
