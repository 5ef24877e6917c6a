"""The tenant schema as one DDL script compiled from the models (the current head).

Provisioning runs it in one round trip instead of replaying every migration; a test proves
the result is identical to what the migrations build.
"""

from functools import lru_cache
from pathlib import Path

from alembic.script import ScriptDirectory
from sqlalchemy.dialects import postgresql
from sqlalchemy.schema import CreateIndex, CreateTable

from api.models import TenantBase

TENANT_SCRIPTS = Path(__file__).resolve().parent.parent / "migrations" / "tenant"
PUBLIC_SCRIPTS = Path(__file__).resolve().parent.parent / "migrations" / "public"


@lru_cache
def script_directory(location: str = str(TENANT_SCRIPTS)) -> ScriptDirectory:
    return ScriptDirectory(location)


def head_revision(location: str = str(TENANT_SCRIPTS)) -> str:
    head = script_directory(location).get_current_head()
    assert head, "the tenant migration track has no head"
    return head


@lru_cache
def tenant_ddl() -> str:
    """CREATE statements for every tenant table, unqualified (run under search_path)."""
    dialect = postgresql.dialect()  # type: ignore[no-untyped-call]
    statements: list[str] = []
    for table in TenantBase.metadata.sorted_tables:
        statements.append(str(CreateTable(table).compile(dialect=dialect)).strip())
        for index in sorted(table.indexes, key=lambda i: i.name or ""):
            statements.append(str(CreateIndex(index).compile(dialect=dialect)).strip())
    statements.append(
        "CREATE TABLE alembic_version (version_num VARCHAR(32) NOT NULL, "
        "CONSTRAINT alembic_version_pkc PRIMARY KEY (version_num))"
    )
    statements.append(f"INSERT INTO alembic_version (version_num) VALUES ('{head_revision()}')")
    return ";\n".join(statements) + ";"
