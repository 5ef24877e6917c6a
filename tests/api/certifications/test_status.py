"""The display status at its edges, and the validity-month arithmetic."""

from datetime import date, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from api.certifications.schemas import CertificationTypeCreate
from api.certifications.status import display_status, is_expiring_soon
from api.core.dates import add_months

TODAY = date(2026, 3, 15)


def status_in(days: int) -> tuple[str, str]:
    shown = display_status(TODAY + timedelta(days=days), TODAY)
    assert shown.days_until_expiry == days
    return shown.status, shown.label


def test_no_expiration_date_is_no_expiry():
    shown = display_status(None, TODAY)
    assert (shown.status, shown.label, shown.days_until_expiry) == ("no_expiry", "No Expiry", None)


@pytest.mark.parametrize(
    ("days", "status", "label"),
    [
        (-365, "expired", "Expired"),
        (-1, "expired", "Expired"),
        (0, "expiring", "Expires in 0 days"),
        (1, "expiring", "Expires in 1 day"),
        (30, "expiring", "Expires in 30 days"),
        (31, "warning", "Warning"),
        (90, "warning", "Warning"),
        (91, "active", "Active"),
        (3650, "active", "Active"),
    ],
)
def test_display_status_edges(days: int, status: str, label: str):
    assert status_in(days) == (status, label)


def test_expiring_soon_is_1_to_30_days():
    assert [is_expiring_soon(TODAY + timedelta(days=d), TODAY) for d in (-1, 0, 1, 30, 31)] == [
        False,
        False,
        True,
        True,
        False,
    ]
    assert is_expiring_soon(None, TODAY) is False


@pytest.mark.parametrize(
    ("start", "months", "expected"),
    [
        (date(2026, 1, 15), 12, date(2027, 1, 15)),
        (date(2026, 1, 31), 1, date(2026, 2, 28)),
        (date(2024, 1, 31), 1, date(2024, 2, 29)),
        (date(2026, 11, 30), 3, date(2027, 2, 28)),
        (date(2026, 12, 1), 120, date(2036, 12, 1)),
    ],
)
def test_add_months_clamps_to_the_end_of_month(start: date, months: int, expected: date):
    assert add_months(start, months) == expected


@given(st.integers(min_value=-20_000, max_value=20_000))
def test_display_status_agrees_with_the_thresholds_for_any_day(days: int):
    shown = display_status(TODAY + timedelta(days=days), TODAY)
    expected = (
        "expired"
        if days < 0
        else "expiring"
        if days <= 30
        else "warning"
        if days <= 90
        else "active"
    )
    assert shown.status == expected
    assert shown.days_until_expiry == days


@given(st.integers(min_value=-1000, max_value=1000))
def test_validity_months_accepts_exactly_1_to_120(months: int):
    if 1 <= months <= 120:
        assert (
            CertificationTypeCreate(name="Valid", validity_months=months).validity_months == months
        )
    else:
        with pytest.raises(ValidationError, match="between 1 and 120"):
            CertificationTypeCreate(name="Valid", validity_months=months)


@given(st.dates(min_value=date(1900, 1, 1), max_value=date(2200, 12, 31)), st.integers(1, 120))
def test_add_months_lands_in_the_right_month_and_never_before_the_start(start: date, months: int):
    end = add_months(start, months)
    assert (end.year * 12 + end.month) - (start.year * 12 + start.month) == months
    assert end > start
    assert end.day == start.day or end.day < start.day
