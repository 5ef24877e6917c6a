"""Days relative to today in parameter lists, which pytest builds at import.

A test module never reads today's date at import: a run that crosses midnight (or a clock run,
tests/clock) would compare the server's new day with the day the module was loaded. A
parameter says `InDays(-2)` instead, and the test turns it into a date when it runs.
"""

from dataclasses import dataclass
from datetime import timedelta
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
