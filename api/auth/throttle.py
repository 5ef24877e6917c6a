"""Slowing down password guessing: 5 failures in 15 minutes per organisation, role and client.

Each call works on the caller's session, so a sign-in request never holds a second pooled
connection while it waits for one (with a full pool, every sign-in would wait on the others).
A failure is committed at once, so the 401 that follows cannot roll it back; the callers record
it before they have written anything else.
"""

from datetime import timedelta

from sqlalchemy import delete, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from api.auth.models import LoginFailure
from api.core.db import utcnow
from api.core.errors import TooManyRequests

MAX_FAILURES = 5
WINDOW = timedelta(minutes=15)


def key_for(*parts: object) -> str:
    return ":".join(str(p) for p in parts)[:300]


async def check(db: AsyncSession, key: str) -> None:
    """Raise 429 while the key has too many recent failures."""
    since = utcnow() - WINDOW
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


async def record_failure(db: AsyncSession, key: str) -> None:
    """Record a failure and commit the caller's transaction with it."""
    db.add(LoginFailure(key=key))
    await db.commit()


async def clear(db: AsyncSession, key: str) -> None:
    """Forget the key's failures (and everyone's expired ones), in the caller's transaction."""
    await db.execute(
        delete(LoginFailure).where(
            (LoginFailure.key == key) | (LoginFailure.at < utcnow() - WINDOW)
        )
    )
