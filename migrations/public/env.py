"""Alembic environment for the public (platform catalog) track."""

import asyncio

from alembic import context
from sqlalchemy.ext.asyncio import create_async_engine

from api.core.config import get_settings
from api.core.embedded import ensure_services, to_asyncpg_url
from api.models import PublicBase
from tenants import registry  # noqa: F401  (declares public.tenant_schemas)

config = context.config


def _run(connection) -> None:  # type: ignore[no-untyped-def]
    context.configure(
        connection=connection,
        target_metadata=PublicBase.metadata,
        include_schemas=True,
        include_name=lambda name, type_, _p: type_ != "schema" or name == "public",
        version_table_schema="public",
    )
    with context.begin_transaction():
        context.run_migrations()


connection = config.attributes.get("connection")
if connection is not None:
    _run(connection)
else:
    ensure_services(get_settings().data_dir, redis=False)

    async def _main() -> None:
        engine = create_async_engine(to_asyncpg_url(get_settings().database_url or ""))
        async with engine.begin() as conn:
            await conn.run_sync(_run)
        await engine.dispose()

    asyncio.run(_main())
