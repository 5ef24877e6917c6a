"""Reset links for the shared admin and manager sign-ins go to the organisation's admin
e-mail. When the super admin changes that address (its owner left), links already sent to
the old one stop working; and no role link sets a password while the organisation is
deactivated."""

import uuid

import httpx
import pytest
from sqlalchemy import update

from api.core.db import public_session
from api.organizations.models import Organization
from api.platform.admins import upsert_admin
from api.recovery import service
from tests.api.mail.support import outbox_for
from tests.api.platform.conftest import platform_client
from tests.api.recovery.test_recovery import CONFIRM, REQUEST, sign_in, token_in
from tests.conftest import new_org


async def with_admin_email(org: Organization, email: str) -> None:
    async with public_session() as db:
        await db.execute(
            update(Organization).where(Organization.id == org.id).values(admin_email=email)
        )


async def forgot_password_link(client: httpx.AsyncClient, org: Organization, email: str) -> str:
    r = await client.post(REQUEST, json={"email": email, "organizationId": org.id})
    assert r.status_code == 200
    [mail] = await outbox_for(email)
    return token_in(mail.body_text)


@pytest.fixture
async def platform(app):
    """A signed-in super admin."""
    email = f"pa-{uuid.uuid4().hex[:8]}@example.com"
    await upsert_admin(email=email, password="Platform2026pw")
    c = await platform_client(app, email)
    yield c
    await c.aclose()


async def test_a_link_sent_to_the_former_admin_email_stops_working(client, platform):
    org = await new_org("mail")
    old = f"former-{uuid.uuid4().hex[:6]}@example.com"
    await with_admin_email(org, old)
    token = await forgot_password_link(client, org, old)
    r = await platform.put(f"/api/organizations/{org.id}", json={"adminEmail": "new@example.com"})
    assert r.status_code == 200, r.text
    r = await client.post(CONFIRM, json={"token": token, "newPassword": "Taken2026!over"})
    assert r.status_code == 400 and r.json()["message"] == service.INVALID_TOKEN
    assert await sign_in(client._transport, org, "admin", "Taken2026!over") == 401
    assert await sign_in(client._transport, org, "admin", f"admin{org.subdomain}") == 200


async def test_other_changes_leave_the_links_working(client, platform):
    org = await new_org("mail")
    owner = f"owner-{uuid.uuid4().hex[:6]}@example.com"
    await with_admin_email(org, owner)
    token = await forgot_password_link(client, org, owner)
    r = await platform.put(
        f"/api/organizations/{org.id}", json={"name": "Renamed Org", "adminEmail": owner.upper()}
    )
    assert r.status_code == 200, r.text
    r = await client.post(CONFIRM, json={"token": token, "newPassword": "Owner2026!new"})
    assert r.status_code == 200, r.text
    assert await sign_in(client._transport, org, "admin", "Owner2026!new") == 200


async def test_a_role_link_does_nothing_while_the_organisation_is_deactivated(client, platform):
    org = await new_org("mail")
    owner = f"owner-{uuid.uuid4().hex[:6]}@example.com"
    await with_admin_email(org, owner)
    token = await forgot_password_link(client, org, owner)
    r = await platform.put(f"/api/organizations/{org.id}", json={"isActive": False})
    assert r.status_code == 200, r.text
    r = await client.post(CONFIRM, json={"token": token, "newPassword": "Idle2026!pass"})
    assert r.status_code == 400 and r.json()["message"] == service.INVALID_TOKEN
    await platform.put(f"/api/organizations/{org.id}", json={"isActive": True})
    assert await sign_in(client._transport, org, "admin", "Idle2026!pass") == 401
    assert await sign_in(client._transport, org, "admin", f"admin{org.subdomain}") == 200
