"""Per-client rate limit on every sign-in and reset endpoint: 429 JSON, never fail closed."""

import re
import time
import uuid

import pytest

from api.core.config import DEFAULT_RATE_LIMITED_PATHS, get_settings
from api.core.middleware import RateLimitMiddleware
from api.core.rate_limit import shared_store_url
from tests.api.hardening.conftest import client_for
from tests.conftest import route_paths

DEAD_REDIS = "unix:///nonexistent/merit-test-redis.sock"
# Routes with "login" or "reset" in their path that are deliberately not limited.
NOT_SIGN_IN = [
    r"^/api/login$",  # a link that redirects to the web app
    r"^/api/organizations/\{[^}]+\}/reset-passwords$",  # super-admin action, signed in
]


def random_ip() -> str:
    return "10." + ".".join(str(b) for b in uuid.uuid4().bytes[:3])


async def test_the_fourth_attempt_in_a_minute_is_refused(make_app):
    app = make_app(rate_limit="3/minute")
    ip = random_ip()
    async with client_for(app, ip) as c:
        for _ in range(3):
            r = await c.post("/api/auth/org-login", json={"subdomain": "no-such-org-xyz"})
            assert r.status_code == 404
        r = await c.post("/api/auth/org-login", json={"subdomain": "no-such-org-xyz"})
    assert r.status_code == 429
    message = r.json()["message"]
    assert re.fullmatch(r"Too many attempts\. Please try again in \d+ seconds\.", message)
    assert 1 <= int(r.headers["retry-after"]) <= 60
    assert r.headers["x-request-id"] and r.headers["content-security-policy"]
    # Another client is not affected, nor are other endpoints for this one.
    async with client_for(app, random_ip()) as other:
        r = await other.post("/api/auth/org-login", json={"subdomain": "no-such-org-xyz"})
        assert r.status_code == 404
    async with client_for(app, ip) as c:
        for _ in range(5):
            assert (await c.get("/api/auth/session")).status_code == 401


SIGN_IN_CALLS = [
    ("POST", "/api/auth/org-login", {"subdomain": "nope-nope"}),
    ("POST", "/api/auth/role-login", {"role": "admin", "password": "x"}),
    ("POST", "/api/auth/user-login", {"email": "a@b.test", "password": "x"}),
    ("POST", "/api/auth/change-password", {"currentPassword": "x", "newPassword": "y"}),
    ("POST", "/api/auth/reset-password/request", {"email": "a@b.test", "organizationId": 1}),
    ("POST", "/api/auth/reset-password/confirm", {"token": "t", "newPassword": "x"}),
    ("POST", "/api/validate-reset-token", {"token": "t", "role": "admin"}),
    ("POST", "/api/reset-password", {"token": "t", "role": "admin", "newPassword": "x"}),
    ("POST", "/api/platform/login", {"email": "a@b.test", "password": "x"}),
    ("GET", "/api/platform/oidc/login", None),
    ("GET", "/api/platform/oidc/callback?code=x&state=y", None),
]


@pytest.mark.parametrize("method,path,body", SIGN_IN_CALLS)
async def test_every_sign_in_and_reset_endpoint_is_limited(make_app, method, path, body):
    app = make_app(rate_limit="2/minute")
    async with client_for(app, random_ip()) as c:
        for _ in range(2):
            r = await c.request(method, path, json=body)
            assert r.status_code != 429
        r = await c.request(method, path, json=body)
    assert r.status_code == 429, path
    assert r.json()["message"].startswith("Too many attempts.")


async def test_no_sign_in_or_reset_route_escapes_the_limit(app):
    """A new sign-in route must be added to MERIT_RATE_LIMIT_PATHS (or to NOT_SIGN_IN here)."""
    limiter = RateLimitMiddleware(app, limit="1/minute", patterns=DEFAULT_RATE_LIMITED_PATHS)
    for path in route_paths(app):
        if not re.search(r"login|reset-pass|reset-token|change-pass", path):
            continue
        if any(re.match(p, path) for p in NOT_SIGN_IN):
            continue
        concrete = re.sub(r"\{[^}]+\}", "x", path)
        assert limiter.rule_for(concrete), f"{path} is not rate limited"


def test_default_limit_is_20_a_minute_whatever_the_environment(monkeypatch):
    """Only an explicit MERIT_RATE_LIMIT relaxes it (`merit dev` and the test suites set one):
    a `merit serve` started without MERIT_ENV once ran the development limit of 1000."""
    settings = get_settings()
    for env in ("production", "staging", "development", "test"):
        monkeypatch.setattr(settings, "environment", env)
        monkeypatch.setattr(settings, "rate_limit", None)
        assert settings.sign_in_rate_limit == "20/minute"
    monkeypatch.setattr(settings, "rate_limit", "5/second")
    assert settings.sign_in_rate_limit == "5/second"


def test_production_counts_in_redis_unless_told_otherwise(monkeypatch):
    """Several processes serve production: counted per process, a guesser would get five
    failed sign-ins per process instead of five in all."""
    settings = get_settings()
    monkeypatch.setattr(settings, "redis_url", "redis://example.invalid:6379/0")
    monkeypatch.setattr(settings, "rate_limit_storage", None)
    monkeypatch.setattr(settings, "environment", "production")
    assert shared_store_url(settings) == "redis://example.invalid:6379/0"
    monkeypatch.setattr(settings, "environment", "development")
    assert shared_store_url(settings) is None
    monkeypatch.setattr(settings, "environment", "production")
    monkeypatch.setattr(settings, "rate_limit_storage", "memory")
    assert shared_store_url(settings) is None


async def test_replicas_share_counts_through_redis(make_app):
    url = get_settings().redis_url
    assert url  # the embedded Redis of the test run
    replica_a = make_app(rate_limit="3/minute", rate_limit_storage="redis")
    replica_b = make_app(rate_limit="3/minute", rate_limit_storage="redis")
    ip = random_ip()
    async with client_for(replica_a, ip) as a, client_for(replica_b, ip) as b:
        for c in (a, b, a):
            r = await c.post("/api/auth/org-login", json={"subdomain": "no-such-org-xyz"})
            assert r.status_code == 404
        r = await b.post("/api/auth/org-login", json={"subdomain": "no-such-org-xyz"})
    assert r.status_code == 429


async def test_a_redis_outage_never_locks_anyone_out(make_app, monkeypatch):
    monkeypatch.setattr(get_settings(), "redis_url", DEAD_REDIS)
    app = make_app(rate_limit="3/minute", rate_limit_storage="redis")
    ip = random_ip()
    started = time.perf_counter()
    async with client_for(app, ip) as c:
        statuses = [
            (await c.post("/api/auth/org-login", json={"subdomain": "no-such-org-xyz"})).status_code
            for _ in range(4)
        ]
    # Sign-in keeps working (fail open) and this replica still counts on its own.
    assert statuses == [404, 404, 404, 429]
    assert time.perf_counter() - started < 5
