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


class SuccessReply(ApiModel):
    success: bool = True
    message: str | None = None
