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
import yaml
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

    def env(self, url: str | None = None) -> dict[str, str]:
        return {
            **os.environ,
            "REDIS_URL": url or self.redis.url,
            "MERIT_WORKER_METRICS_PORT": "0",
            "MERIT_LOG_LEVEL": "INFO",
            "MERIT_WORKER_CATCH_UP_HOURS": "0",  # no cron job runs beside the test's own
            "PYTHONPATH": str(ROOT),
        }

    def start(self, url: str | None = None) -> None:
        """`merit worker` on the test's Redis (or on `url`, another way to it)."""
        with open(self.log, "ab") as out:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "api.cli", "worker"],
                env=self.env(url),
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


class ProbeCounter:
    """Stands on the Redis socket while Redis is stopped: hangs up on every connection and
    counts them. Each is one probe of the worker (a Redis that closes the connection is as
    unreachable to it as none), so the test sees the worker try again and again rather than
    sleeping and hoping it did. Both workers of `merit worker` (jobs and backups) probe, each
    with its own backoff."""

    def __init__(self, path: Path):
        self.path = path
        self.probes = 0
        self.server: asyncio.AbstractServer | None = None

    async def __aenter__(self) -> "ProbeCounter":
        assert not self.path.exists(), "Redis is still there"
        self.server = await asyncio.start_unix_server(self._hang_up, path=str(self.path))
        return self

    async def _hang_up(self, _reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.probes += 1
        writer.close()

    async def __aexit__(self, *_exc: object) -> None:
        assert self.server is not None
        self.server.close()
        await self.server.wait_closed()
        self.path.unlink(missing_ok=True)  # for Redis to start on it again

    async def seen(self, worker: WorkerProcess, count: int, within: float) -> None:
        deadline = time.monotonic() + within
        while self.probes < count:
            assert worker.running(), f"the worker exited ({worker.proc and worker.proc.returncode})"
            assert time.monotonic() < deadline, f"{self.probes} probes in {within:g} s"
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
    async with ProbeCounter(redis.socket) as counter:
        # Several failed probes later (three rounds of backoff each, if the two workers share
        # them) it is still up, and has said so once, not once per probe.
        await counter.seen(worker, 6, within=30)
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
    async with ProbeCounter(redis.socket) as counter:
        # It keeps probing (and has not started for want of Redis), rather than exiting.
        await counter.seen(worker, 4, within=30)
        assert worker.running()
        assert STARTED not in worker.text()

    redis.start()
    await log_says(worker, STARTED, 20)
    await run_a_job(redis)
    assert worker.running()


class SilentProxy:
    """TCP on 127.0.0.1 to the Redis socket. Paused, it still accepts connections and keeps
    them open but passes no byte either way: a network partition, with no RST to notice."""

    def __init__(self, redis: RedisServer):
        self.redis = redis
        self.flowing = asyncio.Event()
        self.flowing.set()
        self.server: asyncio.Server | None = None
        self.writers: list[asyncio.StreamWriter] = []
        self.connections = 0  # accepted, paused or not: each probe of a worker opens one

    @property
    def url(self) -> str:
        assert self.server is not None
        return f"redis://127.0.0.1:{self.server.sockets[0].getsockname()[1]}/0"

    async def start(self) -> None:
        self.server = await asyncio.start_server(self._serve, "127.0.0.1", 0)

    async def _serve(self, client_r: asyncio.StreamReader, client_w: asyncio.StreamWriter) -> None:
        self.connections += 1
        self.writers.append(client_w)
        await self.flowing.wait()
        try:
            redis_r, redis_w = await asyncio.open_unix_connection(str(self.redis.socket))
        except OSError:
            client_w.close()
            return
        self.writers.append(redis_w)
        await asyncio.gather(
            self._pipe(client_r, redis_w), self._pipe(redis_r, client_w), return_exceptions=True
        )

    async def _pipe(self, source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
        try:
            while data := await source.read(65536):
                await self.flowing.wait()
                sink.write(data)
                await sink.drain()
        finally:
            sink.close()

    async def stop(self) -> None:
        self.flowing.set()
        for writer in self.writers:
            writer.close()
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()


async def test_a_connection_that_hangs_silently_counts_as_an_outage(setup):
    """No RST, no answer: after the read timeout the worker treats it as an outage (instead of
    waiting for ever), and takes jobs again once bytes flow."""
    from api.core.queue import READ_TIMEOUT_S

    redis, worker = setup
    redis.start()
    proxy = SilentProxy(redis)
    await proxy.start()
    try:
        worker.start(url=proxy.url)
        await log_says(worker, STARTED, 60)
        await run_a_job(redis)  # the test reaches Redis directly, the worker through the proxy

        proxy.flowing.clear()
        await log_says(worker, LOST, READ_TIMEOUT_S + 5)
        assert "TimeoutError" in worker.text()
        # Its probes hang too, and time out the same way: still one warning, still running.
        # A probe that timed out is followed by a new connection for the next one: four after
        # the loss are each worker's first probe (hung, given up) and its second.
        at_loss = proxy.connections
        deadline = time.monotonic() + 2 * READ_TIMEOUT_S + 15
        while proxy.connections < at_loss + 4:
            assert worker.running(), f"the worker exited ({worker.proc and worker.proc.returncode})"
            assert time.monotonic() < deadline, f"{proxy.connections - at_loss} probes"
            await asyncio.sleep(0.1)
        assert worker.running()
        assert worker.text().count(LOST) == 1

        proxy.flowing.set()
        await log_says(worker, BACK, 2 * READ_TIMEOUT_S + 10)
        await run_a_job(redis)
        assert worker.text().count(STARTED) == 1
    finally:
        await proxy.stop()


def compose_worker_check() -> list[str]:
    """The worker's health check command in compose.yaml, as this machine runs it."""
    compose = yaml.safe_load((ROOT / "compose.yaml").read_text())
    kind, *command = compose["services"]["worker"]["healthcheck"]["test"]
    assert kind == "CMD"
    return [sys.executable if part == "python" else part for part in command]


async def healthy(worker: WorkerProcess) -> bool:
    proc = await asyncio.create_subprocess_exec(
        *compose_worker_check(),
        env=worker.env(),
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    return await proc.wait() == 0


async def test_the_compose_health_check_follows_the_worker_through_an_outage(setup):
    """compose.yaml's own check command: healthy once the worker runs, unhealthy while Redis is
    away, and healthy again within seconds of Redis returning empty (a restart without its
    data): the worker writes its key as soon as it reconnects."""
    redis, worker = setup
    redis.start()
    worker.start()
    await log_says(worker, STARTED, 60)
    assert await healthy(worker)

    redis.stop()
    await log_says(worker, LOST, 15)
    assert not await healthy(worker)

    redis.start()
    back = time.monotonic()
    while not await healthy(worker):
        # The worker's backoff (5 s at most) plus a poll: it writes its key at its first poll
        # after reconnecting, not a health interval later.
        assert time.monotonic() - back < 12, "still unhealthy 12 s after Redis returned"
        await asyncio.sleep(0.5)
    assert worker.running()
