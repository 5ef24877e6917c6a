"""Ready for Citus schema-based sharding, proved where Citus is not installed.

Citus 12 can make each organisation's schema a distributed schema, kept whole on one node,
and route each transaction to the node of the schema it uses. That works when (1) no table
of an organisation refers to a table outside its schema, nor a catalog table to a table of an
organisation, and (2) no statement, and no transaction, uses two organisations' schemas. (1)
is read from the models and from the database the migrations built; (2) from every statement
a representative working session of one organisation sends, sign-in included: the ones
SQLAlchemy runs and the ones sent on asyncpg directly (the session lookup of every request).

Statements may name their schema (`org_12.employees`) or choose it per transaction with
`set_config('search_path', '"org_12"', true)`: both are read, the text and the parameters.
"""

import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import asyncpg
import httpx
import pytest
from sqlalchemy import event, text

import api.models  # noqa: F401 - every table in both metadata objects
from api.core.db import PublicBase, TenantBase, get_engine, public_session, tenant_session
from api.organizations.models import Organization
from tests.api.auth.test_sign_in import sign_in
from tests.api.employees.factories import add

# Reads every organisation makes, and what its screens load.
READS = [
    "/api/auth/user",
    "/api/auth/session",
    "/api/organization/current",
    "/api/employees",
    "/api/employees?page=1&pageSize=20&sort=name",
    "/api/employees?search=Citus",
    "/api/departments",
    "/api/reviews",
    "/api/reviews/upcoming",
    "/api/templates",
    "/api/dashboard/stats",
    "/api/dashboard/activity",
    "/api/analytics",
    "/api/reminders",
    "/api/users",
    "/api/certifications",
    "/api/certification-types",
    "/api/certification-compliance",
    "/api/employee-certifications",
    "/api/employee-notes",
    "/api/employee-documents",
    "/api/backups",
]
# Catalog scans that read every schema, or the catalog of all of them: fine in a command
# (`merit migrate`), not in an organisation's request.
ALL_SCHEMA_SCANS = re.compile(r"information_schema|pg_namespace|pg_tables|pg_class", re.I)
TRANSACTION_CONTROL = re.compile(r"^\s*(BEGIN|START TRANSACTION|COMMIT|ROLLBACK)\b(?! TO)", re.I)


@dataclass
class Statement:
    sql: str
    params: Any
    schemas: set[str]


@dataclass
class Capture:
    """Statements per connection, grouped into the transactions they ran in."""

    known_schemas: set[str]
    transactions: list[list[Statement]] = field(default_factory=list)
    outside: list[Statement] = field(default_factory=list)
    _open: dict[int, list[Statement]] = field(default_factory=dict)

    def schemas_in(self, sql: str, params: Any) -> set[str]:
        words = set(re.findall(r"org_\w+", sql))
        for value in _values(params):
            words |= set(re.findall(r"org_\w+", value))
        return words & self.known_schemas

    def record(self, connection: object, sql: str, params: Any) -> None:
        key = id(connection)
        control = TRANSACTION_CONTROL.match(sql)
        if control and control.group(1).upper() in ("BEGIN", "START TRANSACTION"):
            self._open[key] = []
        elif control:
            self.transactions.append(self._open.pop(key, []))
        else:
            statement = Statement(sql, params, self.schemas_in(sql, params))
            self._open.get(key, self.outside).append(statement)

    @property
    def statements(self) -> list[Statement]:
        return [s for t in self.transactions for s in t] + self.outside


def _values(params: Any) -> Iterator[str]:
    if isinstance(params, str):
        yield params
    elif isinstance(params, dict):
        for value in params.values():
            yield from _values(value)
    elif isinstance(params, list | tuple):
        for value in params:
            yield from _values(value)


@contextmanager
def captured(monkeypatch: pytest.MonkeyPatch, known_schemas: set[str]) -> Iterator[Capture]:
    capture = Capture(known_schemas)
    engine = get_engine().sync_engine

    # After execution: SQLAlchemy's driver begins its transaction only when the first
    # statement is sent, so this orders each statement after its BEGIN.
    def after_execute(conn: Any, cursor: Any, sql: str, params: Any, *_: Any) -> None:
        capture.record(conn.connection.driver_connection, sql, params)

    # What is sent on asyncpg itself: BEGIN/COMMIT/ROLLBACK (asyncpg's transactions, which
    # SQLAlchemy's driver uses too) and the direct queries (the request's session lookup).
    def wrap(name: str) -> None:
        original = getattr(asyncpg.Connection, name)

        async def sent(self: asyncpg.Connection, query: str, *args: Any, **kw: Any) -> Any:
            capture.record(self, query, args)
            return await original(self, query, *args, **kw)

        monkeypatch.setattr(asyncpg.Connection, name, sent)

    for name in ("execute", "executemany", "fetch", "fetchrow", "fetchval"):
        wrap(name)
    event.listen(engine, "after_cursor_execute", after_execute)
    try:
        yield capture
    finally:
        event.remove(engine, "after_cursor_execute", after_execute)


async def _org_schemas() -> set[str]:
    async with public_session() as db:
        rows = await db.execute(
            text("SELECT nspname FROM pg_namespace WHERE nspname LIKE 'org\\_%'")
        )
        return set(rows.scalars())


async def _work_as_one_organisation(client: httpx.AsyncClient, org: Organization) -> None:
    await sign_in(client, org)
    changed = await client.post("/api/auth/change-password", json={"newPassword": "Welcome2026x"})
    assert changed.status_code == 200, changed.text
    department = await client.post("/api/departments", json={"name": "Citus", "slug": "citus"})
    assert department.status_code == 201, department.text
    employee = await add(client, firstName="Citus", lastName="Ready", position="Engineer")
    for path in [*READS, f"/api/employees/{employee['id']}"]:
        reply = await client.get(path)
        assert reply.status_code == 200, (path, reply.status_code, reply.text)
    note = await client.post(
        "/api/employee-notes",
        json={
            "employeeId": employee["id"],
            "date": "2026-01-15",
            "category": "recognition",
            "note": "Sharded",
        },
    )
    assert note.status_code in (200, 201), note.text
    changed = await client.put(f"/api/employees/{employee['id']}", json={"position": "Lead"})
    assert changed.status_code == 200, changed.text
    assert (await client.post("/api/auth/logout")).status_code == 200


# ------------------------------------------------------------------------------ the models


def test_no_tenant_table_refers_outside_its_own_schema():
    tenant_tables = set(TenantBase.metadata.tables.values())
    for table in tenant_tables:
        assert table.schema is None, table.name  # placed by the transaction's search_path
        for fk in table.foreign_keys:
            assert fk.column.table in tenant_tables, f"{table.name} -> {fk.target_fullname}"


def test_no_catalog_table_refers_to_a_tenant_table():
    for table in PublicBase.metadata.tables.values():
        assert table.schema == "public", table.name
        for fk in table.foreign_keys:
            assert fk.column.table.schema == "public", f"{table.name} -> {fk.target_fullname}"


async def test_no_foreign_key_in_the_database_crosses_schemas(org):
    """What the migrations built, for every organisation: each constraint stays in its
    schema."""
    async with public_session() as db:
        crossing = await db.execute(
            text(
                "SELECT c.conname, sn.nspname, tn.nspname FROM pg_constraint c"
                " JOIN pg_class s ON s.oid = c.conrelid"
                " JOIN pg_namespace sn ON sn.oid = s.relnamespace"
                " JOIN pg_class t ON t.oid = c.confrelid"
                " JOIN pg_namespace tn ON tn.oid = t.relnamespace"
                " WHERE c.contype = 'f' AND sn.nspname <> tn.nspname"
            )
        )
        assert crossing.all() == []
        fks = await db.scalar(
            text(
                "SELECT count(*) FROM pg_constraint c JOIN pg_class s ON s.oid = c.conrelid"
                " JOIN pg_namespace n ON n.oid = s.relnamespace"
                " WHERE c.contype = 'f' AND n.nspname = :schema"
            ),
            {"schema": org.schema_name},
        )
    assert fks, "the organisation's tables have foreign keys, all inside its schema"


# ------------------------------------------------------------------- the request paths


async def test_an_organisations_requests_each_use_one_schema(client, org, other_org, monkeypatch):
    known = await _org_schemas()
    assert {org.schema_name, other_org.schema_name} <= known
    with captured(monkeypatch, known) as capture:
        await _work_as_one_organisation(client, org)

    statements = capture.statements
    assert len(capture.transactions) >= len(READS), "every request ran in a transaction"
    # The capture sees the schema either way it is chosen.
    assert any(org.schema_name in s.schemas for s in statements)

    for s in statements:
        assert len(s.schemas) <= 1, f"two organisations in one statement: {s.sql}"
        assert not ALL_SCHEMA_SCANS.search(s.sql), f"a catalog scan in a request: {s.sql}"
    used = {schema for s in statements for schema in s.schemas}
    assert used == {org.schema_name}, "only the signed-in organisation's schema"

    for transaction in capture.transactions:
        schemas = {schema for s in transaction for schema in s.schemas}
        assert len(schemas) <= 1, [s.sql for s in transaction]
        # The catalog (sign-in, sessions) is read and written in transactions of its own:
        # on Citus those stay on the coordinator, an organisation's go to its node.
        if schemas:
            assert not [s.sql for s in transaction if "public." in s.sql]
    # Outside a transaction only the catalog is read (the session and organisation lookup,
    # the sign-in's organisation code), never an organisation's tables.
    for s in capture.outside:
        assert not s.schemas, s.sql


async def test_the_capture_sees_a_statement_that_reaches_another_organisation(
    org, other_org, monkeypatch
):
    """The check above can fail: a transaction of one organisation that reads another's
    table is caught, whether the schema is in the text or chosen by search_path."""
    with captured(monkeypatch, await _org_schemas()) as capture:
        async with tenant_session(org.schema_name, org.id) as session:
            other = f'"{other_org.schema_name}".employees'
            await session.execute(text(f"SELECT count(*) FROM {other}"))

    (transaction,) = [t for t in capture.transactions if any(s.schemas for s in t)]
    assert {schema for s in transaction for schema in s.schemas} == {
        org.schema_name,
        other_org.schema_name,
    }
