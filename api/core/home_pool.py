"""A connection pool in which every organisation has a home connection.

Straight to Postgres each pooled connection is one backend, and a backend builds a catalog
cache entry for every table and index of every schema it touches: the first request of an
organisation on a backend costs about a millisecond more Postgres CPU than the next ones
(planning opens every index of every table named; parse analysis and the table entries
themselves are built from the catalog). With connections taken in turn, traffic spread over
thousands of organisations lands each request on a backend that has not served its
organisation lately, and pays that millisecond nearly every time.

So a tenant transaction asks first for its organisation's home connection, the one whose
place in the pool is the organisation's id modulo the pool size. Each backend then serves a
fixed share of the organisations and keeps their catalog warm, and the catalog memory of all
organisations is divided among the backends instead of each backend growing towards all of
them. When the home connection is busy, the transaction waits for it a little
(HOME_WAIT_SECONDS) and then takes whichever connection is free first; and only one waits for
it at a time (the others take an idle connection at once), so a busy organisation, or one
screen's several requests, never wait long behind each other. Work with no organisation
(the platform catalog, sign-in) takes any connection, first come, first served.

Behind a pooler in transaction mode the pooler chooses the server connection, so the engine
does not use this pool there; the pooler's home databases do the same job (tenant_engine in
api/core/db.py).
"""

import asyncio
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from sqlalchemy import exc
from sqlalchemy.pool import AsyncAdaptedQueuePool, ConnectionPoolEntry
from sqlalchemy.util import await_, safe_reraise
from sqlalchemy.util.queue import Empty, Full, QueueCommon

# How long a transaction waits for its organisation's own connection before taking another.
# A request holds its connection for a few milliseconds; a backend that has not served the
# organisation spends about one more millisecond of CPU on it, and keeps its catalog after.
HOME_WAIT_SECONDS = 0.02

_home_key: ContextVar[int | None] = ContextVar("merit_home_connection", default=None)


@contextmanager
def home_connection(key: int) -> Iterator[None]:
    """Connections taken from the pool within this block prefer the home of `key` (an
    organisation's id)."""
    token = _home_key.set(key)
    try:
        yield
    finally:
        _home_key.reset(token)


class _Waiter:
    """A checkout waiting for a connection: `place` is its home's place in the pool, or None
    once any connection will do."""

    __slots__ = ("future", "place")

    def __init__(self, place: int | None, future: "asyncio.Future[ConnectionPoolEntry]"):
        self.place = place
        self.future = future


class HomeQueue(QueueCommon[ConnectionPoolEntry]):
    """The pool's idle connections, each at its place (0, 1, ... in the order each first came
    back), and the checkouts waiting for one.

    A connection coming back goes to the oldest waiter that takes any connection, else to the
    oldest waiting for this very place, else, when no other connection is idle, to the oldest
    waiter: a pool under full load serves as many transactions as one without homes (which
    are then found less often). A waiter for a place takes an idle connection once
    HOME_WAIT_SECONDS have passed, so nobody waits behind the others for long.
    """

    def __init__(self, maxsize: int = 0, use_lifo: bool = False):
        self.maxsize = maxsize
        self.use_lifo = use_lifo
        self._idle: dict[int, ConnectionPoolEntry] = {}
        self._places: dict[ConnectionPoolEntry, int] = {}
        self._waiters: deque[_Waiter] = deque()

    def empty(self) -> bool:
        return not self._idle

    def full(self) -> bool:
        return bool(self.maxsize) and len(self._idle) >= self.maxsize

    def qsize(self) -> int:
        return len(self._idle)

    def put(
        self, item: ConnectionPoolEntry, block: bool = True, timeout: float | None = None
    ) -> None:
        self.put_nowait(item)

    def put_nowait(self, item: ConnectionPoolEntry) -> None:
        place = self._places.get(item)
        if place is None:
            if len(self._places) >= self.maxsize:  # an overflow connection: HomePool has none
                raise Full()
            place = self._places[item] = len(self._places)
        waiter = self._next_waiter(place)
        if waiter is not None:
            waiter.future.set_result(item)
        else:
            self._idle[place] = item

    def _next_waiter(self, place: int) -> _Waiter | None:
        chosen: _Waiter | None = None
        oldest = for_this_place = None
        for waiter in self._waiters:
            if waiter.future.done():
                continue
            if waiter.place is None:
                chosen = waiter
                break
            if oldest is None:
                oldest = waiter
            if waiter.place == place and for_this_place is None:
                for_this_place = waiter
        else:
            # Another place's waiter takes it only when it would be the one idle connection:
            # while others are idle, those waiters chose to wait for their homes.
            chosen = for_this_place or (None if self._idle else oldest)
        if chosen is not None:
            self._waiters.remove(chosen)
        return chosen

    def get_nowait(self) -> ConnectionPoolEntry:
        if not self._idle:
            raise Empty()
        return self._idle.pop(next(iter(self._idle)))

    def get(self, block: bool = True, timeout: float | None = None) -> ConnectionPoolEntry:
        if self._idle or not block:
            return self.get_nowait()
        return await_(self._wait(None, timeout_seconds=timeout))

    def take(self, place: int) -> ConnectionPoolEntry | None:
        """The connection at `place` if it is idle."""
        return self._idle.pop(place, None)

    def wait_for(self, place: int, timeout: float | None) -> ConnectionPoolEntry:
        """The connection at `place` as soon as it comes back, or after HOME_WAIT_SECONDS any
        connection (an idle one at once); Empty after `timeout`. When another checkout is
        already waiting for that place, an idle connection is taken at once: one screen's
        several requests, or a busy organisation's, do not queue behind each other."""
        if self._idle and any(w.place == place for w in self._waiters if not w.future.done()):
            return self.get_nowait()
        return await_(self._wait(place, timeout_seconds=timeout))

    async def _wait(
        self, place: int | None, *, timeout_seconds: float | None
    ) -> ConnectionPoolEntry:
        loop = asyncio.get_running_loop()
        waiter = _Waiter(place, loop.create_future())
        self._waiters.append(waiter)
        timers = []
        if timeout_seconds is not None:
            timers.append(loop.call_later(timeout_seconds, self._time_out, waiter))
        if place is not None:
            timers.append(loop.call_later(HOME_WAIT_SECONDS, self._any_will_do, waiter))
        try:
            return await waiter.future
        except asyncio.CancelledError:
            # Cancelled just after a connection was handed over: pass it on, never lose it.
            future = waiter.future
            if future.done() and not future.cancelled() and future.exception() is None:
                self.put_nowait(future.result())
            raise
        finally:
            for timer in timers:
                timer.cancel()
            if waiter in self._waiters:
                self._waiters.remove(waiter)

    def _any_will_do(self, waiter: _Waiter) -> None:
        if waiter.future.done():
            return
        waiter.place = None
        if self._idle:
            self._waiters.remove(waiter)
            waiter.future.set_result(self.get_nowait())

    def _time_out(self, waiter: _Waiter) -> None:
        if not waiter.future.done():
            waiter.future.set_exception(Empty())


class HomePool(AsyncAdaptedQueuePool):
    """SQLAlchemy's asyncio queue pool, where a checkout inside `home_connection(key)` takes
    the connection at place `key % pool_size` when it can (see the module's docstring). A
    fixed pool: no overflow connections, whose places would come and go."""

    _queue_class = HomeQueue
    _pool: HomeQueue

    def __init__(self, creator: Any, pool_size: int = 5, max_overflow: int = 0, **kw: Any):
        if max_overflow != 0 or pool_size < 1:
            raise ValueError("HomePool keeps a fixed number of connections (max_overflow=0)")
        super().__init__(creator, pool_size=pool_size, max_overflow=0, **kw)

    def _do_get(self) -> ConnectionPoolEntry:
        key = _home_key.get()
        if key is None:
            return super()._do_get()
        place = key % self._pool.maxsize
        record = self._pool.take(place)
        if record is not None:
            return record
        if self._inc_overflow():
            # The pool is not full yet: a new connection, which takes the next free place.
            try:
                return self._create_connection()
            except BaseException:
                with safe_reraise():
                    self._dec_overflow()
                raise
        try:
            return self._pool.wait_for(place, self._timeout)
        except Empty:
            raise exc.TimeoutError(
                f"QueuePool limit of size {self.size()} overflow 0 reached, "
                f"connection timed out, timeout {self._timeout:0.2f}",
                code="3o7r",
            ) from None
