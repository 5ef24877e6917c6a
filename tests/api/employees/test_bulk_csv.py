"""Bulk upload from the CSV file's text: RFC 4180 as Excel writes it, one error per bad line."""

from tests.api.employees.test_bulk_upload import URL

HEADER = (
    "employeeId,firstName,lastName,email,department,position,startDate,reviewSchedule,"
    "managerId,nextReviewDate"
)


def line(n: int, position: str = "Account Executive") -> str:
    return f"C{n:04d},First{n},Last{n},csv.{n}@example.com,sales,{position},2022-05-01,quarterly,,"


async def send(client, text: str):
    r = await client.post(URL, json={"csvText": text})
    assert r.status_code == 200, r.text
    return r.json()


async def test_an_excel_export_with_quotes_crlf_and_a_bom_is_imported(login, org):
    admin = await login(org, "admin")
    text = "\ufeff" + "\r\n".join(
        [
            HEADER,
            line(1, '"Rep, Senior"'),
            line(2, '"The ""Closer"""'),
            "",
            line(3, '"Lead,\r\nNights"'),
            "",
        ]
    )
    result = await send(admin, text)
    assert result["failed"] == []
    # blank lines are not counted; the quoted line break stays inside its record
    assert [s["row"] for s in result["successful"]] == [2, 3, 4]
    listed = {e["employeeId"]: e for e in (await admin.get("/api/employees")).json()}
    assert listed["C0001"]["position"] == "Rep, Senior"
    assert listed["C0002"]["position"] == 'The "Closer"'
    assert listed["C0003"]["position"] == "Lead,\r\nNights"
    assert listed["C0001"]["startDate"] == "2022-05-01"


async def test_each_malformed_line_gets_its_own_row_error(login, org):
    admin = await login(org, "admin")
    text = "\n".join(
        [
            HEADER,
            line(1),
            line(2, '"Rep, Senior'),  # the quote is never closed
            line(3),
            line(4, "Rep, Senior"),  # an unquoted comma shifts every later column
            line(5, '"Rep" Senior'),  # text after a closing quote
            line(6),
            line(7, '"Night shift'),  # unclosed on the last line
        ]
    )
    result = await send(admin, text)
    assert [s["employeeId"] for s in result["successful"]] == ["C0001", "C0003", "C0006"]
    assert [s["row"] for s in result["successful"]] == [2, 4, 7]
    unclosed = 'A quoted value on this line has no closing quote ("), so the line could not be read'
    assert result["failed"] == [
        {"row": 3, "error": unclosed},
        {
            "row": 5,
            "error": "This line has 11 values but the header has 10 columns; a value that "
            'contains a comma must be in double quotes (e.g. "Rep, Senior")',
        },
        {
            "row": 6,
            "error": 'A closing quote (") must be followed by a comma or the end of the line; '
            'to put a quote inside a quoted value, double it ("")',
        },
        {"row": 8, "error": unclosed},
    ]
    assert result["total"] == 7


async def test_padded_and_short_lines_are_accepted(login, org):
    admin = await login(org, "admin")
    # a spreadsheet pads every line, the header too, to the widest one
    short = "C0009,Short,Line,short@example.com,sales,Rep,2022-05-01,quarterly"
    result = await send(admin, f"{HEADER},,\n{line(8)},,\n{short}\n")
    assert result["failed"] == []
    assert [s["employeeId"] for s in result["successful"]] == ["C0008", "C0009"]


async def test_unreadable_or_empty_text_and_both_forms_are_refused(login, org):
    admin = await login(org, "admin")
    for text in ("", " \r\n\r\n"):
        r = await admin.post(URL, json={"csvText": text})
        assert r.status_code == 400
        assert r.json()["message"] == "Please paste your CSV data before uploading"
    r = await admin.post(URL, json={"csvText": '"employeeId,firstName\nC1,Ada'})
    assert r.status_code == 400
    assert r.json()["message"] == (
        "The header line could not be read as CSV: A quoted value on this line has no closing "
        'quote ("), so the line could not be read'
    )
    r = await admin.post(URL, json={"csvText": f"{HEADER}\n{line(1)}", "csvData": [{}]})
    assert r.status_code == 400
    assert r.json()["message"] == "Send either csvText or csvData, not both"
    # a file of stray quotes is refused whole instead of being read again and again
    many = "\n".join([HEADER] + [line(n, '"open') for n in range(60)])
    r = await admin.post(URL, json={"csvText": many})
    assert r.status_code == 400
    assert r.json()["message"] == (
        "More than 50 lines could not be read as CSV; please check the file's quotes"
    )
    assert (await admin.get("/api/employees")).json() == []


async def test_more_than_ten_thousand_records_are_refused(login, org):
    admin = await login(org, "admin")
    text = "\r\n".join([HEADER] + [line(n, '"Rep, Senior"') for n in range(10_001)])
    r = await admin.post(URL, json={"csvText": text})
    assert r.status_code == 400
    assert r.json()["message"] == "A bulk upload can include at most 10,000 employees"
