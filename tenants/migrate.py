"""Migrating the platform catalog and every organisation schema.

Each schema is upgraded in its own transaction (SET LOCAL search_path, its own version
table), several at once, and a failure is reported without stopping the others. Schemas
already at head are found with one query and skipped, so a deploy with nothing to do is
near-instant.
"""

import asyncio
import logging
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


async def migrate_tenants(
    *,
    engine: AsyncEngine | None = None,
    concurrency: int = 8,
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
    gate = asyncio.Semaphore(concurrency)

    async def one(schema: str) -> None:
        async with gate:
            try:
                async with engine.begin() as conn:
                    await conn.run_sync(_upgrade, script, schema)
                report.upgraded.append(schema)
            except Exception as exc:  # reported, and the others carry on
                log.error("migrating %s failed: %s", schema, exc)
                report.failed[schema] = str(exc).splitlines()[0][:300]

    await asyncio.gather(*(one(s) for s in pending))
    return report


async def migrate_all(**kwargs) -> MigrationReport:  # type: ignore[no-untyped-def]
    await migrate_public(kwargs.get("engine"))
    return await migrate_tenants(**kwargs)
