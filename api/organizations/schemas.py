from typing import Any

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
