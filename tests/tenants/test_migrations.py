"""The two migration tracks: the provisioned schema equals the migrated one, and
migrate-all upgrades many schemas, skips current ones and survives a broken one."""

import asyncio
import shutil
import uuid
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine
from sqlalchemy.pool import NullPool

from api.core.config import get_settings
from api.core.db import get_engine
from api.organizations.models import Organization
from tenants.migrate import migrate_public, migrate_tenants, schema_versions
from tenants.provision import NewTenant, create_tenant
from tenants.registry import schema_revisions
from tenants.revisions import PUBLIC_SCRIPTS, TENANT_SCRIPTS, head_revision
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

# Reads rows and decides in Python, so it cannot be rendered to SQL ahead of time.
ONLINE_REVISION = '''"""count departments into a new table (test only)"""
import sqlalchemy as sa
from alembic import op

revision = "feedc0ffee02"
down_revision = "feedc0ffee01"
offline = False


def upgrade() -> None:
    op.create_table("dept_tally", sa.Column("n", sa.Integer, nullable=False))
    count = op.get_bind().execute(sa.text("SELECT count(*) FROM departments")).scalar()
    op.execute(sa.text(f"INSERT INTO dept_tally (n) VALUES ({int(count) * 10})"))
'''


@pytest.fixture
async def own_database() -> AsyncIterator[AsyncEngine]:
    """A database of its own, so test revisions never touch other tests' schemas."""
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
        yield engine
    finally:
        await engine.dispose()
        async with get_engine().connect() as conn:
            await conn.execution_options(isolation_level="AUTOCOMMIT")
            await conn.exec_driver_sql(f'DROP DATABASE "{dbname}" WITH (FORCE)')


async def make_orgs(engine: AsyncEngine, n: int) -> list[Organization]:
    async with engine.begin() as conn:
        return [
            await create_tenant(NewTenant(subdomain=unique_code("m"), name="Mig"), conn=conn)
            for _ in range(n)
        ]


def scripts_with(tmp_path: Path, *revisions: str) -> Path:
    scripts = tmp_path / "tenant"
    shutil.copytree(TENANT_SCRIPTS, scripts)
    for i, body in enumerate(revisions):
        (scripts / "versions" / f"2099010{i}_0000_test.py").write_text(body)
    return scripts


async def version_tables(engine: AsyncEngine, schemas: list[str]) -> dict[str, str]:
    """What each schema's own alembic_version says, read schema by schema."""
    async with engine.connect() as conn:
        return {
            s: await conn.scalar(text(f'SELECT version_num FROM "{s}".alembic_version'))
            for s in schemas
        }


async def count_columns(engine: AsyncEngine, column: str) -> int:
    async with engine.connect() as conn:
        return await conn.scalar(
            text(
                "SELECT count(*) FROM information_schema.columns "
                "WHERE column_name = :c AND table_name = 'employees'"
            ),
            {"c": column},
        )


async def test_migrate_many_schemas_skips_current_and_reports_failures(
    tmp_path: Path, own_database: AsyncEngine
):
    engine = own_database
    orgs = await make_orgs(engine, 6)
    scripts = scripts_with(tmp_path, NEW_REVISION.format(down=head_revision()))
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
    # The catalog's record moved with each schema's own version table, and only with it.
    assert versions == await version_tables(engine, [o.schema_name for o in orgs])
    assert await count_columns(engine, "nickname") == 5

    again = await migrate_tenants(engine=engine, script_location=scripts)
    assert again.upgraded == [] and len(again.current) == 5
    assert set(again.failed) == {orgs[0].schema_name}


async def test_a_revision_that_needs_a_connection_is_run_online(
    tmp_path: Path, own_database: AsyncEngine
):
    engine = own_database
    orgs = await make_orgs(engine, 3)
    async with engine.begin() as conn:  # each schema gets its own answer
        await conn.exec_driver_sql(f'DELETE FROM "{orgs[1].schema_name}".departments')
    scripts = scripts_with(tmp_path, NEW_REVISION.format(down=head_revision()), ONLINE_REVISION)
    report = await migrate_tenants(engine=engine, script_location=scripts)
    assert report.failed == {}
    assert sorted(report.upgraded) == sorted(o.schema_name for o in orgs)
    async with engine.connect() as conn:
        tallies = [
            await conn.scalar(text(f'SELECT n FROM "{o.schema_name}".dept_tally')) for o in orgs
        ]
        departments = await conn.scalar(
            text(f'SELECT count(*) FROM "{orgs[0].schema_name}".departments')
        )
    assert tallies == [departments * 10, 0, departments * 10]
    assert await count_columns(engine, "nickname") == 3


async def test_two_runs_at_once_upgrade_each_schema_once(tmp_path: Path, own_database: AsyncEngine):
    engine = own_database
    orgs = await make_orgs(engine, 8)
    scripts = scripts_with(tmp_path, NEW_REVISION.format(down=head_revision()))
    first, second = await asyncio.gather(
        migrate_tenants(engine=engine, script_location=scripts, concurrency=3),
        migrate_tenants(engine=engine, script_location=scripts, concurrency=3),
    )
    assert first.failed == {} and second.failed == {}
    assert sorted(first.upgraded + second.upgraded) == sorted(o.schema_name for o in orgs)
    assert await count_columns(engine, "nickname") == 8


async def test_the_catalog_migration_records_every_schema_from_its_version_table(
    own_database: AsyncEngine,
):
    """Run on a database whose organisations predate the catalog's record, the public
    migration fills it in from each schema's alembic_version."""
    engine = own_database
    orgs = await make_orgs(engine, 3)
    async with engine.begin() as conn:
        await conn.execute(
            text(f'UPDATE "{orgs[1].schema_name}".alembic_version SET version_num = :v'),
            {"v": "0003_review_questions"},
        )
        await conn.run_sync(_public_down_and_up)
    names = [o.schema_name for o in orgs]
    async with engine.connect() as conn:
        assert await schema_revisions(conn) == await version_tables(engine, names)


def _public_down_and_up(connection) -> None:  # type: ignore[no-untyped-def]
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(PUBLIC_SCRIPTS))
    config.attributes["connection"] = connection
    command.downgrade(config, "0001_public")
    assert (
        connection.exec_driver_sql("SELECT to_regclass('public.tenant_schemas')").scalar() is None
    )
    command.upgrade(config, "head")


@pytest.mark.parametrize("track", [TENANT_SCRIPTS, PUBLIC_SCRIPTS])
def test_the_head_read_without_alembic_is_alembics_head(track: Path):
    from alembic.script import ScriptDirectory

    assert head_revision(str(track)) == ScriptDirectory(str(track)).get_current_head()
