"""`merit tenants create` without SQLAlchemy, pydantic-settings or the models: the kept schema
script (tenants/head_schema.sql) run over one asyncpg connection, opened as the engine opens
its own (api/core/pg_connect.py), with the same statements the API's create runs
(tenants/registration.py). A command started for one organisation spends most of its time
loading modules, so it loads few: the database work itself is a few hundredths of a second.

The catalog must be at head: checked with one query. A catalog not made yet, or behind, is
brought to head first the way `merit migrate` does it (loading Alembic and SQLAlchemy, that
once); one at a revision this version does not know is refused.
"""

from dataclasses import dataclass

import asyncpg

from api.core.embedded import to_asyncpg_url
from api.core.pg_connect import POOLERS, Pooler, connect
from api.core.setting_values import setting
from tenants.head_schema import script_at
from tenants.registration import TAKEN_AND_NEXT_ID, NewTenant, TenantError, build, registration
from tenants.revisions import PUBLIC_SCRIPTS, head_revision, revisions


@dataclass(frozen=True)
class Created:
    id: int
    name: str
    subdomain: str
    schema_name: str


def pooler() -> Pooler | None:
    """MERIT_DB_POOLER as the settings read it; None when it is not a value they take (the
    command then lets the settings say what is wrong)."""
    value = setting("MERIT_DB_POOLER")
    value = "none" if value is None else value
    return next((known for known in POOLERS if known == value), None)


async def create(data: NewTenant, database_url: str, pooler: Pooler) -> Created:
    """Register the organisation and build its schema at head, in one transaction."""
    values = registration(data)
    conn = await connect(to_asyncpg_url(database_url), pooler=pooler)
    try:
        await catalog_at_head(conn)
        head = head_revision()
        script = script_at(head)
        async with conn.transaction():
            found = await conn.fetchrow(TAKEN_AND_NEXT_ID, values["subdomain"])
            row = await build(conn, values, (found[0], found[1]), script=script, revision=head)
    finally:
        await conn.close()
    return Created(row["id"], row["name"], row["subdomain"], row["schema_name"])


async def catalog_at_head(conn: asyncpg.Connection) -> None:
    """One query when the catalog is at head. Not made yet or behind: upgraded, as `merit
    migrate` does. At a revision this version does not know: refused."""
    try:
        current = await conn.fetchval("SELECT version_num FROM public.alembic_version")
    except asyncpg.UndefinedTableError:
        current = None
    head = head_revision(str(PUBLIC_SCRIPTS))
    if current == head:
        return
    if current is not None and current not in revisions(str(PUBLIC_SCRIPTS)):
        raise TenantError(
            f"The catalog is at revision {current}, which this version of Merit does not know "
            f"(its latest is {head}): it was migrated by a newer version; run that one"
        )
    from api.core.db import dispose_engine
    from tenants.migrate import migrate_public

    try:
        await migrate_public()
    finally:
        await dispose_engine()
