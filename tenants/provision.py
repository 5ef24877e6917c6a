"""Creating and deleting organisations: one transaction each, nothing half-done."""

import json
import typing
from functools import lru_cache

from sqlalchemy import String, cast, delete, insert, literal, select
from sqlalchemy.dialects import postgresql
from sqlalchemy.ext.asyncio import AsyncConnection

from api.core.db import get_engine
from api.departments.models import Department
from api.organizations.models import Organization
from api.reviews.models import ReviewTemplate
from tenants.ddl import tenant_ddl
from tenants.defaults import DEFAULT_DEPARTMENTS, DEFAULT_TEMPLATES
from tenants.registration import (
    TAKEN_AND_NEXT_ID,
    NewTenant,
    TenantError,
    TenantExists,
    TenantNotFound,
    build,
    registration,
    seed_settings,
    validate_name,
)
from tenants.revisions import head_revision

# What callers have always imported from here.
__all__ = [
    "NewTenant",
    "TenantError",
    "TenantExists",
    "TenantNotFound",
    "create_tenant",
    "delete_tenant",
    "schema_script",
    "validate_name",
]


@lru_cache
def schema_script() -> str:
    """The new schema's tables at head, then its default departments and review templates
    (constants, rendered once as SQL literals): run under the schema's search_path."""
    dialect = postgresql.dialect()  # type: ignore[no-untyped-call]
    templates = [
        insert(ReviewTemplate)
        .inline()
        .values(
            is_default=is_default,
            questions_version=1,
            **{
                **template,
                "questions": cast(
                    literal(json.dumps(template["questions"]), String()), postgresql.JSONB
                ),
            },
        )
        for template, is_default in DEFAULT_TEMPLATES
    ]
    seeds = [
        insert(Department).values(
            [
                {"name": n, "slug": s, "description": d, "is_default": True}
                for n, s, d in DEFAULT_DEPARTMENTS
            ]
        ),
        *templates,
    ]
    rendered = [
        str(seed.compile(dialect=dialect, compile_kwargs={"literal_binds": True})) for seed in seeds
    ]
    return tenant_ddl() + "\n" + ";\n".join(rendered) + ";"


async def create_tenant(data: NewTenant, *, conn: AsyncConnection | None = None) -> Organization:
    """Register the organisation and build its schema at head, in one transaction (the
    caller's when `conn` is given)."""
    values = registration(data)
    if conn is not None:
        return await _create(conn, values)
    async with get_engine().begin() as own:
        return await _create(own, values)


async def _create(conn: AsyncConnection, values: dict) -> Organization:
    # Through SQLAlchemy, so its transaction has begun before the driver's connection is used.
    found = await conn.exec_driver_sql(TAKEN_AND_NEXT_ID, (values["subdomain"],))
    taken, org_id = typing.cast(tuple[bool, int], tuple(found.one()))
    raw = (await conn.get_raw_connection()).driver_connection
    assert raw is not None
    row = await build(
        raw,
        values,
        (taken, org_id),
        script=schema_script(),
        revision=head_revision(),
        seed=seed_settings,
    )
    return Organization(**dict(row))


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
