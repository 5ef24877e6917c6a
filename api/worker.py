"""arq worker: background functions and cron jobs of every domain."""

import importlib
import logging
import pkgutil
from pathlib import Path
from typing import Any

from arq import cron

import api
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


def domain_jobs() -> tuple[list[Any], list[Any]]:
    """Collect FUNCTIONS and CRON_JOBS from every api/<domain>/jobs.py."""
    functions: list[Any] = [purge_expired_sessions]
    crons: list[Any] = [cron(purge_expired_sessions, hour={3}, minute={30})]  # type: ignore[arg-type]
    for info in sorted(pkgutil.iter_modules(api.__path__), key=lambda m: m.name):
        if info.ispkg and (Path(api.__path__[0]) / info.name / "jobs.py").is_file():
            module = importlib.import_module(f"api.{info.name}.jobs")
            functions += getattr(module, "FUNCTIONS", [])
            crons += getattr(module, "CRON_JOBS", [])
    return functions, crons


_functions, _crons = domain_jobs()


class WorkerSettings:
    functions = _functions
    cron_jobs = _crons
    on_shutdown = on_shutdown
    redis_settings = redis_settings(get_settings().redis_url)
    job_timeout = 600
    keep_result = 3600
