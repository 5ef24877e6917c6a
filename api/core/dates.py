"""Calendar days: the server's today, the range every date input must lie in, month
arithmetic that cannot overflow, and which days count as "today" for rules a person's own date
decides.

The browser fills date fields with the person's local today and checks "not in the future" and
"not in the past" against it; the server cannot know that person's time zone. Local dates run
from UTC-12 to UTC+14, so on the server a day is in the future only when it is after today
everywhere on Earth, and in the past only when it is before today everywhere: a person in Tokyo
at 08:00 may start someone today while it is still yesterday in UTC.
"""

import re
from datetime import MAXYEAR, MINYEAR, UTC, date, datetime, timedelta
from typing import Annotated, Any

from dateutil.relativedelta import relativedelta
from pydantic import AfterValidator, ValidationInfo

_EARLIEST_OFFSET = timedelta(hours=-12)
_LATEST_OFFSET = timedelta(hours=14)


def local_today() -> date:
    """The server's calendar day, read anew on every call.

    Every per-request or per-job rule that says "today" (the due and expiry windows, the
    current quarter, a review's next date, a report's file name) reads it here and never keeps
    it: a process that runs past midnight must see the new day, and a test run under a shifted
    clock (libfaketime, see tests/clock) moves the server and the tests together.
    """
    return date.today()


def latest_today(now: datetime | None = None) -> date:
    """Today in the time zone furthest ahead: a later day is in the future for everyone."""
    return ((now or datetime.now(UTC)).astimezone(UTC) + _LATEST_OFFSET).date()


def earliest_today(now: datetime | None = None) -> date:
    """Today in the time zone furthest behind: an earlier day is in the past for everyone."""
    return ((now or datetime.now(UTC)).astimezone(UTC) + _EARLIEST_OFFSET).date()


# The calendar days the app accepts. Python's dates end with 9999-12-31 (which asyncpg stores
# as Postgres 'infinity'), so a far day typed in was stored and broke the schedule arithmetic
# later; no HR date of this app lies outside these two centuries.
EARLIEST_DAY = date(1900, 1, 1)
LATEST_DAY = date(2100, 12, 31)


def check_day_range(day: date | None, label: str) -> date | None:
    """The day unchanged, or ValueError("<label> must be between 1900-01-01 and 2100-12-31")."""
    if day is not None and not EARLIEST_DAY <= day <= LATEST_DAY:
        raise ValueError(f"{label} must be between {EARLIEST_DAY} and {LATEST_DAY}")
    return day


def _field_label(field_name: str | None) -> str:
    """start_date → "Start date", the way the app's messages name a field."""
    words = (field_name or "date").replace("_", " ").strip()
    return words[:1].upper() + words[1:]


def _check_field(day: date, info: ValidationInfo) -> date:
    check_day_range(day, _field_label(info.field_name))
    return day


# Every date a request carries is of this type (`BoundedDate | None` when optional): the range
# check runs after the field's own parsing, with a message naming the field ("Due date ...").
BoundedDate = Annotated[date, AfterValidator(_check_field)]


_DATE_PREFIX = re.compile(r"^(\d{4}-\d{2}-\d{2})(?:$|[T ])")


def to_day(value: Any, *, required: str | None, invalid: str) -> date | None:
    """A date field as sent: a date, '2026-01-05' or an ISO timestamp
    '2026-01-05T00:00:00.000Z', read as the calendar day written (a midnight timestamp is not
    shifted into another day by a time zone).

    Blank (None or spaces) is None, or ValueError(required) when `required` is given; anything
    else that is not a day is ValueError(invalid).
    """
    if value is None or (isinstance(value, str) and not value.strip()):
        if required:
            raise ValueError(required)
        return None
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    match = _DATE_PREFIX.match(value.strip()) if isinstance(value, str) else None
    if not match:
        raise ValueError(invalid)
    try:
        return date.fromisoformat(match.group(1))
    except ValueError:
        raise ValueError(invalid) from None


def day_or_today(day: date | str | None) -> date:
    """A job's day argument (a date, or its ISO text as queued jobs carry it); today if None."""
    if day is None:
        return local_today()
    return day if isinstance(day, date) else date.fromisoformat(day)


def add_months(day: date, months: int) -> date:
    """Same day of the month `months` later, clamped to the month's end (Jan 31 → Feb 28).

    A result past the ends of Python's calendar (a stored far date plus a step) is clamped to
    date.min / date.max instead of raising: callers compare it with the supported range.
    """
    year = (day.year * 12 + day.month - 1 + months) // 12
    if year > MAXYEAR:
        return date.max
    if year < MINYEAR:
        return date.min
    return day + relativedelta(months=months)
