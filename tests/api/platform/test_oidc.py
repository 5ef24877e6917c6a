"""Platform sign-in through OpenID Connect (code flow + PKCE) against a local provider."""

from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from sqlalchemy import select

from api.auth import sessions
from api.auth.models import Session
from api.core.db import public_session
from api.platform.admins import upsert_admin
from api.platform.oidc import VERIFY_FAILED
from tests.api.platform.conftest import new_email
from tests.api.platform.fake_oidc import CLIENT_ID, FakeProvider


async def start(client: httpx.AsyncClient) -> str:
    """Step 1: Merit sends the browser to the provider; returns the provider URL."""
    r = await client.get("/api/platform/oidc/login")
    assert r.status_code == 302, r.text
    assert sessions.PLATFORM_COOKIE in r.cookies
    return r.headers["location"]


async def authorize(url: str) -> str:
    """Step 2: the provider (auto-consent) sends the browser back with a code."""
    async with httpx.AsyncClient() as browser:
        r = await browser.get(url)
    assert r.status_code == 302, r.text
    return r.headers["location"]


async def finish(client: httpx.AsyncClient, callback: str) -> httpx.Response:
    """Step 3: the callback checks everything and opens the platform session."""
    parts = urlsplit(callback)
    assert parts.path == "/api/platform/oidc/callback"
    return await client.get(f"{parts.path}?{parts.query}")


async def sign_in(client: httpx.AsyncClient) -> httpx.Response:
    return await finish(client, await authorize(await start(client)))


def error_of(reply: httpx.Response) -> str:
    location = reply.headers["location"]
    assert location.startswith("/super-admin?")
    return parse_qs(urlsplit(location).query)["error"][0]


async def test_the_whole_flow_signs_a_platform_admin_in(provider: FakeProvider, client):
    provider.email = new_email("Owner").upper()  # the provider's casing does not matter
    await upsert_admin(email=provider.email.lower(), password=None)
    r = await client.get("/api/platform/config")
    assert r.json() == {
        "oidcEnabled": True,
        "localEnabled": False,
        "providerName": "Test Identity",
    }

    url = await start(client)
    request = parse_qs(urlsplit(url).query)
    assert url.startswith(f"{provider.issuer}/authorize?")
    assert request["client_id"] == [CLIENT_ID]
    assert request["response_type"] == ["code"]
    assert request["code_challenge_method"] == ["S256"]
    assert request["scope"] == ["openid email profile"]
    assert request["redirect_uri"] == ["http://localhost/api/platform/oidc/callback"]
    assert len(request["state"][0]) >= 20 and len(request["nonce"][0]) >= 20

    r = await finish(client, await authorize(url))
    assert r.status_code == 302
    assert r.headers["location"] == "/super-admin"
    # The provider checked the PKCE verifier and the client secret at its token endpoint.
    assert provider.token_requests[0]["code_verifier"]
    assert "client_secret" not in provider.token_requests[0]  # sent as HTTP Basic instead

    r = await client.get("/api/platform/session")
    assert r.status_code == 200
    assert r.json() == {"email": provider.email.lower(), "name": "Olive Owner", "method": "oidc"}
    assert (await client.get("/api/organizations")).status_code == 200


async def test_a_person_who_is_not_a_platform_admin_gets_403_not_401(provider, client):
    provider.email = new_email("stranger")
    r = await sign_in(client)
    assert r.status_code == 302 and r.headers["location"] == "/super-admin"
    r = await client.get("/api/platform/session")
    assert r.status_code == 403
    assert r.json()["message"] == f"Access denied: {provider.email} is not a platform administrator"
    assert (await client.get("/api/organizations")).status_code == 403
    # Sign Out ends it: from then on the panel asks for a sign-in again (401).
    assert (await client.post("/api/platform/logout")).status_code == 200
    assert (await client.get("/api/platform/session")).status_code == 401


@pytest.mark.parametrize(
    "mode",
    ["forged", "expired", "wrong_aud", "wrong_iss", "wrong_nonce", "alg_none", "hs256"],
)
async def test_untrustworthy_id_tokens_are_refused(provider, client, mode):
    provider.email = new_email()
    await upsert_admin(email=provider.email, password=None)
    provider.token_mode = mode
    r = await sign_in(client)
    assert r.status_code == 302
    assert error_of(r) == VERIFY_FAILED
    assert (await client.get("/api/platform/session")).status_code == 401
    assert (await client.get("/api/organizations")).status_code == 401


async def test_an_unverified_or_missing_email_is_refused(provider, client):
    provider.email = new_email()
    await upsert_admin(email=provider.email, password=None)
    provider.email_verified = False
    r = await sign_in(client)
    assert error_of(r) == "Your e-mail address is not verified with the sign-in provider."
    provider.email_verified = True
    provider.token_mode = "no_email"
    r = await sign_in(client)
    assert error_of(r) == "Your account did not share an e-mail address with Merit."
    assert (await client.get("/api/platform/session")).status_code == 401


async def test_a_tampered_state_is_refused_and_the_attempt_cannot_be_retried(provider, client):
    provider.email = new_email()
    await upsert_admin(email=provider.email, password=None)
    callback = await authorize(await start(client))
    parts = urlsplit(callback)
    query = parse_qs(parts.query)
    r = await client.get(parts.path, params={"code": query["code"][0], "state": "forged"})
    assert error_of(r) == VERIFY_FAILED
    # The pending sign-in was consumed: the genuine callback no longer works either.
    r = await finish(client, callback)
    assert error_of(r) == "Your sign-in took too long or was already used. Please try again."
    assert (await client.get("/api/platform/session")).status_code == 401


async def test_a_non_ascii_state_is_refused_with_a_clear_message(provider, client):
    callback = await authorize(await start(client))
    parts = urlsplit(callback)
    code = parse_qs(parts.query)["code"][0]
    r = await client.get(parts.path, params={"code": code, "state": "ëtat-forgé"})
    assert error_of(r) == VERIFY_FAILED


async def test_a_callback_without_the_pending_cookie_is_refused(provider, app, client):
    callback = await authorize(await start(client))
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app), base_url="http://localhost"
    ) as other_browser:
        r = await finish(other_browser, callback)
    assert error_of(r) == "Your sign-in took too long or was already used. Please try again."


async def test_a_replayed_callback_is_refused(provider, client):
    provider.email = new_email()
    await upsert_admin(email=provider.email, password=None)
    url = await start(client)
    callback = await authorize(url)
    assert (await finish(client, callback)).headers["location"] == "/super-admin"
    r = await finish(client, callback)
    assert r.headers["location"].startswith("/super-admin?error=")


async def test_the_provider_reporting_an_error_is_shown(provider, client):
    provider.error = "access_denied"
    r = await sign_in(client)
    assert error_of(r) == ("The sign-in provider reported an error: The user cancelled the sign-in")


async def test_rotated_provider_keys_are_fetched_again(provider, client):
    provider.email = new_email()
    await upsert_admin(email=provider.email, password=None)
    assert (await sign_in(client)).headers["location"] == "/super-admin"
    provider.rotate()
    assert (await sign_in(client)).headers["location"] == "/super-admin"
    assert (await client.get("/api/platform/session")).status_code == 200


async def test_only_panel_paths_are_accepted_as_return_to(provider, client):
    provider.email = new_email()
    await upsert_admin(email=provider.email, password=None)
    for target, expected in [
        ("https://evil.example.com/", "/super-admin"),
        ("//evil.example.com", "/super-admin"),
        ("/super-admin?tab=x", "/super-admin?tab=x"),
    ]:
        r = await client.get("/api/platform/oidc/login", params={"return_to": target})
        r = await finish(client, await authorize(r.headers["location"]))
        assert r.headers["location"] == expected


async def test_an_unreachable_provider_gives_a_clear_message(monkeypatch, client):
    from api.core.config import get_settings
    from api.platform import oidc

    monkeypatch.setenv("OIDC_ISSUER", "http://127.0.0.1:9")
    monkeypatch.setenv("OIDC_CLIENT_ID", "x")
    get_settings.cache_clear()
    oidc.clear_caches()
    try:
        r = await client.get("/api/platform/oidc/login")
        assert r.status_code == 302
        assert error_of(r) == "The sign-in provider could not be reached. Please try again."
    finally:
        monkeypatch.undo()
        get_settings.cache_clear()


async def test_local_passwords_are_refused_while_a_provider_is_configured(
    provider, client, admin_email
):
    r = await client.post(
        "/api/platform/login", json={"email": admin_email, "password": "Platform2026pw"}
    )
    assert r.status_code == 400
    assert "external account" in r.json()["message"]


async def test_without_a_provider_the_oidc_login_is_not_found(client):
    r = await client.get("/api/platform/oidc/login")
    assert r.status_code == 404
    assert (
        r.json()["message"] == "Sign-in with an external account is not configured on this server."
    )


async def test_the_token_request_carries_the_pkce_verifier_the_provider_checks(provider, client):
    """Swap the verifier Merit kept for this sign-in: the provider's PKCE check now fails, and
    the person sees a clear message and gets no session."""
    provider.email = new_email()
    await upsert_admin(email=provider.email, password=None)
    callback = await authorize(await start(client))
    sid = client.cookies.get(sessions.PLATFORM_COOKIE)
    async with public_session() as db:
        row = (await db.execute(select(Session).where(Session.sid == sid))).scalar_one()
        row.sess = {**row.sess, "oidc": {**row.sess["oidc"], "verifier": "x" * 64}}
    r = await finish(client, callback)
    assert error_of(r) == "The sign-in provider refused the sign-in. Please try again."
    assert provider.token_requests[-1]["code_verifier"] == "x" * 64
    assert (await client.get("/api/platform/session")).status_code == 401
