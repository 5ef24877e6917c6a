import uuid
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from sqlalchemy import func, select

from api.core.db import public_session, tenant_session
from api.employees.models import Employee
from api.organizations.models import Organization
from api.platform import oidc
from api.users.models import User
from tenants import registry
from tenants.provision import NewTenant, create_tenant
from tests.api.sso.forger import Forger, running_forger
from tests.api.sso.provider import (
    CLIENT_ID,
    CLIENT_SECRET,
    RealProvider,
    callback_at,
    new_people,
    running_provider,
)

# An organisation whose own address registers with the provider (a callback address must
# be known before the provider starts).
HOST_SUBDOMAIN = f"sso-host-{uuid.uuid4().hex[:8]}"


@pytest.fixture(scope="session")
def oidc_provider() -> Iterator[RealProvider]:
    with running_provider(new_people(), [callback_at(), callback_at(HOST_SUBDOMAIN)]) as real:
        yield real


@pytest.fixture(scope="session")
def forger_server() -> Iterator[Forger]:
    with running_forger() as forger:
        yield forger


@pytest.fixture
def forger(forger_server: Forger) -> Forger:
    forger_server.reset(email=f"forged-{uuid.uuid4().hex[:8]}@example.com")
    return forger_server


@pytest.fixture(autouse=True)
def fresh_provider_caches() -> Iterator[None]:
    oidc.clear_caches()
    yield
    oidc.clear_caches()


@pytest.fixture
async def host_org() -> Organization:
    """The organisation at HOST_SUBDOMAIN (made once; later tests reuse it)."""
    async with public_session() as db:
        found = await registry.get_by_subdomain(db, HOST_SUBDOMAIN)
    return found or await create_tenant(NewTenant(subdomain=HOST_SUBDOMAIN, name="Host Org"))


def settings_body(issuer: str, **changes: Any) -> dict[str, Any]:
    return {
        "displayName": "Acme Login",
        "issuer": issuer,
        "clientId": CLIENT_ID,
        "clientSecret": CLIENT_SECRET,
        "unknownEmails": "refuse",
        "enabled": True,
        **changes,
    }


async def configure(admin: httpx.AsyncClient, issuer: str, **changes: Any) -> dict[str, Any]:
    r = await admin.put("/api/organization/sso", json=settings_body(issuer, **changes))
    assert r.status_code == 200, r.text
    return r.json()


async def add_employee(org: Organization, email: str, **extra: Any) -> int:
    async with tenant_session(org.schema_name, org.id) as s:
        employee = Employee(
            employee_id=f"E{uuid.uuid4().hex[:8]}",
            first_name=extra.pop("first_name", "Nina"),
            last_name=extra.pop("last_name", "Newhire"),
            email=email,
            **extra,
        )
        s.add(employee)
        await s.flush()
        return employee.id


async def add_account(
    org: Organization, email: str, *, role: str = "manager", employee_id: int | None = None, **extra
) -> str:
    async with tenant_session(org.schema_name, org.id) as s:
        user = User(
            id=str(uuid.uuid4()),
            email=email,
            first_name="Kim",
            last_name="Known",
            role=role,
            employee_id=employee_id,
            password_hash=None,
            force_password_change=True,
            **extra,
        )
        s.add(user)
        await s.flush()
        return user.id


async def accounts(org: Organization) -> list[tuple[str, str, int | None]]:
    """(email, role, employee) of every account of the organisation."""
    async with tenant_session(org.schema_name, org.id) as s:
        rows = await s.execute(
            select(func.lower(User.email), User.role, User.employee_id).order_by(User.email)
        )
        return [tuple(row) for row in rows]
