"""Links in e-mails are built from configuration, never from the request's Host header.

Every route that e-mails a link is called with each forged Host that once sent a reset token
to another site; a real SMTP server (aiosmtpd) receives what is sent."""

import re
import uuid
from urllib.parse import urlsplit

import httpx
import pytest

from api.core.db import public_session
from api.mail.jobs import deliver_mail
from api.organizations.models import Organization
from api.platform.admins import upsert_admin
from tests.api.mail.support import body_of, env, outbox_for, smtp_server
from tests.api.platform.conftest import platform_client
from tests.api.recovery.test_recovery import add_user
from tests.conftest import new_org

REQUEST = "/api/auth/reset-password/request"

# Each once made `http://{code}.localhost:8000@evil.example/reset-password?token=…` or alike.
FORGED_HOSTS = [
    "{code}.localhost:8000@evil.example",
    "{code}.localhost:8000/@evil.example/",
    "{code}.localhost:8000:@evil.example#",
    "{code}.localhost evil.example",
    "{code}.localhost:8000 @evil.example",
    "evil.example",
    "{code}.localhost.evil.example",
    "{code}.localhost:99999",
    "{code}.localhost:80:80",
    "user@{code}.localhost",
    "",
]
# Ours: the link still names the organisation's configured address, whichever of these came.
OUR_HOSTS = ["{code}.localhost", "{code}.localhost:8000", "localhost:8000", "127.0.0.1:5173"]
LINK = re.compile(r"https?://[^\s\"<>]+/reset-password\?[^\s\"<>]+")


async def links_mailed(to: str) -> list[str]:
    """Deliver what the outbox holds for `to` through the real SMTP server; the links sent."""
    links: list[str] = []
    with smtp_server() as inbox:
        for row in await outbox_for(to):
            await deliver_mail({"job_try": 1}, row.id)
        for message in inbox.messages:
            links += LINK.findall(body_of(message))
    return links


async def forgot_password(app, host: str, email: str, org) -> httpx.Response:
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app), base_url="http://localhost"
    ) as c:
        return await c.post(
            REQUEST, json={"email": email, "organizationId": org.id}, headers={"host": host}
        )


async def platform_reset_links(app, host: str, org_id: int) -> httpx.Response:
    email = f"pa-{uuid.uuid4().hex[:8]}@example.com"
    await upsert_admin(email=email, password="Platform2026pw")
    c = await platform_client(app, email)
    try:
        return await c.post(f"/api/organizations/{org_id}/reset-passwords", headers={"host": host})
    finally:
        await c.aclose()


@pytest.fixture
async def mailed_org(login):
    """An organisation whose admin e-mail and one user account share an address: a forgot
    password request then mails two links, and the super admin's reset mails two more."""
    org = await new_org("host")
    email = f"owner-{uuid.uuid4().hex[:8]}@example.com"
    await add_user(login, org, email)
    async with public_session() as db:
        row = await db.get(Organization, org.id)
        assert row is not None
        row.admin_email = email
        await db.commit()
    return org, email


@pytest.mark.parametrize("forged", FORGED_HOSTS)
async def test_a_forged_host_is_refused_before_anything_is_mailed(app, mailed_org, forged):
    org, email = mailed_org
    host = forged.format(code=org.subdomain)
    with env(SMTP_HOST="127.0.0.1"):
        for call in (
            forgot_password(app, host, email, org),
            platform_reset_links(app, host, org.id),
        ):
            r = await call
            assert r.status_code == 400, (host, r.status_code, r.text)
            assert r.json() == {"message": "Invalid Host header"}
    assert await outbox_for(email) == []


@pytest.mark.parametrize("host", OUR_HOSTS)
async def test_every_mailed_link_names_the_organisations_configured_address(app, mailed_org, host):
    org, email = mailed_org
    host = host.format(code=org.subdomain)
    with env(SMTP_HOST="127.0.0.1"):
        assert (await forgot_password(app, host, email, org)).status_code == 200
        assert (await platform_reset_links(app, host, org.id)).status_code == 200
    links = await links_mailed(email)
    # Forgot password: the user account's and the admin sign-in's; the super admin's reset:
    # the admin's and the manager's.
    assert len(links) == 4, links
    for link in links:
        parts = urlsplit(link)
        assert (parts.scheme, parts.netloc) == ("http", f"{org.subdomain}.localhost"), link


async def test_the_public_url_setting_gives_the_scheme_and_port(app, mailed_org):
    org, email = mailed_org
    with env(SMTP_HOST="127.0.0.1", MERIT_PUBLIC_URL="https://localhost:8443"):
        assert (await forgot_password(app, "localhost", email, org)).status_code == 200
        links = await links_mailed(email)
    assert links and all(
        link.startswith(f"https://{org.subdomain}.localhost:8443/reset-password?token=")
        for link in links
    ), links
