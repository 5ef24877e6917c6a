"""Users: GET/POST /api/users, DELETE /api/users/{id} and 'Sign in with your account'."""

import httpx
import pytest

from tests.api.users.support import pool_watch
from tests.conftest import BASE

URL = "/api/users"
PASSWORD = "Started2026!"


def new_user(**overrides):
    return {
        "email": "Grace.Hopper@Example.com",
        "firstName": "Grace",
        "lastName": "Hopper",
        "role": "hr",
        "password": PASSWORD,
        **overrides,
    }


async def add(client: httpx.AsyncClient, **overrides) -> dict:
    r = await client.post(URL, json=new_user(**overrides))
    assert r.status_code == 201, r.text
    return r.json()


async def account_client(app, org, email: str, password: str = PASSWORD) -> httpx.AsyncClient:
    c = httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url=BASE)
    r = await c.post("/api/auth/org-login", json={"subdomain": org.subdomain})
    assert r.status_code == 200
    r = await c.post("/api/auth/user-login", json={"email": email, "password": password})
    assert r.status_code == 200, r.text
    return c


async def test_admin_adds_and_lists_users(login, org):
    admin = await login(org)
    assert (await admin.get(URL)).json() == []
    body = await add(admin, id="u-grace-1")
    assert body["id"] == "u-grace-1"
    assert body["email"] == "grace.hopper@example.com"
    assert body["firstName"] == "Grace" and body["lastName"] == "Hopper"
    assert body["role"] == "hr"
    assert body["organizationId"] == org.id
    assert body["isActive"] is True
    assert "password" not in body and "passwordHash" not in body
    generated = await add(admin, email="ada@example.com", role="user", id=None)
    assert len(generated["id"]) == 36  # a UUID when the caller sends none
    listed = (await admin.get(URL)).json()
    assert [u["email"] for u in listed] == ["grace.hopper@example.com", "ada@example.com"]


async def test_every_role_can_be_given(login, org):
    admin = await login(org)
    for n, role in enumerate(("admin", "hr", "manager", "user")):
        assert (await add(admin, email=f"r{n}@example.com", role=role))["role"] == role
    body = await add(admin, email="norole@example.com", role=None)
    assert body["role"] == "user"


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"email": ""}, "Email is required"),
        ({"email": "not-an-address"}, "Invalid email format"),
        ({"password": ""}, "Password is required"),
        ({"password": "short1"}, "Password must be at least 8 characters long"),
        ({"password": "lettersonly"}, "Password must contain at least one letter and one number"),
        ({"role": "owner"}, "Role must be one of admin, hr, manager, user"),
        ({"id": "../etc"}, "User ID must be 1-64 letters, digits, hyphens or underscores"),
        ({"firstName": "x" * 51}, "First name must not exceed 50 characters"),
    ],
)
async def test_bad_input_is_refused_with_a_clear_message(login, org, overrides, message):
    admin = await login(org)
    r = await admin.post(URL, json=new_user(**overrides))
    assert r.status_code == 400
    assert r.json()["message"] == message
    assert (await admin.get(URL)).json() == []


async def test_email_is_unique_within_the_organisation_only(login, org, other_org):
    admin = await login(org)
    await add(admin)
    r = await admin.post(URL, json=new_user(email="GRACE.hopper@example.com"))
    assert r.status_code == 409
    assert r.json() == {"message": "A user with this email already exists"}
    await add(admin, email="x@example.com", id="same-id")
    r = await admin.post(URL, json=new_user(email="y@example.com", id="same-id"))
    assert r.status_code == 409
    # Another organisation may have the same address.
    other = await login(other_org)
    await add(other)


@pytest.mark.parametrize("role", ["hr", "manager", "user"])
async def test_only_admins_manage_users(login, org, role):
    admin = await login(org)
    user = await add(admin)
    c = await login(org, role)
    assert (await c.get(URL)).status_code == 403
    assert (await c.post(URL, json=new_user(email="z@example.com"))).status_code == 403
    assert (await c.delete(f"{URL}/{user['id']}")).status_code == 403
    assert (await client_anonymous(c)).status_code == 401


async def client_anonymous(c: httpx.AsyncClient) -> httpx.Response:
    async with httpx.AsyncClient(transport=c._transport, base_url=BASE) as anon:
        return await anon.get(URL)


async def test_ids_of_another_organisation_are_not_found(login, org, other_org):
    admin_a = await login(org)
    user = await add(admin_a)
    admin_b = await login(other_org)
    r = await admin_b.delete(f"{URL}/{user['id']}")
    assert r.status_code == 404
    assert r.json() == {"message": "User not found"}
    assert len((await admin_a.get(URL)).json()) == 1
    assert (await admin_b.get(URL)).json() == []


async def test_removing_a_user(login, org):
    admin = await login(org)
    user = await add(admin)
    r = await admin.delete(f"{URL}/{user['id']}")
    assert r.status_code == 200
    assert r.json()["success"] is True
    assert (await admin.get(URL)).json() == []
    assert (await admin.delete(f"{URL}/{user['id']}")).status_code == 404


async def test_a_user_cannot_remove_themselves_and_the_last_admin_stays(app, login, org):
    admin = await login(org)
    first = await add(admin, email="first@example.com", role="admin")
    c = await account_client(app, org, "first@example.com")
    try:
        r = await c.delete(f"{URL}/{first['id']}")
        # The first sign-in still needs a new password before anything else.
        assert r.status_code == 403
        await c.post("/api/auth/change-password", json={"newPassword": "Mine2026!x"})
        r = await c.delete(f"{URL}/{first['id']}")
        assert r.status_code == 400
        assert r.json() == {"message": "You cannot remove your own account"}
    finally:
        await c.aclose()
    # The shared admin sign-in cannot remove the only admin account either.
    r = await admin.delete(f"{URL}/{first['id']}")
    assert r.status_code == 409
    assert r.json() == {"message": "The last administrator cannot be removed"}
    second = await add(admin, email="second@example.com", role="admin")
    assert (await admin.delete(f"{URL}/{first['id']}")).status_code == 200
    r = await admin.delete(f"{URL}/{second['id']}")
    assert r.status_code == 409
    assert [u["email"] for u in (await admin.get(URL)).json()] == ["second@example.com"]


async def test_sign_in_with_your_account(app, client, login, org):
    admin = await login(org)
    created = await add(admin, role="hr")
    r = await client.post("/api/auth/org-login", json={"subdomain": org.subdomain})
    assert r.status_code == 200
    r = await client.post(
        "/api/auth/user-login", json={"email": " GRACE.HOPPER@example.com ", "password": PASSWORD}
    )
    assert r.status_code == 200, r.text
    assert r.json() == {"success": True, "forcePasswordChange": True, "userRole": "hr"}
    session = (await client.get("/api/auth/session")).json()
    assert session["userRole"] == "hr" and session["forcePasswordChange"] is True
    # First the person's own new password; it changes the account, not a shared sign-in.
    r = await client.post("/api/auth/change-password", json={"newPassword": "Grace2026!new"})
    assert r.status_code == 200, r.text
    me = (await client.get("/api/auth/user")).json()
    assert me["id"] == created["id"]
    assert me["name"] == "Grace Hopper"
    assert me["role"] == "hr"
    # hr reaches its pages but not user management.
    assert (await client.get(URL)).status_code == 403
    assert (await client.get("/api/organization/current")).status_code == 200
    # The new password works, the first one no longer does, and no change is asked again.
    async with httpx.AsyncClient(transport=client._transport, base_url=BASE) as fresh:
        await fresh.post("/api/auth/org-login", json={"subdomain": org.subdomain})
        r = await fresh.post(
            "/api/auth/user-login", json={"email": created["email"], "password": PASSWORD}
        )
        assert r.status_code == 401
        r = await fresh.post(
            "/api/auth/user-login", json={"email": created["email"], "password": "Grace2026!new"}
        )
        assert r.json()["forcePasswordChange"] is False
        # The organisation's shared admin password is untouched.
        r = await fresh.post(
            "/api/auth/role-login", json={"role": "admin", "password": f"admin{org.subdomain}"}
        )
        assert r.status_code == 200


async def test_changing_an_account_password_needs_the_current_one(app, login, org):
    admin = await login(org)
    await add(admin, role="admin")
    c = await account_client(app, org, "grace.hopper@example.com")
    try:
        await c.post("/api/auth/change-password", json={"newPassword": "Grace2026!new"})
        r = await c.post("/api/auth/change-password", json={"newPassword": "Other2026!x"})
        assert r.json()["message"] == "Please fill in all fields"
        r = await c.post(
            "/api/auth/change-password",
            json={"currentPassword": "wrong-one-1", "newPassword": "Other2026!x"},
        )
        assert r.status_code == 400
        assert r.json()["message"] == "Current password is incorrect"
        r = await c.post(
            "/api/auth/change-password",
            json={"currentPassword": "Grace2026!new", "newPassword": "Other2026!x"},
        )
        assert r.status_code == 200
    finally:
        await c.aclose()


async def test_account_sign_in_bad_input(client, login, org, other_org):
    admin = await login(org)
    await add(admin)
    r = await client.post("/api/auth/user-login", json={"email": "a@b.co", "password": "x"})
    assert r.status_code == 400
    assert r.json()["message"] == "Please enter your organization code first"
    await client.post("/api/auth/org-login", json={"subdomain": org.subdomain})
    r = await client.post("/api/auth/user-login", json={"email": "", "password": ""})
    assert r.status_code == 400
    assert r.json()["message"] == "Please enter your email and password"
    for email, password in (("grace.hopper@example.com", "Wrong2026!"), ("nobody@x.com", PASSWORD)):
        r = await client.post("/api/auth/user-login", json={"email": email, "password": password})
        assert r.status_code == 401
        assert r.json() == {"message": "Invalid credentials"}
    # An account of organisation A does not open organisation B.
    await client.post("/api/auth/org-login", json={"subdomain": other_org.subdomain})
    r = await client.post(
        "/api/auth/user-login", json={"email": "grace.hopper@example.com", "password": PASSWORD}
    )
    assert r.status_code == 401


async def test_repeated_wrong_account_passwords_are_slowed_down(client, login, org):
    admin = await login(org)
    await add(admin)
    await client.post("/api/auth/org-login", json={"subdomain": org.subdomain})
    for _ in range(5):
        r = await client.post(
            "/api/auth/user-login",
            json={"email": "grace.hopper@example.com", "password": "Nope2026!"},
        )
        assert r.status_code == 401
    r = await client.post(
        "/api/auth/user-login", json={"email": "grace.hopper@example.com", "password": PASSWORD}
    )
    assert r.status_code == 429


async def test_a_removed_user_is_signed_out(app, login, org):
    admin = await login(org)
    await add(admin, email="admin2@example.com", role="admin")
    user = await add(admin, role="user")
    c = await account_client(app, org, "grace.hopper@example.com")
    try:
        assert (await c.get("/api/auth/session")).status_code == 200
        assert (await admin.delete(f"{URL}/{user['id']}")).status_code == 200
        assert (await c.get("/api/auth/session")).status_code == 401
    finally:
        await c.aclose()


async def test_a_removal_holds_one_pooled_connection_and_signs_out_in_its_transaction(
    app, login, org
):
    admin = await login(org)
    await add(admin, email="admin2@example.com", role="admin")
    user = await add(admin, role="user")
    c = await account_client(app, org, "grace.hopper@example.com")
    try:
        with pool_watch() as watch:
            r = await admin.delete(f"{URL}/{user['id']}")
        assert r.status_code == 200
        assert watch.most == 1
        assert (await c.get("/api/auth/session")).status_code == 401
    finally:
        await c.aclose()


async def test_an_account_password_change_signs_out_its_other_browsers(app, login, org):
    """The person stays signed in where they changed it; their other browsers are signed out,
    and the shared admin sign-in is not."""
    admin = await login(org)
    await add(admin, role="admin")
    here = await account_client(app, org, "grace.hopper@example.com")
    there = await account_client(app, org, "grace.hopper@example.com")
    try:
        r = await here.post("/api/auth/change-password", json={"newPassword": "Grace2026!new"})
        assert r.status_code == 200, r.text
        assert (await here.get("/api/organization/current")).status_code == 200
        assert (await there.get("/api/organization/current")).status_code == 401
        assert (await admin.get(URL)).status_code == 200
    finally:
        await here.aclose()
        await there.aclose()
