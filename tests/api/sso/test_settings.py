"""An administrator sets up the organisation's single sign-on: the settings, the client
secret kept encrypted and never shown again, the connection test against real servers, and
nobody but an administrator may touch any of it."""

import pytest
from sqlalchemy import select

from api.core.db import public_session
from api.organizations.models import OrganizationSso
from api.sso import crypto
from api.sso.schemas import ISSUER_SHAPE
from api.sso.service import SECRET_AGAIN, SECRET_REQUIRED
from tests.api.sso.conftest import configure, settings_body
from tests.api.sso.provider import CLIENT_SECRET, OTHER_CLIENT_ID

ROUTES = [
    ("GET", "/api/organization/sso", None),
    ("PUT", "/api/organization/sso", "body"),
    ("DELETE", "/api/organization/sso", None),
    ("POST", "/api/organization/sso/test", "issuer"),
]


async def stored(org_id: int) -> OrganizationSso | None:
    async with public_session() as db:
        return (
            await db.execute(
                select(OrganizationSso).where(OrganizationSso.organization_id == org_id)
            )
        ).scalar_one_or_none()


async def test_admin_saves_reads_changes_and_removes_the_settings(login, org, oidc_provider):
    admin = await login(org)
    r = await admin.get("/api/organization/sso")
    assert r.status_code == 200
    empty = r.json()
    assert empty["configured"] is False and empty["clientSecretSet"] is False
    assert all(u.endswith("/api/auth/sso/callback") for u in empty["redirectUris"])
    assert any(f"//{org.subdomain}." in u for u in empty["redirectUris"])

    saved = await configure(admin, oidc_provider.issuer, unknownEmails="create")
    assert saved["configured"] is True
    assert saved["displayName"] == "Acme Login"
    assert saved["issuer"] == oidc_provider.issuer
    assert saved["clientSecretSet"] is True
    assert saved["unknownEmails"] == "create" and saved["enabled"] is True
    assert "clientSecret" not in saved

    # A change without a secret keeps the stored one.
    body = settings_body(oidc_provider.issuer, displayName="Acme SSO", enabled=False)
    del body["clientSecret"]
    r = await admin.put("/api/organization/sso", json=body)
    assert r.status_code == 200, r.text
    assert r.json()["displayName"] == "Acme SSO" and r.json()["enabled"] is False
    assert r.json()["clientSecretSet"] is True
    row = await stored(org.id)
    assert row is not None and crypto.decrypt(row.client_secret_encrypted) == CLIENT_SECRET

    r = await admin.delete("/api/organization/sso")
    assert r.status_code == 200
    assert await stored(org.id) is None
    assert (await admin.get("/api/organization/sso")).json()["configured"] is False


async def test_the_secret_is_stored_encrypted_and_never_appears_in_a_reply(
    login, org, oidc_provider
):
    admin = await login(org)
    replies = [await admin.put("/api/organization/sso", json=settings_body(oidc_provider.issuer))]
    replies.append(await admin.get("/api/organization/sso"))
    replies.append(
        await admin.post("/api/organization/sso/test", json={"issuer": oidc_provider.issuer})
    )
    replies.append(await admin.get("/api/organization/current"))
    replies.append(await admin.post("/api/auth/org-login", json={"subdomain": org.subdomain}))
    for reply in replies:
        assert reply.status_code == 200, reply.text
        assert CLIENT_SECRET not in reply.text
    row = await stored(org.id)
    assert row is not None
    assert CLIENT_SECRET not in row.client_secret_encrypted
    assert crypto.decrypt(row.client_secret_encrypted) == CLIENT_SECRET


async def test_a_secret_under_another_server_key_counts_as_not_set(
    login, org, oidc_provider, monkeypatch
):
    admin = await login(org)
    await configure(admin, oidc_provider.issuer)
    monkeypatch.setattr(crypto, "get_settings", lambda: type("S", (), {"secret_key": "other"}))
    r = await admin.get("/api/organization/sso")
    assert r.json()["clientSecretSet"] is False
    body = settings_body(oidc_provider.issuer)
    del body["clientSecret"]
    r = await admin.put("/api/organization/sso", json=body)
    assert r.status_code == 400 and r.json()["message"] == SECRET_REQUIRED


async def test_the_first_save_needs_a_secret(login, org, oidc_provider):
    admin = await login(org)
    r = await admin.put(
        "/api/organization/sso", json=settings_body(oidc_provider.issuer, clientSecret="  ")
    )
    assert r.status_code == 400 and r.json()["message"] == SECRET_REQUIRED
    assert await stored(org.id) is None


@pytest.mark.parametrize(
    "change",
    [
        pytest.param({"issuer": "https://login.example.com/tenant"}, id="issuer"),
        pytest.param({"clientId": OTHER_CLIENT_ID}, id="client-id"),
    ],
)
async def test_the_stored_secret_never_goes_to_another_issuer_or_client(
    login, org, oidc_provider, change
):
    """Otherwise pointing the settings at a server of one's own would hand it the secret."""
    admin = await login(org)
    await configure(admin, oidc_provider.issuer)
    body = {**settings_body(oidc_provider.issuer), **change}
    del body["clientSecret"]
    r = await admin.put("/api/organization/sso", json=body)
    assert r.status_code == 400 and r.json()["message"] == SECRET_AGAIN
    row = await stored(org.id)
    assert row is not None and row.issuer == oidc_provider.issuer
    # With the secret typed again the change is taken.
    r = await admin.put("/api/organization/sso", json={**body, "clientSecret": "new-secret"})
    assert r.status_code == 200, r.text


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"issuer": "ftp://login.example.com"}, ISSUER_SHAPE),
        ({"issuer": "javascript:alert(1)"}, ISSUER_SHAPE),
        ({"issuer": "file:///etc/passwd"}, ISSUER_SHAPE),
        ({"issuer": "https://user:pw@login.example.com"}, ISSUER_SHAPE),
        ({"issuer": "https://login.example.com/?tenant=1"}, ISSUER_SHAPE),
        ({"issuer": "https://login.example.com/#x"}, ISSUER_SHAPE),
        ({"issuer": "https://"}, ISSUER_SHAPE),
        ({"issuer": ""}, "Please enter the issuer URL"),
        ({"displayName": " "}, "Please enter the provider name shown on the sign-in button"),
        ({"clientId": ""}, "Please enter the client ID"),
        ({"displayName": "x" * 101}, None),
        ({"unknownEmails": "maybe"}, None),
    ],
)
async def test_bad_settings_are_refused_with_a_clear_message(login, org, change, message):
    admin = await login(org)
    r = await admin.put(
        "/api/organization/sso", json={**settings_body("https://a.example"), **change}
    )
    assert r.status_code == 400, r.text
    if message:
        assert r.json()["message"] == message
    assert await stored(org.id) is None


async def test_production_takes_https_issuers_only(login, org, monkeypatch):
    from api.sso import schemas

    settings = schemas.get_settings()
    monkeypatch.setattr(
        schemas, "get_settings", lambda: settings.model_copy(update={"environment": "production"})
    )
    admin = await login(org)
    r = await admin.put("/api/organization/sso", json=settings_body("http://login.example.com"))
    assert r.status_code == 400 and r.json()["message"] == schemas.ISSUER_HTTPS


@pytest.mark.parametrize("role", ["user", "manager", "hr"])
async def test_only_an_administrator_reads_or_changes_the_settings(login, org, oidc_provider, role):
    admin = await login(org)
    await configure(admin, oidc_provider.issuer)
    other = await login(org, role)
    for method, path, body in ROUTES:
        json = {
            "body": settings_body("https://evil.example", clientSecret="mine"),
            "issuer": {"issuer": oidc_provider.issuer},
            None: None,
        }[body]
        r = await other.request(method, path, json=json)
        assert r.status_code == 403, (method, path, r.text)
        assert CLIENT_SECRET not in r.text
    row = await stored(org.id)
    assert row is not None and row.issuer == oidc_provider.issuer and row.enabled


async def test_each_organisation_has_its_own_settings(login, org, other_org, oidc_provider):
    await configure(await login(org), oidc_provider.issuer)
    other_admin = await login(other_org)
    assert (await other_admin.get("/api/organization/sso")).json()["configured"] is False
    assert (await other_admin.delete("/api/organization/sso")).status_code == 200
    assert await stored(org.id) is not None


# --- The connection test, against real servers ---------------------------------------------


async def check(login, org, issuer: str) -> dict:
    r = await (await login(org)).post("/api/organization/sso/test", json={"issuer": issuer})
    assert r.status_code == 200, r.text
    return r.json()


async def test_the_connection_test_reads_a_real_providers_documents(login, org, oidc_provider):
    result = await check(login, org, oidc_provider.issuer)
    assert result["ok"] is True, result
    assert result["issuer"] == oidc_provider.issuer
    assert result["signingKeys"] == 1
    assert result["message"].startswith(f"Connected to {oidc_provider.issuer}")


async def test_the_connection_test_says_what_is_wrong(login, org, forger):
    moved = await check(login, org, f"{forger.issuer}/moved")
    assert moved["ok"] is False
    assert "redirect to file:///etc/passwd (not followed)" in moved["message"]

    page = await check(login, org, f"{forger.issuer}/page")
    assert page["ok"] is False and "did not answer JSON" in page["message"]

    missing = await check(login, org, f"{forger.issuer}/nothing-here")
    assert missing["ok"] is False and "answered HTTP 404" in missing["message"]

    # The same server under another name: its document names the issuer it really is.
    port = forger.issuer.rsplit(":", 1)[1]
    renamed = await check(login, org, f"http://localhost:{port}")
    assert renamed["ok"] is False
    assert f"names the issuer {forger.issuer}, not http://localhost:{port}" in renamed["message"]

    closed = await check(login, org, "http://127.0.0.1:9")
    assert closed["ok"] is False and "could not be reached" in closed["message"]


async def test_the_connection_test_refuses_addresses_that_are_not_web_ones(login, org):
    admin = await login(org)
    for issuer in ("file:///etc/passwd", "gopher://127.0.0.1:70/", "ldap://x"):
        r = await admin.post("/api/organization/sso/test", json={"issuer": issuer})
        assert r.status_code == 400 and r.json()["message"] == ISSUER_SHAPE


def private_addresses_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """A deployment outside development: an organisation's provider must be on the internet."""
    from api.sso import addresses

    settings = addresses.get_settings()
    monkeypatch.setattr(
        addresses,
        "get_settings",
        lambda: settings.model_copy(update={"sso_private_addresses": False}),
    )


async def test_the_connection_test_does_not_probe_private_addresses(
    login, org, oidc_provider, monkeypatch
):
    private_addresses_refused(monkeypatch)
    admin = await login(org)
    # A real provider answers there, so only the address rule can refuse it.
    for issuer in (oidc_provider.issuer, "http://169.254.169.254/latest", "http://10.0.0.7"):
        r = await admin.post("/api/organization/sso/test", json={"issuer": issuer})
        assert r.status_code == 200, r.text
        assert r.json()["ok"] is False
        assert "private network" in r.json()["message"], r.json()
