"""JSON logs: one object per line, each carrying the request id the reply names."""

import json
import logging

from api.core.config import get_settings
from api.core.observability import configure_logging, log_format


def json_lines(text: str) -> list[dict]:
    out = []
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("{"):
            out.append(json.loads(line))
    return out


async def test_access_log_is_json_with_the_request_id_returned_in_the_header(client, capsys):
    configure_logging(get_settings())
    r = await client.get("/api/auth/session", headers={"x-request-id": "req-abc.123"})
    assert r.headers["x-request-id"] == "req-abc.123"
    lines = json_lines(capsys.readouterr().err)
    access = [x for x in lines if x.get("logger") == "merit.access"]
    assert access, lines
    entry = access[-1]
    assert entry["request_id"] == "req-abc.123"
    assert entry["method"] == "GET"
    assert entry["path"] == "/api/auth/session"
    assert entry["status"] == 401
    assert entry["level"] == "INFO"
    assert isinstance(entry["duration_ms"], float)
    assert {"time", "message"} <= set(entry)


async def test_a_request_id_that_is_not_a_plain_token_is_replaced(client):
    r = await client.get("/healthz", headers={"x-request-id": "bad id\twith spaces{}"})
    rid = r.headers["x-request-id"]
    assert rid != "bad id\twith spaces{}"
    assert len(rid) == 32 and rid.isalnum()
    r = await client.get("/healthz", headers={"x-request-id": "x" * 65})
    assert len(r.headers["x-request-id"]) == 32
    r1, r2 = await client.get("/healthz"), await client.get("/healthz")
    assert r1.headers["x-request-id"] != r2.headers["x-request-id"]


async def test_lines_logged_inside_a_request_carry_its_id(app, client, capsys):
    """Any logger used while a request runs (here the error handler's) gets the id."""
    configure_logging(get_settings())
    log = logging.getLogger("merit.test")

    async def endpoint():
        log.warning("inside the request")
        return {"ok": True}

    app.add_api_route("/__test/log-inside", endpoint, include_in_schema=False)
    # Routes added after the catch-alls would never be reached: move ours first.
    app.router.routes.insert(0, app.router.routes.pop())
    try:
        r = await client.get("/__test/log-inside", headers={"x-request-id": "inside-1"})
        assert r.status_code == 200
    finally:
        app.router.routes.pop(0)
    lines = json_lines(capsys.readouterr().err)
    inside = [x for x in lines if x.get("message") == "inside the request"]
    assert inside and inside[0]["request_id"] == "inside-1"
    assert inside[0]["logger"] == "merit.test"


def test_json_outside_development_text_in_development(monkeypatch):
    settings = get_settings()
    assert log_format(settings) == "json"  # MERIT_ENV=test
    monkeypatch.setattr(settings, "environment", "development")
    assert log_format(settings) == "text"
    monkeypatch.setattr(settings, "log_format", "json")
    assert log_format(settings) == "json"
