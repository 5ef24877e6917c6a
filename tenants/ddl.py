"""The tenant schema as one DDL script compiled from the models (the current head).

Provisioning runs it in one round trip instead of replaying every migration; a test proves
the result is identical to what the migrations build.
"""

from functools import lru_cache
from typing import TYPE_CHECKING

from sqlalchemy.dialects import postgresql
from sqlalchemy.schema import CreateIndex, CreateTable

from api.models import TenantBase
from tenants.revisions import TENANT_SCRIPTS, head_revision

if TYPE_CHECKING:
    from alembic.script import ScriptDirectory


@lru_cache
def script_directory(location: str = str(TENANT_SCRIPTS)) -> "ScriptDirectory":
    from alembic.script import ScriptDirectory

    return ScriptDirectory(location)


@lru_cache
def tenant_ddl() -> str:
    """CREATE statements for every tenant table, unqualified (run under search_path)."""
    dialect = postgresql.dialect()  # type: ignore[no-untyped-call]
    statements: list[str] = []
    for table in TenantBase.metadata.sorted_tables:
        statements.append(str(CreateTable(table).compile(dialect=dialect)).strip())
        for index in sorted(table.indexes, key=lambda i: i.name or ""):
            statements.append(str(CreateIndex(index).compile(dialect=dialect)).strip())
        # Functions and triggers a table declares for itself (api/audit/models.py).
        statements.extend(table.info.get("ddl_after", ()))
    statements.append(
        "CREATE TABLE alembic_version (version_num VARCHAR(32) NOT NULL, "
        "CONSTRAINT alembic_version_pkc PRIMARY KEY (version_num))"
    )
    statements.append(f"INSERT INTO alembic_version (version_num) VALUES ('{head_revision()}')")
    return ";\n".join(statements) + ";"
