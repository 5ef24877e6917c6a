"""The field rules of template and review requests and the messages they answer with, shared by
the request models (schemas.py) and the answer checks (answers.py)."""

from typing import Any, Literal, get_args

QuestionType = Literal["text", "rating", "multiple-choice", "yes-no"]
QUESTION_TYPES: tuple[str, ...] = get_args(QuestionType)
MAX_QUESTIONS = 50
MAX_OPTIONS = 20
OPTION_MAX = 200
# A rating question's scale is its top mark: 2 to 5, 5 when not given. Overall ratings are 1-5.
DEFAULT_SCALE = 5
MIN_SCALE, MAX_SCALE = 2, 5
SCALE_RANGE = f"Rating scale must be a whole number from {MIN_SCALE} to {MAX_SCALE}"
NOTES_MAX = 5000


def text(value: Any) -> str:
    """A sent text, trimmed; anything else is empty."""
    return value.strip() if isinstance(value, str) else ""


def question_text(value: Any) -> str:
    question = text(value)
    if not question:
        raise ValueError("Question is required")
    if len(question) < 10:
        raise ValueError("Question must be at least 10 characters")
    if len(question) > 500:
        raise ValueError("Question must not exceed 500 characters")
    return question


def question_type(value: Any) -> str:
    if value not in QUESTION_TYPES:
        raise ValueError("Question type must be text, rating, multiple-choice or yes-no")
    return str(value)


def option_list(value: Any) -> list[str] | None:
    """The sent options, trimmed, blank ones left out (checked by type later: `options`)."""
    if value is None:
        return None
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError("Options must be a list of texts")
    return [v.strip() for v in value if v.strip()]


def options(kind: str, sent: list[str] | None) -> list[str] | None:
    """A multiple-choice question's options: 2-20, each up to 200 characters, unique whatever
    their case. Other types keep none, whatever was sent."""
    if kind != "multiple-choice":
        return None
    chosen = sent or []
    if len(chosen) < 2:
        raise ValueError("Multiple-choice questions need at least two options")
    if len(chosen) > MAX_OPTIONS:
        raise ValueError(f"No more than {MAX_OPTIONS} options allowed")
    if any(len(o) > OPTION_MAX for o in chosen):
        raise ValueError(f"Options must not exceed {OPTION_MAX} characters")
    if len({o.casefold() for o in chosen}) != len(chosen):
        raise ValueError("Options must be unique")
    return chosen


def scale_number(value: Any) -> int | None:
    if value is None or value == "":
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(SCALE_RANGE)
    return value


def scale(kind: str, sent: int | None) -> int | None:
    """A rating question's scale (5 unless sent); other types have none."""
    if kind != "rating":
        return None
    chosen = DEFAULT_SCALE if sent is None else sent
    if not MIN_SCALE <= chosen <= MAX_SCALE:
        raise ValueError(SCALE_RANGE)
    return chosen


def question_count(value: Any) -> Any:
    if value is None or (isinstance(value, list) and not value):
        raise ValueError("At least one question is required")
    if isinstance(value, list) and len(value) > MAX_QUESTIONS:
        raise ValueError(f"No more than {MAX_QUESTIONS} questions allowed")
    return value


def template_name(value: Any) -> str:
    name = text(value)
    if len(name) < 3:
        raise ValueError("Template name must be at least 3 characters")
    if len(name) > 100:
        raise ValueError("Template name must not exceed 100 characters")
    return name


def template_description(value: Any) -> str | None:
    description = text(value)
    if len(description) > 500:
        raise ValueError("Description must not exceed 500 characters")
    return description or None


def record_id(value: Any, required: str, invalid: str) -> int:
    if value is None or value == "":
        raise ValueError(required)
    if isinstance(value, bool) or isinstance(value, float) and not value.is_integer():
        raise ValueError(invalid)
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise ValueError(invalid) from None
    # Out of range ids cannot exist; they are looked up and answered with 404.
    return number


def rating(value: Any) -> int | None:
    if value is None or value == "":
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 5:
        raise ValueError("Rating must be a whole number from 1 to 5")
    return value


def reviewer_notes(value: Any) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise ValueError("Reviewer notes must be text")
    notes = value.strip()
    if len(notes) > NOTES_MAX:
        raise ValueError(f"Reviewer notes must not exceed {NOTES_MAX} characters")
    return notes or None


def responses(value: Any) -> dict[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise ValueError("Responses must map question ids to answers")
    return value


# An employee's acknowledgement comment and a colleague's feedback comment.
COMMENT_MAX = 2000


def optional_comment(value: Any) -> str | None:
    """A free comment: text up to COMMENT_MAX characters, trimmed; blank means none."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise ValueError("Comment must be text")
    if len(value.strip()) > COMMENT_MAX:
        raise ValueError(f"Comment must not exceed {COMMENT_MAX} characters")
    return value.strip() or None
