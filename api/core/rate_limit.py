"""Rate limits shared by every process through Redis, failing open to counting in this process.

A moving window from the `limits` library: at most N hits per key in any window. Counts live in
Redis when a `redis_url` is given (every server process and replica counts together), else in
this process. If Redis fails, this process counts alone for `RETRY_SHARED_AFTER` seconds and
then tries Redis again, so a Redis outage never locks anyone out. Used by the sign-in paths'
limit (api.core.middleware.RateLimitMiddleware), the failed sign-in throttle (api.auth.throttle)
and the assistants' question limit.
"""

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from typing import TypeVar

from limits import RateLimitItem
from limits import parse as parse_rate_limit
from limits.aio.storage import MemoryStorage, RedisStorage, Storage
from limits.aio.strategies import MovingWindowRateLimiter

from api.core.config import Settings

log = logging.getLogger("merit.http")

T = TypeVar("T")


def limits_storage_url(redis_url: str) -> str:
    """REDIS_URL (redis://, rediss://, unix://) in the form the `limits` library takes."""
    if redis_url.startswith("unix://"):
        return "async+redis+unix://" + redis_url[len("unix://") :]
    return "async+" + redis_url


def shared_store_url(settings: Settings) -> str | None:
    """The Redis that rate limits share (MERIT_RATE_LIMIT_STORAGE=redis), else None."""
    storage = settings.rate_limit_storage or ("redis" if settings.is_production else "memory")
    return settings.redis_url if storage == "redis" else None


class RateLimiter:
    """`hit(*key)` counts one event for the key and says whether it is within the limit."""

    RETRY_SHARED_AFTER = 30.0
    SHARED_TIMEOUT = 1.0  # seconds for one hit on Redis before this process counts alone

    def __init__(self, limit: str | RateLimitItem, *, redis_url: str | None = None):
        self.item: RateLimitItem = parse_rate_limit(limit) if isinstance(limit, str) else limit
        self.redis_url = redis_url
        self.local = MovingWindowRateLimiter(MemoryStorage())
        self._shared: MovingWindowRateLimiter | None = None
        self._shared_down_until = 0.0

    def _shared_limiter(self) -> MovingWindowRateLimiter | None:
        if not self.redis_url or time.monotonic() < self._shared_down_until:
            return None
        if self._shared is None:
            storage: Storage = RedisStorage(
                limits_storage_url(self.redis_url),
                implementation="redispy",
                key_prefix="merit:ratelimit",
                socket_connect_timeout=0.5,
                socket_timeout=0.5,
            )
            self._shared = MovingWindowRateLimiter(storage)
        return self._shared

    async def hit(self, *key: str) -> tuple[bool, float]:
        """(allowed, seconds until a slot frees) for one event of `key`, counted."""
        return await self._on_store(lambda limiter: self._hit_on(limiter, key))

    async def test(self, *key: str) -> tuple[bool, float]:
        """(allowed, seconds until a slot frees) for one more event of `key`, not counted."""
        return await self._on_store(lambda limiter: self._test_on(limiter, key))

    async def clear(self, *key: str) -> None:
        """Forget the events of `key`."""
        await self._on_store(lambda limiter: limiter.clear(self.item, *key))

    async def _on_store(self, action: Callable[[MovingWindowRateLimiter], Awaitable[T]]) -> T:
        """`action` on the shared store, or on this process's counts while it is unreachable."""
        try:
            shared = self._shared_limiter()
            if shared is not None:
                return await asyncio.wait_for(action(shared), self.SHARED_TIMEOUT)
        except Exception as exc:
            self._shared_down_until = time.monotonic() + self.RETRY_SHARED_AFTER
            log.warning(
                "rate limit store unreachable, counting in this process for %ds: %s",
                self.RETRY_SHARED_AFTER,
                str(exc) or type(exc).__name__,
            )
        return await action(self.local)

    async def _hit_on(
        self, limiter: MovingWindowRateLimiter, key: tuple[str, ...]
    ) -> tuple[bool, float]:
        if await limiter.hit(self.item, *key):
            return True, 0.0
        return False, await self._wait_on(limiter, key)

    async def _test_on(
        self, limiter: MovingWindowRateLimiter, key: tuple[str, ...]
    ) -> tuple[bool, float]:
        if await limiter.test(self.item, *key):
            return True, 0.0
        return False, await self._wait_on(limiter, key)

    async def _wait_on(self, limiter: MovingWindowRateLimiter, key: tuple[str, ...]) -> float:
        stats = await limiter.get_window_stats(self.item, *key)
        return max(1.0, stats.reset_time - time.time())
