"""Backups of one organisation: made by the worker, listed, downloaded, validated, restored.

A backup row is 'pending' while the file is written to a temporary name; only after the file
is renamed into place does the row become 'completed' (a failure marks it 'failed'), so a
worker killed mid-backup never leaves a 'completed' entry behind. A restore checks the file
completely first, takes a safety backup, then replaces every table in one transaction.
"""

import asyncio
import logging
import os
import re
import secrets
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from itertools import islice
from pathlib import Path
from typing import Any

import asyncpg
from arq.jobs import Job, JobStatus
from redis.exceptions import RedisError
from sqlalchemy import Integer, delete, func, select, text, update
from sqlalchemy.ext.asyncio import AsyncSession

from api.backups import archive
from api.backups.models import Backup
from api.backups.schemas import BackupRead
from api.core.config import get_settings
from api.core.db import get_engine, tenant_session, utcnow
from api.core.errors import BadRequest, Conflict, NotFound, Unavailable
from api.core.queue import BACKUP_QUEUE, get_queue
from api.organizations.models import Organization
from tenants.ddl import tenant_ddl

log = logging.getLogger("merit.backups")

JOB = "backup_organization"
RETENTION = timedelta(days=7)
# A pending backup older than this was interrupted (the worker's job timeout is 10 minutes).
STALE_PENDING = timedelta(hours=1)
BATCH = 5000
QUEUE_TIMEOUT = 2.0
HANDOVER_SECONDS = 1.0
_FILENAME = re.compile(r"^backup-\d{8}-\d{6}-(manual|scheduled|safety)-[0-9a-f]{8}\.json$")

NOT_FOUND = "Backup not found"
INVALID_NAME = "Invalid backup filename"
NOT_COMPLETED = "Only completed backups can be validated, downloaded or restored"
WORKER_DOWN = (
    "The backup service is not available right now (the background worker cannot be "
    "reached). Please try again in a few minutes."
)
IN_PROGRESS = "A backup is already in progress. Please wait for it to finish."
CONFIRM_REQUIRED = "Please confirm the restore: send confirmRestore: true"
RESTORE_IN_PROGRESS = (
    "Another restore of this organization is running or has just finished, so nothing was "
    "restored. Check the data, then restore again if you still need to."
)


class BackupFailed(RuntimeError):
    pass


def backup_dir(schema: str) -> Path:
    return get_settings().data_dir / "backups" / schema


def backup_path(schema: str, filename: str) -> Path:
    """The file's path inside the organisation's folder; nothing else is ever reachable."""
    if not _FILENAME.match(filename):
        raise BadRequest(INVALID_NAME)
    base = backup_dir(schema).resolve()
    path = (base / filename).resolve()
    if path.parent != base:
        raise BadRequest(INVALID_NAME)
    return path


def new_filename(kind: str, now: datetime) -> str:
    return f"backup-{now:%Y%m%d-%H%M%S}-{kind}-{secrets.token_hex(4)}.json"


INTERRUPTED = "Interrupted before it finished"


def to_read(backup: Backup) -> BackupRead:
    # A backup pending for longer than any job may run was interrupted (the worker was
    # killed); it is shown as failed now, and marked so by the next retention run.
    stale = backup.status == "pending" and backup.timestamp < utcnow() - STALE_PENDING
    return BackupRead(
        id=backup.id,
        filename=backup.filename,
        timestamp=backup.timestamp,
        size=round(backup.size_bytes / (1024 * 1024), 2),
        employee_count=backup.employee_count,
        status="failed" if stale else backup.status,
        kind=backup.kind,
        error=INTERRUPTED if stale else backup.error,
    )


async def list_backups(*, session: AsyncSession) -> list[Backup]:
    """Newest first."""
    result = await session.execute(
        select(Backup).order_by(Backup.timestamp.desc(), Backup.id.desc())
    )
    return list(result.scalars())


async def get_backup(*, session: AsyncSession, filename: str) -> Backup:
    """The backup of this organisation with this name (names of others are not found)."""
    if not _FILENAME.match(filename):
        raise BadRequest(INVALID_NAME)
    backup = (
        await session.execute(select(Backup).where(Backup.filename == filename))
    ).scalar_one_or_none()
    if backup is None:
        raise NotFound(NOT_FOUND)
    return backup


async def find_backup(org: Organization, filename: str) -> Backup:
    """get_backup in a short session of its own, for a call that goes on to open its own
    connections (a restore): the request never holds two pooled connections at once."""
    async with tenant_session(org.schema_name, org.id) as session:
        return await get_backup(session=session, filename=filename)


def completed_file(org: Organization, backup: Backup) -> Path:
    if backup.status != "completed":
        raise Conflict(NOT_COMPLETED)
    return backup_path(org.schema_name, backup.filename)


# -- making a backup ----------------------------------------------------------------------


def _export_lock_key(org: Organization) -> str:
    return f"merit-backup:{org.schema_name}"


def manual_job_id(org: Organization, backup_id: int) -> str:
    return f"backup:{org.id}:manual:{backup_id}"


async def _export_running(session: AsyncSession, org: Organization, backup_id: int) -> bool:
    """Whether some connection is exporting this backup right now (it holds the lock)."""
    key = {"k": _export_lock_key(org), "id": backup_id}
    free = await session.scalar(text("SELECT pg_try_advisory_lock(hashtext(:k), :id)"), key)
    if free:
        await session.execute(text("SELECT pg_advisory_unlock(hashtext(:k), :id)"), key)
    return not free


async def _job_waiting(org: Organization, backup: Backup) -> bool:
    """Whether the backup's job is still queued for a worker (True when Redis cannot say)."""
    if backup.kind != "manual":
        return False  # scheduled rows are made by a job already running
    try:
        queue = await asyncio.wait_for(get_queue(), QUEUE_TIMEOUT)
        try:
            job = Job(manual_job_id(org, backup.id), queue, _queue_name=BACKUP_QUEUE)
            status = await job.status()
        finally:
            await queue.aclose()
    except (OSError, RedisError, TimeoutError):
        return True
    return status in (JobStatus.queued, JobStatus.deferred)


async def _settle_interrupted(session: AsyncSession, org: Organization) -> None:
    """Mark failed every pending backup that nothing is working on any more: no connection
    exports it and no job waits for it (its worker was killed). A job just taken or an export
    just finished settles within moments, so an idle row is looked at twice before."""
    pending = list(
        (await session.execute(select(Backup).where(Backup.status == "pending"))).scalars()
    )
    idle = [
        b
        for b in pending
        if not await _export_running(session, org, b.id) and not await _job_waiting(org, b)
    ]
    if not idle:
        return
    await asyncio.sleep(HANDOVER_SECONDS)
    for backup in idle:
        if not await _export_running(session, org, backup.id):
            await session.execute(
                update(Backup)
                .where(Backup.id == backup.id, Backup.status == "pending")
                .values(status="failed", error=INTERRUPTED)
            )
            log.warning("backup %s of %s was interrupted", backup.filename, org.schema_name)


async def _new_row(org: Organization, kind: str) -> Backup:
    """A pending row in its own, committed transaction (the worker must be able to see it)."""
    async with tenant_session(org.schema_name, org.id) as session:
        if kind == "manual":
            await _settle_interrupted(session, org)
            busy = await session.scalar(
                select(func.count())
                .select_from(Backup)
                .where(Backup.status == "pending", Backup.timestamp > utcnow() - STALE_PENDING)
            )
            if busy:
                raise Conflict(IN_PROGRESS)
        row = Backup(filename=new_filename(kind, utcnow()), status="pending", kind=kind)
        session.add(row)
        await session.flush()
        await session.refresh(row)
        return row


async def start_backup(org: Organization) -> Backup:
    """POST /api/backups/create: a pending row, and a job for the worker."""
    row = await _new_row(org, "manual")
    try:
        queue = await asyncio.wait_for(get_queue(), QUEUE_TIMEOUT)
        try:
            await queue.enqueue_job(
                JOB,
                org.id,
                row.id,
                "manual",
                _job_id=manual_job_id(org, row.id),
                _queue_name=BACKUP_QUEUE,
            )
        finally:
            await queue.aclose()
    except (OSError, RedisError, TimeoutError) as exc:
        log.error("backup of %s not queued: %s", org.schema_name, exc)
        async with tenant_session(org.schema_name, org.id) as session:
            await session.execute(delete(Backup).where(Backup.id == row.id))
        raise Unavailable(WORKER_DOWN) from exc
    return row


async def _finish(org: Organization, backup_id: int, **values: Any) -> Backup:
    async with tenant_session(org.schema_name, org.id) as session:
        await session.execute(update(Backup).where(Backup.id == backup_id).values(**values))
        row = await session.get(Backup, backup_id)
        assert row is not None
        return row


async def run_backup(
    org: Organization, *, backup_id: int | None = None, kind: str = "manual"
) -> Backup:
    """Export the organisation now. Idempotent: a backup that is no longer pending is left
    as it is. Raises BackupFailed (after marking the row failed) when the export fails."""
    if backup_id is None:
        row = await _new_row(org, kind)
    else:
        async with tenant_session(org.schema_name, org.id) as session:
            found = await session.get(Backup, backup_id)
        if found is None:
            raise NotFound(NOT_FOUND)
        if found.status != "pending":
            return found
        row = found
    folder = backup_dir(org.schema_name)
    path = backup_path(org.schema_name, row.filename)
    tmp = folder / f".{row.filename}.part"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        result = await export_to(org, tmp, backup_id=row.id)
        os.replace(tmp, path)
    except BaseException as exc:
        tmp.unlink(missing_ok=True)
        log.exception("backup %s of %s failed", row.filename, org.schema_name)
        await asyncio.shield(
            _finish(org, row.id, status="failed", error=str(exc)[:500] or type(exc).__name__)
        )
        if isinstance(exc, Exception):
            raise BackupFailed(str(exc)) from exc
        raise
    return await _finish(
        org,
        row.id,
        status="completed",
        size_bytes=result.size,
        employee_count=result.counts.get("employees", 0),
        error=None,
    )


@dataclass
class ExportResult:
    size: int
    counts: dict[str, int]
    checksum: str


@asynccontextmanager
async def _raw_connection() -> AsyncIterator[asyncpg.Connection]:
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


async def export_to(
    org: Organization, target: Path, *, backup_id: int | None = None
) -> ExportResult:
    """Stream every backed-up table into `target`, from one consistent snapshot."""
    schema = org.schema_name
    # One snapshot for all tables, so the file is consistent even while people work.
    async with (
        _raw_connection() as pg,
        pg.transaction(isolation="repeatable_read", readonly=True),
    ):
        if backup_id is not None:  # held until the snapshot ends: "this export is alive"
            lock = "SELECT pg_advisory_xact_lock(hashtext($1), $2)"
            await pg.execute(lock, _export_lock_key(org), backup_id)
        with open(target, "wb", buffering=1 << 20) as fh:  # noqa: ASYNC230
            writer = archive.Writer(fh)
            writer.header(
                created_at=utcnow(),
                organization={"id": org.id, "subdomain": org.subdomain, "name": org.name},
            )
            for table in archive.backup_tables():
                writer.start_table(table)
                batch: list[str] = []
                query = archive.export_query(schema, table)
                async for record in pg.cursor(query, prefetch=BATCH):
                    batch.append(record[0])
                    if len(batch) >= BATCH:
                        writer.rows(table, batch)
                        batch = []
                writer.rows(table, batch)
                writer.end_table()
            checksum = writer.finish()
            fh.flush()
            os.fsync(fh.fileno())
    return ExportResult(size=writer.size, counts=writer.counts, checksum=checksum)


# -- validating and restoring -------------------------------------------------------------
#
# Validating runs the restore itself (the same parsing, conversion and COPY) into a scratch
# copy of the tenant schema, in a transaction that is then rolled back: a backup is reported
# valid exactly when it restores, and the organisation's own tables are not touched.

CANNOT_RESTORE = "The backup could not be restored: {}"


@dataclass
class DisabledAccount:
    id: str
    email: str
    first_name: str | None
    last_name: str | None
    role: str


@dataclass
class RestoreResult:
    safety: Backup
    # Accounts in the backup that had been removed since: back, but disabled.
    disabled: list[DisabledAccount]


async def validate(org: Organization, backup: Backup) -> archive.Summary:
    """Checksum, structure, then a restore that is rolled back. Raises archive.InvalidBackup
    with the reason."""
    return await validate_file(org, completed_file(org, backup))


async def validate_file(
    org: Organization, path: Path, *, source_organization_id: int | None = None
) -> archive.Summary:
    await asyncio.to_thread(archive.verify_checksum, path)
    scratch = f"merit_check_{secrets.token_hex(8)}"
    with open(path, "rb") as fh:  # noqa: ASYNC230
        reader = archive.Reader(
            fh, organization_id=org.id, source_organization_id=source_organization_id
        )
        summary = await asyncio.to_thread(reader.header)
        async with _raw_connection() as pg:
            transaction = pg.transaction()
            await transaction.start()
            try:
                await pg.execute(f'CREATE SCHEMA "{scratch}"')
                await pg.execute(f'SET LOCAL search_path TO "{scratch}"')
                await pg.execute(tenant_ddl())
                await pg.execute("SET LOCAL search_path TO public")
                await _copy_tables(pg, scratch, reader)
                await _reset_sequences(pg, scratch)
            except asyncpg.PostgresError as exc:
                raise archive.InvalidBackup(CANNOT_RESTORE.format(exc)) from exc
            finally:
                await transaction.rollback()
    return summary


async def restore(org: Organization, backup: Backup, *, confirm: Any) -> RestoreResult:
    """Replace the organisation's data with the backup's, all or nothing; returns the safety
    backup taken first and the accounts that came back disabled. Access stays as it is now."""
    if confirm is not True:
        raise BadRequest(CONFIRM_REQUIRED)
    path = completed_file(org, backup)
    try:
        await asyncio.to_thread(archive.read_summary, path, organization_id=org.id)
    except archive.InvalidBackup as exc:
        raise BadRequest(f"The backup file is invalid: {exc}") from exc
    # Read before the safety backup is taken: if another restore replaces the data after
    # this point, the safety backup may not hold what this restore would overwrite.
    generation = await _data_generation(org)
    try:
        safety = await run_backup(org, kind="safety")
    except BackupFailed as exc:
        raise Conflict(
            "The safety backup of the current data failed, so nothing was restored."
        ) from exc
    try:
        disabled = await load(org, path, generation=generation)
    except archive.InvalidBackup as exc:
        raise BadRequest(f"The backup file is invalid: {exc}") from exc
    except asyncpg.PostgresError as exc:
        log.warning("restore of %s into %s refused: %s", path.name, org.schema_name, exc)
        raise BadRequest(CANNOT_RESTORE.format(exc)) from exc
    return RestoreResult(safety=safety, disabled=disabled)


async def restore_final_backup(org: Organization, path: Path) -> list[DisabledAccount]:
    """A deleted organisation's final backup (data_dir/final-backups/) into another
    organisation, normally a new one made for it (an operator's task, run from Python).
    Checked completely first (checksum, then a restore rolled back), then loaded like a
    restore: no password comes back, so every account returns disabled. Raises
    archive.InvalidBackup with the reason, or asyncpg's error."""
    source = await asyncio.to_thread(archive.source_organization_id, path)
    await validate_file(org, path, source_organization_id=source)
    return await load(org, path, source_organization_id=source)


def _take(part: archive.TablePart, rows: Iterator[list[Any]]) -> list[tuple]:
    funcs = archive.converters(part)
    return [archive.convert(part, row, funcs) for row in islice(rows, BATCH)]


async def _records(part: archive.TablePart, rows: Iterator[list[Any]]) -> AsyncIterator[tuple]:
    """The rows of one table, parsed in a thread a batch at a time (the loop stays free)."""
    while batch := await asyncio.to_thread(_take, part, rows):
        for record in batch:
            yield record


async def _copy_tables(pg: asyncpg.Connection, schema: str, reader: archive.Reader) -> None:
    """Every table of the backup into `schema`: what a restore and a validation both run."""
    parts = reader.parts()
    while (item := await asyncio.to_thread(next, parts, None)) is not None:
        part, rows = item
        # Binary COPY, one statement per table: foreign keys (an employee's manager among
        # them) are checked once the whole table is in.
        await pg.copy_records_to_table(
            part.name, schema_name=schema, columns=part.columns, records=_records(part, rows)
        )


async def _reset_sequences(pg: asyncpg.Connection, schema: str) -> None:
    """New rows must not collide with restored ids (an id at the column's limit included)."""
    for table in archive.backup_tables():
        column = table.columns.get("id")
        if column is not None and isinstance(column.type, Integer):
            qualified = f'"{schema}"."{table.name}"'
            await pg.execute(
                "SELECT setval(seq, GREATEST(m.top, 1), COALESCE(m.top >= 1, false)) "
                f"FROM (SELECT max(id) AS top FROM {qualified}) m, "
                "pg_get_serial_sequence($1, 'id') AS seq WHERE seq IS NOT NULL",
                qualified,
            )


def _restore_lock_key(org: Organization) -> str:
    return f"merit-restore:{org.schema_name}"


async def _generation(pg: asyncpg.Connection, org: Organization) -> int:
    # Every restore empties the tables with TRUNCATE, which gives each table a new storage
    # file: a changed file number means a restore has committed since it was read.
    first = archive.backup_tables()[0].name
    return int(await pg.fetchval(f'SELECT pg_relation_filenode(\'"{org.schema_name}"."{first}"\')'))


async def _data_generation(org: Organization) -> int:
    """Which restore the organisation's data comes from; Conflict while one is running."""
    async with _raw_connection() as pg, pg.transaction():
        if not await pg.fetchval(
            "SELECT pg_try_advisory_xact_lock(hashtext($1))", _restore_lock_key(org)
        ):
            raise Conflict(RESTORE_IN_PROGRESS)
        return await _generation(pg, org)


async def load(
    org: Organization,
    path: Path,
    *,
    generation: int | None = None,
    source_organization_id: int | None = None,
) -> list[DisabledAccount]:
    """The restore itself: one transaction on one connection; any error rolls all back.
    Returns the accounts that came back disabled. With `generation` (from _data_generation),
    refuses with Conflict when another restore committed since."""
    schema = org.schema_name
    names = ", ".join(f'"{schema}"."{t.name}"' for t in archive.backup_tables())
    with open(path, "rb") as fh:  # noqa: ASYNC230
        reader = archive.Reader(
            fh, organization_id=org.id, source_organization_id=source_organization_id
        )
        await asyncio.to_thread(reader.header)
        async with _raw_connection() as pg, pg.transaction():
            # One restore per organisation at a time; the second one is refused, not queued
            # behind the first (it would silently replace what the first just restored).
            locked = await pg.fetchval(
                "SELECT pg_try_advisory_xact_lock(hashtext($1))", _restore_lock_key(org)
            )
            if not locked or generation not in (None, await _generation(pg, org)):
                raise Conflict(RESTORE_IN_PROGRESS)
            await pg.execute(
                "CREATE TEMP TABLE merit_keep_users ON COMMIT DROP AS "
                f'SELECT id, password_hash, is_active, force_password_change FROM "{schema}".users'
            )
            await pg.execute(
                "CREATE TEMP TABLE merit_keep_settings ON COMMIT DROP AS "
                "SELECT admin_password, hr_password, manager_password, user_password "
                f'FROM "{schema}".organization_settings ORDER BY id LIMIT 1'
            )
            await pg.execute(f"TRUNCATE {names}")
            await _copy_tables(pg, schema, reader)
            await _reset_sequences(pg, schema)
            return await _after_load(pg, schema, org.id)


async def _after_load(pg: asyncpg.Connection, schema: str, org_id: int) -> list[DisabledAccount]:
    # Who may sign in is decided by the organisation as it is now, never by the backup:
    # accounts keep their current password and state, and an account removed since the
    # backup comes back disabled and without a password, so neither an old password nor a
    # reset link lets its former owner in until an admin enables it in User Management.
    await pg.execute(
        f'UPDATE "{schema}".users u SET password_hash = k.password_hash, '
        "is_active = k.is_active, force_password_change = k.force_password_change "
        "FROM merit_keep_users k WHERE u.id = k.id"
    )
    revived = await pg.fetch(
        f'UPDATE "{schema}".users u SET password_hash = NULL, is_active = false '
        "WHERE NOT EXISTS (SELECT 1 FROM merit_keep_users k WHERE k.id = u.id) "
        "RETURNING id, email, first_name, last_name, role"
    )
    # The role passwords are the current ones (none, should the settings row be new).
    await pg.execute(
        f'UPDATE "{schema}".organization_settings SET '
        "admin_password = (SELECT admin_password FROM merit_keep_settings), "
        "hr_password = (SELECT hr_password FROM merit_keep_settings), "
        "manager_password = (SELECT manager_password FROM merit_keep_settings), "
        "user_password = (SELECT user_password FROM merit_keep_settings)"
    )
    # The banner's name and logo follow the restored organisation settings.
    await pg.execute(
        "UPDATE public.organizations o SET "
        "name = COALESCE(NULLIF(btrim(s.business_name), ''), o.name), logo_url = s.logo_url, "
        f'updated_at = now() FROM (SELECT * FROM "{schema}".organization_settings ORDER BY id '
        "LIMIT 1) s WHERE o.id = $1 AND char_length(COALESCE(NULLIF(btrim(s.business_name), ''), "
        "o.name)) >= 2",
        org_id,
    )
    # Accounts that no longer exist or may not sign in are signed out, and their reset
    # links stop working (an admin who enables one again must not revive an old link).
    await pg.execute(
        "DELETE FROM public.sessions WHERE (sess->>'organizationId')::int = $1 "
        f"AND sess ? 'userId' AND NOT EXISTS (SELECT 1 FROM \"{schema}\".users u "
        "WHERE u.id = sess->>'userId' AND u.is_active)",
        org_id,
    )
    await pg.execute(
        "DELETE FROM public.account_reset_tokens t WHERE t.organization_id = $1 "
        f'AND NOT EXISTS (SELECT 1 FROM "{schema}".users u WHERE u.id = t.user_id AND u.is_active)',
        org_id,
    )
    accounts = [DisabledAccount(**dict(r)) for r in revived]
    return sorted(accounts, key=lambda a: a.email)


# -- schedule and retention ---------------------------------------------------------------


async def scheduled_backup_done(org: Organization, day: date) -> bool:
    async with tenant_session(org.schema_name, org.id) as session:
        found = await session.scalar(
            select(func.count())
            .select_from(Backup)
            .where(
                Backup.kind == "scheduled",
                Backup.status.in_(("completed", "pending")),
                func.date(Backup.timestamp) == day,
            )
        )
    return bool(found)


async def prune(org: Organization, *, now: datetime | None = None) -> int:
    """7-day retention (the newest completed backup is always kept), interrupted backups
    marked failed, and their leftover temporary files removed. Returns backups deleted."""
    now = now or utcnow()
    folder = backup_dir(org.schema_name)
    async with tenant_session(org.schema_name, org.id) as session:
        await session.execute(
            update(Backup)
            .where(Backup.status == "pending", Backup.timestamp < now - STALE_PENDING)
            .values(status="failed", error=INTERRUPTED)
        )
        newest = await session.scalar(
            select(Backup.id)
            .where(Backup.status == "completed")
            .order_by(Backup.timestamp.desc(), Backup.id.desc())
            .limit(1)
        )
        old = (
            await session.execute(
                select(Backup).where(
                    Backup.timestamp < now - RETENTION,
                    Backup.status != "pending",
                    Backup.id != (newest or 0),
                )
            )
        ).scalars()
        removed = 0
        for row in list(old):
            backup_path(org.schema_name, row.filename).unlink(missing_ok=True)
            await session.delete(row)
            removed += 1
    if folder.is_dir():
        cutoff = (now - STALE_PENDING).timestamp()
        for leftover in folder.glob(".*.part"):
            if leftover.stat().st_mtime < cutoff:
                leftover.unlink(missing_ok=True)
    return removed
