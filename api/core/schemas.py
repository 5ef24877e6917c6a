"""The base of every API schema: camelCase on the wire, snake_case in Python."""

from typing import Any

from pydantic import BaseModel, ConfigDict, model_validator
from pydantic.alias_generators import to_camel


def clean_text(value: Any) -> Any:
    """The value without what Postgres cannot store: NUL characters, and lone UTF-16
    surrogates (a JSON "\\ud800" escape) that UTF-8 cannot encode. Neither can be typed in a
    form or carries meaning, so they are dropped. Lists and dicts are cleaned all the way down.
    """
    if isinstance(value, str):
        if "\x00" in value:
            value = value.replace("\x00", "")
        if not value.isascii():
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                value = value.encode("utf-8", "ignore").decode("utf-8")
        return value
    if isinstance(value, dict):
        return {clean_text(k): clean_text(v) for k, v in value.items()}
    if isinstance(value, list):
        return [clean_text(v) for v in value]
    return value


class _Model(BaseModel):
    model_config = ConfigDict(
        alias_generator=to_camel,
        populate_by_name=True,
        from_attributes=True,
        str_strip_whitespace=False,
    )


class ApiModel(_Model):
    """What the API reads (request bodies); its text is always storable (clean_text)."""

    @model_validator(mode="before")
    @classmethod
    def _storable_text(cls, data: Any) -> Any:
        return clean_text(data)


class ReadModel(_Model):
    """What the API answers, built from ORM rows or snake_case values, never from JSON.

    Read by name only: looking up each camelCase alias first on an ORM object raises (and
    swallows) an AttributeError per field: about a third of the time spent validating a list."""

    model_config = ConfigDict(validate_by_alias=False, validate_by_name=True)


class SuccessReply(ReadModel):
    success: bool = True
    message: str | None = None
