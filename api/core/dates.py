"""Which calendar days count as "today" for rules a person's own date decides.

The browser fills date fields with the person's local today and checks "not in the future" and
"not in the past" against it; the server cannot know that person's time zone. Local dates run
from UTC-12 to UTC+14, so on the server a day is in the future only when it is after today
everywhere on Earth, and in the past only when it is before today everywhere: a person in Tokyo
at 08:00 may start someone today while it is still yesterday in UTC.
"""

from datetime import UTC, date, datetime, timedelta

_EARLIEST_OFFSET = timedelta(hours=-12)
_LATEST_OFFSET = timedelta(hours=14)


def latest_today(now: datetime | None = None) -> date:
    """Today in the time zone furthest ahead: a later day is in the future for everyone."""
    return ((now or datetime.now(UTC)).astimezone(UTC) + _LATEST_OFFSET).date()


def earliest_today(now: datetime | None = None) -> date:
    """Today in the time zone furthest behind: an earlier day is in the past for everyone."""
    return ((now or datetime.now(UTC)).astimezone(UTC) + _EARLIEST_OFFSET).date()
