"""The field rules of certification requests and the messages they answer with, shared by
the request models (schemas.py) and the services."""

import re
from datetime import date
from typing import Any

from api.core.dates import latest_today

NAME_MIN = "Certification name must be at least 3 characters"
NAME_MAX = "Certification name must not exceed 100 characters"
DESCRIPTION_MAX = "Description must not exceed 1000 characters"
ISSUER_MIN = "Issuing organization must be at least 2 characters"
ISSUER_MAX = "Issuing organization must not exceed 100 characters"
VALIDITY_RANGE = "Validity must be a whole number of months between 1 and 120"
REMINDER_DAYS = "Reminder days must be 1 to 5 different whole numbers of days between 1 and 365"
TYPE_REQUIRED = "Certification type is required"
EMPLOYEE_REQUIRED = "Employee is required"
ISSUE_REQUIRED = "Issue date is required"
ISSUE_INVALID = "Invalid issue date"
ISSUE_FUTURE = "Issue date cannot be in the future"
EXPIRY_INVALID = "Invalid expiration date"
EXPIRY_PAST = "Expiration date cannot be in the past"
EXPIRY_BEFORE_ISSUE = "Expiration date cannot be before the issue date"
NUMBER_MAX = "Certificate number must not exceed 50 characters"
ATTACHMENT_INVALID = "Attachment URL must be a valid URL"
ATTACHMENT_MAX = "Attachment URL must not exceed 500 characters"

_URL = re.compile(r"^https?://[^\s/?#]+\.?[^\s]*$", re.IGNORECASE)
_PATH = re.compile(r"^/(?!/)[^\s]*$")


def record_id(value: Any, *, required: str, invalid: str) -> int:
    """A numeric id given as a number or a numeric string."""
    if value is None or value == "":
        raise ValueError(required)
    if isinstance(value, bool):
        raise ValueError(invalid)
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise ValueError(invalid) from None
    if isinstance(value, float) and number != value:
        raise ValueError(invalid)
    if not 0 < number < 2**31:
        raise ValueError(invalid)
    return number


def optional_text(
    value: Any, *, max_len: int, too_long: str, min_len: int = 0, too_short: str = ""
) -> str | None:
    """Trimmed text; blank becomes None."""
    if value is None:
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str):
        raise ValueError("must be text")
    text = clean(value)
    if not text:
        return None
    if len(text) < min_len:
        raise ValueError(too_short)
    if len(text) > max_len:
        raise ValueError(too_long)
    return text


def clean(value: str) -> str:
    """Trimmed (NUL characters are already gone: ApiModel)."""
    return value.strip()


def certification_name(value: Any) -> str:
    text = clean(value) if isinstance(value, str) else ""
    if len(text) < 3:
        raise ValueError(NAME_MIN)
    if len(text) > 100:
        raise ValueError(NAME_MAX)
    return text


def issuer(value: Any) -> str | None:
    return optional_text(value, min_len=2, too_short=ISSUER_MIN, max_len=100, too_long=ISSUER_MAX)


def attachment_url(value: Any) -> str | None:
    """An absolute http(s) URL, or a path on this site (what the document upload returns)."""
    text = optional_text(value, max_len=500, too_long=ATTACHMENT_MAX, too_short=ATTACHMENT_INVALID)
    if text is not None and not (_URL.match(text) or _PATH.match(text)):
        raise ValueError(ATTACHMENT_INVALID)
    return text


def issue_date_rules(value: date | None) -> date | None:
    if value is not None and value > latest_today():
        raise ValueError(ISSUE_FUTURE)
    return value


def validity_months(value: Any) -> int | None:
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        raise ValueError(VALIDITY_RANGE)
    if isinstance(value, str):
        try:
            value = int(value.strip())
        except ValueError:
            raise ValueError(VALIDITY_RANGE) from None
    if isinstance(value, float):
        if value != int(value):
            raise ValueError(VALIDITY_RANGE)
        value = int(value)
    if not isinstance(value, int) or not 1 <= value <= 120:
        raise ValueError(VALIDITY_RANGE)
    return value


def reminder_days(value: Any) -> list[int] | None:
    """Days before expiry the holder is told: 1-5 distinct whole numbers of 1-365, largest
    first. None (not sent) keeps the default or the stored ones."""
    if value is None:
        return None
    if not isinstance(value, list) or not 1 <= len(value) <= 5:
        raise ValueError(REMINDER_DAYS)
    days: set[int] = set()
    for item in value:
        if isinstance(item, bool) or not isinstance(item, int | float) or item != int(item):
            raise ValueError(REMINDER_DAYS)
        if not 1 <= int(item) <= 365 or int(item) in days:
            raise ValueError(REMINDER_DAYS)
        days.add(int(item))
    return sorted(days, reverse=True)
