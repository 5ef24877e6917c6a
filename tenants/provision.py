"""Creating and deleting organisations: one transaction each, nothing half-done."""

import json
from dataclasses import dataclass
from functools import lru_cache

from pwdlib import PasswordHash
from pwdlib.hashers.argon2 import Argon2Hasher
from sqlalchemy import String, cast, delete, insert, literal, select, text
from sqlalchemy.dialects import postgresql
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection

from api.core.db import get_engine
from api.departments.models import Department
from api.organizations.models import Organization, OrganizationSettings
from api.reviews.models import ReviewTemplate
from tenants.ddl import head_revision, tenant_ddl
from tenants.defaults import DEFAULT_DEPARTMENTS, DEFAULT_TEMPLATES, default_password
from tenants.naming import InvalidSubdomain, schema_name, validate_subdomain

# The id is drawn before anything is built, so the schema is named org_<id> from the start.
_TAKEN_AND_NEXT_ID = text(
    "SELECT EXISTS (SELECT 1 FROM public.organizations WHERE subdomain = :subdomain), "
    "nextval(pg_get_serial_sequence('public.organizations', 'id'))"
)
# The registry row and the revision its schema was built at, in one statement.
_REGISTER = text(
    "WITH registered AS ("
    " INSERT INTO public.organizations (id, name, subdomain, schema_name, description,"
    " industry, size, logo_url, admin_email, admin_password_hash, manager_password_hash)"
    " VALUES (:id, :name, :subdomain, :schema_name, :description, :industry, :size,"
    " :logo_url, :admin_email, :admin_password_hash, :manager_password_hash) RETURNING *"
    "), recorded AS ("
    " INSERT INTO public.tenant_schemas (schema_name, revision)"
    " SELECT schema_name, :revision FROM registered"
    ") SELECT * FROM registered"
)
_SETTINGS = insert(OrganizationSettings)

# The first passwords are the role followed by the organisation code, which is public (it is
# the subdomain), so a slow hash of them protects nothing: anyone can try that one guess.
# Hashed with the full profile, the two cost as much CPU as building the whole schema. They
# get a light argon2id hash (the same verification reads its cost from the hash); the password
# each role must choose at its first sign-in is hashed with the full profile.
_FIRST_PASSWORDS = PasswordHash((Argon2Hasher(memory_cost=1024, time_cost=1, parallelism=1),))


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
    values = dict(
        name=name,
        subdomain=subdomain,
        description=data.description,
        industry=data.industry,
        size=data.size,
        logo_url=data.logo_url,
        admin_email=data.admin_email,
        admin_password_hash=_FIRST_PASSWORDS.hash(default_password("admin", subdomain)),
        manager_password_hash=_FIRST_PASSWORDS.hash(default_password("manager", subdomain)),
    )
    if conn is not None:
        return await _create(conn, values)
    async with get_engine().begin() as own:
        return await _create(own, values)


async def _create(conn: AsyncConnection, values: dict) -> Organization:
    subdomain = values["subdomain"]
    taken, org_id = (await conn.execute(_TAKEN_AND_NEXT_ID, {"subdomain": subdomain})).one()
    if taken:
        raise TenantExists(f"The subdomain '{subdomain}' is already taken")
    schema = schema_name(org_id)
    raw = (await conn.get_raw_connection()).driver_connection
    assert raw is not None
    # One round trip: the schema, its tables at head, the default departments and templates.
    await raw.execute(
        f'CREATE SCHEMA "{schema}"; SET LOCAL search_path TO "{schema}";\n{schema_script()}'
    )
    await _seed_defaults(conn, values["name"])
    await conn.exec_driver_sql("SET LOCAL search_path TO DEFAULT")
    try:
        row = (
            await conn.execute(
                _REGISTER,
                {
                    **values,
                    "id": org_id,
                    "schema_name": schema,
                    "revision": head_revision(),
                },
            )
        ).one()
    except IntegrityError as exc:  # lost a race with a concurrent create
        raise TenantExists(f"The subdomain '{subdomain}' is already taken") from exc
    return Organization(**dict(row._mapping))


async def _seed_defaults(conn: AsyncConnection, name: str) -> None:
    """The settings row, named after the organisation (run under the new schema's path)."""
    await conn.execute(_SETTINGS, {"business_name": name})


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
