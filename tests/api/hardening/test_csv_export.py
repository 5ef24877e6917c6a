"""CSV exports: no cell can start a spreadsheet formula; the text survives a round trip."""

import csv
import io
import unicodedata
from datetime import date, datetime
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from api.core.csv_export import csv_response, csv_text, safe_cell
from tests.api.reviews.factories import add_employee, add_review, default_template_id


@pytest.mark.parametrize(
    "value,expected",
    [
        ('=HYPERLINK("http://evil","x")', '\'=HYPERLINK("http://evil","x")'),
        ("+1+2", "'+1+2"),
        ("-2+3", "'-2+3"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\t=1", "'\t=1"),
        ("\r=1", "'\r=1"),
        ("\nplain", "'\nplain"),
        ("\tplain", "'\tplain"),
        # Spreadsheets skip white space and invisible characters before looking for a formula.
        ("\ufeff=1+1", "'\ufeff=1+1"),
        ("\u200b=1+1", "'\u200b=1+1"),
        ("\u200c\u200d+1", "'\u200c\u200d+1"),
        ("\u2060@SUM(A1)", "'\u2060@SUM(A1)"),
        ("\u00a0=1+1", "'\u00a0=1+1"),
        (" =1+1", "' =1+1"),
        ("\u3000 \u200b -1+2", "'\u3000 \u200b -1+2"),
        ("\u200e=1", "'\u200e=1"),
        # Full-width and small forms of the four.
        ("\uff1d1+1", "'\uff1d1+1"),
        ("\u3000\uff0b1", "'\u3000\uff0b1"),
        ("\uff0d2+3", "'\uff0d2+3"),
        ("\uff20SUM(A1)", "'\uff20SUM(A1)"),
        ("\ufe661+1", "'\ufe661+1"),
        ("\ufeffplain", "\ufeffplain"),
        (" a=b", " a=b"),
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


def _visible_start(text: str) -> str:
    """The text from its first character a reader can see."""
    hidden = {"Cc", "Cf", "Zs", "Zl", "Zp"}
    index = 0
    while index < len(text) and (
        text[index].isspace() or unicodedata.category(text[index]) in hidden
    ):
        index += 1
    return text[index:]


invisible_then_anything = st.builds(
    lambda lead, rest: lead + rest,
    st.text(st.sampled_from(" \t\r\n\u00a0\u2007\u3000\u200b\u200c\u200d\u2060\ufeff")),
    st.text(),
)


@given(st.one_of(st.text(), invisible_then_anything))
def test_no_text_cell_can_start_a_formula(text):
    cell = safe_cell(text)
    assert cell in (text, "'" + text)
    if cell == text:
        assert not text.startswith(("\t", "\r", "\n"))
        assert not _visible_start(text).startswith(("=", "+", "-", "@"))


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


async def test_the_reviews_report_defuses_formulas_behind_invisible_characters(login, org):
    employee = await add_employee(org, first_name='\u200b=HYPERLINK("http://evil","x")')
    template = await default_template_id(org)
    await add_review(org, employee, template, date(2030, 1, 1), reviewer_notes="\ufeff=1+1")
    await add_review(org, employee, template, date(2030, 1, 2), reviewer_notes="\u00a0@SUM(A1)")
    r = await (await login(org, "admin")).get("/api/reviews/export")
    assert r.status_code == 200
    rows = list(csv.reader(io.StringIO(r.content.decode("utf-8")[1:], newline="")))
    assert [row[2] for row in rows[1:]] == ['\'\u200b=HYPERLINK("http://evil","x")'] * 2
    assert [row[12] for row in rows[1:]] == ["'\u00a0@SUM(A1)", "'\ufeff=1+1"]
