"""Certification dates without I/O: display status and validity arithmetic.

Kept pure so the API and its TypeScript twin (web/src/features/certifications/lib/
certification-status.ts) can be tested at the same edges: 0, 30, 31, 90 and 91 days.
"""

from dataclasses import dataclass
from datetime import date, timedelta
from typing import Literal

# Validity arithmetic (issue date + whole months) is the one shared, overflow-safe version.

CertificationStatus = Literal["no_expiry", "expired", "expiring", "warning", "active"]
STATUSES: tuple[CertificationStatus, ...] = (
    "no_expiry",
    "expired",
    "expiring",
    "warning",
    "active",
)

EXPIRING_DAYS = 30  # expiring soon within 30 days, a warning within 90
WARNING_DAYS = 90


@dataclass(frozen=True)
class DisplayStatus:
    status: CertificationStatus
    days_until_expiry: int | None
    label: str


def days_until(expiration_date: date, today: date) -> int:
    return (expiration_date - today).days


def status_label(status: CertificationStatus, days: int | None) -> str:
    if status == "no_expiry":
        return "No Expiry"
    if status == "expired":
        return "Expired"
    if status == "expiring":
        return "Expires in 1 day" if days == 1 else f"Expires in {days} days"
    if status == "warning":
        return "Warning"
    return "Active"


def display_status(expiration_date: date | None, today: date) -> DisplayStatus:
    """No expiration: No Expiry; below 0 days: expired; up to 30: expiring; up to 90: warning."""
    if expiration_date is None:
        return DisplayStatus("no_expiry", None, status_label("no_expiry", None))
    days = days_until(expiration_date, today)
    status: CertificationStatus
    if days < 0:
        status = "expired"
    elif days <= EXPIRING_DAYS:
        status = "expiring"
    elif days <= WARNING_DAYS:
        status = "warning"
    else:
        status = "active"
    return DisplayStatus(status, days, status_label(status, days))


def is_expiring_soon(expiration_date: date | None, today: date) -> bool:
    """Expiring soon: expiration within 1 to 30 days from today."""
    if expiration_date is None:
        return False
    return 1 <= days_until(expiration_date, today) <= EXPIRING_DAYS


def expiring_window(today: date) -> tuple[date, date]:
    """The first and last expiration dates that count as expiring soon (inclusive)."""
    return today + timedelta(days=1), today + timedelta(days=EXPIRING_DAYS)
