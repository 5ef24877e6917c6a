"""Department API contract: a name of 2-50 characters, a slug of 2-50 of a-z 0-9 - _, and a
description of at most 200."""

import re
from datetime import datetime
from typing import Annotated, Any

from pydantic import BeforeValidator, Field

from api.core.schemas import ApiModel, ReadModel

SLUG_RE = re.compile(r"^[a-z0-9_-]+$")


def _clean(value: Any) -> str:
    """Trimmed text (NUL characters are already gone: ApiModel)."""
    return value.strip() if isinstance(value, str) else ""


def clean_name(value: Any) -> str:
    text = _clean(value)
    if not text:
        raise ValueError("Department name is required")
    if len(text) < 2:
        raise ValueError("Department name must be at least 2 characters")
    if len(text) > 50:
        raise ValueError("Department name must not exceed 50 characters")
    return text


def clean_slug(value: Any) -> str:
    text = _clean(value)
    if not text:
        raise ValueError("Slug is required")
    if len(text) < 2:
        raise ValueError("Slug must be at least 2 characters")
    if len(text) > 50:
        raise ValueError("Slug must not exceed 50 characters")
    if not SLUG_RE.match(text):
        raise ValueError(
            "Slug may only contain lowercase letters, numbers, hyphens and underscores"
        )
    return text


def clean_description(value: Any) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise ValueError("Description must be text")
    text = _clean(value)
    if len(text) > 200:
        raise ValueError("Description must not exceed 200 characters")
    return text or None


Name = Annotated[str, BeforeValidator(clean_name)]
Slug = Annotated[str, BeforeValidator(clean_slug)]
Description = Annotated[str | None, BeforeValidator(clean_description)]
NameChange = Annotated[str | None, BeforeValidator(clean_name)]
SlugChange = Annotated[str | None, BeforeValidator(clean_slug)]


class DepartmentCreate(ApiModel):
    name: Name = Field(default="", validate_default=True)
    slug: Slug = Field(default="", validate_default=True)
    description: Description = None
    is_default: bool = False
    # Sent by the admin form; the organisation is always the signed-in one.
    organization_id: int | None = Field(default=None, exclude=True)


class DepartmentUpdate(ApiModel):
    """PUT /api/departments/{id}: name, slug, description; fields left out are kept."""

    name: NameChange = None
    slug: SlugChange = None
    description: Description = None


class DepartmentRead(ReadModel):
    id: int
    organization_id: int | None = None
    name: str
    slug: str
    description: str | None = None
    is_default: bool
    # Active employees, as every screen counts a department; archived people still belong
    # to it (it cannot be deleted while anyone does) and are counted apart.
    employee_count: int = 0
    archived_count: int = 0
    created_at: datetime | None = None
    updated_at: datetime | None = None
