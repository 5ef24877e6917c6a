"""arq worker: background functions and cron jobs of every domain."""

import logging
from typing import Any

from arq import cron

from api.auth import sessions
from api.core.config import get_settings
from api.core.db import dispose_engine, public_session
from api.core.queue import redis_settings

log = logging.getLogger("merit.worker")


async def purge_expired_sessions(_ctx: dict[str, Any]) -> int:
    async with public_session() as db:
        removed = await sessions.purge_expired(db)
    log.info("purged %d expired sessions", removed)
    return removed


async def on_shutdown(_ctx: dict[str, Any]) -> None:
    await dispose_engine()


class WorkerSettings:
    functions: list[Any] = [purge_expired_sessions]
    cron_jobs = [cron(purge_expired_sessions, hour={3}, minute={30})]  # type: ignore[arg-type]
    on_shutdown = on_shutdown
    redis_settings = redis_settings(get_settings().redis_url)
    job_timeout = 600
    keep_result = 3600
