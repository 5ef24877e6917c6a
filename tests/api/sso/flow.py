"""The steps of a single sign-on as a browser takes them, for the tests."""

from urllib.parse import parse_qs, urlsplit

import httpx

from api.auth import sessions
from tests.api.sso.provider import CALLBACK_PATH, sign_in_at_provider


async def choose(client: httpx.AsyncClient, subdomain: str) -> None:
    """The organisation code step."""
    r = await client.post("/api/auth/org-login", json={"subdomain": subdomain})
    assert r.status_code == 200, r.text


async def start(client: httpx.AsyncClient) -> str:
    """'Sign in with ...': Merit sends the browser to the provider; returns that URL."""
    r = await client.get("/api/auth/sso/login")
    assert r.status_code == 302, r.text
    assert sessions.COOKIE in r.cookies, "the pending sign-in lives in a fresh session"
    return r.headers["location"]


async def back(client: httpx.AsyncClient, callback: str) -> httpx.Response:
    """The provider's redirect back to Merit."""
    parts = urlsplit(callback)
    assert parts.path == CALLBACK_PATH, callback
    return await client.get(f"{parts.path}?{parts.query}")


async def sign_in(client: httpx.AsyncClient, login: str) -> httpx.Response:
    return await back(client, await sign_in_at_provider(await start(client), login))


def signed_in(reply: httpx.Response) -> bool:
    return reply.status_code == 302 and reply.headers["location"] == "/"


def error_of(reply: httpx.Response, subdomain: str | None = None) -> str:
    """The message the sign-in screen shows, after the redirect back to it."""
    assert reply.status_code == 302, reply.text
    location = urlsplit(reply.headers["location"])
    assert location.path == "/" and not location.netloc, location
    query = parse_qs(location.query)
    assert query.get("org") == ([subdomain] if subdomain else None), query
    return query["ssoError"][0]


async def session_of(client: httpx.AsyncClient) -> dict | None:
    r = await client.get("/api/auth/session")
    if r.status_code == 401:
        return None
    assert r.status_code == 200, r.text
    return r.json()
