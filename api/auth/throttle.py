"""Slowing down password guessing: 5 failures in 15 minutes per organisation, role and client.

Failures are written in their own transaction, so the 401 that follows cannot roll them back.
"""

from datetime import timedelta

from sqlalchemy import delete, func, select

from api.auth.models import LoginFailure
from api.core.db import public_session, utcnow
from api.core.errors import TooManyRequests

MAX_FAILURES = 5
WINDOW = timedelta(minutes=15)


def key_for(*parts: object) -> str:
    return ":".join(str(p) for p in parts)[:300]


async def check(key: str) -> None:
    """Raise 429 while the key has too many recent failures."""
    since = utcnow() - WINDOW
    async with public_session() as db:
        count, oldest = (
            await db.execute(
                select(func.count(), func.min(LoginFailure.at)).where(
                    LoginFailure.key == key, LoginFailure.at > since
                )
            )
        ).one()
    if count >= MAX_FAILURES:
        wait = max(1, int(((oldest + WINDOW) - utcnow()).total_seconds() // 60) + 1)
        raise TooManyRequests(
            f"Too many failed sign-in attempts. Please try again in {wait} minutes."
        )


async def record_failure(key: str) -> None:
    async with public_session() as db:
        db.add(LoginFailure(key=key))


async def clear(key: str) -> None:
    async with public_session() as db:
        await db.execute(
            delete(LoginFailure).where(
                (LoginFailure.key == key) | (LoginFailure.at < utcnow() - WINDOW)
            )
        )
