"""`merit tenants create` builds organisations without SQLAlchemy (tenants/quick_create.py):
what it makes is exactly what the API makes, it refuses a taken code as the API does, it
brings a catalog not made yet or behind to head and refuses one it does not know, and a
failure leaves nothing behind. The real command in a subprocess, on the test's Postgres."""

import os
import subprocess
import sys
import uuid
from collections.abc import AsyncIterator
from typing import Any

import asyncpg
import httpx
import pytest

from api.core.config import get_settings
from api.core.db import get_engine
from api.core.security import verify_password
from tenants.provision import NewTenant, TenantExists, create_tenant
from tenants.revisions import PUBLIC_SCRIPTS, head_revision
from tests.conftest import BASE, unique_code

# Everything a schema holds, named without the schema (it differs between organisations).
CATALOG = """
SELECT 'col ' || table_name || '.' || column_name || ' ' || data_type || ' '
       || coalesce(character_maximum_length::text, '') || ' ' || is_nullable || ' '
       || coalesce(column_default, '') || ' ' || is_identity
FROM information_schema.columns WHERE table_schema = $1
UNION ALL
SELECT 'con ' || c.conrelid::regclass::text || ' ' || c.conname || ' '
       || pg_get_constraintdef(c.oid)
FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace WHERE n.nspname = $1
UNION ALL
SELECT 'idx ' || indexname || ' ' || indexdef FROM pg_indexes WHERE schemaname = $1
UNION ALL
SELECT 'trg ' || pg_get_triggerdef(t.oid)
FROM pg_trigger t JOIN pg_class r ON r.oid = t.tgrelid JOIN pg_namespace n ON n.oid = r.relnamespace
WHERE n.nspname = $1 AND NOT t.tgisinternal
UNION ALL
SELECT 'fn ' || p.proname || ' ' || p.prosrc
FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = $1
"""
# The rows a new organisation starts with (timestamps aside).
ROWS = {
    "departments": "SELECT id, name, slug, description, is_default FROM departments ORDER BY id",
    "templates": "SELECT id, name, description, questions, is_default, questions_version "
    "FROM review_templates ORDER BY id",
    "settings": "SELECT id, business_name, logo_url, admin_password, hr_password, "
    "manager_password, user_password FROM organization_settings",
    "version": "SELECT version_num FROM alembic_version",
}
# Registry columns that differ between two organisations by design.
OWN = {"id", "subdomain", "schema_name", "admin_password_hash", "manager_password_hash"}
OWN |= {"created_at", "updated_at"}


def merit(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "api.cli", "tenants", "create", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, **env},
        stdin=subprocess.DEVNULL,
    )


def database_url(dbname: str) -> str:
    url = get_settings().database_url
    assert url
    base = url.split("?")[0].rsplit("/", 1)[0]
    query = "?" + url.split("?", 1)[1] if "?" in url else ""
    return f"{base}/{dbname}{query}"


async def connect(url: str) -> asyncpg.Connection:
    from api.core.embedded import to_asyncpg_url
    from api.core.pg_connect import url_arguments

    return await asyncpg.connect(**url_arguments(to_asyncpg_url(url)))


async def snapshot(conn: asyncpg.Connection, schema: str) -> dict[str, Any]:
    """What an organisation's schema holds, comparable between two organisations."""
    items = await conn.fetch(CATALOG, schema)
    found: dict[str, Any] = {"catalog": {r[0].replace(f"{schema}.", "") for r in items}}
    async with conn.transaction():
        await conn.execute(f'SET LOCAL search_path TO "{schema}"')
        for name, query in ROWS.items():
            found[name] = [tuple(r) for r in await conn.fetch(query)]
    found["recorded"] = await conn.fetchval(
        "SELECT revision FROM public.tenant_schemas WHERE schema_name = $1", schema
    )
    return found


async def registered(conn: asyncpg.Connection, code: str) -> dict[str, Any] | None:
    row = await conn.fetchrow("SELECT * FROM public.organizations WHERE subdomain = $1", code)
    return dict(row) if row else None


async def signs_in(app: Any, code: str, role: str) -> bool:
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url=BASE) as c:
        r = await c.post("/api/auth/org-login", json={"subdomain": code})
        assert r.status_code == 200, r.text
        r = await c.post("/api/auth/role-login", json={"role": role, "password": f"{role}{code}"})
        return r.status_code == 200 and r.json()["forcePasswordChange"] is True


async def test_the_command_makes_what_the_api_makes(app):
    cli_code, api_code = unique_code("cli"), unique_code("api")
    done = merit("--subdomain", cli_code, "--name", "Twin Co", "--admin-email", "t@twin.example")
    assert done.returncode == 0, done.stderr
    await create_tenant(NewTenant(subdomain=api_code, name="Twin Co", admin_email="t@twin.example"))
    conn = await connect(get_settings().database_url or "")
    try:
        made, api = await registered(conn, cli_code), await registered(conn, api_code)
        assert made and api
        assert f"id {made['id']}, schema {made['schema_name']}" in done.stdout
        assert {k: v for k, v in made.items() if k not in OWN} == {
            k: v for k, v in api.items() if k not in OWN
        }
        ours, theirs = (
            await snapshot(conn, made["schema_name"]),
            await snapshot(conn, api["schema_name"]),
        )
    finally:
        await conn.close()
    assert len(ours["catalog"]) > 100 and ours["catalog"] == theirs["catalog"]
    assert len(ours["departments"]) >= 5 and len(ours["templates"]) == 2
    assert ours == theirs
    assert ours["recorded"] == ours["version"][0][0] == head_revision()
    assert verify_password(f"admin{cli_code}", made["admin_password_hash"])
    for role in ("admin", "manager"):
        assert await signs_in(app, cli_code, role), role


async def test_a_taken_code_is_refused_as_the_api_refuses_it(org):
    with pytest.raises(TenantExists) as refused:
        await create_tenant(NewTenant(subdomain=org.subdomain, name="Copycat"))
    done = merit("--subdomain", org.subdomain.upper(), "--name", "Copycat")
    assert done.returncode == 1
    assert done.stderr.strip() == str(refused.value)
    async with get_engine().connect() as conn:
        count = await conn.exec_driver_sql(
            "SELECT count(*) FROM public.organizations WHERE name = 'Copycat'"
        )
        assert count.scalar() == 0


@pytest.fixture
async def own_database() -> AsyncIterator[str]:
    """An empty database of the test's own (no catalog yet): its URL."""
    dbname = f"quick_{uuid.uuid4().hex[:8]}"
    admin = await connect(get_settings().database_url or "")
    try:
        await admin.execute(f'CREATE DATABASE "{dbname}"')
        yield database_url(dbname)
    finally:
        await admin.execute(f'DROP DATABASE "{dbname}" WITH (FORCE)')
        await admin.close()


def upgrade_catalog(url: str, target: str) -> None:
    """The catalog of the database at `url` migrated to `target`, as Alembic would."""
    code = f"""
import asyncio
from alembic.config import Config
from alembic.runtime.environment import EnvironmentContext
from alembic.script import ScriptDirectory
from sqlalchemy.ext.asyncio import create_async_engine
from api.core.embedded import to_asyncpg_url

script = ScriptDirectory({str(PUBLIC_SCRIPTS)!r})

def run(connection):
    config = Config()
    config.set_main_option("script_location", str(script.dir))
    with EnvironmentContext(config, script, fn=lambda rev, _c: script._upgrade_revs({target!r}, rev)) as env:
        env.configure(connection=connection, version_table_schema="public")
        with env.begin_transaction():
            env.run_migrations()

async def main():
    engine = create_async_engine(to_asyncpg_url({url!r}))
    async with engine.begin() as conn:
        await conn.run_sync(run)
    await engine.dispose()

asyncio.run(main())
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


async def catalog_state(url: str) -> tuple[str | None, list[str], list[str]]:
    """(catalog revision, registered codes, organisation schemas) of a database."""
    conn = await connect(url)
    try:
        version = None
        if await conn.fetchval("SELECT to_regclass('public.alembic_version')"):
            version = await conn.fetchval("SELECT version_num FROM public.alembic_version")
        codes, schemas = [], []
        if await conn.fetchval("SELECT to_regclass('public.organizations')"):
            codes = [r[0] for r in await conn.fetch("SELECT subdomain FROM public.organizations")]
        schemas = [
            r[0]
            for r in await conn.fetch(
                "SELECT nspname FROM pg_namespace WHERE nspname LIKE 'org\\_%'"
            )
        ]
        return version, codes, schemas
    finally:
        await conn.close()


@pytest.mark.parametrize("start", [None, "0004_access_settings"])
async def test_a_catalog_not_made_yet_or_behind_is_brought_to_head_first(own_database, start):
    if start:
        upgrade_catalog(own_database, start)
    assert (await catalog_state(own_database))[0] == start
    done = merit("--subdomain", "fresh-co", "--name", "Fresh Co", DATABASE_URL=own_database)
    assert done.returncode == 0, done.stderr
    assert await catalog_state(own_database) == (
        head_revision(str(PUBLIC_SCRIPTS)),
        ["fresh-co"],
        ["org_1"],
    )


async def test_a_catalog_at_a_revision_this_version_does_not_know_is_refused(own_database):
    upgrade_catalog(own_database, "head")
    conn = await connect(own_database)
    await conn.execute("UPDATE public.alembic_version SET version_num = 'f00d_from_the_future'")
    await conn.close()
    done = merit("--subdomain", "future-co", "--name", "Future Co", DATABASE_URL=own_database)
    assert done.returncode == 1
    assert "The catalog is at revision f00d_from_the_future" in done.stderr
    assert "does not know" in done.stderr and "Traceback" not in done.stderr
    assert await catalog_state(own_database) == ("f00d_from_the_future", [], [])


async def test_a_failed_create_leaves_nothing_behind(own_database):
    upgrade_catalog(own_database, "head")
    conn = await connect(own_database)
    # The schema the first organisation would get is there already: building it fails after
    # the id is drawn, inside the transaction.
    await conn.execute("CREATE SCHEMA org_1; CREATE TABLE org_1.kept (n int)")
    await conn.close()
    done = merit("--subdomain", "doomed-co", "--name", "Doomed Co", DATABASE_URL=own_database)
    assert done.returncode == 1
    assert 'schema "org_1" already exists' in done.stderr and "Traceback" not in done.stderr
    version, codes, schemas = await catalog_state(own_database)
    assert codes == [] and schemas == ["org_1"]
    conn = await connect(own_database)
    try:
        assert await conn.fetchval("SELECT count(*) FROM public.tenant_schemas") == 0
        tables = await conn.fetch("SELECT tablename FROM pg_tables WHERE schemaname = 'org_1'")
        assert [r[0] for r in tables] == ["kept"]
    finally:
        await conn.close()


def test_without_a_database_url_the_embedded_postgres_is_started_and_stopped(tmp_path):
    data = tmp_path / "data"
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    done = subprocess.run(
        [sys.executable, "-m", "api.cli", "tenants", "create", "--subdomain", "own-pg"]
        + ["--name", "Own Postgres"],
        capture_output=True,
        text=True,
        timeout=180,
        env={**env, "MERIT_DATA_DIR": str(data)},
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 0, done.stderr
    assert "code own-pg, id 1, schema org_1" in done.stdout
    assert (data / "postgres" / "PG_VERSION").exists()
    # The server it started is gone with it, as after every command that starts one.
    running = [
        pid for pid in filter(str.isdigit, os.listdir("/proc")) if str(data) in _cmdline(pid)
    ]
    assert running == []


def _cmdline(pid: str) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read().replace(b"\0", b" ").decode()
    except OSError:
        return ""
