"""Alembic environment for the tenant track, used from the command line.

`merit tenants migrate` does not go through this file: it drives the same scripts for every
schema with bounded parallelism (tenants/migrate.py). From the shell, name one schema:
`alembic -n tenant -x schema=org_1 upgrade head` (autogenerate diffs against that schema).
"""

import asyncio

from alembic import context
from sqlalchemy.ext.asyncio import create_async_engine

from api.core.config import get_settings
from api.core.embedded import ensure_services, to_asyncpg_url
from api.models import TenantBase

config = context.config
schema = context.get_x_argument(as_dictionary=True).get("schema")
if not schema:
    raise SystemExit("name the schema: alembic -n tenant -x schema=org_<id> ...")


def _run(connection) -> None:  # type: ignore[no-untyped-def]
    connection.exec_driver_sql(f'SET LOCAL search_path TO "{schema}"')
    context.configure(
        connection=connection,
        target_metadata=TenantBase.metadata,
        version_table_schema=schema,
        # Under search_path Alembic would see its own version table as a model-less table.
        include_object=lambda obj, name, type_, reflected, other: (
            not (type_ == "table" and name == "alembic_version")
        ),
    )
    with context.begin_transaction():
        context.run_migrations()


ensure_services(get_settings().data_dir, redis=False)


async def _main() -> None:
    engine = create_async_engine(to_asyncpg_url(get_settings().database_url or ""))
    async with engine.begin() as conn:
        await conn.exec_driver_sql(f'CREATE SCHEMA IF NOT EXISTS "{schema}"')
        await conn.run_sync(_run)
    await engine.dispose()


asyncio.run(_main())
