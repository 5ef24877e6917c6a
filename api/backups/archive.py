"""The backup file: a JSON export of every tenant table, written and read as a stream.

Layout (valid JSON, one row per line, so neither side ever holds a whole table in memory):

    {"format":"merit-backup","version":2,"createdAt":"...","organization":{...},"redacted":[...],
    "data":{
    "departments":{"columns":["id","name",...],"rows":[
    [1,"Engineering",...],
    [2,"Sales",...]
    ]},
    ...
    },
    "counts":{"departments":6,...},
    "checksum":"<sha256 of every byte before this line>"}

Password columns are exported as null. JSON columns are written as their JSON text (a string),
so JSON null and SQL NULL stay apart and every digit of a number is kept; format 1 wrote them
as JSON values, and is still read. `checksum` is the SHA-256 of the whole file up to its
last line, so a truncated, edited or corrupted file is caught before anything is restored.
"""

import hashlib
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from pathlib import Path
from typing import IO, Any

from sqlalchemy import Table
from sqlalchemy.dialects.postgresql import JSONB

from api.models import TenantBase

FORMAT = "merit-backup"
VERSION = 2
# Not organisation data to rewind: the backup history itself and the audit trail (a restore
# must rewind neither: the trail records the restore too), and short-lived upload permissions.
EXCLUDED_TABLES = frozenset({"backups", "audit_events", "upload_slots"})
# Exported as null; a restore keeps whatever the organisation has now.
REDACTED = {
    "users": ("password_hash",),
    "organization_settings": ("admin_password", "hr_password", "manager_password", "user_password"),
}
_CHECKSUM_LINE = re.compile(rb'^"checksum":"([0-9a-f]{64})"\}\n?$')
_TABLE_LINE = re.compile(r'^"([a-z_][a-z0-9_]{0,62})":\{"columns":(\[[^\]]*\]),"rows":\[$')


class InvalidBackup(ValueError):
    """The file is not a complete, unmodified Merit backup of this organisation."""


def backup_tables() -> list[Table]:
    """Every tenant table a backup holds, parents before children."""
    return [t for t in TenantBase.metadata.sorted_tables if t.name not in EXCLUDED_TABLES]


def table_map() -> dict[str, Table]:
    return {t.name: t for t in backup_tables()}


def export_query(schema: str, table: Table) -> str:
    """One JSON array per row, built by Postgres (fast, and exact for every column type)."""
    hidden = REDACTED.get(table.name, ())
    values = ", ".join(
        "NULL"
        if c.name in hidden
        else f'"{c.name}"::text'
        if isinstance(c.type, JSONB)
        else f'"{c.name}"'
        for c in table.columns
    )
    order = ", ".join(f'"{c.name}"' for c in table.primary_key.columns)
    return (
        f'SELECT json_build_array({values})::text FROM "{schema}"."{table.name}" ORDER BY {order}'
    )


class Writer:
    """Writes the layout above to a binary file while hashing it."""

    def __init__(self, out: IO[bytes]):
        self.out = out
        self.hash = hashlib.sha256()
        self.size = 0
        self.counts: dict[str, int] = {}
        self._tables = 0
        self._rows = 0

    def _write(self, text: str) -> None:
        data = text.encode()
        self.out.write(data)
        self.hash.update(data)
        self.size += len(data)

    def header(self, *, created_at: datetime, organization: dict[str, Any]) -> None:
        head = {
            "format": FORMAT,
            "version": VERSION,
            "createdAt": created_at.isoformat(),
            "organization": organization,
            "redacted": [f"{t}.{c}" for t, cols in REDACTED.items() for c in cols],
        }
        self._write(json.dumps(head, separators=(",", ":"))[:-1] + ",\n" + '"data":{\n')

    def start_table(self, table: Table) -> None:
        columns = json.dumps([c.name for c in table.columns], separators=(",", ":"))
        prefix = ",\n" if self._tables else ""
        self._write(f'{prefix}"{table.name}":{{"columns":{columns},"rows":[\n')
        self._tables += 1
        self._rows = 0
        self.counts[table.name] = 0

    def rows(self, table: Table, lines: list[str]) -> None:
        if not lines:
            return
        text = ",\n".join(lines)
        self._write((",\n" if self._rows else "") + text)
        self._rows += len(lines)
        self.counts[table.name] += len(lines)

    def end_table(self) -> None:
        self._write("\n]}" if self._rows else "]}")

    def finish(self) -> str:
        counts = json.dumps(self.counts, separators=(",", ":"))
        self._write(f'\n}},\n"counts":{counts},\n')
        digest = self.hash.hexdigest()
        tail = f'"checksum":"{digest}"}}\n'.encode()
        self.out.write(tail)
        self.size += len(tail)
        return digest


# -- reading ------------------------------------------------------------------------------


@dataclass
class TablePart:
    name: str
    columns: list[str]
    table: Table
    version: int = VERSION


@dataclass
class Summary:
    version: int
    created_at: str
    organization: dict[str, Any]
    tables: list[str] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)


def verify_checksum(path: Path) -> None:
    """The last line names the SHA-256 of everything before it; read in constant memory."""
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise InvalidBackup("Backup file not found") from None
    if size == 0:
        raise InvalidBackup("The backup file is empty")
    with open(path, "rb") as fh:
        fh.seek(max(0, size - 200))
        tail = fh.read()
        cut = tail.rstrip(b"\n").rfind(b"\n")
        last = tail[cut + 1 :] if cut >= 0 else b""
        match = _CHECKSUM_LINE.match(last)
        if match is None:
            raise InvalidBackup("The backup file is incomplete or is not a Merit backup")
        end = size - len(last)
        fh.seek(0)
        digest = hashlib.sha256()
        left = end
        while left > 0:
            block = fh.read(min(1 << 20, left))
            if not block:
                break
            digest.update(block)
            left -= len(block)
    if digest.hexdigest() != match.group(1).decode():
        raise InvalidBackup("Checksum mismatch: the backup file has been modified or is corrupted")


class Reader:
    """Walks a backup file line by line, checking its structure as it goes."""

    def __init__(
        self, fh: IO[bytes], *, organization_id: int, source_organization_id: int | None = None
    ):
        self.lines = iter(fh)
        self.organization_id = organization_id
        # Whose backup it must be: this organisation's, unless the caller names another (a
        # deleted organisation's final backup brought into a new one).
        self.source_id = (
            organization_id if source_organization_id is None else source_organization_id
        )
        self.known = table_map()
        self.summary: Summary | None = None

    def _next(self) -> str:
        try:
            return next(self.lines).decode().rstrip("\n")
        except StopIteration:
            raise InvalidBackup("The backup file ends too early") from None
        except UnicodeDecodeError:
            raise InvalidBackup("The backup file is not valid UTF-8 text") from None

    def header(self) -> Summary:
        first = self._next()
        try:
            head = json.loads(first[:-1] + "}") if first.endswith(",") else None
        except json.JSONDecodeError:
            head = None
        if not isinstance(head, dict) or head.get("format") != FORMAT:
            raise InvalidBackup("This file is not a Merit backup")
        version = head.get("version")
        if not isinstance(version, int) or version < 1:
            raise InvalidBackup("The backup has no valid format version")
        if version > VERSION:
            raise InvalidBackup(
                f"The backup was made by a newer version of Merit (format {version}); "
                f"this version reads format {VERSION}"
            )
        org = head.get("organization")
        if not isinstance(org, dict) or org.get("id") != self.source_id:
            raise InvalidBackup("This backup belongs to another organization")
        if self._next() != '"data":{':
            raise InvalidBackup("The backup file has no data section")
        self.summary = Summary(
            version=version, created_at=str(head.get("createdAt", "")), organization=org
        )
        return self.summary

    def parts(self) -> Iterator[tuple[TablePart, Iterator[list[Any]]]]:
        """Each table with an iterator over its rows (consume it before the next table)."""
        assert self.summary is not None, "read the header first"
        seen: set[str] = set()
        while True:
            line = self._next()
            if line == "},":
                break
            match = _TABLE_LINE.match(line.removeprefix(","))
            if match is None:
                raise InvalidBackup("The backup file's data section is malformed")
            name = match.group(1)
            table = self.known.get(name)
            if table is None:
                raise InvalidBackup(f"The backup contains an unknown table: {name}")
            if name in seen:
                raise InvalidBackup(f"The backup contains the table {name} twice")
            seen.add(name)
            columns = json.loads(match.group(2))
            valid = {c.name for c in table.columns}
            if (
                not columns
                or any(not isinstance(c, str) or c not in valid for c in columns)
                or len(set(columns)) != len(columns)
            ):
                raise InvalidBackup(f"The backup's columns for {name} do not match this version")
            part = TablePart(name, columns, table, self.summary.version)
            rows = self._rows(part)
            yield part, rows
            for _ in rows:  # whatever the caller left unread
                pass
        self._footer(seen)

    def _rows(self, part: TablePart) -> Iterator[list[Any]]:
        width = len(part.columns)
        count = 0
        while True:
            line = self._next()
            if line in ("]}", "]},"):
                break
            try:
                # Fractions (in format 1's JSON values) as Decimal: every digit is restored.
                row = json.loads(line.removesuffix(","), parse_float=Decimal)
            except json.JSONDecodeError:
                raise InvalidBackup(f"A row of {part.name} is not valid JSON") from None
            if not isinstance(row, list) or len(row) != width:
                raise InvalidBackup(f"A row of {part.name} does not match its columns")
            count += 1
            yield row
        assert self.summary is not None
        self.summary.tables.append(part.name)
        self.summary.counts[part.name] = count

    def _footer(self, seen: set[str]) -> None:
        assert self.summary is not None
        line = self._next()
        if not line.startswith('"counts":') or not line.endswith(","):
            raise InvalidBackup("The backup file has no row counts")
        try:
            counts = json.loads(line[len('"counts":') : -1])
        except json.JSONDecodeError:
            raise InvalidBackup("The backup file's row counts are malformed") from None
        if counts != self.summary.counts:
            raise InvalidBackup("The backup's row counts do not match its rows")


def source_organization_id(path: Path) -> int:
    """The id of the organisation a backup file was taken from (its header says)."""
    with open(path, "rb") as fh:
        first = fh.readline().decode(errors="replace").rstrip("\n")
    try:
        head = json.loads(first[:-1] + "}") if first.endswith(",") else None
    except json.JSONDecodeError:
        head = None
    org = head.get("organization") if isinstance(head, dict) else None
    found = org.get("id") if isinstance(org, dict) else None
    if not isinstance(found, int) or isinstance(found, bool):
        raise InvalidBackup("This file is not a Merit backup")
    return found


def read_summary(
    path: Path, *, organization_id: int, source_organization_id: int | None = None
) -> Summary:
    """Check a backup completely (checksum, then structure) without keeping its rows."""
    verify_checksum(path)
    with open(path, "rb") as fh:
        reader = Reader(
            fh, organization_id=organization_id, source_organization_id=source_organization_id
        )
        summary = reader.header()
        for _part, rows in reader.parts():
            for _ in rows:
                pass
    return summary
