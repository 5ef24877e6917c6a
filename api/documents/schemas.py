"""The employee document contract: what its calls read and answer, with the forms' messages
and limits."""

from datetime import date, datetime
from typing import Any

from pydantic import ConfigDict, Field, field_validator, model_validator

from api.core.dates import BoundedDate, to_day
from api.core.schemas import ApiModel, ReadModel
from api.documents import filetypes
from api.documents.models import DOCUMENT_TYPES
from api.notes.schemas import employee_ref

MAX_BYTES = 10 * 1024 * 1024
TOO_LARGE = "File too large. Please select a file smaller than 10MB."
MAX_TAGS = 20
TAG_MAX = 50


def _text(value: Any) -> str:
    return value.strip() if isinstance(value, str) else ""


EXPIRES_BEFORE_SIGNED = "Expiration date cannot be before the signed date"


class EmployeeDocumentCreate(ApiModel):
    # Missing fields go through the validators too, so they get the spec's messages.
    model_config = ConfigDict(validate_default=True)

    employee_id: int = 0
    document_type: str = ""
    title: str = ""
    description: str | None = None
    file_path: str = ""
    file_name: str = ""
    file_size: int | None = None
    mime_type: str | None = None
    is_confidential: bool = False
    expiration_date: BoundedDate | None = None
    signed_date: BoundedDate | None = None
    tags: list[str] = Field(default_factory=list)
    uploaded_by: str | None = None

    @field_validator("employee_id", mode="before")
    @classmethod
    def _employee(cls, value: Any) -> int:
        return employee_ref(value)

    @field_validator("document_type", mode="before")
    @classmethod
    def _document_type(cls, value: Any) -> str:
        text = _text(value).lower()
        if not text:
            raise ValueError("Document type is required")
        if text not in DOCUMENT_TYPES:
            raise ValueError("Invalid document type")
        return text

    @field_validator("title", mode="before")
    @classmethod
    def _title(cls, value: Any) -> str:
        text = _text(value)
        if not text:
            raise ValueError("Title is required")
        if len(text) > 200:
            raise ValueError("Title must not exceed 200 characters")
        return text

    @field_validator("description", mode="before")
    @classmethod
    def _description(cls, value: Any) -> str | None:
        text = _text(value)
        if len(text) > 2000:
            raise ValueError("Description must not exceed 2000 characters")
        return text or None

    @field_validator("file_path", mode="before")
    @classmethod
    def _file_path(cls, value: Any) -> str:
        text = _text(value)
        if not text:
            raise ValueError("No file selected")
        if len(text) > 500:
            raise ValueError("Invalid file path")
        return text

    @field_validator("file_name", mode="before")
    @classmethod
    def _file_name(cls, value: Any) -> str:
        # Only the last path segment: a name is shown and sent back, never used as a path.
        text = _text(value).replace("\\", "/").rsplit("/", 1)[-1].strip()
        if not text:
            raise ValueError("No file selected")
        if len(text) > 255 or any(ord(c) < 32 or ord(c) == 127 for c in text):
            raise ValueError("Invalid file name")
        return text

    @field_validator("file_size", mode="before")
    @classmethod
    def _file_size(cls, value: Any) -> int | None:
        if value is None or value == "":
            return None
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValueError("Invalid file size")
        if value < 0 or value != int(value):
            raise ValueError("Invalid file size")
        if value > MAX_BYTES:
            raise ValueError(TOO_LARGE)
        return int(value)

    @field_validator("mime_type", mode="before")
    @classmethod
    def _mime_type(cls, value: Any) -> str | None:
        mime = filetypes.normalise_mime(value if isinstance(value, str) else None)
        if mime is not None and mime not in filetypes.ALLOWED:
            raise ValueError(filetypes.INVALID_TYPE)
        return mime

    @field_validator("expiration_date", mode="before")
    @classmethod
    def _expiration_date(cls, value: Any) -> date | None:
        return to_day(value, required="", invalid="Invalid expiration date")

    @field_validator("signed_date", mode="before")
    @classmethod
    def _signed_date(cls, value: Any) -> date | None:
        return to_day(value, required="", invalid="Invalid signed date")

    @field_validator("tags", mode="before")
    @classmethod
    def _tags(cls, value: Any) -> list[str]:
        """An array, or one comma-separated string; trimmed, blanks and repeats dropped."""
        if value is None:
            return []
        items = value.split(",") if isinstance(value, str) else value
        if not isinstance(items, list) or not all(isinstance(t, str) for t in items):
            raise ValueError("Tags must be a list of words")
        tags: list[str] = []
        for raw in items:
            tag = raw.strip()
            if tag and tag not in tags:
                if len(tag) > TAG_MAX:
                    raise ValueError(f"Each tag must not exceed {TAG_MAX} characters")
                tags.append(tag)
        if len(tags) > MAX_TAGS:
            raise ValueError(f"No more than {MAX_TAGS} tags allowed")
        return tags

    @field_validator("uploaded_by", mode="before")
    @classmethod
    def _uploaded_by(cls, value: Any) -> str | None:
        return _text(value)[:200] or None

    @model_validator(mode="after")
    def _expires_after_signing(self) -> "EmployeeDocumentCreate":
        if self.signed_date and self.expiration_date and self.expiration_date < self.signed_date:
            raise ValueError(EXPIRES_BEFORE_SIGNED)
        return self


class EmployeeDocumentRead(ReadModel):
    id: int
    employee_id: int
    document_type: str
    title: str
    description: str | None = None
    file_name: str
    file_size: int
    mime_type: str
    file_path: str
    uploaded_by: str | None = None
    is_confidential: bool
    status: str
    version: int
    expiration_date: date | None = None
    signed_date: date | None = None
    tags: list[str]
    created_at: datetime
    updated_at: datetime
    organization_id: int | None = None


class UploadSlotReply(ReadModel):
    """Step one of the upload: where to PUT the bytes, and the path to save with the record."""

    upload_url: str = Field(alias="uploadURL")
    document_path: str
    expires_at: datetime
    max_bytes: int = MAX_BYTES


class UploadReceived(ReadModel):
    success: bool = True
    document_path: str
    file_size: int
    mime_type: str
