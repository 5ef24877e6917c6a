"""Worker side of backups: one organisation's backup, and the nightly run for all of them."""

import logging
from datetime import date
from typing import Any

from arq import cron
from sqlalchemy import select

from api.backups import service
from api.core.db import public_session
from api.core.queue import BACKUP_QUEUE, get_queue
from api.organizations.models import Organization
from tenants import registry

log = logging.getLogger("merit.backups")


async def backup_organization(
    ctx: dict[str, Any], organization_id: int, backup_id: int | None = None, kind: str = "manual"
) -> str | None:
    """Back up one organisation (a pending row made by the API, or a new one). Returns the
    filename, or None when there was nothing to do."""
    async with public_session() as db:
        org = await registry.get_by_id(db, organization_id)
    if org is None:
        return None
    if kind == "scheduled":
        if await service.scheduled_backup_done(org, date.today()):
            return None
        row = await service.run_backup(org, kind="scheduled")
        await service.prune(org)
        return row.filename
    row = await service.run_backup(org, backup_id=backup_id, kind=kind)
    return row.filename


async def nightly_backups(ctx: dict[str, Any]) -> int:
    """02:00: one backup job per active organisation, with a deterministic id per day so a
    slot is never run twice. Returns how many jobs were queued."""
    async with public_session() as db:
        ids = list(
            (
                await db.execute(
                    select(Organization.id).where(Organization.is_active).order_by(Organization.id)
                )
            ).scalars()
        )
    queue = ctx.get("redis") or await get_queue()
    day = date.today().isoformat()
    queued = 0
    try:
        for org_id in ids:
            job = await queue.enqueue_job(
                service.JOB,
                org_id,
                None,
                "scheduled",
                _job_id=f"backup:{org_id}:{day}",
                _queue_name=BACKUP_QUEUE,
            )
            queued += job is not None
    finally:
        if "redis" not in ctx:
            await queue.aclose()
    log.info("nightly backups: %d organisations queued", queued)
    return queued


FUNCTIONS = [backup_organization, nightly_backups]
CRON_JOBS = [cron(nightly_backups, hour={2}, minute={0}, run_at_startup=False)]  # type: ignore[arg-type]
