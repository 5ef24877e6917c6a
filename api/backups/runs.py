"""Making one backup: its 'pending' row, the export into a temporary file, and the row's end.

A backup row is 'pending' while the file is written to a temporary name; only after the file
is renamed into place does the row become 'completed' (a failure marks it 'failed'), so a
worker killed mid-backup never leaves a 'completed' entry behind.
"""

import asyncio
import logging
import os
from datetime import timedelta
from typing import Any

from arq.jobs import Job, JobStatus
from sqlalchemy import func, select, text, update
from sqlalchemy.ext.asyncio import AsyncSession

from api.backups.export import export_lock_key, export_to
from api.backups.files import backup_dir, backup_path, new_filename
from api.backups.models import Backup
from api.core.db import tenant_session, utcnow
from api.core.errors import Conflict, NotFound
from api.core.queue import BACKUP_QUEUE, QUEUE_ERRORS, open_queue
from api.organizations.models import Organization

log = logging.getLogger("merit.backups")

# A pending backup older than this was interrupted (the worker's job timeout is 10 minutes).
STALE_PENDING = timedelta(hours=1)
# How long a job just taken, or an export just finished, may take to show in the row.
HANDOVER_SECONDS = 1.0
INTERRUPTED = "Interrupted before it finished"
NOT_FOUND = "Backup not found"
IN_PROGRESS = "A backup is already in progress. Please wait for it to finish."


class BackupFailed(RuntimeError):
    pass


def manual_job_id(org: Organization, backup_id: int) -> str:
    return f"backup:{org.id}:manual:{backup_id}"


async def _export_running(session: AsyncSession, org: Organization, backup_id: int) -> bool:
    """Whether some connection is exporting this backup right now (it holds the lock)."""
    key = {"k": export_lock_key(org), "id": backup_id}
    free = await session.scalar(text("SELECT pg_try_advisory_lock(hashtext(:k), :id)"), key)
    if free:
        await session.execute(text("SELECT pg_advisory_unlock(hashtext(:k), :id)"), key)
    return not free


async def _job_waiting(org: Organization, backup: Backup) -> bool:
    """Whether the backup's job is still queued for a worker (True when Redis cannot say)."""
    if backup.kind != "manual":
        return False  # scheduled rows are made by a job already running
    try:
        async with open_queue() as queue:
            job = Job(manual_job_id(org, backup.id), queue, _queue_name=BACKUP_QUEUE)
            status = await job.status()
    except QUEUE_ERRORS:
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


async def add_pending(session: AsyncSession, org: Organization, kind: str) -> Backup:
    """A pending row in `session`. A manual one is refused (Conflict) while another runs."""
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


async def _pending_row(org: Organization, backup_id: int | None, kind: str) -> Backup:
    """The row to export into: the pending one named, or a new one committed at once."""
    async with tenant_session(org.schema_name, org.id) as session:
        if backup_id is None:
            return await add_pending(session, org, kind)
        found = await session.get(Backup, backup_id)
    if found is None:
        raise NotFound(NOT_FOUND)
    return found


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
    row = await _pending_row(org, backup_id, kind)
    if row.status != "pending":
        return row
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
