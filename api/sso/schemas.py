"""Single sign-on settings of an organisation, as the API reads and answers them. The client
secret is written only: a reply says whether one is set, never what it is."""

from datetime import datetime
from typing import Literal
from urllib.parse import urlsplit

from pydantic import Field, field_validator

from api.core.config import get_settings
from api.core.schemas import ApiModel, ReadModel

UnknownEmails = Literal["refuse", "create"]

ISSUER_REQUIRED = "Please enter the issuer URL"
ISSUER_SHAPE = "The issuer URL must be a web address such as https://login.example.com/tenant"
ISSUER_HTTPS = "The issuer URL must start with https://"


def check_issuer(value: object) -> str:
    """The issuer as typed, trimmed: an http(s) address with a host and nothing that could
    ride along (user info, query, fragment). Production takes https only."""
    text = value.strip() if isinstance(value, str) else ""
    if not text:
        raise ValueError(ISSUER_REQUIRED)
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        raise ValueError(ISSUER_SHAPE) from None
    if (
        parts.scheme not in ("http", "https")
        or not parts.hostname
        or "@" in parts.netloc
        or parts.query
        or parts.fragment
        or any(c.isspace() or c == "\\" for c in text)
        or (port is not None and not 0 < port < 65536)
    ):
        raise ValueError(ISSUER_SHAPE)
    if parts.scheme != "https" and get_settings().is_production:
        raise ValueError(ISSUER_HTTPS)
    return text


def _required(value: object, message: str) -> str:
    text = value.strip() if isinstance(value, str) else ""
    if not text:
        raise ValueError(message)
    return text


class SsoSettingsWrite(ApiModel):
    display_name: str = Field(default="", max_length=100, validate_default=True)
    issuer: str = Field(default="", max_length=500, validate_default=True)
    client_id: str = Field(default="", max_length=255, validate_default=True)
    # Empty or left out: the secret already stored stays.
    client_secret: str | None = Field(default=None, max_length=2000)
    unknown_emails: UnknownEmails = "refuse"
    enabled: bool = False

    @field_validator("display_name", mode="before")
    @classmethod
    def _display_name(cls, value: object) -> str:
        return _required(value, "Please enter the provider name shown on the sign-in button")

    @field_validator("issuer", mode="before")
    @classmethod
    def _issuer(cls, value: object) -> str:
        return check_issuer(value)

    @field_validator("client_id", mode="before")
    @classmethod
    def _client_id(cls, value: object) -> str:
        return _required(value, "Please enter the client ID")

    @field_validator("client_secret", mode="before")
    @classmethod
    def _client_secret(cls, value: object) -> str | None:
        # Trimmed: a secret pasted with a trailing space or newline is still the secret.
        return value.strip() or None if isinstance(value, str) else None


class SsoSettingsRead(ReadModel):
    configured: bool
    display_name: str | None = None
    issuer: str | None = None
    client_id: str | None = None
    client_secret_set: bool = False
    unknown_emails: UnknownEmails = "refuse"
    enabled: bool = False
    updated_at: datetime | None = None
    # The callback addresses to register with the provider.
    redirect_uris: list[str]


class SsoTestRequest(ApiModel):
    issuer: str = Field(default="", max_length=500, validate_default=True)

    @field_validator("issuer", mode="before")
    @classmethod
    def _issuer(cls, value: object) -> str:
        return check_issuer(value)


class SsoTestReply(ReadModel):
    ok: bool
    message: str
    # What the provider published, when it could be read.
    issuer: str | None = None
    signing_keys: int | None = None
