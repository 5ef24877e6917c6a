"""The Host header is checked before any handler runs: only the base domain, an organisation's
`{code}.{base}`, an allowed origin's host and, in development, localhost or an IP address, each
with an optional port and nothing else."""

import httpx
import pytest

from api.core.config import get_settings

INVALID = {"message": "Invalid Host header"}


async def status_for(app, host: str, path: str = "/api/auth/session") -> httpx.Response:
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app), base_url="http://localhost"
    ) as c:
        return await c.get(path, headers={"host": host})


@pytest.mark.parametrize(
    "host",
    [
        "acme.localhost:8000@evil.example",
        "acme.localhost:8000/@evil.example/",
        "acme.localhost:8000:@evil.example#",
        "acme.localhost evil.example",
        "evil.example",
        "acme.localhost.evil.example",
        "a.b.localhost",  # a code is one label
        "-acme.localhost",
        "acme.localhost:",
        "acme.localhost:123456",
        "[::1",
        "",
    ],
)
@pytest.mark.parametrize("path", ["/api/auth/session", "/reset-password", "/api/nowhere"])
async def test_hosts_that_are_not_ours_get_400_before_any_handler(app, host, path):
    r = await status_for(app, host, path)
    assert r.status_code == 400, (host, path, r.status_code)
    assert r.json() == INVALID


@pytest.mark.parametrize(
    ("host", "status"),
    [("localhost", 401), ("localhost:8000", 401), ("127.0.0.1:8000", 401), ("[::1]:8000", 401),
     ("acme.localhost", 404), ("ACME.localhost:8000", 404), ("acme.localhost.", 404)],
)  # fmt: skip
async def test_our_hosts_pass(app, host, status):
    # Answered by the handler: not signed in (no organisation named), or no organisation 'acme'.
    assert (await status_for(app, host)).status_code == status


async def test_production_takes_only_the_base_domain_and_allowed_origins(app, monkeypatch):
    settings = get_settings()
    monkeypatch.setattr(settings, "environment", "production")
    monkeypatch.setattr(settings, "base_domain", "merit.example")
    monkeypatch.setattr(settings, "allowed_origins", ["https://hr.partner.example"])
    for host, status in (
        ("merit.example", 401),
        ("acme.merit.example:443", 404),
        ("hr.partner.example", 401),
    ):
        assert (await status_for(app, host)).status_code == status, host
    for host in ("localhost", "127.0.0.1:8000", "acme.localhost", "merit.example.evil.example"):
        r = await status_for(app, host)
        assert r.status_code == 400 and r.json() == INVALID, host
    # Orchestrators probe by address; the probes build nothing from the Host.
    assert (await status_for(app, "10.1.2.3:8000", "/healthz")).status_code == 200
