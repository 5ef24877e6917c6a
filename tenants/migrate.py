"""Migrating the platform catalog and every organisation schema.

Which revision each schema is at is kept in the catalog (public.tenant_schemas) and written in
the same transaction as the schema's upgrade, so the schemas behind head are found with one
query on one table and a deploy with nothing to do is near-instant. For the others, the
pending revisions are rendered to SQL once by Alembic's offline mode (the scripts name tables
unqualified, so the SQL fits every schema) and that script is applied to each schema over a
few concurrent connections, each schema in its own transaction under SET LOCAL search_path:
a failure is reported and the others carry on.

A revision that needs a live connection (it reads data in Python) sets `offline = False`;
schemas whose path crosses one are upgraded the classic way, one after another, because
Alembic's `op` and `context` are process-wide and two online upgrades must never interleave.
"""

import asyncio
import io
import logging
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import Connection, text
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from api.core.db import get_engine
from api.models import PublicBase, TenantBase
from tenants.registry import RECORD_REVISION, schema_revisions
from tenants.revisions import PUBLIC_SCRIPTS, TENANT_SCRIPTS, head_revision

# Alembic is loaded only when something is to be upgraded: a command that merely checks the
# catalog is at head (`merit tenants create`) starts faster without it.
if TYPE_CHECKING:
    from alembic.config import Config
    from alembic.script import ScriptDirectory

log = logging.getLogger("merit.tenants")


@dataclass
class MigrationReport:
    head: str
    upgraded: list[str] = field(default_factory=list)
    current: list[str] = field(default_factory=list)
    failed: dict[str, str] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.failed


def _config(script: "ScriptDirectory") -> "Config":
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(script.dir))
    return config


def _upgrade(connection: Connection, script: "ScriptDirectory", schema: str | None) -> None:
    """Run pending revisions of `script` on one connection (already in a transaction)."""
    from alembic.runtime.environment import EnvironmentContext

    def upgrade_fn(rev, _context):  # type: ignore[no-untyped-def]
        return script._upgrade_revs("head", rev)

    with EnvironmentContext(_config(script), script, fn=upgrade_fn) as env:
        if schema is not None:
            connection.exec_driver_sql(f'SET LOCAL search_path TO "{schema}"')
        env.configure(
            connection=connection,
            target_metadata=TenantBase.metadata if schema else PublicBase.metadata,
            version_table_schema=schema or "public",
        )
        with env.begin_transaction():
            env.run_migrations()


async def migrate_public(engine: AsyncEngine | None = None) -> None:
    engine = engine or get_engine()
    async with engine.begin() as conn:
        if await _version(conn, "public.alembic_version") != head_revision(str(PUBLIC_SCRIPTS)):
            from alembic.script import ScriptDirectory

            await conn.run_sync(_upgrade, ScriptDirectory(str(PUBLIC_SCRIPTS)), None)


async def _version(conn: AsyncConnection, table: str) -> str | None:
    """The revision an alembic_version table holds; None without the table or its row."""
    if await conn.scalar(text("SELECT to_regclass(:t)"), {"t": table}) is None:
        return None
    return await conn.scalar(text(f"SELECT version_num FROM {table} LIMIT 1"))


async def schema_versions(engine: AsyncEngine) -> dict[str, str | None]:
    """Every registered schema with the revision it is at, as the catalog records it.

    A schema the catalog has no revision for (made by a release from before it kept them) is
    read from its own alembic_version, once: what is found is recorded. A registered
    organisation whose schema does not exist is left out."""
    async with engine.connect() as conn:
        versions = await schema_revisions(conn)
        unknown = [s for s, v in versions.items() if v is None]
        if not unknown:
            return versions
        existing = set(
            await conn.scalars(
                text("SELECT nspname FROM pg_namespace WHERE nspname = ANY(:names)"),
                {"names": unknown},
            )
        )
        for schema in unknown:
            if schema not in existing:
                del versions[schema]
                continue
            versions[schema] = found = await _version(conn, f'"{schema}".alembic_version')
            if found is not None:
                await conn.exec_driver_sql(RECORD_REVISION, (schema, found))
        await conn.commit()
    return versions


def render_upgrade_sql(script: "ScriptDirectory", from_rev: str) -> str | None:
    """The SQL taking a schema from `from_rev` to head, or None when a revision on the way
    needs a live connection (module attribute `offline = False`)."""
    from alembic.runtime.environment import EnvironmentContext

    revisions = list(script.iterate_revisions("head", from_rev))
    if any(getattr(r.module, "offline", True) is False for r in revisions):
        return None
    buffer = io.StringIO()

    def upgrade_fn(rev, _context):  # type: ignore[no-untyped-def]
        return script._upgrade_revs("head", rev)

    with EnvironmentContext(
        _config(script),
        script,
        fn=upgrade_fn,
        as_sql=True,
        starting_rev=from_rev,
        destination_rev="head",
    ) as env:
        env.configure(
            dialect_name="postgresql",
            output_buffer=buffer,
            target_metadata=TenantBase.metadata,
            transactional_ddl=False,  # each schema's transaction is ours
        )
        env.run_migrations()
    return buffer.getvalue()


async def _apply_sql(
    engine: AsyncEngine, jobs: list[tuple[str, str, str]], concurrency: int, report: MigrationReport
) -> None:
    """Apply (schema, from_rev, sql) jobs over `concurrency` connections."""
    queue: asyncio.Queue[tuple[str, str, str]] = asyncio.Queue()
    for job in jobs:
        queue.put_nowait(job)

    async def worker() -> None:
        async with engine.connect() as conn:
            raw = (await conn.get_raw_connection()).driver_connection
            assert raw is not None
            while not queue.empty():
                schema, from_rev, sql = queue.get_nowait()
                upgraded = False
                try:
                    async with raw.transaction():
                        await raw.execute(f'SET LOCAL search_path TO "{schema}"')
                        # The row lock makes a concurrent run wait, then see the work done.
                        current = await raw.fetchval(
                            "SELECT version_num FROM alembic_version FOR UPDATE"
                        )
                        if current == from_rev:
                            await raw.execute(sql)
                            current, upgraded = report.head, True
                        # The catalog follows the schema, in the same transaction; it also
                        # learns a revision it had wrong (an upgrade run by hand).
                        await raw.execute(RECORD_REVISION, schema, current)
                except Exception as exc:  # reported, and the others carry on
                    log.error("migrating %s failed: %s", schema, exc)
                    report.failed[schema] = str(exc).splitlines()[0][:300]
                    continue
                if upgraded:
                    report.upgraded.append(schema)
                elif current == report.head:
                    report.current.append(schema)
                else:
                    report.failed[schema] = f"moved to {current} during the run; run it again"

    await asyncio.gather(*(worker() for _ in range(max(1, min(concurrency, len(jobs))))))


async def _upgrade_online(
    engine: AsyncEngine, script: "ScriptDirectory", schemas: list[str]
) -> tuple[list[str], dict[str, str]]:
    """Upgrade schemas one after another on one connection, each in its own transaction."""
    upgraded: list[str] = []
    failed: dict[str, str] = {}
    async with engine.connect() as conn:
        for schema in schemas:
            try:
                async with conn.begin():
                    await conn.run_sync(_upgrade, script, schema)
                    await conn.exec_driver_sql(RECORD_REVISION, (schema, script.get_current_head()))
                upgraded.append(schema)
            except Exception as exc:  # reported, and the others carry on
                log.error("migrating %s failed: %s", schema, exc)
                failed[schema] = str(exc).splitlines()[0][:300]
    return upgraded, failed


async def migrate_tenants(
    *,
    engine: AsyncEngine | None = None,
    concurrency: int = 4,
    script_location: Path | str = TENANT_SCRIPTS,
) -> MigrationReport:
    """Upgrade every organisation schema to head; report failures and carry on."""
    from alembic.script import ScriptDirectory

    engine = engine or get_engine()
    script = ScriptDirectory(str(script_location))
    head = script.get_current_head()
    assert head
    report = MigrationReport(head=head)
    versions = await schema_versions(engine)
    report.current = [s for s, v in versions.items() if v == head]
    by_start: dict[str | None, list[str]] = defaultdict(list)
    for schema, version in versions.items():
        if version != head:
            by_start[version].append(schema)

    sql_jobs: list[tuple[str, str, str]] = []
    online: list[str] = []
    for from_rev, schemas in by_start.items():
        sql = render_upgrade_sql(script, from_rev) if from_rev else None
        if from_rev is None or sql is None:
            online += schemas
        else:
            sql_jobs += [(schema, from_rev, sql) for schema in schemas]

    await _apply_sql(engine, sql_jobs, concurrency, report)
    upgraded, failed = await _upgrade_online(engine, script, online)
    report.upgraded += upgraded
    report.failed.update(failed)
    return report


async def migrate_all(**kwargs) -> MigrationReport:  # type: ignore[no-untyped-def]
    await migrate_public(kwargs.get("engine"))
    return await migrate_tenants(**kwargs)
