"""arq worker: background functions and cron jobs of every domain."""

import asyncio
import dataclasses
import importlib
import logging
import pkgutil
import socket
import time
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from arq import cron
from arq.connections import RedisSettings
from arq.constants import default_queue_name, health_check_key_suffix
from arq.cron import CronJob
from arq.utils import to_unix_ms
from arq.worker import Worker as ArqWorker
from arq.worker import func as arq_function
from arq.worker import get_kwargs
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError
from tenacity import AsyncRetrying, retry_if_exception_type, wait_exponential

import api
from api.auth import sessions
from api.backups.service import JOB as BACKUP_JOB
from api.core.config import get_settings
from api.core.db import dispose_engine, public_session
from api.core.observability import (
    configure_logging,
    instrument_crons,
    instrument_functions,
    start_worker_metrics_server,
)
from api.core.queue import BACKUP_QUEUE, pool_with_read_timeout, redis_settings

log = logging.getLogger("merit.worker")


async def purge_expired_sessions(_ctx: dict[str, Any]) -> int:
    async with public_session() as db:
        removed = await sessions.purge_expired(db)
    log.info("purged %d expired sessions", removed)
    return removed


async def on_startup(ctx: dict[str, Any]) -> None:
    # arq calls this each time its loop (re)connects to Redis (Worker.main below): set up once.
    if ctx.get("merit_started"):
        return
    ctx["merit_started"] = True
    settings = get_settings()
    configure_logging(settings)
    served = start_worker_metrics_server(settings.worker_metrics_host, settings.worker_metrics_port)
    log.info(
        "worker started: %d functions, %d cron jobs on %s; backups on %s%s",
        len(_functions),
        len(_crons),
        default_queue_name,
        BACKUP_QUEUE,
        f"; metrics on {settings.worker_metrics_host}:{settings.worker_metrics_port}/metrics"
        if served
        else "",
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


def catch_up_window() -> timedelta:
    return timedelta(hours=get_settings().worker_catch_up_hours)


def last_slot(job: CronJob, now: datetime, window: timedelta) -> datetime | None:
    """The cron job's most recent scheduled time in the `window` before `now`, if any."""
    probe, found = dataclasses.replace(job), None
    probe.calculate_next(now - window)
    while probe.next_run is not None and probe.next_run <= now:
        found = probe.next_run
        probe.calculate_next(found)
    return found


# What a lost or refused Redis connection raises (redis-py wraps socket errors in its own).
REDIS_DOWN: tuple[type[BaseException], ...] = (
    RedisConnectionError,
    RedisTimeoutError,
    OSError,
    asyncio.TimeoutError,
)


class Worker(ArqWorker):
    """arq's worker, kept running through a Redis outage.

    arq's own loop (`Worker.main`) ends with the first Redis error, and with it the process.
    Here that loop runs again once Redis answers: meanwhile the process stays up, logs one
    warning and probes Redis with a short backoff (0.5 s doubling up to 5 s). Jobs queued
    while it was away (or kept by Redis across its restart) are picked up by the next poll; a
    job that was running keeps running, and one that could not record its end is run again by
    arq once its in-progress key expires, as after any worker crash. A connection that stops
    answering without being closed counts as an outage after READ_TIMEOUT_S.

    Missed cron slots: arq schedules from the moment it connects, so a slot that passed while
    the worker was stopped or Redis was away would never run. At each (re)connection, each
    cron job's most recent slot of the last MERIT_WORKER_CATCH_UP_HOURS runs once, late,
    unless it already ran; earlier missed slots are not replayed.
    """

    first_retry_delay = 0.5
    max_retry_delay = 5.0
    # The level of the outage and recovery messages: the backups worker beside this one in
    # `merit worker` says nothing more (one process, one outage, one warning).
    outage_log_level = logging.WARNING

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        if kwargs.get("redis_pool") is None:
            # arq's own pool has no read timeout: a Redis that hangs would stall the worker.
            settings = kwargs.pop("redis_settings", None) or RedisSettings()
            kwargs["redis_pool"] = pool_with_read_timeout(settings)
        super().__init__(*args, **kwargs)
        # arq keeps no cron results; kept past the catch-up window, the result under arq's id
        # for a slot (`<cron name>:<unix ms>`) records that the slot ran, for every worker.
        keep = catch_up_window().total_seconds() + 3600
        self.cron_jobs = [
            dataclasses.replace(c, keep_result_s=max(c.keep_result_s or 0, keep))
            for c in self.cron_jobs
        ]
        self.functions.update({c.name: c for c in self.cron_jobs})
        # Set at each (re)connection, cleared once missed cron slots have been caught up.
        self.catch_up_pending = True
        self.health_due = True

    async def main(self) -> None:
        while True:
            # Each (re)connection: the health key is written at the first poll rather than up
            # to health_check_interval later, and the cron schedule restarts from now, once
            # the missed slots are caught up (run_cron).
            self.health_due = True
            self.catch_up_pending = True
            for job in self.cron_jobs:
                job.next_run = None
            try:
                await super().main()
                return  # only in burst mode: the queue is empty
            except REDIS_DOWN as exc:
                lost_at = time.monotonic()
                log.log(
                    self.outage_log_level,
                    "Redis is unreachable (%s: %s); the worker keeps running and takes jobs "
                    "again when it answers (retrying every %g-%g s)",
                    type(exc).__name__,
                    exc,
                    self.first_retry_delay,
                    self.max_retry_delay,
                )
            await self.until_redis_answers()
            log.log(
                self.outage_log_level,
                "Redis answers again after %.1f s; the worker takes jobs again",
                time.monotonic() - lost_at,
            )

    async def until_redis_answers(self) -> None:
        """Probe Redis until it answers: 0.5 s after the loss, then at intervals doubling up to
        5 s. Never at once: a Redis on its way down still answers a ping for a moment."""
        await asyncio.sleep(self.first_retry_delay)
        async for probe in AsyncRetrying(
            retry=retry_if_exception_type(REDIS_DOWN),
            wait=wait_exponential(multiplier=2 * self.first_retry_delay, max=self.max_retry_delay),
        ):
            with probe:
                await self.pool.ping()

    async def record_health(self) -> None:
        if self.health_due:
            # arq writes the key at most once per interval, counted from before the outage.
            await self.pool.psetex(  # type: ignore[no-untyped-call]
                self.health_check_key,
                int((self.health_check_interval + 1) * 1000),
                f"{datetime.now():%b-%d %H:%M:%S} reconnected".encode(),
            )
            self.health_due = False
        await super().record_health()

    async def run_cron(self, n: datetime, delay: float, num_windows: int = 2) -> None:
        if self.catch_up_pending:
            await self.catch_up(n)
            self.catch_up_pending = False
        await super().run_cron(n, delay, num_windows)

    async def catch_up(self, now: datetime) -> None:
        """Enqueue each cron job's most recent slot under arq's own id for that slot: nothing
        is enqueued if the slot ran (its result is kept), is queued or running, or another
        worker caught it up first."""
        window = catch_up_window()
        for job in self.cron_jobs:
            slot = last_slot(job, now, window)
            if slot is None:
                continue
            job_id = f"{job.name}:{to_unix_ms(slot)}"
            if await self.pool.enqueue_job(job.name, _job_id=job_id, _queue_name=self.queue_name):
                log.warning(
                    "%s did not run at %s (worker stopped, or Redis away); running it now",
                    job.name,
                    slot.isoformat(timespec="minutes"),
                )

    async def close(self) -> None:
        """arq's close, which needs Redis (it removes the health key) to run `on_shutdown`:
        stopping during an outage still disposes of the database engine and exits cleanly."""
        try:
            await super().close()
        except REDIS_DOWN as exc:
            log.warning("Redis is unreachable at shutdown (%s); stopping anyway", exc)
            if self.on_shutdown:
                await self.on_shutdown(self.ctx)


class BackupWorker(Worker):
    outage_log_level = logging.DEBUG


def run() -> None:
    """`merit worker`, until SIGINT/SIGTERM: in one process and event loop, a worker on arq's
    default queue with every function and cron job, and one on the backups queue."""
    configure_logging(get_settings())  # before on_startup: Redis may be down at start
    backups = BackupWorker(**get_kwargs(BackupWorkerSettings))  # type: ignore[arg-type]
    # Made second, its SIGINT/SIGTERM handlers replace the backups worker's: they stop both.
    jobs = Worker(**get_kwargs(WorkerSettings))  # type: ignore[arg-type]
    jobs.on_stop = backups.handle_sig
    loop = jobs.loop
    both = (jobs, backups)
    for worker in both:
        worker.main_task = loop.create_task(worker.main())
    try:
        loop.run_until_complete(asyncio.gather(*(w.main_task for w in both if w.main_task)))
    except asyncio.CancelledError:
        pass  # stopped by a signal
    finally:
        for worker in both:
            if worker.main_task:
                worker.main_task.cancel()
        # The backups worker first: the other one's on_shutdown disposes of the engine.
        loop.run_until_complete(backups.close())
        loop.run_until_complete(jobs.close())


class WorkerSettings:
    functions = _functions
    cron_jobs = _crons
    on_startup = on_startup
    on_shutdown = on_shutdown
    # The liveness key the compose health check (arq's check_health) reads: refreshed every
    # 10 s and at once after a reconnection, so the check follows the worker's state within
    # seconds; one per host (container), so one worker alive does not vouch for the others.
    health_check_interval = 10
    health_check_key = f"{default_queue_name}{health_check_key_suffix}:{socket.gethostname()}"
    # No connection retries inside arq: the health check answers at once, and Worker.main
    # above retries, with backoff, for ever.
    redis_settings = dataclasses.replace(redis_settings(get_settings().redis_url), conn_retries=0)
    job_timeout = 600
    keep_result = 3600


def _named(functions: list[Any], name: str) -> list[Any]:
    return [f for f in functions if arq_function(f).name == name]


class BackupWorkerSettings:
    """The backups queue's worker. Backup jobs queued on the default queue (by an API from
    before the queues were split) are still run there: WorkerSettings has the function too."""

    queue_name = BACKUP_QUEUE
    functions = _named(_functions, BACKUP_JOB)
    # Exports are long and heavy on Postgres: two at a time, so a night of them leaves room
    # for the API's own queries.
    max_jobs = 2
    health_check_interval = WorkerSettings.health_check_interval
    health_check_key = f"{BACKUP_QUEUE}{health_check_key_suffix}:{socket.gethostname()}"
    redis_settings = WorkerSettings.redis_settings
    job_timeout = WorkerSettings.job_timeout
    keep_result = WorkerSettings.keep_result
