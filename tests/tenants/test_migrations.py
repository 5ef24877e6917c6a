"""The two migration tracks: the provisioned schema equals the migrated one, and
migrate-all upgrades many schemas, skips current ones and survives a broken one."""

import shutil
import uuid
from pathlib import Path

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine
from sqlalchemy.pool import NullPool

from api.core.config import get_settings
from api.core.db import get_engine
from tenants.ddl import TENANT_SCRIPTS, head_revision
from tenants.migrate import migrate_public, migrate_tenants, schema_versions
from tenants.provision import NewTenant, create_tenant
from tests.conftest import unique_code

CATALOG = """
SELECT 'col' AS kind, table_name || '.' || column_name || ' ' || data_type || ' '
       || coalesce(character_maximum_length::text, '') || ' ' || is_nullable || ' '
       || coalesce(column_default, '') AS item
FROM information_schema.columns WHERE table_schema = :s
UNION ALL
SELECT 'con', c.conrelid::regclass::text || ' ' || c.conname || ' '
       || pg_get_constraintdef(c.oid)
FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace WHERE n.nspname = :s
UNION ALL
SELECT 'idx', indexname || ' ' || indexdef FROM pg_indexes WHERE schemaname = :s
"""


async def catalog(engine: AsyncEngine, schema: str) -> set[str]:
    async with engine.connect() as conn:
        await conn.exec_driver_sql(f'SET search_path TO "{schema}"')
        rows = await conn.execute(text(CATALOG), {"s": schema})
        items = {f"{r.kind} {r.item}".replace(f"{schema}.", "") for r in rows}
        await conn.exec_driver_sql("RESET search_path")
    return items


async def test_provisioned_schema_equals_the_migrated_schema(org):
    """Provisioning compiles the models; the migrations must build exactly the same thing."""
    schema = f"mig_{uuid.uuid4().hex[:8]}"
    engine = get_engine()
    async with engine.begin() as conn:
        await conn.exec_driver_sql(f'CREATE SCHEMA "{schema}"')
        from alembic.script import ScriptDirectory

        from tenants.migrate import _upgrade

        await conn.run_sync(_upgrade, ScriptDirectory(str(TENANT_SCRIPTS)), schema)
    try:
        migrated = await catalog(engine, schema)
        provisioned = await catalog(engine, org.schema_name)
        assert migrated - provisioned == set()
        assert provisioned - migrated == set()
    finally:
        async with engine.begin() as conn:
            await conn.exec_driver_sql(f'DROP SCHEMA "{schema}" CASCADE')


NEW_REVISION = '''"""add a nickname column (test only)"""
import sqlalchemy as sa
from alembic import op

revision = "feedc0ffee01"
down_revision = "{down}"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("employees", sa.Column("nickname", sa.String(40), nullable=True))


def downgrade() -> None:
    op.drop_column("employees", "nickname")
'''


async def test_migrate_many_schemas_skips_current_and_reports_failures(tmp_path: Path):
    """In a database of its own, so the test revision never touches other tests' schemas."""
    dbname = f"migtest_{uuid.uuid4().hex[:8]}"
    async with get_engine().connect() as conn:
        await conn.execution_options(isolation_level="AUTOCOMMIT")
        await conn.exec_driver_sql(f'CREATE DATABASE "{dbname}"')
    url = get_settings().database_url
    assert url
    base = url.split("?")[0].rsplit("/", 1)[0]
    query = "?" + url.split("?", 1)[1] if "?" in url else ""
    engine = create_async_engine(
        f"{base}/{dbname}{query}".replace("postgresql://", "postgresql+asyncpg://"),
        poolclass=NullPool,
    )
    try:
        await migrate_public(engine)
        orgs = []
        async with engine.begin() as conn:
            for _ in range(6):
                orgs.append(
                    await create_tenant(
                        NewTenant(subdomain=unique_code("m"), name="Mig"), conn=conn
                    )
                )
        scripts = tmp_path / "tenant"
        shutil.copytree(TENANT_SCRIPTS, scripts)
        (scripts / "versions" / "20990101_0000_nickname.py").write_text(
            NEW_REVISION.format(down=head_revision())
        )
        # One broken organisation: its employees table is gone, so the new revision fails.
        async with engine.begin() as conn:
            await conn.exec_driver_sql(f'DROP TABLE "{orgs[0].schema_name}".employees CASCADE')

        report = await migrate_tenants(engine=engine, script_location=scripts)
        assert report.head == "feedc0ffee01"
        assert set(report.failed) == {orgs[0].schema_name}
        assert sorted(report.upgraded) == sorted(o.schema_name for o in orgs[1:])
        versions = await schema_versions(engine)
        assert versions[orgs[0].schema_name] == head_revision()  # rolled back, untouched
        assert all(versions[o.schema_name] == "feedc0ffee01" for o in orgs[1:])
        async with engine.connect() as conn:
            cols = await conn.scalar(
                text(
                    "SELECT count(*) FROM information_schema.columns "
                    "WHERE column_name = 'nickname' AND table_name = 'employees'"
                )
            )
        assert cols == 5

        again = await migrate_tenants(engine=engine, script_location=scripts)
        assert again.upgraded == [] and len(again.current) == 5
        assert set(again.failed) == {orgs[0].schema_name}
    finally:
        await engine.dispose()
        async with get_engine().connect() as conn:
            await conn.execution_options(isolation_level="AUTOCOMMIT")
            await conn.exec_driver_sql(f'DROP DATABASE "{dbname}" WITH (FORCE)')
