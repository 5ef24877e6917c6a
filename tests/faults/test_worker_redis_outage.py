"""Fault: Redis goes away under a running `merit worker` (or is not there yet when it starts).
The worker process keeps running, says so in its log, and once Redis is back it takes jobs
again without being restarted. Real processes: the worker from the shell, a redis-server of
the test's own (stopped and started on the same socket), and the test database."""

import asyncio
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from arq.connections import create_pool
from sqlalchemy import select

from api.auth.models import Session
from api.core.db import public_session
from api.core.queue import redis_settings
from tests.faults.services import ROOT, RedisServer

STARTED = "worker started"
LOST = "Redis is unreachable"
BACK = "Redis answers again"


class WorkerProcess:
    def __init__(self, redis: RedisServer, folder: Path):
        self.redis, self.log = redis, folder / "worker.log"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        env = {
            **os.environ,
            "REDIS_URL": self.redis.url,
            "MERIT_WORKER_METRICS_PORT": "0",
            "MERIT_LOG_LEVEL": "INFO",
            "PYTHONPATH": str(ROOT),
        }
        with open(self.log, "ab") as out:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "api.cli", "worker"],
                env=env,
                cwd=ROOT,
                stdout=out,
                stderr=subprocess.STDOUT,
            )

    def text(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def stop(self) -> None:
        if self.running():
            assert self.proc is not None
            self.proc.terminate()
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=5)


@pytest.fixture
def setup() -> Iterator[tuple[RedisServer, WorkerProcess]]:
    folder = Path(tempfile.mkdtemp(prefix="merit-worker-outage-"))
    redis = RedisServer(folder)
    worker = WorkerProcess(redis, folder)
    try:
        yield redis, worker
    finally:
        worker.stop()
        redis.stop()
        print(worker.text()[-6000:])  # shown when the test fails
        shutil.rmtree(folder, ignore_errors=True)


async def log_says(worker: WorkerProcess, text: str, within: float, count: int = 1) -> None:
    deadline = time.monotonic() + within
    while worker.text().count(text) < count:
        assert worker.running(), f"the worker exited ({worker.proc and worker.proc.returncode})"
        assert time.monotonic() < deadline, f"the worker did not log {text!r} in {within:g} s"
        await asyncio.sleep(0.1)


async def expired_session() -> str:
    sid = f"outage-{uuid.uuid4().hex}"
    async with public_session() as db:
        db.add(Session(sid=sid, sess={}, expire=datetime.now(UTC) - timedelta(days=1)))
    return sid


async def session_exists(sid: str) -> bool:
    async with public_session() as db:
        return (await db.scalar(select(Session.sid).where(Session.sid == sid))) is not None


async def run_a_job(redis: RedisServer) -> Any:
    """Enqueue the session clean-up and wait for the worker's result: proof that it runs
    jobs (an expired session row is gone afterwards)."""
    sid = await expired_session()
    pool = await create_pool(redis_settings(redis.url))
    try:
        job = await pool.enqueue_job("purge_expired_sessions")
        assert job is not None
        removed = await job.result(timeout=30, poll_delay=0.1)
    finally:
        await pool.aclose()
    assert removed >= 1
    assert not await session_exists(sid)
    return removed


async def test_the_worker_survives_a_redis_outage_and_takes_jobs_again(setup):
    redis, worker = setup
    redis.start()
    worker.start()
    await log_says(worker, STARTED, 60)
    await run_a_job(redis)
    assert worker.proc is not None
    pid = worker.proc.pid

    redis.stop()
    await log_says(worker, LOST, 15)
    # Several backoff rounds later it is still up, and has said so once, not once per probe.
    await asyncio.sleep(4)
    assert worker.running()
    assert worker.text().count(LOST) == 1

    redis.start()  # an empty Redis on the same socket: the queue starts over
    await log_says(worker, BACK, 15)
    await run_a_job(redis)
    # The same process did it: not restarted, set up once.
    assert worker.running() and worker.proc.pid == pid
    assert worker.text().count(STARTED) == 1

    # A second outage is ridden out the same way.
    redis.stop()
    await log_says(worker, LOST, 15, count=2)
    redis.start()
    await log_says(worker, BACK, 15, count=2)
    await run_a_job(redis)

    # Stopping while Redis is away is a clean exit, not a traceback.
    redis.stop()
    await log_says(worker, LOST, 15, count=3)
    worker.proc.send_signal(signal.SIGTERM)
    assert worker.proc.wait(timeout=15) == 0
    assert "stopping anyway" in worker.text()
    assert "Traceback" not in worker.text()


async def test_the_worker_waits_for_redis_when_it_is_down_at_start(setup):
    redis, worker = setup
    worker.start()
    await log_says(worker, LOST, 60)
    await asyncio.sleep(2)
    assert worker.running()
    assert STARTED not in worker.text()

    redis.start()
    await log_says(worker, STARTED, 20)
    await run_a_job(redis)
    assert worker.running()
