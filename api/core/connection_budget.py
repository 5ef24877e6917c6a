"""How long a pooled connection may live, straight to Postgres: each is one backend, whose
catalog cache grows with every organisation schema it serves until it exits. Two budgets
replace a connection when it is returned (the next checkout opens a fresh backend, and no
request sees it happen): its backend's memory in megabytes, when the role may read it, and
otherwise the count of schemas it has served. Behind a pooler neither applies (api/core/db.py).
"""

import logging
import time
from typing import Any

import asyncpg
from sqlalchemy import event
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlalchemy.util import await_

log = logging.getLogger("merit.db")

# Where a pooled connection counts the organisation schemas its backend has served.
SCHEMAS_SERVED = "schemas_served"


def retire_when_over_budget(
    engine: AsyncEngine, budget: int, *, unless_memory_is_counted: bool
) -> None:
    """Straight to Postgres, each pooled connection is one backend, and a backend keeps the
    catalog cache of every schema it touched for as long as it lives (up to ~350 KB for a
    schema whose every table it read). With traffic spread over thousands of organisations
    on connections taken in turn, that grows every backend towards gigabytes before
    pool_recycle ends it; home connections (api/core/home_pool.py) give each backend a fixed
    share instead, which the budget should hold. So a connection that has served more than
    `budget` distinct schemas is retired when it is returned: the next checkout closes it and
    opens a fresh backend, and no request sees it happen.

    The budget in megabytes (retire_when_over_memory) measures the same thing better, so
    `unless_memory_is_counted` leaves this count to the case where the role turned out not
    to be allowed to read its backend's memory: a share of organisations larger than the
    count but within the megabytes is then not retired again and again.

    Not registered behind a pooler: there a connection is not a backend, and the pooler's own
    server_lifetime bounds its server connections."""

    @event.listens_for(engine.sync_engine, "connect")
    def connected(dbapi_connection: Any, record: Any) -> None:
        record.info[SCHEMAS_SERVED] = set()

    @event.listens_for(engine.sync_engine, "checkin")
    def checked_in(dbapi_connection: Any, record: Any) -> None:
        if unless_memory_is_counted and not _memory_unreadable:
            return
        served = record.info.get(SCHEMAS_SERVED) if record is not None else None
        if served is not None and len(served) > budget:
            # Soft: nothing is closed here (a checkin may run outside the event loop); the
            # next checkout closes it and connects anew, which clears record.info.
            record.invalidate(soft=True)


# How often a pooled connection asks its backend how much memory it holds: at most every
# MEMORY_CHECK_SECONDS, and then only after 10,000 times as long as the last answer took. The
# answer walks every memory context of the backend: 0.2 ms for a fresh one, 7.6 ms for one that
# keeps 1,000 prepared statements of 200 organisations (MERIT_DB_SCHEMA_IN_STATEMENTS). With
# 48 such connections checked every 30 s, a request cost about twice the Postgres CPU.
MEMORY_CHECK_SECONDS = 30.0
MEMORY_CHECK_SPACING = 10_000
_NEXT_MEMORY_CHECK = "next_memory_check"
_OVER_MEMORY = "over_memory"
_BACKEND_MEMORY = "SELECT sum(total_bytes)::bigint FROM pg_backend_memory_contexts"
# Set once the role turned out not to be allowed to read its backend's memory contexts.
_memory_unreadable = False


def retire_when_over_memory(engine: AsyncEngine, budget_mb: int) -> None:
    """The budget in megabytes, as Postgres counts them: at most every MEMORY_CHECK_SECONDS a
    checkout asks the connection's backend for the memory of its contexts (the catalog cache
    of the schemas it served is most of it), and a connection over the budget is retired
    when it is returned, as by the budget of schemas. A count of schemas cannot tell a
    schema whose one table was read from one whose twenty were; this can.

    Reading pg_backend_memory_contexts takes a superuser or the pg_read_all_stats role
    (deploy/README.md); without it the check logs once and stops, and the budget of schemas
    applies instead."""
    limit = budget_mb * 1024 * 1024

    @event.listens_for(engine.sync_engine, "connect")
    def connected(dbapi_connection: Any, record: Any) -> None:
        record.info[_NEXT_MEMORY_CHECK] = time.monotonic() + MEMORY_CHECK_SECONDS

    @event.listens_for(engine.sync_engine, "checkout")
    def checked_out(dbapi_connection: Any, record: Any, proxy: Any) -> None:
        global _memory_unreadable
        now = time.monotonic()
        if _memory_unreadable or now < record.info.get(_NEXT_MEMORY_CHECK, 0.0):
            return
        record.info[_NEXT_MEMORY_CHECK] = now + MEMORY_CHECK_SECONDS
        try:
            # Outside any transaction, on the driver's connection: one round trip.
            held = await_(dbapi_connection.driver_connection.fetchval(_BACKEND_MEMORY))
            took = time.monotonic() - now
            record.info[_NEXT_MEMORY_CHECK] = now + max(
                MEMORY_CHECK_SECONDS, took * MEMORY_CHECK_SPACING
            )
        except asyncpg.InsufficientPrivilegeError:
            _memory_unreadable = True
            log.warning(
                "MERIT_DB_BACKEND_MEMORY_MB is not enforced: the database role may not read "
                "pg_backend_memory_contexts (GRANT pg_read_all_stats TO <role>)"
            )
            return
        if held is not None and held > limit:
            record.info[_OVER_MEMORY] = True

    @event.listens_for(engine.sync_engine, "checkin")
    def checked_in(dbapi_connection: Any, record: Any) -> None:
        if record is not None and record.info.get(_OVER_MEMORY):
            record.invalidate(soft=True)  # replaced at the next checkout, as by the count


def note_schema(pooled_info: dict[Any, Any], schema: str) -> None:
    """Counts the schema against its connection's budget (only where one is kept)."""
    served = pooled_info.get(SCHEMAS_SERVED)
    if served is not None:
        served.add(schema)
