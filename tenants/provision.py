"""Creating and deleting organisations: one transaction each, nothing half-done."""

import asyncio
from dataclasses import dataclass

from sqlalchemy import delete, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection

from api.core.db import get_engine
from api.core.security import hash_password_async
from api.departments.models import Department
from api.organizations.models import Organization, OrganizationSettings
from api.reviews.models import ReviewTemplate
from tenants.ddl import tenant_ddl
from tenants.defaults import DEFAULT_DEPARTMENTS, DEFAULT_TEMPLATE, default_password
from tenants.naming import InvalidSubdomain, schema_name, validate_subdomain


class TenantError(ValueError):
    """A tenant operation refused for a reason the caller can fix."""


class TenantExists(TenantError):
    pass


class TenantNotFound(TenantError):
    pass


@dataclass
class NewTenant:
    subdomain: str
    name: str
    admin_email: str | None = None
    description: str | None = None
    industry: str | None = None
    size: str | None = None
    logo_url: str | None = None


def validate_name(name: str) -> str:
    name = (name or "").strip()
    if len(name) < 2:
        raise TenantError("Organization name must be at least 2 characters")
    if len(name) > 100:
        raise TenantError("Organization name must be at most 100 characters")
    return name


async def create_tenant(data: NewTenant, *, conn: AsyncConnection | None = None) -> Organization:
    """Register the organisation and build its schema at head, in one transaction."""
    try:
        subdomain = validate_subdomain(data.subdomain)
    except InvalidSubdomain as exc:
        raise TenantError(str(exc)) from exc
    name = validate_name(data.name)
    admin_hash, manager_hash = await asyncio.gather(
        hash_password_async(default_password("admin", subdomain)),
        hash_password_async(default_password("manager", subdomain)),
    )
    values = dict(
        name=name,
        subdomain=subdomain,
        schema_name="pending",
        description=data.description,
        industry=data.industry,
        size=data.size,
        logo_url=data.logo_url,
        admin_email=data.admin_email,
        admin_password_hash=admin_hash,
        manager_password_hash=manager_hash,
    )
    if conn is not None:
        return await _create(conn, subdomain, values)
    async with get_engine().begin() as own:
        return await _create(own, subdomain, values)


async def _create(conn: AsyncConnection, subdomain: str, values: dict) -> Organization:
    exists = await conn.scalar(select(Organization.id).where(Organization.subdomain == subdomain))
    if exists:
        raise TenantExists(f"The subdomain '{subdomain}' is already taken")
    try:
        async with conn.begin_nested():
            org_id = await conn.scalar(
                insert(Organization).values(**values).returning(Organization.id)
            )
    except IntegrityError as exc:  # lost a race with a concurrent create
        raise TenantExists(f"The subdomain '{subdomain}' is already taken") from exc
    assert org_id is not None
    schema = schema_name(org_id)
    await conn.execute(
        update(Organization).where(Organization.id == org_id).values(schema_name=schema)
    )
    await conn.exec_driver_sql(f'CREATE SCHEMA "{schema}"')
    await conn.exec_driver_sql(f'SET LOCAL search_path TO "{schema}"')
    raw = await conn.get_raw_connection()
    await raw.driver_connection.execute(tenant_ddl())  # type: ignore[union-attr]
    await conn.exec_driver_sql("SET LOCAL search_path TO public")
    await _seed_defaults(conn, schema, values["name"])
    return await _load(conn, org_id)


async def _load(conn: AsyncConnection, org_id: int) -> Organization:
    """A detached Organization carrying the committed row's values."""
    table = Organization.__table__
    row = (await conn.execute(select(table).where(table.c.id == org_id))).one()
    return Organization(**dict(row._mapping))


async def _seed_defaults(conn: AsyncConnection, schema: str, name: str) -> None:
    opts = {"schema_translate_map": {None: schema}}
    await conn.execute(
        insert(Department),
        [
            {"name": n, "slug": s, "description": d, "is_default": True}
            for n, s, d in DEFAULT_DEPARTMENTS
        ],
        execution_options=opts,
    )
    await conn.execute(
        insert(ReviewTemplate).values(is_default=True, **DEFAULT_TEMPLATE),
        execution_options=opts,
    )
    await conn.execute(
        insert(OrganizationSettings).values(business_name=name), execution_options=opts
    )


async def delete_tenant(subdomain: str) -> int:
    """Drop the organisation's schema and its registry row together. Returns its id."""
    sub = (subdomain or "").strip().lower()
    async with get_engine().begin() as conn:
        row = (
            await conn.execute(
                select(Organization.id, Organization.schema_name).where(
                    Organization.subdomain == sub
                )
            )
        ).one_or_none()
        if row is None:
            raise TenantNotFound(f"No organization with subdomain '{sub}'")
        await conn.exec_driver_sql(f'DROP SCHEMA IF EXISTS "{row.schema_name}" CASCADE')
        await conn.execute(delete(Organization).where(Organization.id == row.id))
        return int(row.id)
