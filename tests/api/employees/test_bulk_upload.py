"""Bulk upload: each row on its own; good rows imported, bad rows reported by row number."""

import asyncio

import pytest

from tests.api.employees.factories import add, csv_row, payload

URL = "/api/employees/bulk-upload"


async def upload(client, rows):
    r = await client.post(URL, json={"csvData": rows})
    assert r.status_code == 200, r.text
    return r.json()


async def test_good_rows_are_imported_with_every_column(login, org):
    admin = await login(org, "admin")
    rows = [
        csv_row(1, reviewSchedule="Monthly", nextReviewDate="2030-06-30", department="Sales"),
        csv_row(2, managerId="B0001", email="  Second@Example.com "),
    ]
    result = await upload(admin, rows)
    assert result == {
        "successful": [
            {"name": "First1 Last1", "employeeId": "B0001", "row": 2},
            {"name": "First2 Last2", "employeeId": "B0002", "row": 3},
        ],
        "failed": [],
        "total": 2,
    }
    listed = {e["employeeId"]: e for e in (await admin.get("/api/employees")).json()}
    first, second = listed["B0001"], listed["B0002"]
    assert first["reviewSchedule"] == "monthly"
    assert first["nextReviewDate"] == "2030-06-30"
    assert first["department"] == "sales"
    assert first["startDate"] == "2022-05-01"
    assert first["position"] == "Account Executive"
    assert first["managerId"] is None
    assert second["managerId"] == "B0001"
    assert second["email"] == "second@example.com"
    assert second["nextReviewDate"] is None


async def test_one_bad_row_never_loses_the_good_ones(login, org):
    admin = await login(org, "admin")
    rows = [
        csv_row(1),
        csv_row(2, email="broken"),
        csv_row(3),
        csv_row(4, firstName="", startDate="31/12/2020"),
    ]
    result = await upload(admin, rows)
    assert [s["row"] for s in result["successful"]] == [2, 4]
    assert result["failed"] == [
        {"row": 3, "error": "Invalid email format"},
        {"row": 5, "error": "First name is required; Invalid start date"},
    ]
    assert result["total"] == 4
    ids = sorted(e["employeeId"] for e in (await admin.get("/api/employees")).json())
    assert ids == ["B0001", "B0003"]


@pytest.mark.parametrize(
    ("changes", "error"),
    [
        ({"employeeId": ""}, "Employee ID is required"),
        ({"employeeId": "AB"}, "Employee ID must be between 3 and 20 characters"),
        ({"firstName": " "}, "First name is required"),
        ({"lastName": "L" * 51}, "Last name must not exceed 50 characters"),
        ({"email": ""}, "Email is required"),
        ({"email": "a@@b.com"}, "Invalid email format"),
        ({"department": ""}, "Department is required"),
        ({"department": "x"}, "Department must be at least 2 characters"),
        ({"department": "astrology"}, "Department 'astrology' does not exist"),
        ({"position": ""}, "Position is required"),
        ({"position": "p"}, "Position must be at least 2 characters"),
        ({"startDate": ""}, "Start date is required"),
        ({"startDate": "2021-02-29"}, "Invalid start date"),
        ({"reviewSchedule": ""}, "Review schedule is required"),
        (
            {"reviewSchedule": "weekly"},
            "Review schedule must be one of monthly, quarterly, biannual, annual",
        ),
        ({"managerId": "M" * 21}, "Manager ID must not exceed 20 characters"),
        ({"managerId": "NOBODY"}, "Manager ID 'NOBODY' does not match any employee"),
        ({"managerId": "B0001"}, "An employee cannot be their own manager"),
        ({"nextReviewDate": "next week"}, "Invalid next review date"),
    ],
)
async def test_each_rule_is_reported_for_its_row(login, org, changes, error):
    admin = await login(org, "admin")
    result = await upload(admin, [csv_row(1, **changes), csv_row(2)])
    assert result["failed"] == [{"row": 2, "error": error}]
    assert [s["employeeId"] for s in result["successful"]] == ["B0002"]


async def test_a_row_missing_every_column_lists_each_problem(login, org):
    admin = await login(org, "admin")
    result = await upload(admin, [{}, "not a row", {"firstName": 42}])
    errors = {f["row"]: f["error"] for f in result["failed"]}
    assert errors[2] == (
        "Employee ID is required; First name is required; Last name is required; "
        "Email is required; Department is required; Position is required; "
        "Start date is required; Review schedule is required"
    )
    assert errors[3] == "Row must be an object keyed by the CSV column names"
    assert errors[4].startswith("Employee ID is required; Last name is required")
    assert result["successful"] == []
    assert result["total"] == 3


async def test_duplicates_in_the_file_and_against_existing_employees(login, org):
    admin = await login(org, "admin")
    await add(admin, employeeId="B0009", email="taken@example.com")
    rows = [
        csv_row(1),
        csv_row(2, employeeId="B0001"),  # same id as row 2
        csv_row(3, email="BULK.1@example.com"),  # same e-mail as row 2
        csv_row(9),  # id taken by an existing employee
        csv_row(5, email="taken@example.com"),  # e-mail taken by an existing employee
        csv_row(6),
    ]
    result = await upload(admin, rows)
    assert result["failed"] == [
        {"row": 3, "error": "Duplicate employee ID 'B0001' in the file (also on row 2)"},
        {"row": 4, "error": "Duplicate email 'bulk.1@example.com' in the file (also on row 2)"},
        {"row": 5, "error": "Employee ID 'B0009' already exists"},
        {"row": 6, "error": "Email 'taken@example.com' already exists"},
    ]
    assert [s["employeeId"] for s in result["successful"]] == ["B0001", "B0006"]
    # Uploading the same file again reports every row as a duplicate and changes nothing.
    again = await upload(admin, [csv_row(1)])
    assert again["failed"] == [
        {
            "row": 2,
            "error": "Employee ID 'B0001' already exists; Email 'bulk.1@example.com' already exists",
        }
    ]
    assert len((await admin.get("/api/employees")).json()) == 3


async def test_managers_in_the_file_existing_or_missing(login, org):
    admin = await login(org, "admin")
    await add(admin, employeeId="BOSS")
    rows = [
        csv_row(1, managerId="B0003"),  # a manager further down the file
        csv_row(2, managerId="BOSS"),  # an existing employee
        csv_row(3),
        csv_row(4, managerId="B0005"),  # B0005 is refused, so B0004 is too
        csv_row(5, email="bad"),
        csv_row(6, managerId="B0007"),  # B0006 and B0007 manage each other
        csv_row(7, managerId="B0006"),
    ]
    result = await upload(admin, rows)
    assert sorted(s["employeeId"] for s in result["successful"]) == ["B0001", "B0002", "B0003"]
    assert result["failed"] == [
        {
            "row": 5,
            "error": "Manager ID 'B0005' does not match any employee (row 6 was not imported)",
        },
        {"row": 6, "error": "Invalid email format"},
        {"row": 7, "error": "This manager assignment would create a reporting cycle"},
        {"row": 8, "error": "This manager assignment would create a reporting cycle"},
    ]
    listed = {e["employeeId"]: e["managerId"] for e in (await admin.get("/api/employees")).json()}
    assert listed["B0001"] == "B0003"
    assert listed["B0002"] == "BOSS"


async def test_cells_may_be_numbers_and_headers_may_carry_spaces(login, org):
    admin = await login(org, "admin")
    row = {f" {k} ": v for k, v in csv_row(1, employeeId="12345").items()}
    row[" employeeId "] = 12345
    result = await upload(admin, [row])
    assert result["failed"] == []
    assert result["successful"][0]["employeeId"] == "12345"


async def test_empty_and_oversized_uploads_are_refused(login, org):
    admin = await login(org, "admin")
    r = await admin.post(URL, json={"csvData": []})
    assert r.status_code == 400
    assert r.json()["message"] == "Please paste your CSV data before uploading"
    r = await admin.post(URL, json={})
    assert r.status_code == 400
    r = await admin.post(URL, json={"csvData": [{}] * 10_001})
    assert r.status_code == 400
    assert r.json()["message"] == "A bulk upload can include at most 10,000 employees"
    r = await admin.post(URL, json={"csvData": "employeeId,firstName"})
    assert r.status_code == 400


async def test_hr_may_upload_and_other_roles_may_not(login, org):
    hr = await login(org, "hr")
    assert (await upload(hr, [csv_row(1)]))["successful"]
    for role in ("manager", "user"):
        c = await login(org, role)
        r = await c.post(URL, json={"csvData": [csv_row(2)]})
        assert r.status_code == 403
    admin = await login(org, "admin")
    assert len((await admin.get("/api/employees")).json()) == 1


async def test_uploads_stay_in_their_organisation(login, org, other_org):
    admin_a = await login(org, "admin")
    await add(admin_a, employeeId="A-BOSS")
    admin_b = await login(other_org, "admin")
    result = await upload(admin_b, [csv_row(1), csv_row(2, managerId="A-BOSS")])
    assert result["failed"] == [
        {"row": 3, "error": "Manager ID 'A-BOSS' does not match any employee"}
    ]
    # The same ids and e-mails are free in another organisation.
    assert (await upload(admin_a, [csv_row(1)]))["successful"]
    assert [e["employeeId"] for e in (await admin_b.get("/api/employees")).json()] == ["B0001"]


async def test_an_import_and_generated_ids_at_once_never_clash(login, org):
    """A file carrying ids of the generated form, imported while people are added by hand:
    each id is taken once, the import loses no row to a clash it could not see coming."""
    await add(await login(org, "admin"))  # EMP0001
    importer = await login(org, "admin")
    adders = [await login(org, "admin") for _ in range(10)]
    rows = [csv_row(n, employeeId=f"EMP{n:04d}") for n in range(2, 12)]
    replies = await asyncio.gather(
        importer.post(URL, json={"csvData": rows}),
        *(c.post("/api/employees", json=payload()) for c in adders),
    )
    assert [r.status_code for r in replies] == [200] + [201] * 10, [r.text for r in replies]
    imported = replies[0].json()
    generated = {r.json()["employeeId"] for r in replies[1:]}
    assert len(generated) == 10
    # Rows whose id a create took first fail on their own; all the others are imported.
    ok = {s["employeeId"] for s in imported["successful"]}
    assert not ok & generated
    for failure in imported["failed"]:
        assert failure["error"].endswith("already exists"), failure
    assert len(ok) + len(imported["failed"]) == 10
    listed = [e["employeeId"] for e in (await importer.get("/api/employees")).json()]
    assert sorted(listed) == sorted({"EMP0001"} | ok | generated)
