"""Database engine, declarative bases and the two kinds of session.

Tenant tables are declared without a schema, so every statement has the same text for every
organisation. A tenant session picks the organisation's schema per transaction: the first
thing each of its transactions runs is `set_config('search_path', '"org_<id>"', true)`,
which Postgres undoes at COMMIT or ROLLBACK. A connection's own search_path is empty, so a
tenant table named outside a tenant transaction does not resolve at all; catalog tables are
always named `public.<table>`.

Behind a pooler in transaction mode (MERIT_DB_POOLER=transaction or transaction-prepared)
every transaction may run on another server connection, so nothing a transaction leaves behind
may be relied on: the schema is chosen inside the transaction (as always), and either no
statement is prepared under a name (`transaction`: each is parsed again with its execution, in
the same message) or PgBouncer itself carries the named ones (`transaction-prepared`).
"""

import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any

from pydantic_core import from_json
from sqlalchemy import Connection, MetaData, Result, Select, event, make_url, text
from sqlalchemy.exc import InvalidatePoolError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, AsyncSession, create_async_engine
from sqlalchemy.orm import DeclarativeBase, Session, object_session

from api.core.config import get_settings
from api.core.connection_budget import note_schema, retire_when_over_budget, retire_when_over_memory
from api.core.embedded import to_asyncpg_url
from api.core.home_pool import HomePool, home_connection
from api.core.pg_connect import Pooler, behind_pooler, connection_arguments, home_database

NAMING = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


def utcnow() -> datetime:
    return datetime.now(UTC)


class PublicBase(DeclarativeBase):
    """Platform catalog tables, always in the public schema."""

    metadata = MetaData(schema="public", naming_convention=NAMING)


class TenantBase(DeclarativeBase):
    """Tables that exist once per organisation, in its own schema."""

    metadata = MetaData(naming_convention=NAMING)

    @property
    def organization_id(self) -> int | None:
        """The API shows organizationId on records; it is the session's organisation."""
        session = object_session(self)
        return session.info.get("organization_id") if session else None


_engine: AsyncEngine | None = None
# Behind a pooler with MERIT_DB_POOLER_HOMES: one engine per home database, made when first used.
_home_engines: dict[int, AsyncEngine] = {}

# A pooled connection idle for longer than this is checked before use. One used moments ago is
# not: under load that check was three round trips per checkout (BEGIN, ping, ROLLBACK). If
# Postgres went away meanwhile, the first statement fails, the request answers 503, and the
# pool drops every connection made before the failure.
PING_AFTER_IDLE_SECONDS = 5.0


def get_engine() -> AsyncEngine:
    """The engine of the platform catalog, and of organisations' work too unless they have
    home databases behind the pooler (tenant_engine)."""
    global _engine
    if _engine is None:
        _engine = _make_engine()
    return _engine


def tenant_engine(organization_id: int) -> AsyncEngine:
    """The engine an organisation's transactions run on.

    Behind PgBouncer the pooler picks the server connection, so Merit's own home connections
    (api/core/home_pool.py) cannot keep an organisation on one backend. With
    MERIT_DB_POOLER_HOMES=K the pooler's configuration instead has K more databases,
    `<database>_home_0` to `<database>_home_<K-1>`, each an alias of the same Postgres
    database with a small server pool of its own; an organisation's transactions go to the
    one at `id % K`. Each server connection then serves a fixed share of the organisations and
    keeps their catalog cache warm, for every Merit process alike (deploy/README.md shows the
    pooler's side). Catalog work stays on the main database."""
    settings = get_settings()
    homes = settings.db_pooler_homes
    if not homes:
        return get_engine()
    home = organization_id % homes
    engine = _home_engines.get(home)
    if engine is None:
        engine = _home_engines[home] = _make_engine(home=home)
    return engine


def _make_engine(home: int | None = None) -> AsyncEngine:
    settings = get_settings()
    if not settings.database_url:
        raise RuntimeError("DATABASE_URL is not set and no embedded Postgres was started")
    url = make_url(to_asyncpg_url(settings.database_url))
    if home is not None:
        url = url.set(database=home_database(url.database or "", home))
    straight_to_postgres = not behind_pooler(settings.db_pooler)
    home_connections = straight_to_postgres and settings.db_home_connections
    engine = create_async_engine(
        url,
        # A small fixed pool, no overflow. Overflow connections are closed as soon as they
        # are returned, so under steady load they were opened and closed many times a
        # second, each a new Postgres backend (fork, authentication, catalog cache): at 300
        # req/s that took a third of a core and p99 over 1 s. Small: requests beyond it
        # wait their turn instead of all running at once, and each connection's statement
        # cache sees more repeats (tests/bench/load.py, 2 cores: p99 at 300 req/s 130-150
        # ms with 8, 130-290 ms with 10, 500-1,000 ms with 20).
        pool_size=settings.db_pool_size,
        max_overflow=0,
        # Straight to Postgres, each organisation prefers one connection of the pool, whose
        # backend keeps its catalog cache warm (api/core/home_pool.py).
        **({"poolclass": HomePool} if home_connections else {}),
        # Hourly, for whatever a long-lived backend gathers. Not sooner: straight to
        # Postgres a new backend rebuilds the catalog cache of its organisations, which at
        # 10,000 of them and every 15 minutes was a quarter of the requests. Memory is
        # bounded by the budget per connection (api/core/connection_budget.py) and, behind
        # a pooler, by a home database's share and the pooler's server_lifetime.
        pool_recycle=3600,
        pool_timeout=10,
        # JSONB values (review answers, template questions) parsed by pydantic-core's
        # parser: a list of 1,000 reviews spent a sixth of its time in json.loads.
        json_deserializer=from_json,
        connect_args=_connect_args(settings.db_pooler),
    )
    _ping_when_idle(engine)
    if straight_to_postgres and settings.db_schemas_per_connection:
        retire_when_over_budget(
            engine,
            settings.db_schemas_per_connection,
            unless_memory_is_counted=settings.db_backend_memory_mb > 0,
        )
    if straight_to_postgres and settings.db_backend_memory_mb:
        retire_when_over_memory(engine, settings.db_backend_memory_mb)
    return engine


def _connect_args(pooler: Pooler) -> dict[str, Any]:
    """asyncpg's connection arguments, straight to Postgres or through a pooler
    (api/core/pg_connect.py, shared with the commands that connect without SQLAlchemy)."""
    return {
        **connection_arguments(pooler),
        # SQLAlchemy keeps each statement it prepared with its column and parameter types.
        # The texts are the same for every organisation, so a few hundred cover the app;
        # each kept statement costs Postgres about 30 KB per connection when it is a named
        # server-side statement (tests/bench/request_cpu.py prints how many were prepared).
        "prepared_statement_cache_size": get_settings().db_statement_cache,
    }


def _ping_when_idle(engine: AsyncEngine) -> None:
    @event.listens_for(engine.sync_engine, "checkin")
    def checked_in(dbapi_connection: Any, record: Any) -> None:
        record.info["idle_since"] = time.monotonic()

    @event.listens_for(engine.sync_engine, "checkout")
    def checked_out(dbapi_connection: Any, record: Any, proxy: Any) -> None:
        idle_since = record.info.get("idle_since")
        if idle_since is None or time.monotonic() - idle_since < PING_AFTER_IDLE_SECONDS:
            return
        try:
            dbapi_connection.ping()
        except Exception as exc:
            # Most likely Postgres restarted: the pool drops every connection made before now
            # and this checkout is tried again on a new one.
            raise InvalidatePoolError("stale pooled connection") from exc


async def dispose_engine() -> None:
    global _engine
    engines = [*_home_engines.values(), *([_engine] if _engine is not None else [])]
    _engine = None
    _home_engines.clear()
    _autocommit_engine.cache_clear()
    for engine in engines:
        await engine.dispose()


@lru_cache(maxsize=4)
def _autocommit_engine(engine: AsyncEngine) -> AsyncEngine:
    """The shared engine (same pool) without transactions, made once per engine (making one
    costs about as much as a small query)."""
    return engine.execution_options(isolation_level="AUTOCOMMIT")


@asynccontextmanager
async def catalog_reader() -> AsyncIterator[AsyncConnection]:
    """A read-only look at the platform catalog outside any transaction (autocommit): no
    BEGIN/COMMIT round trips, for the lookups every request makes. A Core connection: no ORM
    session to set up for a single query."""
    async with _autocommit_engine(get_engine()).connect() as connection:
        yield connection


# Work a catalog session runs once its own transaction has committed, in a transaction of its
# own on the same connection: an organisation's rows that a catalog change calls for (its
# audit trail's sign-in events). No transaction then touches both the catalog and an
# organisation's schema: on Citus the one stays on the coordinator, the other on its node.
_AFTER_COMMIT = "after_commit"
AfterCommit = Callable[[AsyncSession], Awaitable[None]]


def after_commit(session: AsyncSession, work: AfterCommit) -> None:
    session.info.setdefault(_AFTER_COMMIT, []).append(work)


async def commit(session: AsyncSession) -> None:
    """Commit, then run the work queued for after it (`after_commit`) and commit that."""
    await session.commit()
    pending = session.info.pop(_AFTER_COMMIT, None)
    if pending:
        for work in pending:
            await work(session)
        await session.commit()


@asynccontextmanager
async def _committed(session: AsyncSession) -> AsyncIterator[AsyncSession]:
    """`session` for one block: committed (with its after-commit work) when the block ends,
    rolled back when it raises."""
    async with session:
        try:
            yield session
            await commit(session)
        except BaseException:
            session.info.pop(_AFTER_COMMIT, None)
            await session.rollback()
            raise


@asynccontextmanager
async def public_session() -> AsyncIterator[AsyncSession]:
    """A session on the platform catalog; commits on success, rolls back on error."""
    async with _committed(AsyncSession(get_engine(), expire_on_commit=False)) as session:
        yield session


class _TenantSession(Session):
    """The ORM session of one organisation: each of its transactions starts in its schema."""


# A bound value, so the statement text is the same for every organisation.
_ENTER_SCHEMA = text("SELECT set_config('search_path', :path, true)")
# With a statement per organisation (_naming_schema), each is planned once for all its values:
# under Postgres's default a statement is planned afresh for its first five runs, and an
# organisation's statement on a connection serving hundreds of them rarely gets past five.
_ENTER_SCHEMA_KEEPING_PLANS = text(
    "SELECT set_config('search_path', :path, true), "
    "set_config('plan_cache_mode', 'force_generic_plan', true)"
)


@event.listens_for(_TenantSession, "after_begin")
def _enter_schema(session: Session, transaction: Any, connection: Connection) -> None:
    # `true`: local to this transaction. COMMIT or ROLLBACK puts the connection's own empty
    # search_path back, so no later transaction, on this connection or (behind a pooler) on
    # the server connection it ran on, can see this organisation's tables by name.
    keeping_plans = get_settings().db_schema_in_statements
    statement = _ENTER_SCHEMA_KEEPING_PLANS if keeping_plans else _ENTER_SCHEMA
    connection.execute(statement, {"path": session.info["search_path"]})
    note_schema(connection.connection.info, session.info["schema"])


def _search_path(schema: str) -> str:
    return '"' + schema.replace('"', '""') + '"'


async def enter_schema(session: AsyncSession, schema: str) -> None:
    """Points the rest of `session`'s current transaction at one organisation's schema, so a
    catalog session can run that organisation's statements on the connection it already holds
    (a request never takes a second one from the pool). Catalog tables stay reachable: they
    are always named `public.<table>`. COMMIT or ROLLBACK puts the empty path back."""
    connection = await session.connection()
    await connection.execute(_ENTER_SCHEMA, {"path": _search_path(schema)})
    note_schema((await connection.get_raw_connection()).info, schema)


@lru_cache(maxsize=20_000)
def _naming_schema(engine: AsyncEngine, schema: str) -> AsyncEngine:
    """`engine` (the same pool) whose statements name `schema` in their text.

    Postgres keeps a prepared statement's plan only while the search_path is the one it was
    planned under. One text for every organisation is planned again each time a connection
    changes organisation; a text per organisation keeps its plan (MERIT_DB_SCHEMA_IN_STATEMENTS,
    deploy/README.md weighs the memory it costs). The transaction's search_path is still the
    organisation's, so a statement written out without a schema finds only its tables."""
    return engine.execution_options(schema_translate_map={None: schema})


@asynccontextmanager
async def tenant_session(
    schema: str, organization_id: int, *, reads_only: bool = False
) -> AsyncIterator[AsyncSession]:
    """A session bound to one organisation's schema; one transaction, commit or rollback.

    `reads_only` (GET requests) says the session never writes: with READ COMMITTED each of
    its statements sees only rows committed before it started, which api/core/listing.py
    relies on to reuse what it rendered before. Reads run in a transaction too, because the
    schema is chosen per transaction (and behind a pooler a transaction is the only thing
    that keeps statements on one server connection).
    """
    engine = tenant_engine(organization_id)
    if get_settings().db_schema_in_statements:
        engine = _naming_schema(engine, schema)
    session = AsyncSession(engine, expire_on_commit=False, sync_session_class=_TenantSession)
    session.info["organization_id"] = organization_id
    session.info["schema"] = schema
    session.info["search_path"] = _search_path(schema)
    if reads_only:
        session.info["reads_only"] = True
    with home_connection(organization_id):
        async with _committed(session):
            yield session


async def execute_core(
    session: AsyncSession, query: Select[*tuple[Any, ...]], params: dict[str, Any] | None = None
) -> Result[*tuple[Any, ...]]:
    """Runs a column select as Core on the session's own connection (same transaction, same
    schema): plain rows, without the ORM's row processing, which took a sixth to a third of the
    CPU of long lists. Pending ORM changes are flushed first, as session.execute would."""
    await session.flush()
    connection = await session.connection()
    return await connection.execute(query, params)
