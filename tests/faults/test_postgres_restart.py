"""Fault: Postgres restarts during traffic. While it is down the API answers 503 with a
clear message (never a 500, never a hang); when it is back the same server process recovers
without a restart, and nothing written before the fault is lost."""

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import pgserver
import pytest

from tests.conftest import unique_code
from tests.ports import listening_socket, port_of, uvicorn_command


@pytest.fixture
def own_postgres():
    """A Postgres of this test's own, so stopping it cannot disturb the other tests."""
    data = Path(tempfile.mkdtemp(prefix="merit-fault-pg-"))
    server = pgserver.get_server(data)
    yield server
    server.cleanup()
    shutil.rmtree(data, ignore_errors=True)


def _stop(server) -> None:
    pgserver.pg_ctl(["-w", "-m", "fast", "stop"], pgdata=server.pgdata, user=server.system_user)


def _start(server) -> None:
    server.ensure_postgres_running()


def test_api_answers_503_while_postgres_is_down_and_recovers(own_postgres):
    url = own_postgres.get_uri()
    env = {**os.environ, "DATABASE_URL": url, "MERIT_DB_POOL_SIZE": "8"}
    code = unique_code("fault")
    made = subprocess.run(
        [
            sys.executable,
            "-m",
            "api.cli",
            "tenants",
            "create",
            "--subdomain",
            code,
            "--name",
            "Fault Org",
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert made.returncode == 0, made.stderr
    sock = listening_socket()
    port = port_of(sock)
    proc = subprocess.Popen(
        uvicorn_command(sock),
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        pass_fds=[sock.fileno()],
    )
    sock.close()  # the server process has its own copy
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.2)
        with httpx.Client(base_url=base, timeout=20) as c:
            assert c.post("/api/auth/org-login", json={"subdomain": code}).status_code == 200
            r = c.post("/api/auth/role-login", json={"role": "admin", "password": f"admin{code}"})
            assert r.status_code == 200
            # A write before the fault.
            r = c.post("/api/auth/change-password", json={"newPassword": "BeforeFault1"})
            assert r.status_code == 200
            assert c.get("/api/organization/current").status_code == 200

            _stop(own_postgres)
            statuses = []
            for _ in range(5):
                started = time.monotonic()
                r = c.get("/api/organization/current")
                statuses.append(r.status_code)
                assert time.monotonic() - started < 15  # answers, does not hang
                assert r.headers["content-type"].startswith("application/json")
            assert set(statuses) == {503}, statuses
            assert "temporarily unavailable" in r.json()["message"]

            _start(own_postgres)
            recovered = None
            for _ in range(30):
                r = c.get("/api/organization/current")
                if r.status_code == 200:
                    recovered = r
                    break
                assert r.status_code == 503
                time.sleep(0.5)
            assert recovered is not None, "the API did not recover after Postgres came back"
            # The session and the password written before the fault survived.
            assert c.get("/api/auth/session").json()["forcePasswordChange"] is False
        with httpx.Client(base_url=base, timeout=20) as fresh:
            fresh.post("/api/auth/org-login", json={"subdomain": code})
            r = fresh.post(
                "/api/auth/role-login", json={"role": "admin", "password": "BeforeFault1"}
            )
            assert r.status_code == 200
    finally:
        proc.terminate()
        proc.wait(timeout=10)
