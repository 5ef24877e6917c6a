"""The base of every API schema: camelCase on the wire, snake_case in Python."""

from pydantic import BaseModel, ConfigDict
from pydantic.alias_generators import to_camel


class ApiModel(BaseModel):
    model_config = ConfigDict(
        alias_generator=to_camel,
        populate_by_name=True,
        from_attributes=True,
        str_strip_whitespace=False,
    )


class ReadModel(ApiModel):
    """What the API answers, built from ORM rows or snake_case values, never from JSON.

    Read by name only: looking up each camelCase alias first on an ORM object raises (and
    swallows) an AttributeError per field: about a third of the time spent validating a list."""

    model_config = ConfigDict(validate_by_alias=False, validate_by_name=True)


class SuccessReply(ReadModel):
    success: bool = True
    message: str | None = None
