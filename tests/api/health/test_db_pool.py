"""Pooled connections: one whose server process died while it sat idle is replaced before use,
so a request after a Postgres restart or a killed backend does not fail."""

from contextlib import AsyncExitStack

import asyncpg
import pytest
from sqlalchemy import text

from api.core import db
from api.core.config import get_settings


async def _kill_idle_merit_backends() -> int:
    """Terminate every idle backend of this process's pool (as a restart would)."""
    url = get_settings().database_url
    assert url
    killer = await asyncpg.connect(url.replace("postgresql+asyncpg://", "postgresql://"))
    try:
        return len(
            await killer.fetch(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE application_name = 'merit' AND state = 'idle'"
            )
        )
    finally:
        await killer.close()


async def _warm_pool() -> None:
    async with db.get_engine().connect() as conn:
        assert (await conn.execute(text("SELECT 1"))).scalar_one() == 1


async def _pool_of(size: int) -> None:
    """`size` connections in the pool, all idle."""
    async with AsyncExitStack() as stack:
        for _ in range(size):
            conn = await stack.enter_async_context(db.get_engine().connect())
            await conn.execute(text("SELECT 1"))


async def test_idle_connections_whose_backends_died_are_replaced(monkeypatch):
    await _pool_of(3)
    assert await _kill_idle_merit_backends() >= 3
    monkeypatch.setattr(db, "PING_AFTER_IDLE_SECONDS", 0.0)
    async with db.public_session() as session:
        assert (await session.execute(text("SELECT 2"))).scalar_one() == 2
    # The failed check dropped the whole pool: three connections at once all work.
    monkeypatch.setattr(db, "PING_AFTER_IDLE_SECONDS", 3600.0)
    async with AsyncExitStack() as stack:
        for _ in range(3):
            conn = await stack.enter_async_context(db.get_engine().connect())
            assert (await conn.execute(text("SELECT 3"))).scalar_one() == 3


async def test_a_recently_used_connection_is_not_pinged(monkeypatch):
    # A pool of one connection, whatever earlier tests left: which connection a checkout gets
    # (the pool hands out the longest idle first) must not decide the outcome.
    await db.dispose_engine()
    await _warm_pool()
    pings = []
    monkeypatch.setattr(db, "PING_AFTER_IDLE_SECONDS", 3600.0)
    engine = db.get_engine()
    async with engine.connect() as conn:
        raw = await conn.get_raw_connection()
        dbapi = raw.dbapi_connection
        assert dbapi is not None
        original = type(dbapi).ping
        monkeypatch.setattr(type(dbapi), "ping", lambda self: pings.append(1) or original(self))
    async with db.catalog_reader() as session:
        await session.execute(text("SELECT 1"))
    assert pings == []
    monkeypatch.setattr(db, "PING_AFTER_IDLE_SECONDS", 0.0)
    async with db.catalog_reader() as session:
        await session.execute(text("SELECT 1"))
    assert pings == [1]


@pytest.mark.parametrize("method", ["GET", "POST"])
async def test_tenant_sessions_run_in_one_transaction_for_reads_too(org, method):
    # The schema is chosen per transaction, and behind a pooler only a transaction keeps a
    # request's statements on one server connection: reads share one as writes do.
    xid = text("SELECT pg_current_xact_id()::text")
    async with db.tenant_session(org.schema_name, org.id, reads_only=method == "GET") as session:
        first = (await session.execute(xid)).scalar_one()
        second = (await session.execute(xid)).scalar_one()
    assert first == second


async def _burst_backend_pids(size: int) -> set[int]:
    """Hold `size` connections at once, then return them all; the Postgres backends used."""
    async with AsyncExitStack() as stack:
        pids = set()
        for _ in range(size):
            conn = await stack.enter_async_context(db.get_engine().connect())
            pids.add((await conn.execute(text("SELECT pg_backend_pid()"))).scalar_one())
        return pids


async def test_bursts_reuse_the_pooled_connections(monkeypatch):
    # Connections are kept between bursts, not opened and closed each time: a new connection
    # is a new Postgres backend, which under steady load cost a third of a core.
    monkeypatch.setattr(db, "PING_AFTER_IDLE_SECONDS", 3600.0)
    pool = db.get_engine().pool
    size = pool.size() + max(pool._max_overflow, 0)  # type: ignore[attr-defined]  # capacity
    first = await _burst_backend_pids(size)
    second = await _burst_backend_pids(size)
    assert len(first) == size
    assert second == first
