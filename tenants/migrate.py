"""Migrating the platform catalog and every organisation schema.

Each schema is upgraded in its own transaction (SET LOCAL search_path, its own version
table) and a failure is reported without stopping the others. Schemas already at head are
found with one query and skipped, so a deploy with nothing to do is near-instant.

Alembic's `op` and `context` are process-wide proxies, so two upgrades must never interleave
in one process: within a process schemas go one after another; parallelism comes from
splitting the pending schemas over several processes (`processes`).
"""

import asyncio
import logging
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from alembic.config import Config
from alembic.runtime.environment import EnvironmentContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, text
from sqlalchemy.ext.asyncio import AsyncEngine

from api.core.db import get_engine
from api.models import PublicBase, TenantBase
from tenants.ddl import PUBLIC_SCRIPTS, TENANT_SCRIPTS

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


def _upgrade(connection: Connection, script: ScriptDirectory, schema: str | None) -> None:
    """Run pending revisions of `script` on one connection (already in a transaction)."""
    config = Config()
    config.set_main_option("script_location", str(script.dir))

    def upgrade_fn(rev, _context):  # type: ignore[no-untyped-def]
        return script._upgrade_revs("head", rev)

    with EnvironmentContext(config, script, fn=upgrade_fn) as env:
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
    script = ScriptDirectory(str(PUBLIC_SCRIPTS))
    async with engine.begin() as conn:
        await conn.run_sync(_upgrade, script, None)


async def schema_versions(engine: AsyncEngine) -> dict[str, str | None]:
    """Every registered schema with the revision it is at, read in one query."""
    async with engine.connect() as conn:
        schemas = [
            r[0]
            for r in await conn.execute(
                text(
                    "SELECT o.schema_name FROM public.organizations o "
                    "JOIN pg_namespace n ON n.nspname = o.schema_name ORDER BY o.id"
                )
            )
        ]
        if not schemas:
            return {}
        union = " UNION ALL ".join(
            f"SELECT '{s}' AS s, (SELECT version_num FROM \"{s}\".alembic_version LIMIT 1) AS v"
            for s in schemas
        )
        return {row.s: row.v for row in await conn.execute(text(union))}


async def _upgrade_schemas(
    engine: AsyncEngine, script: ScriptDirectory, schemas: list[str]
) -> tuple[list[str], dict[str, str]]:
    """Upgrade schemas one after another on one connection, each in its own transaction."""
    upgraded: list[str] = []
    failed: dict[str, str] = {}
    async with engine.connect() as conn:
        for schema in schemas:
            try:
                async with conn.begin():
                    await conn.run_sync(_upgrade, script, schema)
                upgraded.append(schema)
            except Exception as exc:  # reported, and the others carry on
                log.error("migrating %s failed: %s", schema, exc)
                failed[schema] = str(exc).splitlines()[0][:300]
    return upgraded, failed


def _upgrade_in_subprocess(
    url: str, script_location: str, schemas: list[str]
) -> tuple[list[str], dict[str, str]]:
    from sqlalchemy.ext.asyncio import create_async_engine
    from sqlalchemy.pool import NullPool

    async def run() -> tuple[list[str], dict[str, str]]:
        engine = create_async_engine(url, poolclass=NullPool)
        try:
            return await _upgrade_schemas(engine, ScriptDirectory(script_location), schemas)
        finally:
            await engine.dispose()

    return asyncio.run(run())


async def migrate_tenants(
    *,
    engine: AsyncEngine | None = None,
    processes: int = 1,
    script_location: Path | str = TENANT_SCRIPTS,
) -> MigrationReport:
    """Upgrade every organisation schema to head; report failures and carry on."""
    engine = engine or get_engine()
    script = ScriptDirectory(str(script_location))
    head = script.get_current_head()
    assert head
    report = MigrationReport(head=head)
    versions = await schema_versions(engine)
    pending = [s for s, v in versions.items() if v != head]
    report.current = [s for s, v in versions.items() if v == head]
    if processes <= 1 or len(pending) < 50:
        report.upgraded, report.failed = await _upgrade_schemas(engine, script, pending)
        return report
    url = engine.url.render_as_string(hide_password=False)
    chunks = [pending[i::processes] for i in range(processes)]
    ctx = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=processes, mp_context=ctx) as pool:
        loop = asyncio.get_running_loop()
        results = await asyncio.gather(
            *(
                loop.run_in_executor(pool, _upgrade_in_subprocess, url, str(script_location), c)
                for c in chunks
                if c
            )
        )
    for upgraded, failed in results:
        report.upgraded += upgraded
        report.failed.update(failed)
    return report


async def migrate_all(**kwargs) -> MigrationReport:  # type: ignore[no-untyped-def]
    await migrate_public(kwargs.get("engine"))
    return await migrate_tenants(**kwargs)
