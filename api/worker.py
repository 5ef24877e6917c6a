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
from api.core.observability import (
    configure_logging,
    instrument_crons,
    instrument_functions,
    start_worker_metrics_server,
)
from api.core.queue import redis_settings

log = logging.getLogger("merit.worker")


async def purge_expired_sessions(_ctx: dict[str, Any]) -> int:
    async with public_session() as db:
        removed = await sessions.purge_expired(db)
    log.info("purged %d expired sessions", removed)
    return removed


async def on_startup(_ctx: dict[str, Any]) -> None:
    settings = get_settings()
    configure_logging(settings)
    served = start_worker_metrics_server(settings.worker_metrics_port)
    log.info(
        "worker started: %d functions, %d cron jobs%s",
        len(_functions),
        len(_crons),
        f", metrics on :{settings.worker_metrics_port}/metrics" if served else "",
    )


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
    # Every job writes the job log and the job metrics (api.core.observability).
    return instrument_functions(functions), instrument_crons(crons)


_functions, _crons = domain_jobs()


class WorkerSettings:
    functions = _functions
    cron_jobs = _crons
    on_startup = on_startup
    on_shutdown = on_shutdown
    # The liveness key `arq --check` (and the compose health check) reads; short, so a dead
    # worker shows as unhealthy within a minute rather than an hour.
    health_check_interval = 30
    redis_settings = redis_settings(get_settings().redis_url)
    job_timeout = 600
    keep_result = 3600
