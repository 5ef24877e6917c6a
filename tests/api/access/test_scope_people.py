"""Who sees which people under "need to know": the employee list, search, counts and
profiles, the directory, HR notes and documents (tests/api/access/conftest.py builds the
organisation: M manages A, A manages B, C is outside the line)."""

from datetime import date
from typing import Any

import httpx
import pytest

from api.access.policy import LINE, OWN
from api.access.scope import Scope
from api.core.db import tenant_session
from api.core.errors import NotFound
from api.employees.models import Employee
from api.notes import service as notes
from api.notes.models import EmployeeNote
from tests.api.access.conftest import People, display_name, set_visibility
from tests.api.documents.factories import add_document

NOT_FOUND = {"message": "Employee not found"}
EVERYONE = {"M", "A", "B", "C"}
# Each account's reach over employees under "need to know".
EMPLOYEE_REACH = {
    "admin": EVERYONE,
    "hr": EVERYONE,
    "manager": {"M", "A", "B"},
    "user": {"A"},
    "unlinked_user": set(),
    "unlinked_manager": set(),
}
DIRECTORY_KEYS = {
    "id",
    "firstName",
    "lastName",
    "position",
    "department",
    "departmentName",
    "email",
    "managerId",
    "managerName",
}


async def listed(people: People, c: httpx.AsyncClient, url: str) -> set[str]:
    r = await c.get(url)
    assert r.status_code == 200, r.text
    return people.letters(r.json())


@pytest.mark.parametrize("account", sorted(EMPLOYEE_REACH))
async def test_the_employee_list_holds_exactly_the_reach(people: People, account: str) -> None:
    c = await people.sign_in(account)
    reach = EMPLOYEE_REACH[account]
    assert await listed(people, c, "/api/employees") == reach
    assert await listed(people, c, "/api/employees?archived=all&sort=-name") == reach
    # Search and the paged count see only the reach too ("position" is in every one).
    assert await listed(people, c, "/api/employees?search=position") == reach
    assert await listed(people, c, "/api/employees?search=carl") == reach & {"C"}
    r = await c.get("/api/employees?page=1&pageSize=2")
    assert r.headers["X-Total-Count"] == str(len(reach))
    assert len(r.json()) == min(2, len(reach))


@pytest.mark.parametrize("account", sorted(EMPLOYEE_REACH))
async def test_a_profile_out_of_reach_is_not_found(people: People, account: str) -> None:
    c = await people.sign_in(account)
    for name, pk in people.ids.items():
        r = await c.get(f"/api/employees/{pk}")
        if name in EMPLOYEE_REACH[account]:
            assert r.status_code == 200, (name, r.text)
            assert r.json()["id"] == pk
        else:
            # The same answer as for an employee that does not exist.
            assert (r.status_code, r.json()) == (404, NOT_FOUND), name
    unknown = await c.get("/api/employees/999999")
    assert (unknown.status_code, unknown.json()) == (404, NOT_FOUND)


async def test_an_archived_report_stays_in_the_managers_reach(people: People) -> None:
    admin = await people.sign_in("admin")
    assert (await admin.post(f"/api/employees/{people.ids['B']}/archive")).status_code == 200
    manager = await people.sign_in("manager")
    assert await listed(people, manager, "/api/employees") == {"M", "A"}
    assert await listed(people, manager, "/api/employees?archived=archived") == {"B"}


async def test_the_reach_follows_a_change_of_manager(people: People) -> None:
    manager = await people.sign_in("manager")
    assert await listed(people, manager, "/api/employees") == {"M", "A", "B"}
    admin = await people.sign_in("admin")
    r = await admin.put(f"/api/employees/{people.ids['C']}", json={"managerId": "NTK-B"})
    assert r.status_code == 200, r.text
    assert await listed(people, manager, "/api/employees") == EVERYONE
    assert (await manager.get(f"/api/employees/{people.ids['C']}")).status_code == 200


@pytest.mark.parametrize("account", ["manager", "user", "unlinked_user", "unlinked_manager"])
async def test_managers_and_users_write_nothing(people: People, account: str) -> None:
    c = await people.sign_in(account)
    a = people.ids["A"]
    calls = [
        c.post("/api/employees", json={"firstName": "New", "lastName": "Person"}),
        c.post("/api/employees/bulk-upload", json={"csvData": []}),
        c.put(f"/api/employees/{a}", json={"position": "Chief"}),
        c.post(f"/api/employees/{a}/archive"),
        c.delete(f"/api/employees/{a}"),
        c.post("/api/employee-notes", json={"employeeId": a, "note": "x"}),
        c.post("/api/upload/document"),
        c.post("/api/departments", json={"name": "Nope", "slug": "nope"}),
    ]
    for pending in calls:
        r = await pending
        assert r.status_code == 403, (r.request.method, r.request.url, r.text)
    # Nothing changed.
    async with tenant_session(people.org.schema_name, people.org.id) as s:
        person = await s.get(Employee, a)
        assert person is not None and person.position == "A position"
        assert not person.is_archived


# ---- the directory -------------------------------------------------------------------------


@pytest.mark.parametrize("account", sorted(EMPLOYEE_REACH))
async def test_everyone_reads_the_whole_directory_and_only_its_fields(
    people: People, account: str
) -> None:
    c = await people.sign_in(account)
    r = await c.get("/api/directory")
    assert r.status_code == 200, r.text
    entries = r.json()
    assert people.letters(entries) == EVERYONE
    assert all(set(entry) == DIRECTORY_KEYS for entry in entries)
    # By last name: Abbott, Baker, Cooper, Manning.
    assert [people.names[e["id"]] for e in entries] == ["A", "B", "C", "M"]
    bella = next(e for e in entries if e["id"] == people.ids["B"])
    assert bella == {
        "id": people.ids["B"],
        "firstName": "Bella",
        "lastName": "Baker",
        "position": "B position",
        "department": "engineering",
        "departmentName": "Engineering",
        "email": "ntk-b@ntk.example.com",
        "managerId": "NTK-A",
        "managerName": "Arthur Abbott",
    }
    carl = next(e for e in entries if e["id"] == people.ids["C"])
    assert carl["managerId"] is None and carl["managerName"] is None


async def test_the_directory_pages_searches_and_leaves_archived_people_out(
    people: People,
) -> None:
    admin = await people.sign_in("admin")
    assert (await admin.post(f"/api/employees/{people.ids['C']}/archive")).status_code == 200
    c = await people.sign_in("unlinked_user")
    assert await listed(people, c, "/api/directory") == {"M", "A", "B"}
    assert await listed(people, c, "/api/directory?search=BELLA") == {"B"}
    assert await listed(people, c, "/api/directory?search=ntk-m@") == {"M"}
    assert await listed(people, c, "/api/directory?search=a%20position") == {"A"}
    assert await listed(people, c, "/api/directory?department=sales") == set()
    r = await c.get("/api/directory?page=2&pageSize=2")
    assert r.headers["X-Total-Count"] == "3"
    assert people.letters(r.json()) == {"M"}
    # A manager's new name shows in their reports' entries at once.
    r = await admin.put(f"/api/employees/{people.ids['A']}", json={"lastName": "Archer"})
    assert r.status_code == 200, r.text
    bella = (await c.get("/api/directory?search=bella")).json()[0]
    assert bella["managerName"] == "Arthur Archer"


# ---- HR notes ------------------------------------------------------------------------------


async def add_notes(people: People) -> dict[int, str]:
    """One note for each of M, A, B and C; note id -> the employee's letter."""
    made = {}
    async with tenant_session(people.org.schema_name, people.org.id) as s:
        for name, pk in people.ids.items():
            note = EmployeeNote(
                employee_id=pk, date=date(2026, 1, 2), category="recognition", note=name
            )
            s.add(note)
            await s.flush()
            made[note.id] = name
    return made


@pytest.mark.parametrize("account", ["manager", "user", "unlinked_user"])
async def test_notes_are_for_admin_and_hr_only(people: People, account: str) -> None:
    await add_notes(people)
    c = await people.sign_in(account)
    assert (await c.get("/api/employee-notes")).status_code == 403
    r = await c.get(f"/api/employee-notes?employeeId={people.ids['A']}")
    assert r.status_code == 403
    hr = await people.sign_in("hr")
    assert people.letters((await hr.get("/api/employee-notes")).json(), "employeeId") == EVERYONE


async def notes_listed(people: People, scope: Scope, employee: str | None = None) -> Any:
    async with tenant_session(people.org.schema_name, people.org.id) as s:
        body = await notes.list_notes(
            session=s, employee_id=people.ids[employee] if employee else None, scope=scope
        )
    return httpx.Response(200, content=body).json()


async def test_the_notes_list_keeps_to_a_line_or_own_scope(people: People) -> None:
    """The notes service obeys any scope it is given (the table gives managers and users none
    today; this is what a rule of LINE or OWN would show)."""
    await add_notes(people)
    line = Scope(reach=LINE, employee_id=people.ids["M"])
    assert people.letters(await notes_listed(people, line), "note") == {"M", "A", "B"}
    assert people.letters(await notes_listed(people, line, "B"), "note") == {"B"}
    with pytest.raises(NotFound):
        await notes_listed(people, line, "C")
    own = Scope(reach=OWN, employee_id=people.ids["A"])
    assert people.letters(await notes_listed(people, own), "note") == {"A"}
    nobody = Scope(reach=LINE, employee_id=None)
    assert await notes_listed(people, nobody) == []


# ---- documents -----------------------------------------------------------------------------


async def add_documents(people: People) -> dict[str, dict[str, Any]]:
    """A document for each of M, A, B, C, and a confidential one of A's ("A!")."""
    admin = await people.sign_in("admin")
    made = {name: await add_document(admin, pk) for name, pk in people.ids.items()}
    made["A!"] = await add_document(admin, people.ids["A"], isConfidential=True)
    return made


async def test_documents_keep_to_the_reach_and_confidential_ones_to_admin_and_hr(
    people: People,
) -> None:
    docs = await add_documents(people)
    by_id = {doc["id"]: name for name, doc in docs.items()}
    expected = {
        "admin": {"M", "A", "A!", "B", "C"},
        "hr": {"M", "A", "A!", "B", "C"},
        "manager": {"M", "A", "B"},
        "user": {"A"},
        "unlinked_user": set(),
        "unlinked_manager": set(),
    }
    for account, reach in expected.items():
        c = await people.sign_in(account)
        r = await c.get("/api/employee-documents")
        assert r.status_code == 200, r.text
        assert {by_id[d["id"]] for d in r.json()} == reach, account
        for name, pk in people.ids.items():
            for url in (
                f"/api/employee-documents?employeeId={pk}",
                f"/api/employees/{pk}/documents",
            ):
                r = await c.get(url)
                if name in EMPLOYEE_REACH[account]:
                    shown = {by_id[d["id"]] for d in r.json()}
                    assert shown == {n for n in reach if n.rstrip("!") == name}, (account, url)
                else:
                    assert (r.status_code, r.json()) == (404, NOT_FOUND), (account, url)
        for name, doc in docs.items():
            r = await c.get(doc["filePath"])
            assert r.status_code == (200 if name in reach else 404), (account, name)


async def test_a_document_of_someone_out_of_reach_is_not_found_for_download(
    people: People,
) -> None:
    docs = await add_documents(people)
    user = await people.sign_in("user")
    r = await user.get(docs["B"]["filePath"])
    assert (r.status_code, r.json()) == (404, {"message": "Document not found"})
    r = await user.get(docs["A"]["filePath"])
    assert r.status_code == 200 and r.content.startswith(b"%PDF")


# ---- names on what an account writes -------------------------------------------------------


async def test_notes_and_documents_carry_the_personal_accounts_name(people: People) -> None:
    hr = await people.sign_in("hr")
    a = people.ids["A"]
    r = await hr.post(
        "/api/employee-notes",
        json={
            "employeeId": a,
            "date": "2026-02-03",
            "category": "recognition",
            "note": "Great work on the release.",
            "createdBy": "HR Admin",
        },
    )
    assert r.status_code == 201, r.text
    assert r.json()["createdBy"] == display_name("hr") == "Helga Hart"
    doc = await add_document(hr, a, uploadedBy="Someone Else")
    assert doc["uploadedBy"] == "Helga Hart"
    listed_notes = (await hr.get(f"/api/employee-notes?employeeId={a}")).json()
    assert [n["createdBy"] for n in listed_notes] == ["Helga Hart"]


# ---- the open setting ----------------------------------------------------------------------


@pytest.mark.parametrize("account", ["manager", "user", "unlinked_user"])
async def test_under_open_everyone_reads_everyone_as_before(
    open_people: People, account: str
) -> None:
    people = open_people
    docs = await add_documents(people)
    await add_notes(people)
    c = await people.sign_in(account)
    assert await listed(people, c, "/api/employees") == EVERYONE
    for pk in people.ids.values():
        assert (await c.get(f"/api/employees/{pk}")).status_code == 200
        assert (await c.get(f"/api/employee-notes?employeeId={pk}")).status_code == 200
    notes_read = (await c.get("/api/employee-notes")).json()
    assert people.letters(notes_read, "employeeId") == EVERYONE
    r = await c.get("/api/employee-documents")
    assert {d["id"] for d in r.json()} == {d["id"] for n, d in docs.items() if n != "A!"}
    assert (await c.get(docs["C"]["filePath"])).status_code == 200
    assert (await c.get(docs["A!"]["filePath"])).status_code == 404
    assert await listed(people, c, "/api/directory") == EVERYONE


async def test_an_organisation_switched_back_to_open_shows_everyone_again(
    people: People,
) -> None:
    user = await people.sign_in("user")
    assert await listed(people, user, "/api/employees") == {"A"}
    await set_visibility(people.org, "open")
    assert await listed(people, user, "/api/employees") == EVERYONE
    await set_visibility(people.org, "need_to_know")
    assert await listed(people, user, "/api/employees") == {"A"}
