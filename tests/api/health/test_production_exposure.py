"""What production shows to whoever asks: /metrics only with the token (production refuses to
start without one), the worker's metrics on loopback with the same check, and no route list
(/openapi.json) unless asked for."""

import httpx
import pytest
from pydantic import ValidationError

from api.core.config import Settings, get_settings
from api.core.observability import start_worker_metrics_server
from api.main import create_app
from tests.ports import port_of, refused_port

PRODUCTION = {"MERIT_ENV": "production", "MERIT_SECRET_KEY": "k" * 40}


def test_production_refuses_to_start_without_a_metrics_token(monkeypatch):
    monkeypatch.delenv("MERIT_METRICS_TOKEN", raising=False)
    with pytest.raises(ValidationError, match="MERIT_METRICS_TOKEN must be set in production"):
        Settings(**PRODUCTION)  # type: ignore[arg-type]
    with pytest.raises(ValidationError, match="16 characters or more"):
        Settings(**PRODUCTION, MERIT_METRICS_TOKEN="short-token")  # type: ignore[arg-type]
    assert Settings(**PRODUCTION, MERIT_METRICS_TOKEN="t" * 16).metrics_token  # type: ignore[arg-type]


def get(url: str, **headers: str) -> httpx.Response:
    return httpx.get(url, headers=headers, timeout=5)


def test_the_worker_serves_metrics_on_loopback_and_checks_the_token(monkeypatch):
    assert Settings().worker_metrics_host == "127.0.0.1"
    monkeypatch.setattr(get_settings(), "metrics_token", "worker-token")
    # The metrics server binds its port itself (0 means off there), so the port is picked here
    # and released first; should another process take it in between, the server logs that and
    # serves nothing, and the next port is tried.
    for _ in range(5):
        with refused_port() as sock:
            port = port_of(sock)
        server = start_worker_metrics_server(Settings().worker_metrics_host, port)
        if server is not None:
            break
    assert server is not None
    try:
        host, port = server.server_address[:2]
        assert host == "127.0.0.1"
        refused = get(f"http://127.0.0.1:{port}/metrics")
        assert refused.status_code == 401
        assert "merit_" not in refused.text
        wrong = get(f"http://127.0.0.1:{port}/metrics", authorization="Bearer nope")
        assert wrong.status_code == 401
        ok = get(f"http://127.0.0.1:{port}/metrics", authorization="Bearer worker-token")
        assert ok.status_code == 200
        assert "merit_job" in ok.text or "# HELP" in ok.text
    finally:
        server.shutdown()
        server.server_close()


async def serves_openapi(app) -> bool:
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app), base_url="http://localhost"
    ) as c:
        r = await c.get("/openapi.json")
    # Off, the path is the web app's like any other (its page, or 503 when not built here).
    return r.status_code == 200 and "/api/employees" in r.text


async def test_the_openapi_document_is_off_in_production_unless_asked(monkeypatch):
    settings = get_settings()
    monkeypatch.setattr(settings, "allowed_origins", ["http://localhost"])
    monkeypatch.setattr(settings, "metrics_token", "t" * 20)
    assert await serves_openapi(create_app())  # development and tests: on
    monkeypatch.setattr(settings, "environment", "production")
    monkeypatch.setattr(settings, "openapi_public", None)
    production = create_app()
    assert not await serves_openapi(production)
    # `merit openapi` (the web client's types) still builds it.
    assert production.openapi()["paths"]
    monkeypatch.setattr(settings, "openapi_public", True)
    assert await serves_openapi(create_app())
