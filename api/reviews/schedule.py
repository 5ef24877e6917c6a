"""Review calendar arithmetic: schedules in months, quarters of the year."""

import calendar
from datetime import date

SCHEDULE_MONTHS = {"monthly": 1, "quarterly": 3, "biannual": 6, "annual": 12}


def add_months(day: date, months: int) -> date:
    """Same day of the month `months` later, clamped to the month's end (Jan 31 → Feb 28)."""
    index = day.month - 1 + months
    year, month = day.year + index // 12, index % 12 + 1
    return date(year, month, min(day.day, calendar.monthrange(year, month)[1]))


def next_review_date(current: date | None, schedule: str | None, today: date) -> date:
    """The employee's next review after one is completed.

    One schedule step after the current next review date (today when there is none), and
    further steps until it lies in the future, so a long-overdue employee is not handed a
    review that is already late again.
    """
    months = SCHEDULE_MONTHS.get(schedule or "quarterly", 3)
    base = current or today
    step = 1
    result = add_months(base, months)
    while result <= today:
        step += 1
        result = add_months(base, months * step)
    return result


def quarter_start(day: date) -> date:
    return date(day.year, 3 * ((day.month - 1) // 3) + 1, 1)


def quarter_label(start: date) -> str:
    return f"Q{(start.month - 1) // 3 + 1} {start.year}"
