"""Answers to a review's questions, checked against the questions they answer: a rating within
the question's scale, one of a multiple-choice question's options, yes or no, or a text of up to
5,000 characters; required questions answered before a review is completed."""

from typing import Any

from api.core.errors import BadRequest
from api.reviews.rules import DEFAULT_SCALE

TEXT_ANSWER_MAX = 5000


def _label(question: dict[str, Any]) -> str:
    return f"Question {str(question['id']).removeprefix('q')} ('{question['question']}')"


def check_answer(question: dict[str, Any], value: Any) -> Any:
    """The answer as stored, or BadRequest naming the question and what it accepts."""
    kind = question.get("type")
    if kind == "rating":
        scale = int(question.get("scale") or DEFAULT_SCALE)
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= scale:
            raise BadRequest(f"{_label(question)} needs a rating from 1 to {scale}")
        return value
    if kind == "multiple-choice":
        if value not in (question.get("options") or []):
            raise BadRequest(f"{_label(question)} must be answered with one of its options")
        return value
    if kind == "yes-no":
        if value not in ("yes", "no"):
            raise BadRequest(f"{_label(question)} must be answered yes or no")
        return value
    if not isinstance(value, str):
        raise BadRequest(f"{_label(question)} needs a text answer")
    if len(value) > TEXT_ANSWER_MAX:
        raise BadRequest(
            f"{_label(question)}: answers must not exceed {TEXT_ANSWER_MAX} characters"
        )
    return value.strip()


def _unanswered(value: Any) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def check_responses(
    questions: list[dict[str, Any]], responses: dict[str, Any], *, complete: bool
) -> dict[str, Any]:
    """Validate answers against the template; when completing, every required one is due."""
    by_id = {str(q["id"]): q for q in questions}
    clean: dict[str, Any] = {}
    for key, value in responses.items():
        question = by_id.get(key)
        if question is None:
            raise BadRequest(f"The template has no question '{key}'")
        if not _unanswered(value):
            clean[key] = check_answer(question, value)
    if complete:
        for question in questions:
            if question.get("required") and str(question["id"]) not in clean:
                raise BadRequest(f"{_label(question)} is required")
    return clean


def still_valid(questions: list[dict[str, Any]], stored: dict[str, Any]) -> dict[str, Any]:
    """The stored answers the template still accepts.

    A template may be edited while its reviews are open (questions removed, reordered and
    renumbered, types changed); answers that no longer fit are dropped rather than blocking
    every later save of the review. Answers the caller sends are still checked strictly.
    """
    by_id = {str(q["id"]): q for q in questions}
    kept: dict[str, Any] = {}
    for key, value in stored.items():
        question = by_id.get(key)
        if question is None or _unanswered(value):
            continue
        try:
            kept[key] = check_answer(question, value)
        except BadRequest:
            continue
    return kept
