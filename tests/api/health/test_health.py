"""Liveness and readiness: /healthz always, /readyz only with Postgres, Redis and migrations."""

import json

import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from api.core import db
from api.core.config import get_settings
from api.health import service
from api.organizations.models import Organization

DEAD_REDIS = "unix:///nonexistent/merit-test-redis.sock"


@pytest.fixture(autouse=True)
def fresh_migration_check():
    service.forget_migration_check()
    yield
    service.forget_migration_check()


async def test_healthz_answers_without_touching_anything(client, monkeypatch):
    monkeypatch.setattr(get_settings(), "redis_url", DEAD_REDIS)
    r = await client.get("/healthz")
    assert r.status_code == 200
    assert r.json() == {"status": "ok"}
    assert r.headers["x-request-id"]


async def test_readyz_ok_with_real_postgres_redis_and_migrated_schemas(client, org):
    r = await client.get("/readyz")
    assert r.status_code == 200, r.text
    assert r.json() == {
        "status": "ok",
        "message": "Ready",
        "checks": {"postgres": "ok", "redis": "ok", "migrations": "ok"},
    }
    assert r.headers["cache-control"] == "no-store"


async def test_readyz_503_when_redis_is_unreachable(client, monkeypatch):
    monkeypatch.setattr(get_settings(), "redis_url", DEAD_REDIS)
    r = await client.get("/readyz")
    assert r.status_code == 503
    body = r.json()
    assert body["status"] == "unavailable"
    assert body["checks"] == {"postgres": "ok", "redis": "unreachable", "migrations": "ok"}
    assert body["message"] == "Not ready: redis unreachable"
    # The path to the socket is logged, never shown.
    assert "nonexistent" not in r.text


async def test_readyz_503_when_postgres_is_unreachable(client, monkeypatch):
    dead = create_async_engine("postgresql+asyncpg://merit@/merit?host=/nonexistent-pg-socket-dir")
    monkeypatch.setattr(db, "_engine", dead)
    try:
        r = await client.get("/readyz")
    finally:
        await dead.dispose()
    assert r.status_code == 503
    assert r.json()["checks"] == {
        "postgres": "unreachable",
        "redis": "ok",
        "migrations": "not checked",
    }


async def _set_version(org: Organization, version: str | None) -> None:
    """What the catalog records for the organisation's schema (None: no record at all)."""
    async with db.get_engine().begin() as conn:
        await conn.execute(
            text("DELETE FROM public.tenant_schemas WHERE schema_name = :s"),
            {"s": org.schema_name},
        )
        if version is not None:
            await conn.execute(
                text("INSERT INTO public.tenant_schemas (schema_name, revision) VALUES (:s, :v)"),
                {"s": org.schema_name, "v": version},
            )


async def test_readyz_503_while_the_catalog_has_a_schema_behind_head(client, org):
    from tenants.ddl import script_directory
    from tenants.revisions import head_revision

    previous = script_directory().get_revision(head_revision()).down_revision
    assert isinstance(previous, str)
    await _set_version(org, previous)
    try:
        r = await client.get("/readyz")
        assert r.status_code == 503
        body = r.json()
        assert body["checks"]["migrations"] == (
            "1 organisation schema(s) not at head; run `merit migrate`"
        )
        assert body["checks"]["postgres"] == "ok"
    finally:
        await _set_version(org, head_revision())
    service.forget_migration_check()
    assert (await client.get("/readyz")).status_code == 200


async def test_a_schema_the_catalog_has_no_revision_for_counts_as_behind(client, org):
    """An organisation made by a release from before the catalog kept revisions: readiness
    waits for `merit migrate`, which reads its own version table and records it."""
    from tenants.migrate import migrate_tenants
    from tenants.revisions import head_revision

    await _set_version(org, None)
    r = await client.get("/readyz")
    assert r.status_code == 503
    assert r.json()["checks"]["migrations"].startswith("1 organisation schema(s) not at head")
    report = await migrate_tenants()
    assert org.schema_name in report.current and report.ok
    service.forget_migration_check()
    assert (await client.get("/readyz")).status_code == 200
    async with db.get_engine().connect() as conn:
        recorded = await conn.scalar(
            text("SELECT revision FROM public.tenant_schemas WHERE schema_name = :s"),
            {"s": org.schema_name},
        )
    assert recorded == head_revision()


async def test_a_schema_already_at_a_newer_release_does_not_make_replicas_unready(client, org):
    """During a rolling upgrade the new release migrates first; old replicas stay ready."""
    from tenants.revisions import head_revision

    await _set_version(org, "ffffffffffff")  # a revision this code does not know
    try:
        r = await client.get("/readyz")
        assert r.status_code == 200, r.text
    finally:
        await _set_version(org, head_revision())


async def test_a_passing_migration_check_is_reused_briefly(client, org):
    """Probes every few seconds must stay cheap: the full check runs at most every 30s."""
    assert (await client.get("/readyz")).status_code == 200
    await _set_version(org, None)
    try:
        r = await client.get("/readyz")
        assert r.status_code == 200  # still within the window of the last passing check
        service.forget_migration_check()
        assert (await client.get("/readyz")).status_code == 503
    finally:
        from tenants.revisions import head_revision

        await _set_version(org, head_revision())


async def test_probe_endpoints_are_not_in_the_openapi_document(app):
    paths = app.openapi()["paths"]
    assert not {"/healthz", "/readyz", "/metrics"} & set(paths)
    assert json.dumps(paths)  # the document still renders


async def test_probes_and_the_web_app_answer_head_requests(client):
    # "/" answers 503: the tests point MERIT_WEB_DIST at a folder with no web build.
    for path, status in (("/healthz", 200), ("/readyz", 200), ("/", 503)):
        r = await client.head(path)
        assert r.status_code == status, path
        assert r.content == b""
