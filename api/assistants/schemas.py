from typing import Any

from pydantic import Field, field_validator

from api.core.schemas import ApiModel, ReadModel

BLANK = "Please enter a question"
TOO_LONG = "Please keep your question under 2,000 characters"


class AssistantQuestion(ApiModel):
    message: str = Field(default="", validate_default=True)

    @field_validator("message", mode="before")
    @classmethod
    def _none_is_blank(cls, value: Any) -> Any:
        return "" if value is None else value

    @field_validator("message")
    @classmethod
    def _check(cls, value: str) -> str:
        value = value.strip()
        if not value:
            raise ValueError(BLANK)
        if len(value) > 2000:
            raise ValueError(TOO_LONG)
        return value


class AssistantSource(ReadModel):
    slug: str
    title: str


class AssistantReply(ReadModel):
    response: str
    # The articles the answer was drawn from, best first.
    sources: list[AssistantSource] = Field(default_factory=list)
    # "search" (retrieval answer) or "llm" (the configured model phrased it).
    generated_by: str = "search"
