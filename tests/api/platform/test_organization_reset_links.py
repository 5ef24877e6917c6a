"""Reset links for an organisation's shared sign-ins, from the super-admin panel: shown once or
e-mailed to its admin."""

import os
from urllib.parse import parse_qs, urlsplit

from sqlalchemy import select

from api.auth.models import PasswordResetToken
from api.core.db import public_session
from tests.api.mail.support import body_of, env, smtp_server
from tests.api.platform.organizations import create

DEACTIVATED = "This organization has been deactivated. Please contact support."
ORG_NOT_FOUND = "Organization not found. Please check your organization code."


# -- reset passwords ------------------------------------------------------------------------


async def test_reset_links_are_shown_once_when_mail_is_not_configured_and_work_once(
    platform, client
):
    created = await create(platform, adminEmail="owner@example.com")
    with env(SMTP_HOST=None):
        r = await platform.post(f"/api/organizations/{created['id']}/reset-passwords")
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["emailSent"] is False
    assert "generated but not sent" in body["message"]
    assert {link["role"] for link in body["links"]} == {"admin", "manager"}

    for link in body["links"]:
        parts = urlsplit(link["url"])
        assert parts.path == "/reset-password"
        query = parse_qs(parts.query)
        assert query["role"] == [link["role"]]
        token = query["token"][0]
        # Stored only as a digest, for 2 hours.
        async with public_session() as db:
            row = (
                await db.execute(
                    select(PasswordResetToken).where(
                        PasswordResetToken.organization_id == created["id"],
                        PasswordResetToken.role == link["role"],
                        PasswordResetToken.is_active,
                    )
                )
            ).scalar_one()
        assert token not in row.token_hash
        hours = (row.expires_at - row.created_at).total_seconds() / 3600
        assert 1.99 < hours < 2.01
        # The recovery engineer's consuming endpoints accept it exactly once.
        r = await client.post(
            "/api/validate-reset-token", json={"token": token, "role": link["role"]}
        )
        assert r.json()["valid"] is True
        r = await client.post(
            "/api/reset-password",
            json={"token": token, "role": link["role"], "newPassword": "Fresh#Start2026"},
        )
        assert r.status_code == 200, r.text
        assert r.json()["organizationSubdomain"] == created["subdomain"]
        r = await client.post(
            "/api/reset-password",
            json={"token": token, "role": link["role"], "newPassword": "Again#Start2026"},
        )
        assert r.status_code == 400
    # The new admin password works.
    await client.post("/api/auth/org-login", json={"subdomain": created["subdomain"]})
    r = await client.post(
        "/api/auth/role-login", json={"role": "admin", "password": "Fresh#Start2026"}
    )
    assert r.status_code == 200


async def test_a_new_reset_request_replaces_the_previous_links(platform, client):
    created = await create(platform)
    with env(SMTP_HOST=None):
        first = (await platform.post(f"/api/organizations/{created['id']}/reset-passwords")).json()
        await platform.post(f"/api/organizations/{created['id']}/reset-passwords")
    token = parse_qs(urlsplit(first["links"][0]["url"]).query)["token"][0]
    r = await client.post("/api/validate-reset-token", json={"token": token, "role": "admin"})
    assert r.json()["valid"] is False


async def test_reset_links_are_emailed_to_the_admin_when_mail_is_configured(platform):
    created = await create(platform, adminEmail="owner@example.com")
    with smtp_server() as inbox, env(REDIS_URL="unix:///nonexistent/merit-redis.sock"):
        r = await platform.post(f"/api/organizations/{created['id']}/reset-passwords")
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["emailSent"] is True
    assert body["links"] == []  # not shown: they went by e-mail
    assert "owner@example.com" in body["message"]
    [message] = inbox.messages
    assert message["To"] == "owner@example.com"
    text_ = body_of(message)
    assert text_.count("/reset-password?token=") == 2
    assert "role=admin" in text_ and "role=manager" in text_


async def test_without_an_admin_email_the_links_are_shown_even_with_mail(platform):
    created = await create(platform)
    with smtp_server() as inbox:
        r = await platform.post(f"/api/organizations/{created['id']}/reset-passwords")
    body = r.json()
    assert body["emailSent"] is False
    assert len(body["links"]) == 2
    assert "no admin e-mail address" in body["message"]
    assert inbox.messages == []


async def test_an_unreachable_mail_server_falls_back_to_showing_the_links(platform):
    from tests.api.mail.support import unreachable_port

    created = await create(platform, adminEmail="owner@example.com")
    with (
        unreachable_port() as port,
        env(
            SMTP_HOST="127.0.0.1",
            SMTP_PORT=str(port),
            REDIS_URL="unix:///nonexistent/merit-redis.sock",
        ),
    ):
        r = await platform.post(f"/api/organizations/{created['id']}/reset-passwords")
    body = r.json()
    assert body["emailSent"] is False
    assert len(body["links"]) == 2
    assert "could not be sent" in body["message"]


def test_no_environment_leaks_between_tests():
    assert not os.environ.get("SMTP_HOST")
