"""Days relative to today in parameter lists, which pytest builds at import.

A test module never reads today's date at import: a run that crosses midnight (or a clock run,
tests/clock) would compare the server's new day with the day the module was loaded. A
parameter says `InDays(-2)` instead, and the test turns it into a date when it runs.
"""

from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from api.core.dates import local_today


@dataclass(frozen=True)
class InDays:
    """`days` days from the day the test runs (negative: before it)."""

    days: int

    def iso(self) -> str:
        return (local_today() + timedelta(days=self.days)).isoformat()


def resolved(fields: dict[str, Any]) -> dict[str, Any]:
    """The fields with every InDays read as an ISO date of today's calendar."""
    return {k: v.iso() if isinstance(v, InDays) else v for k, v in fields.items()}


# Calendar quarters written out in the tests' own terms (not the app's arithmetic), so a
# mistake in the app's quarter maths cannot move the expectation along with it.
_QUARTER_OF_MONTH = {
    1: (1, "Q1"), 2: (1, "Q1"), 3: (1, "Q1"),
    4: (4, "Q2"), 5: (4, "Q2"), 6: (4, "Q2"),
    7: (7, "Q3"), 8: (7, "Q3"), 9: (7, "Q3"),
    10: (10, "Q4"), 11: (10, "Q4"), 12: (10, "Q4"),
}  # fmt: skip


def quarter_began(day: date) -> date:
    """The first day of the calendar quarter `day` is in: 1 January, April, July or October."""
    return date(day.year, _QUARTER_OF_MONTH[day.month][0], 1)


def quarter_before(start: date) -> date:
    """The first day of the quarter before the one that begins on `start`."""
    return date(start.year - 1, 10, 1) if start.month == 1 else date(start.year, start.month - 3, 1)


def quarter_name(start: date) -> str:
    """'Q2 2027' for the quarter beginning on `start`, as the analytics reply names it."""
    return f"{_QUARTER_OF_MONTH[start.month][1]} {start.year}"
