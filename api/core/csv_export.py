"""CSV downloads that are safe to open in a spreadsheet (no formula injection).

A cell whose text starts with = + - @ is run as a formula by Excel, LibreOffice and Google
Sheets, and spreadsheet programs skip leading white space and invisible characters (a
byte-order mark, a zero-width space, a no-break space) before looking. Text typed by users
(names, notes) whose first visible character is one of those (or a full-width form of it),
or which starts with a tab or a line break, is therefore prefixed with a single quote, which
spreadsheets show as plain text. Numbers are written as they are, so -3 stays a number.

    from api.core.csv_export import csv_response
    return csv_response([["Name", "Note"], *((e.name, e.note) for e in rows)], "notes.csv")
"""

import csv
import io
import re
import unicodedata
from collections.abc import Iterable
from datetime import date, datetime, time
from decimal import Decimal
from typing import Any
from urllib.parse import quote

from starlette.responses import Response

FORMULA_CHARACTERS = frozenset("=+-@")
BREAKS = ("\t", "\r", "\n")
# Controls, format characters (zero-width space and joiners, word joiner, byte-order mark,
# direction marks) and every kind of space: nothing a reader sees before the formula.
_INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Zs", "Zl", "Zp"})


def _invisible(character: str) -> bool:
    return character.isspace() or unicodedata.category(character) in _INVISIBLE_CATEGORIES


def starts_formula(text: str) -> bool:
    """Whether a spreadsheet could read `text` as a formula: its first visible character is
    one of = + - @, or it starts with a tab or a line break."""
    if text.startswith(BREAKS):
        return True
    for character in text:
        if not _invisible(character):
            # Full-width and small forms (＝ ＋ － ＠, ﹦ …) too: spreadsheets set up for East
            # Asian input may read them as the ASCII ones.
            return unicodedata.normalize("NFKC", character) in FORMULA_CHARACTERS
    return False


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
    return "'" + text if starts_formula(text) else text


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
