from typing import Any

from pydantic import Field, field_validator

from api.core.schemas import ApiModel, ReadModel

INVALID_EMAIL = "Please enter a valid email address"


class ResetRequest(ApiModel):
    email: str = Field(default="", max_length=1000)
    organization_id: int | None = None
    # The organization code, for a visitor who has not chosen an organisation yet.
    subdomain: str | None = Field(default=None, max_length=200)

    @field_validator("organization_id", mode="before")
    @classmethod
    def _org(cls, value: Any) -> Any:
        return None if value in ("", None) else value


class ResetRequestReply(ReadModel):
    success: bool = True
    message: str


class ResetConfirm(ApiModel):
    token: str = Field(default="", max_length=200)
    new_password: str = Field(default="", max_length=1000)


class LinkValidateRequest(ApiModel):
    token: str = Field(default="", max_length=200)
    role: str = Field(default="", max_length=50)


class LinkValidateReply(ReadModel):
    valid: bool
    role: str | None = None
    organization_name: str | None = None
    message: str


class LinkResetRequest(ApiModel):
    token: str = Field(default="", max_length=200)
    role: str = Field(default="", max_length=50)
    new_password: str = Field(default="", max_length=1000)


class LinkResetReply(ReadModel):
    success: bool = True
    message: str
    organization_subdomain: str
