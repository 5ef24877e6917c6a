"""Schemathesis against the app's own OpenAPI document, with a signed-in admin session.

The app runs as a real server process on loopback (sharing the test Postgres and Redis), so
the fuzzer exercises the full HTTP stack. Budget: a few examples per operation. Checks: no
500 on any input, and every response matches its documented status, content type and schema.
"""

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)

from api.main import create_app
from tests.conftest import unique_code

# Operations that would end the fuzzer's own session, or need a platform sign-in.
SKIP_PATHS = ("/api/auth/logout", "/api/auth/change-password", "/api/logout")
EXAMPLES = int(os.environ.get("MERIT_FUZZ_EXAMPLES", "6"))


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    port = _free_port()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "uvicorn",
            "api.main:create_app",
            "--factory",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--log-level",
            "warning",
        ],
        env={**os.environ},
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.2)
        yield base
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@pytest.fixture(scope="session")
def admin_cookie(server: str) -> str:
    code = unique_code("fuzz")
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
            "Fuzz Org",
        ],
        capture_output=True,
        text=True,
        env={**os.environ},
        timeout=120,
    )
    assert made.returncode == 0, made.stderr
    with httpx.Client(base_url=server) as c:
        assert c.post("/api/auth/org-login", json={"subdomain": code}).status_code == 200
        r = c.post("/api/auth/role-login", json={"role": "admin", "password": f"admin{code}"})
        assert r.status_code == 200
        r = c.post("/api/auth/change-password", json={"newPassword": "FuzzPassw0rd"})
        assert r.status_code == 200
        return f"merit_sid={c.cookies['merit_sid']}"


# The document is taken from the app itself at collection; the calls go to the server.
schema = schemathesis.openapi.from_dict(create_app().openapi())


@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_api_never_fails_and_matches_its_schema(case, server: str, admin_cookie: str) -> None:
    if case.path in SKIP_PATHS:
        pytest.skip("would end the fuzzer's own session")
    case.call_and_validate(
        base_url=server,
        headers={"cookie": admin_cookie},
        checks=[
            not_a_server_error,
            status_code_conformance,
            content_type_conformance,
            response_schema_conformance,
        ],
        timeout=30,
    )
