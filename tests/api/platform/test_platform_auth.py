"""Platform sign-in with local platform admins, and the 401 / 403 split of the platform API."""

from datetime import timedelta

import httpx
import pytest
from sqlalchemy import delete, update

from api.auth import sessions
from api.auth.models import PlatformAdmin, Session
from api.core.db import public_session, utcnow
from tests.api.platform.conftest import PASSWORD, new_email, platform_client
from tests.conftest import BASE

PLATFORM_CALLS = [
    ("GET", "/api/platform/session", None),
    ("GET", "/api/organizations", None),
    ("POST", "/api/organizations", {"name": "Sneaky Org", "subdomain": "sneaky-org"}),
    ("PUT", "/api/organizations/1", {"name": "Renamed"}),
    ("DELETE", "/api/organizations/1", {"confirmSubdomain": "whatever"}),
    ("POST", "/api/organizations/1/reset-passwords", None),
]


async def call(c: httpx.AsyncClient, method: str, path: str, body: object) -> httpx.Response:
    return (
        await c.request(method, path, json=body)
        if body is not None
        else await c.request(method, path)
    )


async def test_config_offers_local_sign_in_when_no_provider_is_configured(client):
    r = await client.get("/api/platform/config")
    assert r.status_code == 200
    assert r.json() == {
        "oidcEnabled": False,
        "localEnabled": True,
        "providerName": None,
        "mailConfigured": False,
    }


@pytest.mark.parametrize(("method", "path", "body"), PLATFORM_CALLS)
async def test_every_platform_call_answers_401_without_a_platform_session(
    client, method, path, body
):
    r = await call(client, method, path, body)
    assert r.status_code == 401
    assert r.json() == {"message": "Please sign in as a platform administrator"}


@pytest.mark.parametrize(("method", "path", "body"), PLATFORM_CALLS)
async def test_every_platform_call_answers_403_to_a_signed_in_non_admin(
    outsider, method, path, body
):
    r = await call(outsider, method, path, body)
    assert r.status_code == 403
    assert r.json()["message"].startswith("Access denied: outsider-")


@pytest.mark.parametrize("role", ["admin", "hr", "manager", "user"])
async def test_an_organisation_sign_in_is_not_a_platform_sign_in(login, org, role):
    c = await login(org, role)
    for method, path, body in PLATFORM_CALLS:
        assert (await call(c, method, path, body)).status_code == 401, (role, path)


async def test_a_platform_session_is_not_an_organisation_sign_in(app, admin_email):
    async with public_session() as db:
        row = await sessions.create(db, {"platform": True, "email": admin_email})
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url=BASE) as c:
        # The platform session id planted in the organisation cookie opens nothing there.
        c.cookies.set(sessions.COOKIE, row.sid)
        assert (await c.get("/api/auth/session")).status_code == 401
        assert (await c.get("/api/organization/current")).status_code == 401


async def test_forged_and_expired_platform_cookies_are_refused(app, platform, admin_email):
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url=BASE) as c:
        for forged in ("made-up-session-id", "x" * 500, ""):
            c.cookies.set(sessions.PLATFORM_COOKIE, forged)
            assert (await c.get("/api/organizations")).status_code == 401
    # An organisation session's id in the platform cookie is refused too.
    async with public_session() as db:
        org_row = await sessions.create(db, {"organizationId": 1, "authenticated": True})
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url=BASE) as c:
        c.cookies.set(sessions.PLATFORM_COOKIE, org_row.sid)
        assert (await c.get("/api/organizations")).status_code == 401
    # Expiry ends a platform session.
    sid = platform.cookies.get(sessions.PLATFORM_COOKIE)
    assert (await platform.get("/api/organizations")).status_code == 200
    async with public_session() as db:
        await db.execute(
            update(Session).where(Session.sid == sid).values(expire=utcnow() - timedelta(1))
        )
    assert (await platform.get("/api/organizations")).status_code == 401


async def test_local_sign_in_session_and_sign_out(client, admin_email):
    r = await client.post(
        "/api/platform/login", json={"email": f"  {admin_email.upper()} ", "password": PASSWORD}
    )
    assert r.status_code == 200, r.text
    assert r.json() == {"email": admin_email, "name": None, "method": "local"}
    assert sessions.PLATFORM_COOKIE in r.cookies
    assert sessions.COOKIE not in r.cookies  # an organisation session is not touched
    assert (await client.get("/api/platform/session")).json()["email"] == admin_email
    assert (await client.get("/api/organizations")).status_code == 200

    r = await client.post("/api/platform/logout")
    assert r.status_code == 200
    assert (await client.get("/api/platform/session")).status_code == 401


async def test_sign_in_rotates_the_session_id(client, admin_email):
    client.cookies.set(sessions.PLATFORM_COOKIE, "planted-by-an-attacker")
    r = await client.post("/api/platform/login", json={"email": admin_email, "password": PASSWORD})
    assert r.status_code == 200
    assert r.cookies[sessions.PLATFORM_COOKIE] != "planted-by-an-attacker"


@pytest.mark.parametrize(
    ("body", "status", "message"),
    [
        ({"email": "", "password": ""}, 400, "Please enter your e-mail address and password"),
        ({"password": "x"}, 400, "Please enter your e-mail address and password"),
        ({"email": "nobody@example.com", "password": PASSWORD}, 401, "Invalid credentials"),
    ],
)
async def test_bad_local_sign_ins(client, body, status, message):
    r = await client.post("/api/platform/login", json=body)
    assert r.status_code == status
    assert r.json()["message"] == message
    assert sessions.PLATFORM_COOKIE not in r.cookies


async def test_a_wrong_password_is_refused_and_repeated_failures_are_throttled(client, admin_email):
    for _ in range(5):
        r = await client.post(
            "/api/platform/login", json={"email": admin_email, "password": "Wrong2026pw"}
        )
        assert r.status_code == 401
        assert r.json() == {"message": "Invalid credentials"}
    r = await client.post("/api/platform/login", json={"email": admin_email, "password": PASSWORD})
    assert r.status_code == 429
    assert "Too many failed sign-in attempts" in r.json()["message"]


async def test_an_oidc_only_admin_has_no_local_password(client):
    from api.platform.admins import upsert_admin

    email = new_email()
    await upsert_admin(email=email, password=None)
    r = await client.post("/api/platform/login", json={"email": email, "password": "Anything1"})
    assert r.status_code == 401


async def test_removing_a_platform_admin_ends_their_access_at_once(app):
    from api.platform.admins import upsert_admin

    email = new_email()
    await upsert_admin(email=email, password=None)
    c = await platform_client(app, email)
    try:
        assert (await c.get("/api/organizations")).status_code == 200
        async with public_session() as db:
            await db.execute(delete(PlatformAdmin).where(PlatformAdmin.email == email))
        r = await c.get("/api/organizations")
        assert r.status_code == 403
        assert r.json()["message"] == f"Access denied: {email} is not a platform administrator"
    finally:
        await c.aclose()


async def test_state_changing_platform_calls_refuse_other_origins(platform):
    r = await platform.post(
        "/api/organizations",
        json={"name": "Cross Site Org"},
        headers={"origin": "https://evil.example.com"},
    )
    assert r.status_code == 403
    assert r.json() == {"message": "Cross-site request refused"}
