"""Backups of one organisation: listed, asked for (the worker makes them), kept for a week.

Making one is api/backups/runs.py, writing its file api/backups/export.py, validating and
restoring api/backups/restore.py. What the router, the jobs, the CLI and the platform's final
backup call is importable from here (__all__), so they need no other module of the domain.
"""

import logging
from datetime import date, datetime, timedelta

from sqlalchemy import delete, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from api.audit import trail
from api.backups.export import export_to
from api.backups.files import backup_dir, backup_path, check_name, completed_file
from api.backups.models import Backup
from api.backups.restore import (
    DisabledAccount,
    RestoreResult,
    load,
    restore,
    restore_final_backup,
    validate,
    validate_file,
)
from api.backups.runs import (
    INTERRUPTED,
    NOT_FOUND,
    STALE_PENDING,
    BackupFailed,
    add_pending,
    manual_job_id,
    run_backup,
)
from api.backups.schemas import BackupRead
from api.core.db import tenant_session, utcnow
from api.core.errors import NotFound, Unavailable
from api.core.queue import (
    BACKUP_QUEUE,
    QueueUnavailable,
    enqueue_after_commit,
    transaction_with_jobs,
)
from api.organizations.models import Organization

__all__ = [
    "JOB",
    "WORKER_DOWN",
    "BackupFailed",
    "DisabledAccount",
    "RestoreResult",
    "backup_dir",
    "backup_path",
    "completed_file",
    "create_backup",
    "export_to",
    "get_backup",
    "get_backup_in_own_session",
    "list_backups",
    "load",
    "prune",
    "restore",
    "restore_final_backup",
    "run_backup",
    "scheduled_backup_done",
    "to_read",
    "validate",
    "validate_file",
]

log = logging.getLogger("merit.backups")

JOB = "backup_organization"
RETENTION = timedelta(days=7)
WORKER_DOWN = (
    "The backup service is not available right now (the background worker cannot be "
    "reached). Please try again in a few minutes."
)


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
    check_name(filename)
    backup = (
        await session.execute(select(Backup).where(Backup.filename == filename))
    ).scalar_one_or_none()
    if backup is None:
        raise NotFound(NOT_FOUND)
    return backup


async def get_backup_in_own_session(org: Organization, filename: str) -> Backup:
    """get_backup in a short session of its own, for a call that goes on to open its own
    connections (a restore): the request never holds two pooled connections at once."""
    async with tenant_session(org.schema_name, org.id) as session:
        return await get_backup(session=session, filename=filename)


async def create_backup(org: Organization) -> Backup:
    """A pending row and the worker's job for it. The job is sent once the row is committed
    (the worker must see it); when the queue is down nothing is kept and the caller gets 503."""
    try:
        async with transaction_with_jobs(tenant_session(org.schema_name, org.id)) as session:
            row = await add_pending(session, org, "manual")
            await trail.record(
                session,
                action="backup",
                resource="backup",
                record_id=row.id,
                summary=f"Asked for the backup {row.filename}",
            )
            enqueue_after_commit(
                session,
                JOB,
                org.id,
                row.id,
                "manual",
                _job_id=manual_job_id(org, row.id),
                _queue_name=BACKUP_QUEUE,
            )
    except QueueUnavailable as exc:
        log.error("backup of %s not queued: %s", org.schema_name, exc)
        if exc.committed:  # the queue failed after answering: nothing will make this backup
            async with tenant_session(org.schema_name, org.id) as session:
                await session.execute(delete(Backup).where(Backup.id == row.id))
        raise Unavailable(WORKER_DOWN) from exc
    return row


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
