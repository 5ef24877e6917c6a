"""Schemathesis against the app's own OpenAPI document, as each of the four roles.

The app runs as a real server process on loopback (sharing the test Postgres and Redis), so
the fuzzer exercises the full HTTP stack. Every generated request is sent once per role (admin,
hr, manager, user: what one may do the next is refused, and a refusal must be documented too).
Examples are random on every run; the seed is printed (tests/fuzz/conftest.py) and
MERIT_FUZZ_SEED replays it. Checks: no 500 on any input, and every response matches its
documented status, content type and schema.
"""

import os
import subprocess
import sys
import time
from collections.abc import Iterator

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, seed, settings
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)

from api.main import create_app
from tests.conftest import unique_code
from tests.fuzz.conftest import SEED
from tests.ports import listening_socket, port_of, uvicorn_command

# Operations that would end the fuzzer's own session, or need a platform sign-in.
SKIP_PATHS = ("/api/auth/logout", "/api/auth/change-password", "/api/logout")
EXAMPLES = int(os.environ.get("MERIT_FUZZ_EXAMPLES", "12"))
ROLES = ("admin", "hr", "manager", "user")
PASSWORD = "FuzzPassw0rd"
FIRST_PASSWORD = "FuzzFirst0pass"  # what the admin gives hr and user


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    sock = listening_socket()
    base = f"http://127.0.0.1:{port_of(sock)}"
    proc = subprocess.Popen(uvicorn_command(sock), env={**os.environ}, pass_fds=[sock.fileno()])
    sock.close()  # the server process has its own copy
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


def _cookie(c: httpx.Client) -> str:
    return f"merit_sid={c.cookies['merit_sid']}"


def _change_password(c: httpx.Client) -> None:
    r = c.post("/api/auth/change-password", json={"newPassword": PASSWORD})
    assert r.status_code == 200, r.text


@pytest.fixture(scope="session")
def cookies(server: str) -> dict[str, str]:
    """A session cookie per role in a new organisation: admin and manager sign in with their
    role passwords, hr and user with accounts the admin makes (User Management)."""
    code = unique_code("fuzz")
    made = subprocess.run(
        [sys.executable, "-m", "api.cli", "tenants", "create", "--subdomain", code, "--name", "Fuzz Org"],
        capture_output=True,
        text=True,
        env={**os.environ},
        timeout=120,
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    signed_in: dict[str, str] = {}
    admin = httpx.Client(base_url=server)
    with admin:
        assert admin.post("/api/auth/org-login", json={"subdomain": code}).status_code == 200
        for role in ("admin", "manager"):
            with httpx.Client(base_url=server) as c:
                assert c.post("/api/auth/org-login", json={"subdomain": code}).status_code == 200
                r = c.post("/api/auth/role-login", json={"role": role, "password": f"{role}{code}"})
                assert r.status_code == 200, r.text
                _change_password(c)
                signed_in[role] = _cookie(c)
        admin.cookies.set("merit_sid", signed_in["admin"].split("=", 1)[1])
        for role in ("hr", "user"):
            email = f"fuzz-{role}@example.com"
            account = {"email": email, "password": FIRST_PASSWORD, "role": role, "firstName": role}
            r = admin.post("/api/users", json=account)
            assert r.status_code == 201, r.text
            with httpx.Client(base_url=server) as c:
                assert c.post("/api/auth/org-login", json={"subdomain": code}).status_code == 200
                r = c.post(
                    "/api/auth/user-login", json={"email": email, "password": FIRST_PASSWORD}
                )
                assert r.status_code == 200, r.text
                if r.json()["forcePasswordChange"]:
                    _change_password(c)
                signed_in[role] = _cookie(c)
    return signed_in


# The document is taken from the app itself at collection; the calls go to the server.
schema = schemathesis.openapi.from_dict(create_app().openapi())


@schema.parametrize()
@seed(SEED)
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
def test_api_never_fails_and_matches_its_schema(case, server: str, cookies: dict[str, str]) -> None:
    if case.path in SKIP_PATHS:
        pytest.skip("would end the fuzzer's own session")
    for role in ROLES:
        case.call_and_validate(
            base_url=server,
            headers={"cookie": cookies[role]},
            checks=[
                not_a_server_error,
                status_code_conformance,
                content_type_conformance,
                response_schema_conformance,
            ],
            timeout=30,
        )
