"""With MERIT_DB_SCHEMA_IN_STATEMENTS an organisation's statements name its schema in their
text, so a connection keeps one prepared statement, and its plan, per organisation instead of
one that Postgres plans again whenever the organisation changes. Each still runs inside a
transaction whose search_path is its own organisation's, and sees only that one's rows."""

from collections.abc import AsyncIterator

import pytest
from sqlalchemy import select, text

from api.core import db
from api.core.config import Settings, get_settings
from api.core.db import dispose_engine, tenant_session
from api.departments.models import Department
from tests.tenants.test_isolation import foreign_rows_seen, mark


@pytest.fixture
async def naming_schemas(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[None]:
    """A new engine straight to Postgres with the setting on (pool size set by the test)."""
    await dispose_engine()
    settings = get_settings()
    monkeypatch.setattr(settings, "db_schema_in_statements", True)
    monkeypatch.setattr(settings, "db_pooler", "none")
    monkeypatch.setattr(settings, "db_schemas_per_connection", 0)
    monkeypatch.setattr(settings, "db_backend_memory_mb", 0)
    yield
    await dispose_engine()  # the next test gets an engine with the usual settings


async def _prepared_naming(schema: str) -> list[tuple[object, int, int]]:
    """The statements the one pooled connection keeps prepared that read `schema`'s
    departments: when each was prepared, and how often it ran on a generic or a custom plan."""
    query = (
        "SELECT prepare_time, generic_plans, custom_plans FROM pg_prepared_statements "
        "WHERE statement LIKE :select"
    )
    async with db.get_engine().connect() as conn:
        rows = await conn.execute(text(query), {"select": f"SELECT {schema}.departments.slug %"})
        return [tuple(row) for row in rows]


async def test_one_connection_keeps_a_statement_per_organisation(
    org, other_org, naming_schemas, monkeypatch
):
    monkeypatch.setattr(get_settings(), "db_pool_size", 1)
    await mark(org, "first")
    await mark(other_org, "second")
    query = select(Department.slug).where(Department.slug.in_(["first", "second"]))
    seen = []

    async def each_in_turn() -> None:
        for target in (org, other_org, org, other_org):
            async with tenant_session(target.schema_name, target.id, reads_only=True) as s:
                seen.append(list((await s.execute(query)).scalars()))

    await each_in_turn()
    first_round = {t.id: await _prepared_naming(t.schema_name) for t in (org, other_org)}
    await each_in_turn()
    assert seen == [["first"], ["second"]] * 4
    for target in (org, other_org):
        [(prepared, generic, custom)] = await _prepared_naming(target.schema_name)
        # Kept across the changes of organisation, not prepared again, and run four times on
        # the one plan made for all its values.
        assert prepared == first_round[target.id][0][0]
        assert (generic, custom) == (4, 0)


async def test_concurrent_sessions_of_two_organisations_never_cross(
    org, other_org, naming_schemas, monkeypatch
):
    monkeypatch.setattr(get_settings(), "db_pool_size", 3)
    assert await foreign_rows_seen(org, other_org, 90) == []


def test_refused_behind_a_pooler_that_keeps_no_statement(monkeypatch):
    """Behind PgBouncer in plain transaction mode no statement stays prepared, so a statement
    per organisation would only cost: the configuration says so at start."""
    monkeypatch.setenv("MERIT_DB_SCHEMA_IN_STATEMENTS", "true")
    monkeypatch.setenv("MERIT_DB_POOLER", "transaction")
    with pytest.raises(ValueError, match="transaction-prepared"):
        Settings()
    monkeypatch.setenv("MERIT_DB_POOLER", "transaction-prepared")
    assert Settings().db_schema_in_statements
