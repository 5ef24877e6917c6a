"""Straight to Postgres, a pooled connection that has served more organisation schemas than
MERIT_DB_SCHEMAS_PER_CONNECTION, or whose backend holds more memory than
MERIT_DB_BACKEND_MEMORY_MB, is replaced by a fresh backend (whose catalog cache starts empty)
when it is returned; one within both is kept, and no request fails because a connection was
retired."""

import logging
from collections.abc import AsyncIterator
from types import SimpleNamespace

import pytest
from sqlalchemy import text
from sqlalchemy.engine import make_url

from api.core import connection_budget
from api.core.config import get_settings
from api.core.db import dispose_engine, get_engine, tenant_session
from api.organizations.models import Organization
from tests.conftest import new_org

BUDGET = 3


@pytest.fixture
async def budget_of_three(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[None]:
    """A new engine with a budget of three schemas per connection, and one connection (every
    organisation's home)."""
    await dispose_engine()
    monkeypatch.setattr(get_settings(), "db_pool_size", 1)
    monkeypatch.setattr(get_settings(), "db_schemas_per_connection", BUDGET)
    monkeypatch.setattr(get_settings(), "db_backend_memory_mb", 0)
    monkeypatch.setattr(get_settings(), "db_pooler", "none")
    yield
    await dispose_engine()  # the next test gets an engine with the usual settings


@pytest.fixture
async def memory_checked_each_time(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[None]:
    """A new engine of one connection whose backend's memory is checked at every checkout,
    with no budget of schemas; the test sets the budget in megabytes."""
    await dispose_engine()
    monkeypatch.setattr(get_settings(), "db_pool_size", 1)
    monkeypatch.setattr(get_settings(), "db_schemas_per_connection", 0)
    monkeypatch.setattr(get_settings(), "db_pooler", "none")
    monkeypatch.setattr(connection_budget, "MEMORY_CHECK_SECONDS", 0.0)
    monkeypatch.setattr(connection_budget, "_memory_unreadable", False)
    yield
    await dispose_engine()


async def backend_of(org: Organization) -> int:
    """The pid of the backend that served one transaction of `org` (one at a time, so the
    pool never holds more than one connection)."""
    async with tenant_session(org.schema_name, org.id) as session:
        await session.execute(text("SELECT count(*) FROM employees"))
        return int(await session.scalar(text("SELECT pg_backend_pid()")))


async def test_a_connection_over_its_schema_budget_is_replaced(budget_of_three):
    orgs = [await new_org("budget") for _ in range(BUDGET + 1)]
    pids = [await backend_of(org) for org in orgs]
    assert len(set(pids)) == 1  # within budget: one backend served all four
    after = await backend_of(orgs[0])  # the fourth schema took it over: retired at checkin
    assert after != pids[0]
    # The fresh backend starts a count of its own.
    assert [await backend_of(org) for org in orgs[:BUDGET]] == [after] * BUDGET


async def test_a_connection_serving_the_same_organisations_is_kept(budget_of_three, org):
    others = [await new_org("budget") for _ in range(BUDGET - 1)]
    first = await backend_of(org)
    for _ in range(20):
        for one in [org, *others]:
            assert await backend_of(one) == first


async def test_no_request_fails_while_connections_are_retired(budget_of_three, login):
    orgs = [await new_org("budget") for _ in range(BUDGET * 2)]
    clients = [await login(org) for org in orgs]
    backends = set()
    for _ in range(3):
        for org, client in zip(orgs, clients, strict=True):
            response = await client.get("/api/employees")
            assert response.status_code == 200, response.text
            assert (await client.get("/api/dashboard/stats")).status_code == 200
            backends.add(await backend_of(org))
    assert len(backends) > 1  # connections were retired along the way


@pytest.mark.parametrize("pooler", ["transaction", "transaction-prepared"])
async def test_behind_a_pooler_no_connection_is_retired(budget_of_three, monkeypatch, pooler):
    """Behind a pooler Merit's connections are clients, not backends: retiring one would only
    cost a new connection to the pooler, so the budget is not kept there (either value)."""
    monkeypatch.setattr(get_settings(), "db_pooler", pooler)
    orgs = [await new_org("budget") for _ in range(BUDGET + 2)]
    assert len({await backend_of(org) for org in orgs * 2}) == 1


async def memory_budget(monkeypatch: pytest.MonkeyPatch, mb: int) -> None:
    """The budget in megabytes, on an engine made from here on."""
    monkeypatch.setattr(get_settings(), "db_backend_memory_mb", mb)
    await dispose_engine()


async def test_a_connection_over_its_memory_budget_is_replaced(
    memory_checked_each_time, monkeypatch, org
):
    # Every backend holds more than a megabyte of memory contexts from its first statement.
    await memory_budget(monkeypatch, 1)
    first = await backend_of(org)
    second = await backend_of(org)
    assert second != first
    assert await backend_of(org) not in (first, second)


async def test_a_connection_within_its_memory_budget_is_kept(
    memory_checked_each_time, monkeypatch, org
):
    await memory_budget(monkeypatch, 4096)
    others = [await new_org("memory") for _ in range(3)]
    first = await backend_of(org)
    for one in [org, *others] * 3:
        assert await backend_of(one) == first


async def test_a_memory_check_waits_ten_thousand_times_as_long_as_the_last_one_took(
    memory_checked_each_time, monkeypatch, org
):
    """The check walks every memory context of the backend, which takes longer the more
    statements it keeps: its cost stays a ten-thousandth of the connection's time."""
    await memory_budget(monkeypatch, 4096)
    clock = SimpleNamespace(now=1000.0)

    def monotonic() -> float:  # each reading 2 ms after the last: a check takes 2 ms
        clock.now += 0.002
        return clock.now

    monkeypatch.setattr(connection_budget, "time", SimpleNamespace(monotonic=monotonic))
    checks = []
    real_await = connection_budget.await_
    monkeypatch.setattr(connection_budget, "await_", lambda a: checks.append(1) or real_await(a))
    await backend_of(org)
    assert len(checks) == 1
    clock.now += 19.0
    await backend_of(org)
    assert len(checks) == 1  # 2 ms x 10,000 = 20 s not yet passed
    clock.now += 1.1
    await backend_of(org)
    assert len(checks) == 2


async def test_without_leave_to_read_its_memory_the_check_stops_and_work_goes_on(
    memory_checked_each_time, monkeypatch, caplog
):
    """A role that may not read pg_backend_memory_contexts (neither a superuser nor granted
    pg_read_all_stats): one warning that says what to grant, and no request fails."""
    async with get_engine().begin() as conn:
        await conn.execute(text("DROP ROLE IF EXISTS merit_no_stats"))
        await conn.execute(text("CREATE ROLE merit_no_stats LOGIN"))
    await dispose_engine()
    url = make_url(get_settings().database_url or "").set(username="merit_no_stats")
    monkeypatch.setattr(get_settings(), "database_url", url.render_as_string(False))
    monkeypatch.setattr(get_settings(), "db_backend_memory_mb", 1)
    try:
        with caplog.at_level(logging.WARNING, logger="merit.db"):
            for _ in range(3):
                async with get_engine().connect() as conn:
                    assert await conn.scalar(text("SELECT current_user")) == "merit_no_stats"
        warnings = [r for r in caplog.records if "pg_read_all_stats" in r.getMessage()]
        assert len(warnings) == 1
    finally:
        await dispose_engine()
        monkeypatch.undo()
        async with get_engine().begin() as conn:
            await conn.execute(text("DROP ROLE merit_no_stats"))


async def test_the_count_of_schemas_gives_way_to_a_memory_budget_it_can_read(
    budget_of_three, monkeypatch
):
    """Where the backend's memory is counted, a share of more organisations than the count
    but within the megabytes keeps its backend (not retired again and again); where it cannot
    be read, the count still bounds it."""
    monkeypatch.setattr(get_settings(), "db_backend_memory_mb", 4096)
    monkeypatch.setattr(connection_budget, "_memory_unreadable", False)
    await dispose_engine()
    orgs = [await new_org("budget") for _ in range(BUDGET + 2)]
    assert len({await backend_of(org) for org in orgs * 2}) == 1
    monkeypatch.setattr(connection_budget, "_memory_unreadable", True)
    before = await backend_of(orgs[0])
    assert await backend_of(orgs[0]) != before  # over the count: retired at that checkin
