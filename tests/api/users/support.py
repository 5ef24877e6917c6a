"""How many pooled connections a piece of work holds at once (a request must never hold two:
a full pool would deadlock)."""

from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import event

from api.core.db import get_engine


class PoolWatch:
    def __init__(self) -> None:
        self.current = 0
        self.most = 0

    def checkout(self, *_: object) -> None:
        self.current += 1
        self.most = max(self.most, self.current)

    def checkin(self, *_: object) -> None:
        self.current -= 1


@contextmanager
def pool_watch() -> Iterator[PoolWatch]:
    """Counts the connections checked out of the shared pool from here on."""
    pool = get_engine().sync_engine.pool
    watch = PoolWatch()
    event.listen(pool, "checkout", watch.checkout)
    event.listen(pool, "checkin", watch.checkin)
    try:
        yield watch
    finally:
        event.remove(pool, "checkout", watch.checkout)
        event.remove(pool, "checkin", watch.checkin)
