"""CSV exports: no cell can start a spreadsheet formula; the text survives a round trip."""

import csv
import io
from datetime import date, datetime
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from api.core.csv_export import FORMULA_PREFIXES, csv_response, csv_text, safe_cell


@pytest.mark.parametrize(
    "value,expected",
    [
        ('=HYPERLINK("http://evil","x")', '\'=HYPERLINK("http://evil","x")'),
        ("+1+2", "'+1+2"),
        ("-2+3", "'-2+3"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\t=1", "'\t=1"),
        ("\r=1", "'\r=1"),
        ("Ann O'Neil", "Ann O'Neil"),
        ("a=b", "a=b"),
        ("", ""),
        (None, ""),
        (-3, "-3"),
        (4.5, "4.5"),
        (Decimal("-1.25"), "-1.25"),
        (True, "true"),
        (date(2026, 1, 31), "2026-01-31"),
        (datetime(2026, 1, 31, 9, 30), "2026-01-31T09:30:00"),
    ],
)
def test_safe_cell(value, expected):
    assert safe_cell(value) == expected


@given(st.text())
def test_no_text_cell_can_start_a_formula(text):
    cell = safe_cell(text)
    assert not cell.startswith(FORMULA_PREFIXES)
    assert cell in (text, "'" + text)


@given(st.lists(st.lists(st.text(), min_size=1, max_size=4), min_size=1, max_size=5))
def test_rows_round_trip_through_a_csv_reader(rows):
    text = csv_text(rows)
    assert text.startswith("\ufeff")
    parsed = list(csv.reader(io.StringIO(text[1:], newline="")))
    assert parsed == [[safe_cell(c) for c in row] for row in rows]


def test_csv_response_is_a_download_that_is_never_cached():
    r = csv_response([["Name", "Note"], ["=cmd|' /C calc'!A0", "ok"]], "Notes – März.csv")
    assert r.media_type == "text/csv; charset=utf-8"
    assert r.headers["content-type"] == "text/csv; charset=utf-8"
    assert r.headers["cache-control"] == "no-store"
    disposition = r.headers["content-disposition"]
    assert disposition.startswith('attachment; filename="Notes-M-rz.csv"')
    assert "filename*=UTF-8''Notes%20%E2%80%93%20M%C3%A4rz.csv" in disposition
    body = r.body.decode("utf-8")
    assert body == "\ufeffName,Note\r\n'=cmd|' /C calc'!A0,ok\r\n"


def test_filenames_cannot_break_the_header():
    r = csv_response([["a"]], 'x"\r\nSet-Cookie: a=b')
    disposition = r.headers["content-disposition"]
    assert "\r" not in disposition and "\n" not in disposition
    assert disposition.startswith('attachment; filename="x-Set-Cookie-a-b.csv"')
