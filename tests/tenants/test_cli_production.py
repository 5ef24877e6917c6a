"""`merit` started the way an operator starts it: the real sign-in limit whatever MERIT_ENV
says (only `merit dev` and the test suites relax it), and production never quietly running on
the embedded development servers or without a metrics token."""

import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator

import httpx
import pytest

from tests.conftest import unique_code

RELAXED = ("MERIT_ENV", "MERIT_RATE_LIMIT")
PRODUCTION = {"MERIT_ENV": "production", "MERIT_SECRET_KEY": "k" * 40}


def environ(**changes: str | None) -> dict[str, str]:
    env = {**os.environ}
    for key, value in changes.items():
        if value is None:
            env.pop(key, None)
        else:
            env[key] = value
    return env


def merit(*args: str, **env: str | None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "api.cli", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env=environ(**env),
        stdin=subprocess.DEVNULL,
    )


@pytest.fixture
def served_without_env() -> Iterator[str]:
    """`merit serve` on the test database with neither MERIT_ENV nor MERIT_RATE_LIMIT set."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "api.cli", "serve", "--host", "127.0.0.1", "--port", "0"],
        env=environ(MERIT_ENV=None, MERIT_RATE_LIMIT=None, MERIT_WORKER_METRICS_PORT="0"),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert proc.stdout is not None
    deadline = time.monotonic() + 60
    base = None
    while base is None and time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line and proc.poll() is not None:
            break
        if match := re.search(r"running on (http://127\.0\.0\.1:\d+)", line):
            base = match.group(1)
    try:
        assert base, "merit serve did not start"
        yield base
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def test_merit_serve_without_merit_env_applies_the_real_sign_in_limit(served_without_env):
    answers = []
    with httpx.Client(base_url=served_without_env, timeout=10) as c:
        for _ in range(21):
            r = c.post("/api/auth/org-login", json={"subdomain": unique_code("nobody")})
            answers.append(r.status_code)
    assert answers[:20] == [404] * 20
    assert answers[20] == 429


def test_production_without_a_database_url_exits_with_a_clear_message():
    done = merit(
        "migrate", **PRODUCTION, MERIT_METRICS_TOKEN="t" * 20, DATABASE_URL=None, REDIS_URL=None
    )
    assert done.returncode == 1
    assert "DATABASE_URL must be set in production" in done.stderr
    assert "MERIT_ALLOW_EMBEDDED_SERVICES=true" in done.stderr
    assert "Traceback" not in done.stderr


def test_production_without_a_redis_url_exits_before_serving():
    done = merit("worker", **PRODUCTION, MERIT_METRICS_TOKEN="t" * 20, REDIS_URL=None)
    assert done.returncode == 1
    assert "REDIS_URL must be set in production" in done.stderr


def test_production_without_a_metrics_token_exits_with_a_clear_message():
    done = merit("migrate", **PRODUCTION, MERIT_METRICS_TOKEN=None)
    assert done.returncode == 1
    assert "MERIT_METRICS_TOKEN must be set in production" in done.stderr
    assert "Traceback" not in done.stderr


def test_production_with_its_database_url_runs():
    # DATABASE_URL is the test database; `tenants list` needs no Redis.
    done = merit("tenants", "list", **PRODUCTION, MERIT_METRICS_TOKEN="t" * 20)
    assert done.returncode == 0, done.stderr
