"""Database engine, declarative bases and the two kinds of session.

Tenant tables are declared without a schema; a tenant session maps the blank schema to the
organisation's own (`schema_translate_map={None: "org_<id>"}`), so every statement names
its schema explicitly and nothing depends on a connection's search_path.
"""

import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any

from pydantic_core import from_json
from sqlalchemy import MetaData, Result, Select, event
from sqlalchemy.exc import InvalidatePoolError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, AsyncSession, create_async_engine
from sqlalchemy.orm import DeclarativeBase, object_session

from api.core.config import get_settings
from api.core.embedded import to_asyncpg_url

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

# A pooled connection idle for longer than this is checked before use. One used moments ago is
# not: under load that check was three round trips per checkout (BEGIN, ping, ROLLBACK). If
# Postgres went away meanwhile, the first statement fails, the request answers 503, and the
# pool drops every connection made before the failure.
PING_AFTER_IDLE_SECONDS = 5.0


def get_engine() -> AsyncEngine:
    global _engine
    if _engine is None:
        settings = get_settings()
        if not settings.database_url:
            raise RuntimeError("DATABASE_URL is not set and no embedded Postgres was started")
        _engine = create_async_engine(
            to_asyncpg_url(settings.database_url),
            # A small fixed pool, no overflow. Overflow connections are closed as soon as they
            # are returned, so under steady load they were opened and closed many times a
            # second, each a new Postgres backend (fork, authentication, catalog cache): at 300
            # req/s that took a third of a core and p99 over 1 s. Small: requests beyond it
            # wait their turn instead of all running at once, and each connection's statement
            # cache sees more repeats (tests/bench/load.py, 2 cores: p99 at 300 req/s 130-150
            # ms with 8, 130-290 ms with 10, 500-1,000 ms with 20).
            pool_size=settings.db_pool_size,
            max_overflow=0,
            # Each schema costs catalog cache in a long-lived backend: recycle connections.
            pool_recycle=900,
            pool_timeout=10,
            # JSONB values (review answers, template questions) parsed by pydantic-core's
            # parser: a list of 1,000 reviews spent a sixth of its time in json.loads.
            json_deserializer=from_json,
            connect_args={
                "server_settings": {"application_name": "merit"},
                # Fail fast while Postgres is unreachable (the API answers 503), never hang.
                "timeout": 5,
                # Every statement names its tenant's schema, so each organisation has its own
                # SQL texts (about 30 on the busy screens) and a connection serving 50
                # organisations sees 1,500 of them. With the driver's default cache of 100
                # almost every statement was parsed and planned again (one more round trip)
                # and an older one closed: 1.0 prepare per request, about 15% of the server's
                # CPU and of Postgres'. Each kept statement costs Postgres about 30 KB per
                # connection (tests/bench/request_cpu.py prints how many were prepared).
                "prepared_statement_cache_size": settings.db_statement_cache,
            },
        )
        _ping_when_idle(_engine)
    return _engine


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
    if _engine is not None:
        await _engine.dispose()
        _engine = None
        _option_engine.cache_clear()


def tenant_engine(schema: str) -> AsyncEngine:
    """The shared engine (same pool) with the tenant schema mapped on every statement."""
    return _option_engine(get_engine(), schema)


def _catalog_engine() -> AsyncEngine:
    return _option_engine(get_engine(), None)


@lru_cache(maxsize=4096)
def _option_engine(engine: AsyncEngine, schema: str | None) -> AsyncEngine:
    """Made once per schema and kept (making one costs about as much as a small query);
    None: the catalog in autocommit. Keyed by the engine, so a new engine makes new ones."""
    if schema is None:
        return engine.execution_options(isolation_level="AUTOCOMMIT")
    return engine.execution_options(schema_translate_map={None: schema})


@asynccontextmanager
async def catalog_reader() -> AsyncIterator[AsyncConnection]:
    """A read-only look at the platform catalog outside any transaction (autocommit): no
    BEGIN/COMMIT round trips, for the lookups every request makes. A Core connection: no ORM
    session to set up for a single query."""
    async with _catalog_engine().connect() as connection:
        yield connection


@asynccontextmanager
async def public_session() -> AsyncIterator[AsyncSession]:
    """A session on the platform catalog; commits on success, rolls back on error."""
    async with AsyncSession(get_engine(), expire_on_commit=False) as session:
        try:
            yield session
            await session.commit()
        except BaseException:
            await session.rollback()
            raise


@asynccontextmanager
async def tenant_session(
    schema: str, organization_id: int, *, reads_only: bool = False
) -> AsyncIterator[AsyncSession]:
    """A session bound to one organisation's schema; one transaction, commit or rollback.

    `reads_only` (GET requests) runs each statement on its own, outside a transaction: no
    BEGIN/COMMIT round trips. Postgres' default READ COMMITTED gives every statement its own
    snapshot anyway, so the reads see exactly what they would inside a transaction.
    """
    async with AsyncSession(tenant_engine(schema), expire_on_commit=False) as session:
        session.info["organization_id"] = organization_id
        session.info["schema"] = schema
        if reads_only:
            await session.connection(execution_options={"isolation_level": "AUTOCOMMIT"})
            session.info["reads_only"] = True  # sees committed rows only (api/core/listing.py)
        try:
            yield session
            await session.commit()
        except BaseException:
            await session.rollback()
            raise


async def execute_core(
    session: AsyncSession, query: Select[*tuple[Any, ...]], params: dict[str, Any] | None = None
) -> Result[*tuple[Any, ...]]:
    """Runs a column select as Core on the session's own connection (same transaction, same
    schema): plain rows, without the ORM's row processing, which took a sixth to a third of the
    CPU of long lists. Pending ORM changes are flushed first, as session.execute would."""
    await session.flush()
    connection = await session.connection()
    return await connection.execute(query, params)
