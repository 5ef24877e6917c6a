"""Slowing down password guessing: 5 failures in 15 minutes per key (the organisation, role or
account, and the client). The reset e-mails of an address are counted the same way.

Counted by the rate limiter of the sign-in paths (api.core.rate_limit): shared by every process
through Redis in production (or whenever MERIT_RATE_LIMIT_STORAGE=redis), else in this process
(MERIT_RATE_LIMIT_STORAGE=memory, and outside production by default). Nothing is written
to the database, so a failure counts even though the request that saw it is rolled back, and a
sign-in never needs a second pooled connection.
"""

from api.core.config import get_settings
from api.core.errors import TooManyRequests
from api.core.rate_limit import RateLimiter, shared_store_url

MAX_FAILURES = 5
WINDOW_MINUTES = 15
TOO_MANY = "Too many failed sign-in attempts. Please try again in {minutes} minutes."

_failures: RateLimiter | None = None  # made on first use from the settings


def failures() -> RateLimiter:
    global _failures
    if _failures is None:
        _failures = RateLimiter(
            f"{MAX_FAILURES} per {WINDOW_MINUTES} minutes",
            redis_url=shared_store_url(get_settings()),
        )
    return _failures


def key_for(*parts: object) -> str:
    return ":".join(str(p) for p in parts)[:300]


async def check(key: str) -> None:
    """Raise 429 while the key has too many recent failures."""
    allowed, wait = await failures().test("sign-in-failures", key)
    if not allowed:
        raise TooManyRequests(TOO_MANY.format(minutes=max(1, int(wait // 60) + 1)))


async def record_failure(key: str) -> None:
    await failures().hit("sign-in-failures", key)


async def clear(key: str) -> None:
    """Forget the key's failures (after a successful sign-in)."""
    await failures().clear("sign-in-failures", key)
