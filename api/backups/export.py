"""Writing one organisation's tables into a backup file, from one consistent snapshot."""

import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

import asyncpg
from sqlalchemy import Table

from api.backups import archive
from api.core.db import get_engine, utcnow
from api.organizations.models import Organization

# Rows fetched, written or parsed at a time: a table is never held in memory whole.
BATCH = 5000


@dataclass
class ExportResult:
    size: int
    counts: dict[str, int]
    checksum: str


@asynccontextmanager
async def raw_connection() -> AsyncIterator[asyncpg.Connection]:
    """A pooled connection used through asyncpg directly (COPY, cursors)."""
    async with get_engine().connect() as conn:
        raw = await conn.get_raw_connection()
        pg: asyncpg.Connection = raw.driver_connection  # type: ignore[assignment]
        try:
            yield pg
        finally:
            # SQLAlchemy never saw the statements that found it dead (Postgres restarted, the
            # backend was terminated): without this the pool would hand it to the next request.
            if pg.is_closed():
                await conn.invalidate()


def export_lock_key(org: Organization) -> str:
    """The advisory lock an export holds for its backup's id while it runs."""
    return f"merit-backup:{org.schema_name}"


async def export_to(
    org: Organization, target: Path, *, backup_id: int | None = None
) -> ExportResult:
    """Stream every backed-up table into `target`, from one consistent snapshot."""
    # One snapshot for all tables, so the file is consistent even while people work.
    async with (
        raw_connection() as pg,
        pg.transaction(isolation="repeatable_read", readonly=True),
    ):
        if backup_id is not None:  # held until the snapshot ends: "this export is alive"
            lock = "SELECT pg_advisory_xact_lock(hashtext($1), $2)"
            await pg.execute(lock, export_lock_key(org), backup_id)
        with open(target, "wb", buffering=1 << 20) as fh:  # noqa: ASYNC230
            writer = archive.Writer(fh)
            writer.header(
                created_at=utcnow(),
                organization={"id": org.id, "subdomain": org.subdomain, "name": org.name},
            )
            for table in archive.backup_tables():
                await _write_table(pg, writer, org.schema_name, table)
            checksum = writer.finish()
            fh.flush()
            os.fsync(fh.fileno())
    return ExportResult(size=writer.size, counts=writer.counts, checksum=checksum)


async def _write_table(
    pg: asyncpg.Connection, writer: archive.Writer, schema: str, table: Table
) -> None:
    writer.start_table(table)
    batch: list[str] = []
    async for record in pg.cursor(archive.export_query(schema, table), prefetch=BATCH):
        batch.append(record[0])
        if len(batch) >= BATCH:
            writer.rows(table, batch)
            batch = []
    writer.rows(table, batch)
    writer.end_table()
