"""`merit dev` stopped with SIGTERM (a service manager, `kill`) stops what it started: its
worker, and the embedded Postgres and Redis. Before, only Ctrl+C did; SIGTERM left both
servers running on the data directory. A real `merit dev` on its own data directory."""

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx

from tests.faults.services import free_port


def processes_using(path: Path) -> dict[int, str]:
    """The running processes that name `path` or run in it (Postgres, the worker; the embedded
    Redis runs in it, its socket elsewhere): pid -> command."""
    found = {}
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
            cwd = os.readlink(f"/proc/{pid}/cwd")
        except OSError:
            continue
        if (str(path) in cmdline or cwd.startswith(str(path))) and int(pid) != os.getpid():
            found[int(pid)] = cmdline
    return found


def test_sigterm_stops_the_worker_and_the_embedded_servers(tmp_path):
    data = tmp_path / "data"
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    env.update(MERIT_DATA_DIR=str(data), MERIT_ENV="test", MERIT_WORKER_METRICS_PORT="0")
    log = (tmp_path / "dev.log").open("w")
    dev = subprocess.Popen(
        [sys.executable, "-m", "api.cli", "dev", "--port", str(port)],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 120
        while True:
            assert dev.poll() is None, (tmp_path / "dev.log").read_text()
            try:
                if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, "merit dev did not start"
            time.sleep(0.5)
        running = " ".join(processes_using(data).values())
        assert "postgres" in running and "redis-server" in running, running

        dev.send_signal(signal.SIGTERM)
        assert dev.wait(timeout=60) != 0  # ended by a signal, as with Ctrl+C

        deadline = time.monotonic() + 20
        while processes_using(data) and time.monotonic() < deadline:
            time.sleep(0.25)
        assert processes_using(data) == {}
        assert not (data / "postgres" / "postmaster.pid").exists()
    finally:
        if dev.poll() is None:
            dev.kill()
        for pid in processes_using(data):  # leave nothing behind should the test fail
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        log.close()
