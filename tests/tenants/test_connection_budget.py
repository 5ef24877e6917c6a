"""Straight to Postgres, a pooled connection that has served more organisation schemas than
MERIT_DB_SCHEMAS_PER_CONNECTION is replaced by a fresh backend (whose catalog cache starts
empty) when it is returned; one that keeps serving the same organisations is kept, and no
request fails because a connection was retired."""

from collections.abc import AsyncIterator

import pytest
from sqlalchemy import text

from api.core.config import get_settings
from api.core.db import dispose_engine, tenant_session
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
    monkeypatch.setattr(get_settings(), "db_pooler", "none")
    yield
    await dispose_engine()  # the next test gets an engine with the usual settings


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
