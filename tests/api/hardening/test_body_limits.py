"""Request body limits: 413 JSON above the limit for the path, declared or streamed."""

import json

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from api.core.config import DEFAULT_BODY_LIMITS, MB, Settings
from api.core.middleware import BodyLimitMiddleware
from tests.api.hardening.conftest import client_for

TOO_LARGE_1MB = {"message": "The request is too large (the limit is 1 MB)."}


async def chunks(total: int, size: int = 64 * 1024):
    sent = 0
    while sent < total:
        n = min(size, total - sent)
        sent += n
        yield b"x" * n


async def test_a_json_body_above_one_megabyte_is_refused(client):
    body = json.dumps({"subdomain": "a" * (MB + 10)})
    r = await client.post(
        "/api/auth/org-login", content=body, headers={"content-type": "application/json"}
    )
    assert r.status_code == 413
    assert r.json() == TOO_LARGE_1MB
    assert r.headers["x-request-id"]  # refused inside the request context


async def test_a_chunked_body_is_counted_while_it_streams(client):
    r = await client.post(
        "/api/auth/org-login",
        content=chunks(MB + 1),
        headers={"content-type": "application/json"},
    )
    assert "content-length" not in r.request.headers  # sent chunked
    assert r.status_code == 413
    assert r.json() == TOO_LARGE_1MB


async def test_bodies_under_the_limit_reach_the_endpoint(client):
    r = await client.post("/api/auth/org-login", json={"subdomain": "x" * (MB // 2)})
    # The endpoint's own answer (no such organisation), not the guard's 413.
    assert r.status_code == 404
    assert r.json()["message"].startswith("Organization not found")


async def test_uploads_get_the_larger_limit_of_their_path(client):
    # 5 MB to the document upload passes the guard (the route answers: not signed in)...
    r = await client.put("/api/upload/document/abc", content=b"x" * (5 * MB))
    assert r.status_code == 401
    # ...15 MB does not, whatever the route would say.
    r = await client.put("/api/upload/document/abc", content=b"x" * (15 * MB))
    assert r.status_code == 413
    assert r.json() == {"message": "The request is too large (the limit is 10.1 MB)."}
    r = await client.put("/api/upload/logo/abc", content=b"x" * (3 * MB))
    assert r.status_code == 413
    # The step-one POST is an ordinary JSON call with the ordinary limit.
    r = await client.post("/api/upload/document", content=b"x" * (2 * MB))
    assert r.status_code == 413


async def echo_size(request: Request) -> JSONResponse:
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
    return JSONResponse({"size": size})


def guarded(default: int, limits: dict[str, int]) -> BodyLimitMiddleware:
    inner = Starlette(routes=[Route("/{path:path}", echo_size, methods=["POST", "PUT"])])
    return BodyLimitMiddleware(inner, default=default, limits=limits)


async def test_the_longest_matching_prefix_wins_and_streams_are_cut_at_the_limit():
    app = guarded(100, {"/up/": 1000, "/up/big/": 5000})
    async with client_for(app) as c:
        assert (await c.post("/x", content=b"a" * 100)).json() == {"size": 100}
        assert (await c.post("/x", content=chunks(101, 10))).status_code == 413
        assert (await c.put("/up/1", content=chunks(1000, 7))).json() == {"size": 1000}
        assert (await c.put("/up/1", content=chunks(1001, 7))).status_code == 413
        assert (await c.put("/up/big/1", content=chunks(5000, 999))).json() == {"size": 5000}
        r = await c.put("/up/big/1", content=b"a" * 5001)
        assert r.status_code == 413
        assert r.json()["message"].startswith("The request is too large")


def test_limits_are_configurable_per_path_prefix(monkeypatch):
    monkeypatch.setenv("MERIT_BODY_LIMITS", '{"/api/imports/": 52428800, "/api/upload/logo/": 1}')
    monkeypatch.setenv("MERIT_MAX_BODY_BYTES", "2048")
    s = Settings()
    assert s.max_body_bytes == 2048
    assert s.body_limits["/api/imports/"] == 50 * MB
    assert s.body_limits["/api/upload/logo/"] == 1  # overridden
    assert s.body_limits["/api/upload/document/"] == DEFAULT_BODY_LIMITS["/api/upload/document/"]
    # The document upload's guard sits just above the route's own 10 MB rule.
    assert 10 * MB < DEFAULT_BODY_LIMITS["/api/upload/document/"] < 11 * MB
