"""Missed cron slots: a slot that passed while the worker was stopped or Redis was away runs
once, late, when the worker starts or reconnects. Only each cron job's most recent slot of the
last MERIT_WORKER_CATCH_UP_HOURS (24) is run, once whatever the number of workers and
restarts. Real redis-servers of the tests' own; api.worker.Worker in this process with a cron
job of the test's own (timed around the test), then `merit worker` with the real cron jobs on
a Postgres of its own."""

import asyncio
import shutil
import tempfile
import time
from collections.abc import AsyncIterator, Callable, Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import redis as redis_py
from arq import cron
from arq.connections import create_pool
from arq.cron import CronJob
from arq.utils import to_unix_ms

from api.core.dates import local_today
from api.core.queue import redis_settings
from api.worker import Worker, last_slot
from tests.conftest import unique_code
from tests.faults.services import RedisServer, Stack, own_postgres, wait_until

RUNS: list[str] = []  # job ids of the test cron jobs' runs: `<cron name>:<slot in unix ms>`
LATE = "did not run at"


async def tick(ctx: dict[str, Any]) -> None:
    RUNS.append(ctx["job_id"])


def ran(name: str = "cron:tick") -> list[int]:
    """The slots of `name` that ran (unix ms, as in their job ids), in the order they ran."""
    return [int(job_id.rsplit(":", 1)[1]) for job_id in RUNS if job_id.startswith(f"{name}:")]


def slot(at: datetime) -> datetime:
    """A cron slot at that second (arq runs cron jobs at .123456 of their second)."""
    return at.replace(microsecond=123_456)


def ms(at: datetime) -> int:
    return to_unix_ms(slot(at))


@pytest.fixture
def redis() -> Iterator[RedisServer]:
    folder = Path(tempfile.mkdtemp(prefix="merit-catch-up-"))
    server = RedisServer(folder)
    server.start()
    RUNS.clear()
    try:
        yield server
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
async def workers(redis: RedisServer) -> AsyncIterator[Callable[..., Any]]:
    """Start api.worker.Worker instances on the test's Redis; all are stopped at the end."""
    running: list[tuple[Worker, asyncio.Task[None]]] = []

    def start(*crons: CronJob) -> Worker:
        worker = Worker(
            cron_jobs=list(crons),
            redis_settings=redis_settings(redis.url),
            handle_signals=False,
            poll_delay=0.1,
        )
        running.append((worker, asyncio.create_task(worker.async_run())))
        return worker

    yield start
    for worker, task in running:
        await stop(worker, task)


async def stop(worker: Worker, task: asyncio.Task[None] | None = None) -> None:
    await worker.close()  # cancels its loop
    if task is not None:
        await asyncio.gather(task, return_exceptions=True)


async def until(check: Callable[[], bool], within: float, what: str) -> None:
    deadline = time.monotonic() + within
    while not check():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        await asyncio.sleep(0.05)


async def settled(redis: RedisServer, *workers: Worker) -> None:
    """Wait until each worker has made its catch-up decisions since it last connected, and every
    job queued has run (arq takes a job off its queue once it has finished): from then on
    nothing runs unless something new is queued, so "it ran once" can be checked."""

    def caught_up() -> bool:
        # Pending from the worker's start, and again from each reconnection, until its first
        # cron step has run.
        return all(not w.catch_up_pending for w in workers)

    await until(caught_up, 10, "every worker's catch-up")
    queue = redis_py.Redis(unix_socket_path=str(redis.socket))
    try:
        await until(lambda: queue.zcard("arq:queue") == 0, 10, "the queue to empty")
    finally:
        queue.close()


async def two_jobs_in_turn(url: str) -> None:
    """Run two jobs on `merit worker`, the second queued once the first has run. The worker
    takes the second at a later poll than the first, and every poll ends with its cron step,
    where missed slots are caught up: once the second has run, the catch-up of the worker's
    first poll is done (and logged, had it queued anything)."""
    pool = await create_pool(redis_settings(url))
    try:
        for _ in range(2):
            job = await pool.enqueue_job("purge_expired_sessions")
            assert job is not None
            await job.result(timeout=30, poll_delay=0.1)
    finally:
        await pool.aclose()


def test_only_the_most_recent_slot_of_the_window_is_caught_up():
    day = timedelta(days=1)
    nightly = cron(tick, hour={2}, minute={0})
    now = datetime(2026, 3, 10, 9, 30).astimezone()
    assert last_slot(nightly, now, day) == slot(datetime(2026, 3, 10, 2, 0).astimezone())
    # Before 2:00 the most recent slot is yesterday's, within the day.
    early = datetime(2026, 3, 10, 1, 0).astimezone()
    assert last_slot(nightly, early, day) == slot(datetime(2026, 3, 9, 2, 0).astimezone())
    # Four times a day: the latest one only, never a backlog.
    reminders = cron(tick, hour={5, 11, 17, 23}, minute={15})
    assert last_slot(reminders, now, day) == slot(datetime(2026, 3, 10, 5, 15).astimezone())
    # Nothing older than the window; a window of 0 (MERIT_WORKER_CATCH_UP_HOURS=0) is off.
    assert last_slot(nightly, now, timedelta(hours=6)) is None
    assert last_slot(nightly, now, timedelta(0)) is None


async def test_a_slot_missed_before_the_workers_start_runs_once_late(redis, workers, caplog):
    now = datetime.now().astimezone()
    due = now - timedelta(seconds=30)
    daily = cron(tick, hour={due.hour}, minute={due.minute}, second={due.second})
    old = now - timedelta(days=2)  # its only slot this year: outside the window
    yearly = cron(
        tick,
        name="cron:old",
        month={old.month},
        day={old.day},
        hour={old.hour},
        minute={old.minute},
        second={old.second},
    )

    # Two workers start together: the slot runs once.
    first, second = workers(daily, yearly), workers(daily, yearly)
    await until(lambda: len(RUNS) >= 1, 10, "the late run")
    await settled(redis, first, second)
    assert ran() == [ms(due)]
    assert sum(LATE in m for m in caplog.messages) == 1

    # Stopped and started again: the slot ran, so it is not run again.
    await stop(first)
    await stop(second)
    third = workers(daily, yearly)
    await settled(redis, third)
    assert ran() == [ms(due)]
    assert ran("cron:old") == []


async def test_after_a_redis_outage_only_the_most_recent_missed_slot_runs(
    redis, workers, monkeypatch
):
    # A slot a minute: searched over a whole day, that would take arq's next_cron a second.
    monkeypatch.setattr("api.worker.catch_up_window", lambda: timedelta(minutes=5))
    base = datetime.now().astimezone().replace(microsecond=0) + timedelta(seconds=1)
    early, late = base + timedelta(seconds=4), base + timedelta(seconds=7)
    every_minute = cron(tick, second={early.second, late.second})

    worker = workers(every_minute)
    # At start, the most recent slot (a minute ago) runs: this Redis has no record of it.
    await until(lambda: len(RUNS) >= 1, 10, "the run at start")
    assert ran() == [ms(late - timedelta(minutes=1))]
    assert datetime.now().astimezone() < early - timedelta(seconds=1), "started too slowly"

    redis.stop()  # both slots pass while Redis is away
    await until(lambda: datetime.now().astimezone() > late + timedelta(seconds=1), 15, "slots")
    redis.start()  # empty, as after a restart without its data

    # The worker reconnects (backoff up to 5 s) and runs the later slot only, once.
    await until(lambda: len(RUNS) >= 2, 20, "the late run after the outage")
    await settled(redis, worker)
    assert ran() == [ms(late - timedelta(minutes=1)), ms(late)]


def test_merit_worker_runs_the_missed_nightly_backup_and_reminders_once():
    """`merit worker` with the real cron jobs on a fresh Redis: the day's backup fan-out and
    reminders dispatch (and the other cron jobs) run once at start; a restart runs nothing."""
    with own_postgres() as pg:
        stack = Stack(pg)
        try:
            code = unique_code("late")
            schema, org_id = stack.create_organization(code, "Late Org")
            stack.redis.start()
            stack.start_worker(MERIT_WORKER_CATCH_UP_HOURS="24")
            folder = stack.data / "backups" / schema

            def scheduled() -> list[str]:
                return sorted(p.name for p in folder.glob("backup-*-scheduled-*.json"))

            wait_until(scheduled, 90, every=0.3, what="the late nightly backup")
            queue = redis_py.Redis(unix_socket_path=str(stack.redis.socket))
            today = local_today().isoformat()
            for job_id in (f"reminders:{org_id}:{today}", f"cert-reminders:{org_id}:{today}"):
                key = f"arq:result:{job_id}"
                wait_until(lambda k=key: queue.exists(k), 60, what=job_id)
            log = stack.worker_log()
            assert log.count(f"cron:nightly_backups {LATE}") == 1, log[-4000:]
            assert log.count(f"cron:reminders_dispatch {LATE}") == 1, log[-4000:]
            late_runs = log.count(LATE)

            assert stack.worker is not None
            stack.worker.terminate()
            assert stack.worker.wait(timeout=15) == 0
            stack.start_worker(MERIT_WORKER_CATCH_UP_HOURS="24")
            wait_until(lambda: stack.worker_log().count("worker started") == 2, 60, what="start")
            asyncio.run(two_jobs_in_turn(stack.redis.url))  # its first poll's catch-up is done
            assert stack.worker_log().count(LATE) == late_runs, stack.worker_log()[-4000:]
            assert len(scheduled()) == 1
            queue.close()
        finally:
            stack.stop()
