"""Every kind of value a tenant table holds survives a backup and a restore exactly, and
validate answers 'valid' exactly when the backup restores."""

import json
from typing import Any

import pytest
from sqlalchemy import ARRAY, Boolean, Date, DateTime, Integer, String, text
from sqlalchemy.dialects.postgresql import JSONB

from api.backups import archive, values
from api.core.db import get_engine, tenant_session
from api.organizations.models import Organization
from tests.api.backups.factories import seed
from tests.api.backups.test_backups import LIST, file_of, make_backup, restore, with_checksum

# Edge values, one statement per table; {s} is the schema. Every column type the tenant
# tables use appears (see test_the_edge_rows_cover_every_column_type).
EDGES = [
    # Dates at the limits the forms allow, and the infinities Postgres may already hold.
    """UPDATE {s}.employees SET start_date = '1900-01-01', next_review_date = '2100-12-31',
       position = E'Zoë 部門 😀 \\\\ "q" \\n tab\\t', email = NULL, profile_photo_url = NULL
       WHERE employee_id = 'EMP0000'""",
    """UPDATE {s}.employees SET start_date = '-infinity', next_review_date = 'infinity'
       WHERE employee_id = 'EMP0001'""",
    """UPDATE {s}.employees SET start_date = '0001-01-02', next_review_date = '9999-12-30',
       last_name = '' WHERE employee_id = 'EMP0002'""",
    # Timestamps with time zones at odd offsets, microseconds, infinities.
    """UPDATE {s}.reviews SET completed_at = 'infinity', first_completed_at = '-infinity',
       due_date = 'infinity', created_at = '1900-01-01 00:00:00.000001+14:00',
       updated_at = '2100-12-31 23:59:59.999999-12:00',
       responses = '{{"big": 123456789012345678901234567890, "tiny": 1e-7,
         "exact": 0.1000000000000000055511151231257827, "trailing": 1.000, "neg": -0.0,
         "text": "Zoë \\"quoted\\" \\\\ back 😀 \\u00e9", "nested": [[], {{}}, [null, true, false]],
         "": "empty key"}}'
       WHERE id = (SELECT min(id) FROM {s}.reviews)""",
    """UPDATE {s}.reviews SET questions = '[]', responses = 'null', rating = 5,
       reviewer_notes = ''
       WHERE id = (SELECT max(id) FROM {s}.reviews)""",
    # Arrays of text: empty, a null element, characters that need quoting in array syntax.
    """UPDATE {s}.employee_documents SET tags = ARRAY['a,b', '{{x}}', '"', '\\', NULL, '', 'ü'],
       file_size = 10485760, expiration_date = 'infinity', signed_date = '-infinity',
       is_confidential = true""",
    """UPDATE {s}.employee_certifications SET expiration_date = 'infinity', is_active = false""",
    """UPDATE {s}.certifications SET issue_date = NULL, expiration_date = '2100-12-31'""",
    """UPDATE {s}.reminders SET due_date = '-infinity' WHERE due_date IS NOT NULL""",
    """UPDATE {s}.employee_notes SET date = '1900-01-01'""",
    # The largest id an integer column holds (new rows must still get ids after it).
    """INSERT INTO {s}.certification_types (id, name, validity_months, is_required)
       VALUES (2147483647, 'Máx id ✓', 120, false)""",
    """INSERT INTO {s}.departments (name, slug, description, is_default)
       VALUES ('Ünïcødé 😀', 'uni-code_1', E'line\\nline', false)""",
    """UPDATE {s}.organization_settings SET logo_url = NULL, business_name = 'Alpha Org'""",
    """UPDATE {s}.review_templates SET questions = '[{{"id": "q1", "text": "¿Qué? 😀",
       "weight": 2.50}}]', questions_version = 2147483647""",
]
# Integer includes SmallInteger and BigInteger, String includes Text.
COVERED_TYPES = (Integer, String, Boolean, Date, DateTime, JSONB, ARRAY)


async def as_text(org: Organization) -> dict[str, list[str]]:
    """Every backed-up table, each row as Postgres prints it: exact for every type."""
    out: dict[str, list[str]] = {}
    async with get_engine().connect() as conn:
        for table in archive.backup_tables():
            order = ", ".join(f't."{c.name}"' for c in table.primary_key.columns)
            rows = await conn.execute(
                text(f'SELECT t::text FROM "{org.schema_name}"."{table.name}" t ORDER BY {order}')
            )
            out[table.name] = [r[0] for r in rows]
    return out


async def apply_edges(org: Organization) -> None:
    async with tenant_session(org.schema_name, org.id) as s:
        for statement in EDGES:
            await s.execute(text(statement.format(s=f'"{org.schema_name}"')))


def test_the_edge_rows_cover_every_column_type():
    """A new column type needs edge values above (and a conversion in archive)."""
    for table in archive.backup_tables():
        for column in table.columns:
            assert isinstance(column.type, COVERED_TYPES), (table, column)
            values.converters(archive.TablePart(table.name, [column.name], table))


async def test_edge_values_of_every_type_round_trip_exactly(login, org):
    await seed(org)
    await apply_edges(org)
    original = await as_text(org)
    assert "infinity" in "".join(original["employees"])
    assert "-infinity" in "".join(original["reviews"])
    filename = await make_backup(org)
    admin = await login(org)
    # Everything changes after the backup.
    async with tenant_session(org.schema_name, org.id) as s:
        await s.execute(text(f'DELETE FROM "{org.schema_name}".employees'))
        await s.execute(text(f"UPDATE \"{org.schema_name}\".review_templates SET questions = '[]'"))
    assert await as_text(org) != original

    r = await admin.post(f"{LIST}/{filename}/validate")
    assert r.status_code == 200
    assert r.json()["valid"] is True, r.json()
    r = await restore(admin, filename, confirmRestore=True)
    assert r.status_code == 200, r.text
    assert await as_text(org) == original
    # A new row after the largest id: its sequence was set without overflowing.
    async with tenant_session(org.schema_name, org.id) as s:
        new_id = await s.scalar(
            text(
                f'INSERT INTO "{org.schema_name}".employee_notes (employee_id, date, category, '
                f"note) SELECT min(id), '2026-01-01', 'recognition', 'x' FROM "
                f'"{org.schema_name}".employees RETURNING id'
            )
        )
    assert new_id is not None


async def test_a_backup_holding_infinity_validates_and_restores(login, org):
    """asyncpg stored a date typed as 9999-12-31 as infinity; every later backup failed to
    restore ('Invalid isoformat string') while validate called it valid."""
    await seed(org)
    async with tenant_session(org.schema_name, org.id) as s:
        await s.execute(
            text(
                f'UPDATE "{org.schema_name}".employees SET next_review_date = :d '
                "WHERE employee_id = 'EMP0003'"
            ),
            {"d": __import__("datetime").date.max},
        )
        stored = await s.scalar(
            text(
                f'SELECT next_review_date::text FROM "{org.schema_name}".employees '
                "WHERE employee_id = 'EMP0003'"
            )
        )
    assert stored == "infinity"
    filename = await make_backup(org)
    admin = await login(org)
    assert (await admin.post(f"{LIST}/{filename}/validate")).json()["valid"] is True
    r = await restore(admin, filename, confirmRestore=True)
    assert r.status_code == 200, r.text
    async with tenant_session(org.schema_name, org.id) as s:
        assert (
            await s.scalar(
                text(
                    f'SELECT next_review_date::text FROM "{org.schema_name}".employees '
                    "WHERE employee_id = 'EMP0003'"
                )
            )
            == "infinity"
        )


def as_format_1(path) -> None:  # type: ignore[no-untyped-def]
    """Rewrite a backup as format 1 wrote it: JSON columns as JSON values, not text."""
    data = path.read_bytes()
    lines = data[: data.rstrip(b"\n").rfind(b"\n") + 1].decode().split("\n")
    lines[0] = lines[0].replace(f'"version":{archive.VERSION}', '"version":1', 1)
    tables = archive.table_map()
    json_columns: list[int] = []
    for i, line in enumerate(lines):
        if line.lstrip(",").startswith('"') and '"columns":' in line:
            name = line.lstrip(",")[1:].split('"', 1)[0]
            columns = json.loads(line.split('"columns":', 1)[1].split(',"rows"', 1)[0])
            kinds = [tables[name].columns[c].type for c in columns]
            json_columns = [n for n, k in enumerate(kinds) if isinstance(k, JSONB)]
        elif line.startswith("[") and json_columns:
            row = json.loads(line.rstrip(","))
            cells = [
                v if n in json_columns and v is not None else json.dumps(v)
                for n, v in enumerate(row)
            ]
            lines[i] = "[" + ",".join(cells) + "]" + "," * line.endswith(",")
    path.write_bytes(with_checksum("\n".join(lines).encode()))


async def test_a_format_1_backup_still_restores_exactly(login, org):
    """Backups made before JSON columns were written as text restore as they were."""
    await seed(org)
    await apply_edges(org)
    original = await as_text(org)
    filename = await make_backup(org)
    as_format_1(file_of(org, filename))
    assert b'"version":1,' in file_of(org, filename).read_bytes()[:100]
    admin = await login(org)
    async with tenant_session(org.schema_name, org.id) as s:
        await s.execute(text(f'DELETE FROM "{org.schema_name}".employees'))
    r = await admin.post(f"{LIST}/{filename}/validate")
    assert r.json()["valid"] is True, r.json()
    r = await restore(admin, filename, confirmRestore=True)
    assert r.status_code == 200, r.text
    assert await as_text(org) == original


def edit_value(path, table: str, column: str, value: Any) -> None:  # type: ignore[no-untyped-def]
    """Set one value of the table's first row in the file, checksum recomputed."""
    data = path.read_bytes()
    lines = data[: data.rstrip(b"\n").rfind(b"\n") + 1].split(b"\n")
    head = next(
        i for i, ln in enumerate(lines) if ln.lstrip(b",").startswith(f'"{table}":'.encode())
    )
    columns = json.loads(lines[head].split(b'"columns":', 1)[1].split(b',"rows"', 1)[0])
    line = lines[head + 1]
    row = json.loads(line.rstrip(b","))
    row[columns.index(column)] = value
    lines[head + 1] = json.dumps(row).encode() + b"," * line.endswith(b",")
    path.write_bytes(with_checksum(b"\n".join(lines)))


@pytest.mark.parametrize(
    ("table", "column", "value", "reason"),
    [
        ("employees", "start_date", "31/12/2026", "employees.start_date"),
        ("employees", "start_date", 20260101, "employees.start_date"),
        ("reviews", "completed_at", "2026-01-02T03:04:05", "time zone"),
        ("reviews", "rating", 1.5, "reviews.rating"),
        ("reviews", "rating", 40000, "reviews.rating"),
        ("reviews", "rating", 9, "rating_range"),
        ("employees", "is_archived", "yes", "employees.is_archived"),
        ("employees", "first_name", None, "first_name"),
        ("employees", "first_name", "x" * 51, "character varying(50)"),
        ("employees", "last_name", ["a"], "employees.last_name"),
        ("employee_documents", "tags", ["ok", 3], "employee_documents.tags"),
        ("employee_documents", "tags", "not a list", "employee_documents.tags"),
        ("reviews", "employee_id", 999999, "foreign key"),
        ("employees", "employee_id", "EMP0001", "unique"),
        ("employees", "position", "\ud800 lone surrogate", "employees.position"),
    ],
)
async def test_validate_says_valid_exactly_when_restore_succeeds(
    login, org, table, column, value, reason
):
    await seed(org)
    filename = await make_backup(org)
    edit_value(file_of(org, filename), table, column, value)
    admin = await login(org)
    r = await admin.post(f"{LIST}/{filename}/validate")
    assert r.status_code == 200
    body = r.json()
    assert body["valid"] is False
    assert reason in body["details"]["error"]
    before = await as_text(org)
    r = await restore(admin, filename, confirmRestore=True)
    assert r.status_code == 400
    assert reason in r.json()["message"]
    assert await as_text(org) == before
    # Validating left nothing behind (its scratch schema is rolled back).
    async with get_engine().connect() as conn:
        left = await conn.scalar(
            text("SELECT count(*) FROM pg_namespace WHERE nspname LIKE 'merit_check_%'")
        )
    assert left == 0
