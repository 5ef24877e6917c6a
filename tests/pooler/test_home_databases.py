"""Home databases behind PgBouncer (MERIT_DB_POOLER_HOMES, api/core/db.py's tenant_engine):
each organisation's transactions run on the server connections of its own home database
only, so a backend serves a fixed share of the organisations; organisations that share a home
still never see each other's rows; catalog work stays on the main database."""

import asyncio
import os
from collections.abc import AsyncIterator

import pytest
from sqlalchemy import text

from api.core.db import get_engine, tenant_engine, tenant_session
from api.organizations.models import Organization
from tests.conftest import new_org
from tests.pooler.test_through_pgbouncer import READS, _marker, _seed

# Aliases tests/pooler/run.py gave each PgBouncer, one server connection each plus one reserve.
HOMES = int(os.environ.get("MERIT_POOLER_HOMES", "0"))
SERVERS_PER_HOME = 2


@pytest.fixture
async def homes(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[int]:
    """The app's settings and engines made again with MERIT_DB_POOLER_HOMES for the test."""
    from api.core.config import get_settings
    from api.core.db import dispose_engine

    assert HOMES, "tests/pooler/run.py gives PgBouncer home databases"
    await dispose_engine()
    monkeypatch.setenv("MERIT_DB_POOLER_HOMES", str(HOMES))
    get_settings.cache_clear()
    yield HOMES
    await dispose_engine()
    monkeypatch.undo()
    get_settings.cache_clear()


async def _organisations(count: int) -> list[Organization]:
    """`count` new organisations; consecutive ids, so every home has one and, past HOMES,
    some share one."""
    return [await new_org("h", f"Home {n}") for n in range(count)]


async def _backends(org: Organization, transactions: int, at_once: int) -> set[int]:
    """The server backends that ran `transactions` of `org`'s transactions, `at_once` at a
    time; each checks it ran in the organisation's own schema."""
    gate = asyncio.Semaphore(at_once)

    async def one() -> int:
        async with gate, tenant_session(org.schema_name, org.id) as db:
            row = (
                await db.execute(
                    text("SELECT pg_backend_pid(), current_setting('search_path'), pg_sleep(0.01)")
                )
            ).one()
            assert row[1] == f'"{org.schema_name}"'
            return int(row[0])

    return set(await asyncio.gather(*(one() for _ in range(transactions))))


async def test_each_organisation_runs_on_the_backends_of_its_home(homes):
    orgs = await _organisations(homes + 1)  # the first and the last share a home
    served = await asyncio.gather(*(_backends(o, 30, 4) for o in orgs))
    by_home: dict[int, set[int]] = {}
    for org, backends in zip(orgs, served, strict=True):
        by_home.setdefault(org.id % homes, set()).update(backends)
    assert len(by_home) == homes
    for home, backends in by_home.items():
        # One server connection and its reserve: four transactions at once are more than one.
        assert 1 <= len(backends) <= SERVERS_PER_HOME, (home, backends)
        for other, theirs in by_home.items():
            if other != home:
                assert not backends & theirs, f"homes {home} and {other} shared a backend"
    assert tenant_engine(orgs[0].id) is tenant_engine(orgs[-1].id)
    assert tenant_engine(orgs[0].id) is not tenant_engine(orgs[1].id)
    assert tenant_engine(orgs[0].id) is not get_engine()


async def test_without_homes_organisations_share_the_server_connections():
    """The run's other tests: one database, every organisation on PgBouncer's few server
    connections (what the isolation tests rely on to catch a leak between organisations)."""
    orgs = await _organisations(2)
    first, second = await asyncio.gather(*(_backends(o, 30, 4) for o in orgs))
    assert tenant_engine(orgs[0].id) is get_engine()
    assert first & second


async def test_organisations_sharing_a_home_never_see_each_others_rows(homes, app, login):
    orgs = await _organisations(homes + 1)
    pair = (orgs[0], orgs[-1])
    assert pair[0].id % homes == pair[1].id % homes
    clients = {o.id: await login(o) for o in pair}
    for o in pair:
        await _seed(clients[o.id], o)
    errors: list[str] = []
    leaks: list[str] = []
    gate = asyncio.Semaphore(24)

    async def one(n: int) -> None:
        mine, theirs = pair if n % 2 else pair[::-1]
        async with gate:
            r = await clients[mine.id].get(READS[n % len(READS)])
        if r.status_code != 200:
            errors.append(f"{r.request.url.path}: {r.status_code} {r.text[:200]}")
        if _marker(theirs) in r.text:
            leaks.append(str(r.request.url))

    await asyncio.gather(*(one(n) for n in range(300)))
    assert errors == [], errors[:5]
    assert leaks == [], leaks[:5]
