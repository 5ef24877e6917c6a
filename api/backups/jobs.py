"""Worker side of backups: one organisation's backup, and the nightly run for all of them."""

import logging
from contextlib import AsyncExitStack
from datetime import date
from typing import Any

from arq import cron
from arq.connections import ArqRedis

from api.backups import service
from api.core.queue import BACKUP_QUEUE, open_queue
from api.organizations.scheduled import enqueue_for_each_organization, get_organization

log = logging.getLogger("merit.backups")


async def backup_organization(
    ctx: dict[str, Any], organization_id: int, backup_id: int | None = None, kind: str = "manual"
) -> str | None:
    """Back up one organisation (a pending row made by the API, or a new one). Returns the
    filename, or None when there was nothing to do."""
    org = await get_organization(organization_id)
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
    day = date.today().isoformat()
    async with AsyncExitStack() as stack:
        # The worker's own pool when there is one; else one opened (and closed) for the run.
        queue: ArqRedis | None = ctx.get("redis")
        if queue is None:
            queue = await stack.enter_async_context(open_queue())
        queued = await enqueue_for_each_organization(
            queue,
            service.JOB,
            lambda org_id: f"backup:{org_id}:{day}",
            None,
            "scheduled",
            queue_name=BACKUP_QUEUE,
        )
    log.info("nightly backups: %d organisations queued", queued)
    return queued


FUNCTIONS = [backup_organization, nightly_backups]
CRON_JOBS = [cron(nightly_backups, hour={2}, minute={0}, run_at_startup=False)]  # type: ignore[arg-type]
