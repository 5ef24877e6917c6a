"""The tenant schema as one DDL script compiled from the models (the current head).

Provisioning runs it in one round trip instead of replaying every migration; a test proves
the result is identical to what the migrations build.
"""

import ast
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy.dialects import postgresql
from sqlalchemy.schema import CreateIndex, CreateTable

from api.models import TenantBase

if TYPE_CHECKING:
    from alembic.script import ScriptDirectory

TENANT_SCRIPTS = Path(__file__).resolve().parent.parent / "migrations" / "tenant"
PUBLIC_SCRIPTS = Path(__file__).resolve().parent.parent / "migrations" / "public"


@lru_cache
def script_directory(location: str = str(TENANT_SCRIPTS)) -> "ScriptDirectory":
    from alembic.script import ScriptDirectory

    return ScriptDirectory(location)


@lru_cache
def head_revision(location: str = str(TENANT_SCRIPTS)) -> str:
    """The track's head, read from its revision files without loading Alembic (a third of a
    second of start-up that `merit tenants create` would spend for one string)."""
    revisions: set[str] = set()
    parents: set[str] = set()
    for path in (Path(location) / "versions").glob("*.py"):
        found = _assignments(path, ("revision", "down_revision"))
        revision, down = found.get("revision"), found.get("down_revision")
        assert isinstance(revision, str), f"{path} names no revision"
        revisions.add(revision)
        parents.update([down] if isinstance(down, str) else down or ())  # type: ignore[arg-type]
    heads = revisions - parents
    assert len(heads) == 1, f"{location} should have one head, has {sorted(heads)}"
    return heads.pop()


def _assignments(path: Path, names: tuple[str, ...]) -> dict[str, object]:
    """The literal values given to `names` at the top level of a Python file."""
    found: dict[str, object] = {}
    for node in ast.parse(path.read_text()).body:
        target, value = None, None
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, value = node.targets[0], node.value
        elif isinstance(node, ast.AnnAssign):
            target, value = node.target, node.value
        if isinstance(target, ast.Name) and target.id in names and value is not None:
            found[target.id] = ast.literal_eval(value)
    return found


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
