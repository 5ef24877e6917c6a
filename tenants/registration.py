"""Registering a new organisation: its rules, its first passwords and the statements that
build and record it, on one asyncpg connection inside the caller's transaction.

The one way an organisation is made, whoever makes it: the API and `merit tenants restore-final`
(tenants/provision.py, on the engine's connection) and `merit tenants create`
(tenants/quick_create.py, which starts without SQLAlchemy). Nothing here loads SQLAlchemy.
"""

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import asyncpg
from pwdlib import PasswordHash
from pwdlib.hashers.argon2 import Argon2Hasher

from tenants.defaults import default_password
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


# The id is drawn before anything is built, so the schema is named org_<id> from the start.
TAKEN_AND_NEXT_ID = (
    "SELECT EXISTS (SELECT 1 FROM public.organizations WHERE subdomain = $1), "
    "nextval(pg_get_serial_sequence('public.organizations', 'id'))"
)
# The registry's columns a new organisation is given, in the order REGISTER takes them.
COLUMNS = (
    "id",
    "name",
    "subdomain",
    "schema_name",
    "description",
    "industry",
    "size",
    "logo_url",
    "admin_email",
    "admin_password_hash",
    "manager_password_hash",
)
# The registry row and the revision its schema was built at, in one statement.
REGISTER = (
    "WITH registered AS ("
    f" INSERT INTO public.organizations ({', '.join(COLUMNS)})"
    f" VALUES ({', '.join(f'${i}' for i in range(1, len(COLUMNS) + 1))}) RETURNING *"
    "), recorded AS ("
    " INSERT INTO public.tenant_schemas (schema_name, revision)"
    f" SELECT schema_name, ${len(COLUMNS) + 1} FROM registered"
    ") SELECT * FROM registered"
)
# The settings row, named after the organisation (run under the new schema's search_path).
SETTINGS = "INSERT INTO organization_settings (business_name) VALUES ($1)"

# The first passwords are the role followed by the organisation code, which is public (it is
# the subdomain), so a slow hash of them protects nothing: anyone can try that one guess.
# Hashed with the full profile, the two cost as much CPU as building the whole schema. They
# get a light argon2id hash (the same verification reads its cost from the hash); the password
# each role must choose at its first sign-in is hashed with the full profile.
_FIRST_PASSWORDS = PasswordHash((Argon2Hasher(memory_cost=1024, time_cost=1, parallelism=1),))


def validate_name(name: str) -> str:
    name = (name or "").strip()
    if len(name) < 2:
        raise TenantError("Organization name must be at least 2 characters")
    if len(name) > 100:
        raise TenantError("Organization name must be at most 100 characters")
    return name


def registration(data: NewTenant) -> dict[str, Any]:
    """The new organisation's registry values (but its id), checked, with its first
    passwords hashed; TenantError says what is wrong with them."""
    try:
        subdomain = validate_subdomain(data.subdomain)
    except InvalidSubdomain as exc:
        raise TenantError(str(exc)) from exc
    return dict(
        name=validate_name(data.name),
        subdomain=subdomain,
        description=data.description,
        industry=data.industry,
        size=data.size,
        logo_url=data.logo_url,
        admin_email=data.admin_email,
        admin_password_hash=_FIRST_PASSWORDS.hash(default_password("admin", subdomain)),
        manager_password_hash=_FIRST_PASSWORDS.hash(default_password("manager", subdomain)),
    )


def taken_message(subdomain: str) -> str:
    return f"The subdomain '{subdomain}' is already taken"


async def seed_settings(raw: asyncpg.Connection, name: str) -> None:
    await raw.execute(SETTINGS, name)


Seed = Callable[[asyncpg.Connection, str], Awaitable[None]]


async def build(
    raw: asyncpg.Connection,
    values: dict[str, Any],
    found: tuple[bool, int],
    *,
    script: str,
    revision: str,
    seed: Seed = seed_settings,
) -> asyncpg.Record:
    """Build the organisation's schema from `script` (its tables at `revision`, default
    departments and templates), seed it and register it, inside the transaction `raw` is in.
    `found` is what TAKEN_AND_NEXT_ID answered in that transaction. Returns the registry row."""
    taken, org_id = found
    subdomain = values["subdomain"]
    if taken:
        raise TenantExists(taken_message(subdomain))
    schema = schema_name(org_id)
    # One round trip: the schema, its tables at head, the default departments and templates.
    await raw.execute(f'CREATE SCHEMA "{schema}"; SET LOCAL search_path TO "{schema}";\n{script}')
    await seed(raw, values["name"])
    await raw.execute("SET LOCAL search_path TO DEFAULT")
    row = {**values, "id": org_id, "schema_name": schema}
    try:
        return await raw.fetchrow(REGISTER, *(row[c] for c in COLUMNS), revision)
    except asyncpg.UniqueViolationError as exc:  # lost a race with a concurrent create
        raise TenantExists(taken_message(subdomain)) from exc
