"""Platform sign-in through OpenID Connect (code flow + PKCE) against a real provider: the
`oidc-provider` npm package, started by the test run (see oidc_provider.py).

The ID tokens that provider never issues (expired, for another audience or issuer, forged...)
are in test_oidc_client.py, with the client used on its own.
"""

import time
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from cryptography.hazmat.primitives.asymmetric import rsa
from joserfc.jwk import KeySet, RSAKey
from sqlalchemy import select

from api.auth import sessions
from api.auth.models import Session
from api.core.config import get_settings
from api.core.db import public_session
from api.platform import oidc
from api.platform.admins import upsert_admin
from api.platform.oidc import NO_EMAIL, REFUSED, UNVERIFIED, VERIFY_FAILED
from tests.api.platform.oidc_provider import (
    CLIENT_ID,
    HS256_CLIENT_ID,
    REDIRECT_URI,
    RealProvider,
    cancel_at_provider,
    sign_in_at_provider,
)

EXPIRED = "Your sign-in took too long or was already used. Please try again."


async def start(client: httpx.AsyncClient, **params: str) -> str:
    """Step 1: Merit sends the browser to the provider; returns the provider URL."""
    r = await client.get("/api/platform/oidc/login", params=params)
    assert r.status_code == 302, r.text
    assert sessions.PLATFORM_COOKIE in r.cookies
    return r.headers["location"]


async def finish(client: httpx.AsyncClient, callback: str) -> httpx.Response:
    """Step 3: the callback checks everything and opens the platform session."""
    parts = urlsplit(callback)
    assert parts.path == "/api/platform/oidc/callback"
    return await client.get(f"{parts.path}?{parts.query}")


async def sign_in(client: httpx.AsyncClient, login: str) -> httpx.Response:
    """The whole flow: Merit, the provider's login form and consent page, Merit's callback."""
    return await finish(client, await sign_in_at_provider(await start(client), login))


def error_of(reply: httpx.Response) -> str:
    assert reply.status_code == 302
    location = reply.headers["location"]
    assert location.startswith("/super-admin?"), location
    return parse_qs(urlsplit(location).query)["error"][0]


async def make_admin(provider: RealProvider) -> str:
    await upsert_admin(email=provider.accounts.admin_email, password=None)
    return provider.accounts.admin_email.lower()


async def assert_signed_out(client: httpx.AsyncClient) -> None:
    assert (await client.get("/api/platform/session")).status_code == 401
    assert (await client.get("/api/organizations")).status_code == 401


async def test_an_admin_whose_email_is_only_in_userinfo_signs_in(provider: RealProvider, client):
    email = await make_admin(provider)
    r = await client.get("/api/platform/config")
    assert r.json() == {
        "oidcEnabled": True,
        "localEnabled": False,
        "providerName": "Test Identity",
        "mailConfigured": False,
    }

    url = await start(client)
    request = parse_qs(urlsplit(url).query)
    assert url.startswith(f"{provider.issuer}/auth?")
    assert request["client_id"] == [CLIENT_ID]
    assert request["response_type"] == ["code"]
    assert request["code_challenge_method"] == ["S256"]
    assert request["scope"] == ["openid email profile"]
    assert request["redirect_uri"] == [REDIRECT_URI]
    assert len(request["state"][0]) >= 20 and len(request["nonce"][0]) >= 20

    r = await finish(client, await sign_in_at_provider(url, provider.accounts.admin))
    assert r.status_code == 302
    assert r.headers["location"] == "/super-admin"
    r = await client.get("/api/platform/session")
    assert r.status_code == 200
    assert r.json() == {"email": email, "name": "Olive Owner", "method": "oidc"}
    assert (await client.get("/api/organizations")).status_code == 200


async def test_an_admin_whose_email_is_in_the_id_token_signs_in(
    provider_with_email_in_id_token: RealProvider, client
):
    email = await make_admin(provider_with_email_in_id_token)
    r = await sign_in(client, provider_with_email_in_id_token.accounts.admin)
    assert r.headers["location"] == "/super-admin"
    r = await client.get("/api/platform/session")
    assert r.json() == {"email": email, "name": "Olive Owner", "method": "oidc"}
    assert (await client.get("/api/organizations")).status_code == 200


async def test_a_person_who_is_not_a_platform_admin_is_refused_with_403(provider, client):
    r = await sign_in(client, provider.accounts.outsider)
    assert r.status_code == 302 and r.headers["location"] == "/super-admin"
    r = await client.get("/api/platform/session")
    assert r.status_code == 403
    assert r.json()["message"] == (
        f"Access denied: {provider.accounts.outsider_email} is not a platform administrator"
    )
    assert (await client.get("/api/organizations")).status_code == 403
    # Sign Out ends it: from then on the panel asks for a sign-in again (401).
    assert (await client.post("/api/platform/logout")).status_code == 200
    assert (await client.get("/api/platform/session")).status_code == 401


@pytest.mark.parametrize("sent_as", ["boolean", "text"])
async def test_an_email_the_provider_has_not_verified_is_refused(provider, client, sent_as):
    accounts = provider.accounts
    login, email = {
        "boolean": (accounts.unverified, accounts.unverified_email),
        "text": (accounts.unverified_text, accounts.unverified_text_email),
    }[sent_as]
    await upsert_admin(email=email, password=None)
    r = await sign_in(client, login)
    assert error_of(r) == UNVERIFIED
    await assert_signed_out(client)


async def test_an_unverified_email_in_the_id_token_is_refused_too(
    provider_with_email_in_id_token, client
):
    accounts = provider_with_email_in_id_token.accounts
    await upsert_admin(email=accounts.unverified_email, password=None)
    r = await sign_in(client, accounts.unverified)
    assert error_of(r) == UNVERIFIED
    await assert_signed_out(client)


async def test_an_email_whose_verification_the_provider_does_not_state_is_accepted(
    provider, client
):
    await upsert_admin(email=provider.accounts.unstated_email, password=None)
    r = await sign_in(client, provider.accounts.unstated)
    assert r.headers["location"] == "/super-admin"
    assert (await client.get("/api/organizations")).status_code == 200


async def test_an_account_without_an_email_is_refused(provider, client):
    r = await sign_in(client, provider.accounts.no_email)
    assert error_of(r) == NO_EMAIL
    await assert_signed_out(client)


async def test_id_tokens_signed_with_the_client_secret_are_refused(provider, client, monkeypatch):
    """The provider signs this client's ID tokens with HS256 (keyed with the client secret,
    which Merit refuses by policy)."""
    await make_admin(provider)
    monkeypatch.setenv("OIDC_CLIENT_ID", HS256_CLIENT_ID)
    get_settings.cache_clear()
    r = await sign_in(client, provider.accounts.admin)
    assert error_of(r) == VERIFY_FAILED
    await assert_signed_out(client)


async def tamper_pending(client: httpx.AsyncClient, **changes: str) -> None:
    """Change what Merit kept for this pending sign-in (as if it had been another one)."""
    sid = client.cookies.get(sessions.PLATFORM_COOKIE)
    async with public_session() as db:
        row = (await db.execute(select(Session).where(Session.sid == sid))).scalar_one()
        row.sess = {**row.sess, "oidc": {**row.sess["oidc"], **changes}}


async def test_an_id_token_for_another_nonce_is_refused(provider, client):
    await make_admin(provider)
    callback = await sign_in_at_provider(await start(client), provider.accounts.admin)
    await tamper_pending(client, nonce="another-sign-in")
    assert error_of(await finish(client, callback)) == VERIFY_FAILED
    await assert_signed_out(client)


async def test_the_token_request_carries_the_pkce_verifier_the_provider_checks(provider, client):
    """Swap the verifier Merit kept for this sign-in: the provider's PKCE check now fails, and
    the person sees a clear message and gets no session."""
    await make_admin(provider)
    callback = await sign_in_at_provider(await start(client), provider.accounts.admin)
    await tamper_pending(client, verifier="x" * 64)
    assert error_of(await finish(client, callback)) == REFUSED
    await assert_signed_out(client)


async def test_a_wrong_client_secret_is_refused_by_the_provider(provider, client, monkeypatch):
    await make_admin(provider)
    url = await start(client)
    monkeypatch.setenv("OIDC_CLIENT_SECRET", "not-the-secret")
    get_settings.cache_clear()
    r = await finish(client, await sign_in_at_provider(url, provider.accounts.admin))
    assert error_of(r) == REFUSED
    await assert_signed_out(client)


async def test_a_tampered_state_is_refused_and_the_attempt_cannot_be_retried(provider, client):
    await make_admin(provider)
    callback = await sign_in_at_provider(await start(client), provider.accounts.admin)
    parts = urlsplit(callback)
    code = parse_qs(parts.query)["code"][0]
    r = await client.get(parts.path, params={"code": code, "state": "forged"})
    assert error_of(r) == VERIFY_FAILED
    # The pending sign-in was consumed: the genuine callback no longer works either.
    assert error_of(await finish(client, callback)) == EXPIRED
    await assert_signed_out(client)


async def test_a_non_ascii_state_is_refused_with_a_clear_message(provider, client):
    callback = await sign_in_at_provider(await start(client), provider.accounts.admin)
    parts = urlsplit(callback)
    code = parse_qs(parts.query)["code"][0]
    r = await client.get(parts.path, params={"code": code, "state": "ëtat-forgé"})
    assert error_of(r) == VERIFY_FAILED


async def test_a_callback_without_the_pending_cookie_is_refused(provider, app, client):
    callback = await sign_in_at_provider(await start(client), provider.accounts.admin)
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app), base_url="http://localhost"
    ) as other_browser:
        assert error_of(await finish(other_browser, callback)) == EXPIRED


async def test_a_replayed_callback_is_refused(provider, client):
    await make_admin(provider)
    callback = await sign_in_at_provider(await start(client), provider.accounts.admin)
    assert (await finish(client, callback)).headers["location"] == "/super-admin"
    assert error_of(await finish(client, callback)) == EXPIRED


async def test_cancelling_at_the_provider_is_shown(provider, client):
    r = await finish(client, await cancel_at_provider(await start(client)))
    assert error_of(r) == "The sign-in provider reported an error: End-User aborted interaction"
    await assert_signed_out(client)


async def test_keys_cached_before_the_provider_rotated_them_are_fetched_again(provider, client):
    await make_admin(provider)
    discovered = await oidc.discover(provider.issuer)
    stale = rsa.generate_private_key(public_exponent=65537, key_size=2048).public_key()
    stale_jwk = {**RSAKey.import_key(stale).as_dict(), "kid": "old"}
    oidc._key_sets[discovered.jwks_uri] = (
        time.monotonic(),
        KeySet.import_key_set({"keys": [stale_jwk]}),
    )
    assert (await sign_in(client, provider.accounts.admin)).headers["location"] == "/super-admin"
    assert (await client.get("/api/platform/session")).status_code == 200


async def test_only_panel_paths_are_accepted_as_return_to(provider, client):
    await make_admin(provider)
    for target, expected in [
        ("https://evil.example.com/", "/super-admin"),
        ("//evil.example.com", "/super-admin"),
        ("/super-admin?tab=x", "/super-admin?tab=x"),
    ]:
        url = await start(client, return_to=target)
        r = await finish(client, await sign_in_at_provider(url, provider.accounts.admin))
        assert r.headers["location"] == expected


async def test_an_unreachable_provider_gives_a_clear_message(monkeypatch, client):
    monkeypatch.setenv("OIDC_ISSUER", "http://127.0.0.1:9")
    monkeypatch.setenv("OIDC_CLIENT_ID", "x")
    get_settings.cache_clear()
    oidc.clear_caches()
    try:
        r = await client.get("/api/platform/oidc/login")
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
