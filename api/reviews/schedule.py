"""Review calendar arithmetic: schedules in months, quarters of the year."""

from datetime import date

from api.core.dates import LATEST_DAY, add_months

SCHEDULE_MONTHS = {"monthly": 1, "quarterly": 3, "biannual": 6, "annual": 12}


def next_review_date(current: date | None, schedule: str | None, today: date) -> date | None:
    """The employee's next review after one is completed.

    One schedule step after the current next review date (today when there is none), and
    further steps until it lies in the future, so a long-overdue employee is not handed a
    review that is already late again.

    A step that lands past the last supported day (a next review date near 2100-12-31, or a
    far date stored before dates were bounded, such as Postgres 'infinity') gives None: no
    date is scheduled rather than one no form could save again, and the next completion
    starts the schedule from its own today.
    """
    months = SCHEDULE_MONTHS.get(schedule or "quarterly", 3)
    base = current or today
    step = 1
    result = add_months(base, months)
    while result <= today:
        step += 1
        result = add_months(base, months * step)
    return None if result > LATEST_DAY else result


def quarter_start(day: date) -> date:
    return date(day.year, 3 * ((day.month - 1) // 3) + 1, 1)


def quarter_label(start: date) -> str:
    return f"Q{(start.month - 1) // 3 + 1} {start.year}"
