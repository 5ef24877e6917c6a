"""Reading a bulk upload's CSV text: RFC 4180 (quotes, doubled quotes, CRLF, a leading BOM),
one record at a time, so a line the reader refuses costs that row and not the file.

Row numbers count the CSV's records: the header is row 1, the first employee row 2; blank
lines are skipped and not counted.
"""

import csv
import re
from dataclasses import dataclass

from api.core.errors import BadRequest

NO_ROWS = "Please paste your CSV data before uploading"
UNREADABLE_HEADER = "The header line could not be read as CSV: {}"
UNCLOSED_QUOTE = (
    'A quoted value on this line has no closing quote ("), so the line could not be read'
)
TEXT_AFTER_QUOTE = (
    'A closing quote (") must be followed by a comma or the end of the line; '
    'to put a quote inside a quoted value, double it ("")'
)
TOO_MANY_VALUES = (
    "This line has {cells} values but the header has {columns} columns; "
    'a value that contains a comma must be in double quotes (e.g. "Rep, Senior")'
)
# Each unclosed quote makes the reader run to the end of the file before it fails, and the
# lines after it are read again: past this many, the file is refused rather than crawled.
MAX_UNREADABLE = 50
TOO_MANY_UNREADABLE = (
    f"More than {MAX_UNREADABLE} lines could not be read as CSV; please check the file's quotes"
)


@dataclass(frozen=True)
class Unreadable:
    """A CSV record the parser refused: it still takes its row number and gets an error."""

    message: str


# A physical line with its own ending, so quoted values may span lines as RFC 4180 allows.
_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z")


def _csv_problem(exc: csv.Error, lines_spanned: int) -> str:
    # A record that failed lines after it began most likely opened a quote it never closed
    # there: the reader took the following lines as part of the value.
    if lines_spanned > 1 or "end of data" in str(exc):
        return UNCLOSED_QUOTE
    if "expected after" in str(exc):
        return TEXT_AFTER_QUOTE
    return f"This line could not be read as CSV: {exc}"


def _records(lines: list[str]) -> list[list[str] | Unreadable]:
    """Every non-blank record; one the reader refuses becomes Unreadable and reading goes on
    from the line after the one where it began (so one stray quote costs one row)."""
    records: list[list[str] | Unreadable] = []
    start = 0
    unreadable = 0
    while start < len(lines):
        reader = csv.reader(lines[start:], strict=True)
        done = 0  # lines of this pass consumed by complete records
        try:
            for cells in reader:
                done = reader.line_num
                if any(cell.strip() for cell in cells):
                    records.append(cells)
            return records
        except csv.Error as exc:
            unreadable += 1
            if unreadable > MAX_UNREADABLE:
                raise BadRequest(TOO_MANY_UNREADABLE) from exc
            records.append(Unreadable(_csv_problem(exc, reader.line_num - done)))
            start += done + 1
    return records


def read_csv(text: str) -> list[dict[str, str] | Unreadable]:
    """RFC 4180 text (quotes, doubled quotes, CRLF, a leading BOM) as rows keyed by its
    header line; a record with more values than the header has columns is Unreadable."""
    records = _records(_LINE.findall(text.removeprefix("\ufeff")))
    if not records:
        raise BadRequest(NO_ROWS)
    header, *rest = records
    if isinstance(header, Unreadable):
        raise BadRequest(UNREADABLE_HEADER.format(header.message))
    columns = [name.strip() for name in header]
    rows: list[dict[str, str] | Unreadable] = []
    for record in rest:
        if isinstance(record, Unreadable):
            rows.append(record)
        elif len(record) > len(columns):
            # Counted even when the extra cells are blank: a spreadsheet pads every line to
            # the header's width, so a longer line has a comma that split one of its values.
            message = TOO_MANY_VALUES.format(cells=len(record), columns=len(columns))
            rows.append(Unreadable(message))
        else:
            rows.append({name: cell for name, cell in zip(columns, record, strict=False) if name})
    return rows
