"""Tenant isolation: each tenant transaction sees its own organisation's tables and nothing
else, by any statement; outside one no tenant table resolves; and a pooled connection is left
with no search_path at all. (tests/pooler runs these through PgBouncer too.)"""

import asyncio
import random
from collections.abc import AsyncIterator

import pytest
from sqlalchemy import func, select, text
from sqlalchemy.exc import ProgrammingError
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from api.core import db
from api.core.config import get_settings
from api.core.db import get_engine, tenant_session
from api.core.embedded import to_asyncpg_url
from api.core.pg_connect import behind_pooler, connect
from api.departments.models import Department
from api.organizations.models import Organization
from tests.pooler.run import SERVER_CONNECTIONS


async def mark(org: Organization, marker: str) -> None:
    """A department of `org` named for `marker`, committed."""
    async with tenant_session(org.schema_name, org.id) as s:
        s.add(Department(name=f"{marker} only", slug=marker))


async def foreign_rows_seen(org: Organization, other_org: Organization, sessions: int) -> list[str]:
    """Runs `sessions` concurrent sessions, each organisation's half adding a department and
    then reading every department's name, by the ORM and by a statement written out without a
    schema; returns the names each saw of the other organisation's (none, if isolated)."""
    seen_wrong: list[str] = []

    async def worker(n: int) -> None:
        target = org if n % 2 else other_org
        marker = f"o{target.id}"
        async with tenant_session(target.schema_name, target.id, reads_only=n % 3 == 0) as s:
            s.add(Department(name=f"{marker} team {n}", slug=f"{marker}-t{n}"))
            await s.flush()
            await asyncio.sleep(random.random() / 200)  # interleave with the other org
            by_model = (await s.execute(select(Department.name))).scalars().all()
            by_text = (await s.execute(text("SELECT name FROM departments"))).scalars().all()
            seen_wrong.extend(
                name
                for name in [*by_model, *by_text]
                if name.startswith("o") and not name.startswith(marker)
            )

    await asyncio.gather(*(worker(n) for n in range(sessions)))
    return seen_wrong


async def test_concurrent_sessions_of_two_organisations_never_cross(org, other_org):
    orgs = {org.id: org, other_org.id: other_org}
    assert await foreign_rows_seen(org, other_org, 120) == []
    for target in orgs.values():
        async with tenant_session(target.schema_name, target.id) as s:
            ours = await s.scalar(
                select(func.count()).where(Department.name.like(f"o{target.id} team %"))
            )
            theirs = await s.scalar(
                select(func.count()).where(
                    Department.name.like("o% team %"),
                    ~Department.name.like(f"o{target.id} team %"),
                )
            )
        assert ours == 60 and theirs == 0


async def test_unqualified_statements_in_a_tenant_session_see_only_its_schema(org, other_org):
    await mark(org, "mine")
    await mark(other_org, "theirs")
    for reads_only in (False, True):
        async with tenant_session(org.schema_name, org.id, reads_only=reads_only) as s:
            path = await s.scalar(text("SELECT current_setting('search_path')"))
            assert path == f'"{org.schema_name}"'
            names = set((await s.execute(text("SELECT name FROM departments"))).scalars())
            assert "mine only" in names and "theirs only" not in names
            # Another organisation's tables only by writing its schema out, which no tenant
            # statement of the app does (its tables are declared without a schema).
            qualified = text(f'SELECT count(*) FROM "{other_org.schema_name}".departments')
            assert await s.scalar(qualified) >= 1


async def test_every_transaction_of_a_tenant_session_starts_in_its_schema(org):
    await mark(org, "again")
    async with tenant_session(org.schema_name, org.id) as s:
        for _ in range(2):
            found = await s.scalar(select(Department.id).where(Department.slug == "again"))
            assert found is not None
            await s.commit()  # the next statement begins a new transaction


async def test_outside_a_tenant_transaction_no_tenant_table_resolves(org):
    await mark(org, "hidden")
    async with get_engine().connect() as conn:
        assert await conn.scalar(text("SELECT to_regclass('departments')")) is None
        with pytest.raises(ProgrammingError, match="does not exist"):
            await conn.execute(select(Department.name))


async def test_pooled_connections_are_left_without_a_search_path(org, other_org):
    async def touch(target: Organization, n: int) -> None:
        async with tenant_session(target.schema_name, target.id, reads_only=n % 2 == 0) as s:
            await s.execute(select(Department.id).limit(1))

    await asyncio.gather(*(touch(org if i % 3 else other_org, i) for i in range(40)))
    async with tenant_session(org.schema_name, org.id) as s:
        await s.execute(select(func.count()).select_from(Department))
        await s.rollback()  # a rolled back transaction gives its schema back as well
    # One after another: the pool hands out each of its connections in turn (and behind a
    # pooler, holding several open at once could wait for server connections forever).
    for _ in range(get_engine().pool.size()):  # type: ignore[attr-defined]
        async with get_engine().connect() as conn:
            # '' when set at connect, '""' when it is the role's default (behind a pooler)
            assert await conn.scalar(text("SHOW search_path")) in ("", '""')


@pytest.fixture
async def one_connection(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[AsyncEngine]:
    """The app's engine replaced by one with a single pooled connection."""
    url = to_asyncpg_url(get_settings().database_url or "")
    args = db._connect_args(get_settings().db_pooler)
    engine = create_async_engine(url, pool_size=1, connect_args=args)
    monkeypatch.setattr(db, "_engine", engine)
    yield engine
    await engine.dispose()


async def test_one_connection_serves_one_organisation_then_another(org, other_org, one_connection):
    """The statement is the same text for both, prepared once on the connection: Postgres
    plans it again for the other search_path, so each sees its own rows only."""
    await mark(org, "first")
    await mark(other_org, "second")
    query = select(Department.slug).where(Department.slug.in_(["first", "second"]))
    seen = []
    for target in (org, other_org, org, other_org):
        async with tenant_session(target.schema_name, target.id, reads_only=True) as s:
            seen.append(list((await s.execute(query)).scalars()))
    assert seen == [["first"], ["second"], ["first"], ["second"]]
    kept = await _kept_per_server_connection(one_connection, "SELECT departments.slug %")
    pooler = get_settings().db_pooler
    if pooler == "transaction":  # no statement outlives its message, on any server connection
        assert kept == [0] * SERVER_CONNECTIONS
    elif pooler == "transaction-prepared":
        # PgBouncer prepares it, once for every client and organisation, on each server
        # connection that ran it: on one at least (more if PgBouncer spread the four).
        assert max(kept) == 1, kept
    else:  # the connection's own backend: one statement serves both organisations
        assert kept == [1]


async def _kept_per_server_connection(engine: AsyncEngine, pattern: str) -> list[int]:
    """How many statements matching `pattern` each Postgres backend behind `engine` keeps
    prepared. Behind a pooler: every server connection's, each seen by holding as many
    transactions open at once as the pooler has server connections (tests/pooler/run.py)."""
    count = "SELECT count(*) FROM pg_prepared_statements WHERE statement LIKE $1"
    if not behind_pooler(get_settings().db_pooler):
        async with engine.connect() as conn:
            return [await conn.scalar(text(count.replace("$1", ":p")), {"p": pattern})]
    url = to_asyncpg_url(get_settings().database_url or "")
    conns = [await connect(url, pooler="transaction") for _ in range(SERVER_CONNECTIONS)]
    try:
        for conn in conns:
            await conn.execute("BEGIN")
        pids = {await conn.fetchval("SELECT pg_backend_pid()") for conn in conns}
        assert len(pids) == SERVER_CONNECTIONS
        return [await conn.fetchval(count, pattern) for conn in conns]
    finally:
        for conn in conns:
            await conn.close()
