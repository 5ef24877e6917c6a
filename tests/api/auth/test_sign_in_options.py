"""The sign-ins an organisation offers: the org-login reply names them (so the role screen
shows only those), and a shared sign-in that is switched off refuses everyone, whatever the
password."""

from typing import Any

import httpx
from sqlalchemy import update

from api.core.db import public_session
from api.organizations.models import Organization, OrganizationSso

SIGN_IN_OFF = "This sign-in is switched off for your organisation; sign in with your account"


async def set_org(org: Any, **values: Any) -> None:
    async with public_session() as db:
        await db.execute(update(Organization).where(Organization.id == org.id).values(**values))


async def offered(client: httpx.AsyncClient, org: Any) -> dict[str, Any]:
    r = await client.post("/api/auth/org-login", json={"subdomain": org.subdomain})
    assert r.status_code == 200, r.text
    body = r.json()["organization"]
    return {k: body[k] for k in ("sharedAdminSignIn", "sharedManagerSignIn", "ssoProvider")}


async def role_login(client: httpx.AsyncClient, org: Any, role: str, password: str | None = None):
    await client.post("/api/auth/org-login", json={"subdomain": org.subdomain})
    return await client.post(
        "/api/auth/role-login",
        json={"role": role, "password": password or f"{role}{org.subdomain}"},
    )


async def test_org_login_names_the_sign_ins_offered(client, org):
    assert await offered(client, org) == {
        "sharedAdminSignIn": True,
        "sharedManagerSignIn": True,
        "ssoProvider": None,
    }
    # Need to know: the shared Manager sign-in is never offered, whatever its switch says.
    await set_org(org, visibility="need_to_know", shared_manager_sign_in=True)
    assert (await offered(client, org))["sharedManagerSignIn"] is False
    await set_org(org, visibility="open", shared_admin_sign_in=False)
    assert await offered(client, org) == {
        "sharedAdminSignIn": False,
        "sharedManagerSignIn": True,
        "ssoProvider": None,
    }
    async with public_session() as db:
        db.add(
            OrganizationSso(
                organization_id=org.id,
                display_name="Okta",
                issuer="https://okta.example.com",
                client_id="merit",
                client_secret_encrypted="x",
                enabled=True,
            )
        )
    assert (await offered(client, org))["ssoProvider"] == "Okta"


async def test_a_switched_off_shared_sign_in_refuses_even_the_right_password(client, org):
    await set_org(org, shared_admin_sign_in=False)
    for password in (None, "wrong-password-1"):
        r = await role_login(client, org, "admin", password)
        assert (r.status_code, r.json()) == (403, {"message": SIGN_IN_OFF})
    assert (await client.get("/api/auth/session")).status_code == 401
    # The manager sign-in is still on.
    assert (await role_login(client, org, "manager")).status_code == 200


async def test_the_shared_manager_sign_in_is_refused_under_need_to_know(client, org):
    await set_org(org, visibility="need_to_know", shared_manager_sign_in=True)
    r = await role_login(client, org, "manager")
    assert (r.status_code, r.json()) == (403, {"message": SIGN_IN_OFF})
    await set_org(org, visibility="open", shared_manager_sign_in=False)
    assert (await role_login(client, org, "manager")).status_code == 403
    await set_org(org, shared_manager_sign_in=True)
    assert (await role_login(client, org, "manager")).status_code == 200
    # Many refusals are no guesses: they do not lock the sign-in.
    await set_org(org, shared_admin_sign_in=False)
    for _ in range(6):
        assert (await role_login(client, org, "admin", "guess-1234")).status_code == 403
    await set_org(org, shared_admin_sign_in=True)
    assert (await role_login(client, org, "admin")).status_code == 200
