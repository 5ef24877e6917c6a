"""Sign-in flow: organisation code, role password, forced change, sessions, sign-out."""

from datetime import timedelta

import httpx
from sqlalchemy import update

from api.auth import sessions
from api.auth.models import Session
from api.core.config import get_settings
from api.core.db import dispose_engine, public_session, utcnow
from api.organizations.models import Organization
from tests.conftest import BASE

ORG_NOT_FOUND = "Organization not found. Please check your organization code."


async def sign_in(client: httpx.AsyncClient, org: Organization, role: str = "admin") -> dict:
    r = await client.post("/api/auth/org-login", json={"subdomain": org.subdomain})
    assert r.status_code == 200, r.text
    r = await client.post(
        "/api/auth/role-login", json={"role": role, "password": f"{role}{org.subdomain}"}
    )
    assert r.status_code == 200, r.text
    return r.json()


async def test_org_login_finds_the_organisation_case_and_space_insensitive(client, org):
    r = await client.post("/api/auth/org-login", json={"subdomain": f"  {org.subdomain.upper()} "})
    assert r.status_code == 200
    body = r.json()
    assert body["success"] is True
    assert body["organization"]["id"] == org.id
    assert body["organization"]["subdomain"] == org.subdomain
    assert body["organization"]["name"] == "Alpha Org"
    assert "message" in body
    assert sessions.COOKIE in r.cookies


async def test_org_login_unknown_and_blank_codes(client):
    r = await client.post("/api/auth/org-login", json={"subdomain": "no-such-org-here"})
    assert r.status_code == 404
    assert r.json() == {"message": ORG_NOT_FOUND}
    # A code longer than any can be (a pasted paragraph) is not found, like any other.
    r = await client.post("/api/auth/org-login", json={"subdomain": "acme" * 75})
    assert (r.status_code, r.json()) == (404, {"message": ORG_NOT_FOUND})
    r = await client.post("/api/auth/org-login", json={"subdomain": "   "})
    assert r.status_code == 400
    assert r.json()["message"] == "Please enter your organization code"
    r = await client.post(
        "/api/auth/org-login", content=b"not json", headers={"content-type": "application/json"}
    )
    assert r.status_code == 400


async def test_org_login_refuses_a_deactivated_organisation(client, org):
    async with public_session() as db:
        await db.execute(
            update(Organization).where(Organization.id == org.id).values(is_active=False)
        )
    r = await client.post("/api/auth/org-login", json={"subdomain": org.subdomain})
    assert r.status_code == 403
    assert "deactivated" in r.json()["message"]


async def test_first_sign_in_requires_a_password_change(client, org):
    body = await sign_in(client, org)
    assert body == {"success": True, "forcePasswordChange": True}
    r = await client.get("/api/auth/session")
    assert r.status_code == 200
    reply = r.json()
    access = reply.pop("access")
    assert reply == {
        "userRole": "admin",
        "organizationId": org.id,
        "organizationName": "Alpha Org",
        "organizationSubdomain": org.subdomain,
        "forcePasswordChange": True,
        "visibility": "open",
        "employeeId": None,
        "userName": "Administrator",
    }
    # The policy table as this reader holds it, for the web client's menus and routes.
    assert access["employees.read"] == ["all"]
    assert access["backups.manage"] == ["all"]
    # Every other tenant call is refused until the change is made.
    r = await client.get("/api/organization/current")
    assert r.status_code == 403
    assert "Password change required" in r.json()["message"]
    r = await client.post("/api/auth/change-password", json={"newPassword": "Welcome2026x"})
    assert r.status_code == 200, r.text
    assert r.json()["success"] is True
    assert (await client.get("/api/organization/current")).status_code == 200
    assert (await client.get("/api/auth/session")).json()["forcePasswordChange"] is False
    # The new password works from a fresh client and no change is asked again.
    async with httpx.AsyncClient(transport=client._transport, base_url=BASE) as fresh:
        await fresh.post("/api/auth/org-login", json={"subdomain": org.subdomain})
        r = await fresh.post(
            "/api/auth/role-login", json={"role": "admin", "password": "Welcome2026x"}
        )
        assert r.json() == {"success": True, "forcePasswordChange": False}
        r = await fresh.post(
            "/api/auth/role-login", json={"role": "admin", "password": f"admin{org.subdomain}"}
        )
        assert r.status_code == 401


async def test_manager_sign_in_is_separate_from_admin(client, org):
    await sign_in(client, org, "manager")
    assert (await client.get("/api/auth/session")).json()["userRole"] == "manager"
    r = await client.get("/api/auth/user")
    assert r.status_code == 200
    assert r.json()["role"] == "manager"


async def test_role_login_bad_input(client, org):
    await client.post("/api/auth/org-login", json={"subdomain": org.subdomain})
    for password in ("wrong-pass1", "x" * 1001):  # longer than any password can be: wrong too
        r = await client.post("/api/auth/role-login", json={"role": "admin", "password": password})
        assert r.status_code == 401
        assert r.json() == {"message": "Invalid credentials"}
    r = await client.post("/api/auth/role-login", json={"role": "", "password": ""})
    assert r.status_code == 400
    assert r.json()["message"] == "Please select a role and enter your password"
    r = await client.post("/api/auth/role-login", json={"role": "owner", "password": "x"})
    assert r.status_code == 400
    # A manager password does not open the admin role.
    r = await client.post(
        "/api/auth/role-login", json={"role": "admin", "password": f"manager{org.subdomain}"}
    )
    assert r.status_code == 401


async def test_role_login_without_an_organisation(client):
    r = await client.post("/api/auth/role-login", json={"role": "admin", "password": "whatever1"})
    assert r.status_code == 400
    assert r.json()["message"] == "Please enter your organization code first"


async def test_repeated_wrong_passwords_are_slowed_down(client, org):
    await client.post("/api/auth/org-login", json={"subdomain": org.subdomain})
    for _ in range(5):
        r = await client.post(
            "/api/auth/role-login", json={"role": "admin", "password": "nope1234"}
        )
        assert r.status_code == 401
    r = await client.post(
        "/api/auth/role-login", json={"role": "admin", "password": f"admin{org.subdomain}"}
    )
    assert r.status_code == 429
    assert "Too many failed sign-in attempts" in r.json()["message"]
    # Another role of the same organisation is counted on its own.
    r = await client.post(
        "/api/auth/role-login", json={"role": "manager", "password": f"manager{org.subdomain}"}
    )
    assert r.status_code == 200


async def test_session_id_rotates_at_sign_in(client, org):
    r = await client.post("/api/auth/org-login", json={"subdomain": org.subdomain})
    first = r.cookies[sessions.COOKIE]
    r = await client.post(
        "/api/auth/role-login", json={"role": "admin", "password": f"admin{org.subdomain}"}
    )
    second = r.cookies[sessions.COOKIE]
    assert first != second
    async with public_session() as db:
        assert await db.get(Session, first) is None  # the pre-login id is gone
        assert await db.get(Session, second) is not None
    cookie = r.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=lax" in cookie


async def test_forged_and_expired_sessions_are_not_authenticated(client, org, login):
    assert (await client.get("/api/auth/session")).status_code == 401
    client.cookies.set(sessions.COOKIE, "forged-session-id")
    r = await client.get("/api/auth/session")
    assert r.status_code == 401
    assert r.json() == {"message": "Not authenticated"}
    c = await login(org)
    sid = c.cookies[sessions.COOKIE]
    async with public_session() as db:
        await db.execute(
            update(Session).where(Session.sid == sid).values(expire=utcnow() - timedelta(seconds=1))
        )
    assert (await c.get("/api/auth/session")).status_code == 401


async def test_logout_clears_the_session(client, org):
    await sign_in(client, org)
    r = await client.post("/api/auth/logout")
    assert r.status_code == 200
    assert r.json()["success"] is True
    assert (await client.get("/api/auth/session")).status_code == 401
    # Logging out twice, or without a session, is harmless.
    assert (await client.post("/api/auth/logout")).status_code == 200


async def test_login_and_logout_links(client, org):
    r = await client.get("/api/login")
    assert r.status_code == 302 and r.headers["location"] == "/"
    await sign_in(client, org)
    r = await client.get("/api/logout")
    assert r.status_code == 302
    assert (await client.get("/api/auth/session")).status_code == 401


async def test_change_password_rules(org, login):
    c = await login(org, "admin", force=True)
    cases = [
        ({"newPassword": ""}, "Please fill in all fields"),
        ({"newPassword": "short1"}, "Password must be at least 8 characters long"),
        ({"newPassword": "allletters"}, "Password must contain at least one letter and one number"),
        ({"newPassword": "12345678"}, "Password must contain at least one letter and one number"),
        ({"newPassword": "a1" * 65}, "Password must be at most 128 characters long"),
    ]
    for body, message in cases:
        r = await c.post("/api/auth/change-password", json=body)
        assert r.status_code == 400, body
        assert r.json()["message"] == message


async def test_change_password_outside_the_forced_flow_needs_the_current_one(client, org):
    await sign_in(client, org)
    await client.post("/api/auth/change-password", json={"newPassword": "Welcome2026x"})
    r = await client.post("/api/auth/change-password", json={"newPassword": "Another2026x"})
    assert r.status_code == 400
    assert r.json()["message"] == "Please fill in all fields"
    r = await client.post(
        "/api/auth/change-password",
        json={"currentPassword": "wrong-one1", "newPassword": "Another2026x"},
    )
    assert r.status_code == 400
    assert r.json()["message"] == "Current password is incorrect"
    r = await client.post(
        "/api/auth/change-password",
        json={"currentPassword": "Welcome2026x", "newPassword": "Welcome2026x"},
    )
    assert r.status_code == 400
    r = await client.post(
        "/api/auth/change-password",
        json={"currentPassword": "Welcome2026x", "newPassword": "Another2026x"},
    )
    assert r.status_code == 200


async def test_host_subdomain_picks_the_organisation(app, org, other_org, login):
    c = await login(org)
    # The session's own organisation by Host works...
    r = await c.get("/api/organization/current", headers={"host": f"{org.subdomain}.localhost"})
    assert r.status_code == 200 and r.json()["id"] == org.id
    # ...but a session bound to A is never honoured for B, whatever the Host says.
    r = await c.get(
        "/api/organization/current", headers={"host": f"{other_org.subdomain}.localhost"}
    )
    assert r.status_code == 401
    r = await c.get("/api/organization/current", headers={"host": "no-such-org.localhost"})
    assert r.status_code == 404
    assert r.json() == {"message": ORG_NOT_FOUND}


async def test_role_login_on_the_organisation_subdomain_needs_no_org_login(client, org):
    r = await client.post(
        "/api/auth/role-login",
        json={"role": "admin", "password": f"admin{org.subdomain}"},
        headers={"host": f"{org.subdomain}.localhost"},
    )
    assert r.status_code == 200


async def test_cross_site_state_changes_are_refused(client, org):
    r = await client.post(
        "/api/auth/org-login",
        json={"subdomain": org.subdomain},
        headers={"origin": "https://evil.example"},
    )
    assert r.status_code == 403
    assert r.json() == {"message": "Cross-site request refused"}
    r = await client.post(
        "/api/auth/org-login", json={"subdomain": org.subdomain}, headers={"origin": BASE}
    )
    assert r.status_code == 200


async def test_unknown_api_paths_answer_json_404(client):
    r = await client.get("/api/does-not-exist")
    assert r.status_code == 404
    assert r.json() == {"message": "Not found"}


async def test_sign_in_needs_only_one_pooled_connection(client, org, monkeypatch):
    # With a second connection taken from the pool, a full pool left every sign-in waiting on
    # the others until it timed out. The failure throttle keeps its counts outside the database.
    monkeypatch.setattr(get_settings(), "db_pool_size", 1)
    await dispose_engine()
    try:

        async def sign_in(password: str) -> int:
            r = await client.post(
                "/api/auth/role-login", json={"role": "admin", "password": password}
            )
            return r.status_code

        r = await client.post("/api/auth/org-login", json={"subdomain": org.subdomain})
        assert r.status_code == 200
        assert [await sign_in("no") for _ in range(4)] == [401] * 4
        assert await sign_in(f"admin{org.subdomain}") == 200
        # The successful sign-in cleared the failures: five more are allowed, and they are
        # kept although each request failed.
        assert [await sign_in("no") for _ in range(5)] == [401] * 5
        assert await sign_in(f"admin{org.subdomain}") == 429
    finally:
        await dispose_engine()


async def test_a_password_change_signs_out_the_others_who_used_the_old_one(
    app, org, other_org, login
):
    """The admin who changes the shared password stays signed in; other browsers signed in
    with the old one are signed out. Other roles and other organisations are not touched."""
    me = await login(org, "admin")
    colleague = await login(org, "admin")
    manager = await login(org, "manager")
    elsewhere = await login(other_org, "admin")
    r = await me.post(
        "/api/auth/change-password",
        json={"currentPassword": f"admin{org.subdomain}", "newPassword": "Welcome2026x"},
    )
    assert r.status_code == 200, r.text
    assert (await me.get("/api/organization/current")).status_code == 200
    assert (await colleague.get("/api/organization/current")).status_code == 401
    assert (await colleague.get("/api/auth/session")).status_code == 401
    assert (await manager.get("/api/organization/current")).status_code == 200
    assert (await elsewhere.get("/api/organization/current")).status_code == 200
