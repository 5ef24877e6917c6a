"""CSV downloads that are safe to open in a spreadsheet (no formula injection).

A cell whose text starts with = + - @ (or a tab or carriage return, which some programs skip
before looking for those) is run as a formula by Excel, LibreOffice and Google Sheets; text
typed by users (names, notes) is therefore prefixed with a single quote, which spreadsheets
show as plain text. Numbers are written as they are, so -3 stays a number.

    from api.core.csv_export import csv_response
    return csv_response([["Name", "Note"], *((e.name, e.note) for e in rows)], "notes.csv")
"""

import csv
import io
import re
from collections.abc import Iterable
from datetime import date, datetime, time
from decimal import Decimal
from typing import Any
from urllib.parse import quote

from starlette.responses import Response

FORMULA_PREFIXES = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value: Any) -> str:
    """The text of one cell: '' for None, ISO dates, numbers as they are, and any other text
    that would start a formula prefixed with a single quote."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float | Decimal):
        return str(value)
    if isinstance(value, datetime | date | time):
        return value.isoformat()
    text = str(value)
    return "'" + text if text.startswith(FORMULA_PREFIXES) else text


def csv_text(rows: Iterable[Iterable[Any]]) -> str:
    """Rows (the header first) as CSV text: a UTF-8 byte-order mark, so spreadsheet programs
    read accents right, and CRLF line ends as RFC 4180 says."""
    out = io.StringIO()
    out.write("\ufeff")
    writer = csv.writer(out, lineterminator="\r\n")
    for row in rows:
        writer.writerow([safe_cell(v) for v in row])
    return out.getvalue()


def _ascii_filename(filename: str) -> str:
    name = re.sub(r"[^A-Za-z0-9._-]+", "-", filename).strip("-.") or "export.csv"
    return name if name.lower().endswith(".csv") else name + ".csv"


def csv_response(rows: Iterable[Iterable[Any]], filename: str) -> Response:
    """A download of `rows` (header first) named `filename`, never cached."""
    fallback = _ascii_filename(filename)
    disposition = f"attachment; filename=\"{fallback}\"; filename*=UTF-8''{quote(filename)}"
    return Response(
        csv_text(rows).encode("utf-8"),
        media_type="text/csv; charset=utf-8",
        headers={"content-disposition": disposition, "cache-control": "no-store"},
    )
