"""Straight to Postgres, each organisation's transactions prefer one connection of the pool,
its home (the organisation's id modulo the pool size), so each backend keeps the catalog
cache of a fixed share of the organisations warm. A busy home delays a transaction only a
little before it takes another connection; no connection is lost or held by a cancelled
checkout, and a pool that stays exhausted still times out with SQLAlchemy's error."""

import asyncio
import random
import time
from collections.abc import AsyncIterator

import pytest
from sqlalchemy import exc, text
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from api.core import db, home_pool
from api.core.config import Settings, get_settings
from api.core.db import dispose_engine, tenant_session
from api.core.embedded import to_asyncpg_url
from api.core.home_pool import HomePool, home_connection
from api.organizations.models import Organization
from tests.conftest import new_org

POOL = 4


@pytest.fixture
async def pool_of_four(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[None]:
    """A new engine (an empty pool) of four connections straight to Postgres."""
    await dispose_engine()
    monkeypatch.setattr(get_settings(), "db_pool_size", POOL)
    monkeypatch.setattr(get_settings(), "db_pooler", "none")
    monkeypatch.setattr(get_settings(), "db_schemas_per_connection", 0)
    monkeypatch.setattr(get_settings(), "db_backend_memory_mb", 0)
    yield
    await dispose_engine()  # the next test gets an engine with the usual settings


async def backend_of(org: Organization, hold: float = 0.0) -> int:
    """The pid of the backend that served one transaction of `org`."""
    async with tenant_session(org.schema_name, org.id) as session:
        await session.execute(text("SELECT count(*) FROM employees"))
        if hold:
            await asyncio.sleep(hold)
        return int(await session.scalar(text("SELECT pg_backend_pid()")))


async def orgs_of_every_home(count: int) -> list[Organization]:
    orgs = [await new_org("home") for _ in range(count)]
    assert {org.id % POOL for org in orgs} == set(range(POOL))
    return orgs


async def two_of_one_home() -> tuple[Organization, Organization, int]:
    """Two organisations with the same home, once every home has a connection, and the pid
    of that home's backend."""
    orgs = await orgs_of_every_home(2 * POOL)
    for org in orgs:
        await backend_of(org)
    first, neighbour = orgs[0], orgs[POOL]
    return first, neighbour, await backend_of(first)


async def test_each_organisation_is_served_by_its_home_backend(pool_of_four):
    orgs = await orgs_of_every_home(2 * POOL)
    for _ in range(POOL):  # one transaction at a time: the pool fills to four, then stays
        for org in orgs:
            await backend_of(org)
    served = {org.id: {await backend_of(org) for _ in range(3)} for org in orgs}
    assert all(len(pids) == 1 for pids in served.values()), served
    home = {org.id: served[org.id].pop() for org in orgs}
    # Organisations with the same home share a backend; the four homes are four backends.
    for org in orgs:
        for other in orgs:
            assert (home[org.id] == home[other.id]) == (org.id % POOL == other.id % POOL)
    assert len(set(home.values())) == POOL


async def test_a_transaction_waits_briefly_for_its_busy_home_then_takes_another(pool_of_four):
    first, neighbour, home = await two_of_one_home()
    holder = asyncio.create_task(backend_of(first, hold=2.0))
    await asyncio.sleep(0.3)  # the holder has the home connection
    started = time.monotonic()
    elsewhere = await backend_of(neighbour)
    waited = time.monotonic() - started
    assert elsewhere != home
    assert waited < 1.0  # not behind the holder's two seconds
    assert await holder == home


async def test_a_home_coming_back_within_the_wait_goes_to_its_waiter(pool_of_four, monkeypatch):
    monkeypatch.setattr(home_pool, "HOME_WAIT_SECONDS", 5.0)
    first, neighbour, home = await two_of_one_home()
    holder = asyncio.create_task(backend_of(first, hold=0.5))
    await asyncio.sleep(0.2)
    # Three other connections are idle, yet the neighbour waits for its home.
    assert await backend_of(neighbour) == home
    assert await holder == home


async def test_only_one_transaction_waits_for_a_busy_home(pool_of_four, monkeypatch):
    """A second transaction of the same home, while one already waits for it, takes an idle
    connection at once: several requests of one screen do not queue behind each other."""
    monkeypatch.setattr(home_pool, "HOME_WAIT_SECONDS", 5.0)
    first, neighbour, home = await two_of_one_home()
    holder = asyncio.create_task(backend_of(first, hold=1.0))
    await asyncio.sleep(0.2)
    waiter = asyncio.create_task(backend_of(neighbour))
    await asyncio.sleep(0.1)
    started = time.monotonic()
    assert await backend_of(first) != home
    assert time.monotonic() - started < 0.5
    assert await waiter == home
    assert await holder == home


async def test_work_without_an_organisation_takes_any_idle_connection(pool_of_four, org):
    await backend_of(org)
    holder = asyncio.create_task(backend_of(org, hold=2.0))
    await asyncio.sleep(0.3)
    started = time.monotonic()
    async with db.catalog_reader() as connection:
        assert await connection.scalar(text("SELECT 1")) == 1
    assert time.monotonic() - started < 0.5
    await holder


@pytest.fixture
async def small_engine() -> AsyncIterator[AsyncEngine]:
    """An engine of its own on a home pool of two, with a short checkout timeout."""
    engine = create_async_engine(
        to_asyncpg_url(get_settings().database_url),
        poolclass=HomePool,
        pool_size=2,
        pool_timeout=0.3,
    )
    yield engine
    await engine.dispose()


async def pid_of(engine: AsyncEngine, key: int, hold: float = 0.0) -> int:
    with home_connection(key):
        async with engine.connect() as connection:
            if hold:
                await asyncio.sleep(hold)
            return int(await connection.scalar(text("SELECT pg_backend_pid()")))


async def test_an_exhausted_pool_times_out_and_keeps_its_connections(small_engine):
    holders = [asyncio.create_task(pid_of(small_engine, key, hold=1.0)) for key in (0, 1)]
    await asyncio.sleep(0.2)
    started = time.monotonic()
    with pytest.raises(exc.TimeoutError):
        await pid_of(small_engine, 0)
    assert 0.25 < time.monotonic() - started < 1.0
    pids = set(await asyncio.gather(*holders))
    assert len(pids) == 2
    assert small_engine.pool.checkedout() == 0
    assert {await pid_of(small_engine, key) for key in (0, 1, 2, 3)} == pids


async def test_a_connection_coming_back_never_idles_while_a_checkout_waits(
    small_engine, monkeypatch
):
    """Under full load a pool with homes serves as many transactions as one without: a
    connection that comes back goes to a waiter for another home rather than sitting idle."""
    monkeypatch.setattr(home_pool, "HOME_WAIT_SECONDS", 5.0)
    pids = {key: await pid_of(small_engine, key) for key in (0, 1)}
    assert len(set(pids.values())) == 2
    home = asyncio.create_task(pid_of(small_engine, 0, hold=2.0))
    other = asyncio.create_task(pid_of(small_engine, 1, hold=0.3))
    await asyncio.sleep(0.1)  # both connections are out
    started = time.monotonic()
    assert await pid_of(small_engine, 2) == pids[1]  # key 2's home is key 0's place
    assert time.monotonic() - started < 1.0  # not behind the holder's two seconds
    assert await home == pids[0] and await other == pids[1]


async def test_cancelled_checkouts_lose_no_connection(small_engine):
    rng = random.Random(3)
    tasks = [
        asyncio.create_task(pid_of(small_engine, rng.randrange(10), hold=rng.random() / 200))
        for _ in range(60)
    ]
    for _ in range(30):
        await asyncio.sleep(rng.random() / 100)
        rng.choice(tasks).cancel()
    results = await asyncio.gather(*tasks, return_exceptions=True)
    assert {type(r) for r in results} <= {int, asyncio.CancelledError}
    assert small_engine.pool.checkedout() == 0
    assert small_engine.pool.checkedin() == 2
    assert len({await pid_of(small_engine, key) for key in (0, 1)}) == 2


def test_the_home_pool_is_fixed_size():
    with pytest.raises(ValueError, match="max_overflow=0"):
        HomePool(lambda: None, pool_size=2, max_overflow=3)


async def test_behind_a_pooler_or_turned_off_the_engine_keeps_sqlalchemys_pool(monkeypatch):
    await dispose_engine()
    try:
        monkeypatch.setattr(get_settings(), "db_pooler", "transaction")
        assert not isinstance(db.get_engine().pool, HomePool)
        await dispose_engine()
        monkeypatch.setattr(get_settings(), "db_pooler", "none")
        monkeypatch.setattr(get_settings(), "db_home_connections", False)
        assert not isinstance(db.get_engine().pool, HomePool)
        await dispose_engine()
        monkeypatch.setattr(get_settings(), "db_home_connections", True)
        monkeypatch.setattr(get_settings(), "db_pooler", "none")
        assert isinstance(db.get_engine().pool, HomePool)
    finally:
        await dispose_engine()


def test_home_databases_are_a_poolers_and_refused_straight_to_postgres(monkeypatch):
    """MERIT_DB_POOLER_HOMES names PgBouncer aliases (tests/pooler/test_home_databases.py):
    straight to Postgres there are none, so the setting alone is a configuration error
    that says what to set, not a failure at the first request."""
    monkeypatch.setenv("MERIT_DB_POOLER_HOMES", "16")
    monkeypatch.setenv("MERIT_DB_POOLER", "none")
    with pytest.raises(ValueError, match="set MERIT_DB_POOLER too"):
        Settings()
    monkeypatch.setenv("MERIT_DB_POOLER", "transaction")
    assert Settings().db_pooler_homes == 16
