"""Employees API: create, read, list and search, update, archive, permanent delete."""

import asyncio
from datetime import timedelta

import pytest
from sqlalchemy import delete, func, select, update

from api.certifications.models import Certification, CertificationType, EmployeeCertification
from api.core.dates import local_today
from api.core.db import tenant_session
from api.core.errors import Conflict
from api.core.storage import get_storage
from api.documents.models import EmployeeDocument, UploadSlot
from api.documents.service import storage_key
from api.employees import service
from api.employees.models import Employee
from api.notes.models import EmployeeNote
from api.reminders.models import Reminder
from api.reviews.models import Review, ReviewTemplate
from tests.api.documents.factories import PDF, add_document
from tests.api.employees.factories import add, payload
from tests.dates import InDays, resolved

# ---- create ------------------------------------------------------------------------------


async def test_create_with_every_field(login, org):
    admin = await login(org, "admin")
    boss = await add(admin, firstName="Grace", lastName="Hopper", employeeId="BOSS-1")
    body = payload(
        firstName="  Alan ",
        lastName=" Turing ",
        email="  Alan.Turing@Example.COM ",
        department="engineering",
        position="  Cryptanalyst ",
        startDate="2020-01-15",
        nextReviewDate=(local_today() + timedelta(days=30)).isoformat(),
        managerId="BOSS-1",
        reviewSchedule="annual",
        profilePhotoUrl="https://cdn.example.com/alan.png",
        organizationId=999,  # ignored: the organisation is the signed-in one
    )
    r = await admin.post("/api/employees", json=body)
    assert r.status_code == 201, r.text
    made = r.json()
    assert made["firstName"] == "Alan"
    assert made["lastName"] == "Turing"
    assert made["email"] == "alan.turing@example.com"
    assert made["position"] == "Cryptanalyst"
    assert made["department"] == "engineering"
    assert made["startDate"] == "2020-01-15"
    assert made["nextReviewDate"] == (local_today() + timedelta(days=30)).isoformat()
    assert made["managerId"] == boss["employeeId"]
    assert made["reviewSchedule"] == "annual"
    assert made["profilePhotoUrl"] == "https://cdn.example.com/alan.png"
    assert made["isArchived"] is False
    assert made["organizationId"] == org.id
    assert made["createdAt"]
    r = await admin.get(f"/api/employees/{made['id']}")
    assert r.json() == made


async def test_employee_id_is_generated_unique_when_not_given(login, org):
    admin = await login(org, "admin")
    first = await add(admin)
    second = await add(admin, employeeId="")
    assert first["employeeId"] == "EMP0001"
    assert second["employeeId"] == "EMP0002"
    await add(admin, employeeId="EMP0041")
    assert (await add(admin))["employeeId"] == "EMP0042"
    # Custom ids do not disturb the sequence; every generated id fits 3-20 characters.
    await add(admin, employeeId="X-77")
    third = await add(admin)
    assert third["employeeId"] == "EMP0043"


async def test_generated_ids_never_get_stuck_behind_a_long_one(login, org):
    """An id like EMP999999999 typed by hand must not make every later add a 409."""
    admin = await login(org, "admin")
    await add(admin, employeeId="EMP999999999")
    assert (await add(admin))["employeeId"] == "EMP1000000000"
    assert (await add(admin))["employeeId"] == "EMP1000000001"
    # At the 20-character limit there is no next number: the lowest free one is taken.
    await add(admin, employeeId="EMP" + "9" * 17)
    await add(admin, employeeId="EMP0001")
    assert (await add(admin))["employeeId"] == "EMP0002"
    assert (await add(admin))["employeeId"] == "EMP0003"


async def test_concurrent_creates_never_get_the_same_generated_id(login, org):
    """Twenty people added at once, each by its own request: twenty distinct ids, no 409."""
    await add(await login(org, "admin"))  # something to count on from: EMP0001
    clients = [await login(org, "admin") for _ in range(20)]
    bodies = [payload() for _ in clients]
    replies = await asyncio.gather(
        *(c.post("/api/employees", json=body) for c, body in zip(clients, bodies, strict=True))
    )
    assert [r.status_code for r in replies] == [201] * 20, [r.text for r in replies]
    ids = {r.json()["employeeId"] for r in replies}
    assert ids == {f"EMP{n:04d}" for n in range(2, 22)}


async def test_minimal_create_and_defaults(login, org):
    admin = await login(org, "admin")
    r = await admin.post(
        "/api/employees",
        json={"firstName": "Kim", "lastName": "Lee", "startDate": "2024-02-02T00:00:00.000Z"},
    )
    assert r.status_code == 201, r.text
    made = r.json()
    assert made["startDate"] == "2024-02-02"
    assert made["reviewSchedule"] == "quarterly"
    for key in ("email", "department", "position", "managerId", "nextReviewDate"):
        assert made[key] is None
    # Empty optional values mean "none".
    r = await admin.post(
        "/api/employees",
        json=payload(email="", department="", position="", managerId="", profilePhotoUrl=""),
    )
    assert r.status_code == 201, r.text
    assert r.json()["email"] is None


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"firstName": ""}, "First name is required"),
        ({"firstName": "   "}, "First name is required"),
        ({"firstName": ...}, "First name is required"),
        ({"firstName": "x" * 51}, "First name must not exceed 50 characters"),
        ({"lastName": ""}, "Last name is required"),
        ({"lastName": "y" * 51}, "Last name must not exceed 50 characters"),
        ({"email": "not-an-email"}, "Invalid email format"),
        ({"email": "a@b"}, "Invalid email format"),
        ({"department": "x"}, "Department must be at least 2 characters"),
        ({"position": " p "}, "Position must be at least 2 characters"),
        ({"position": "p" * 101}, "Position must not exceed 100 characters"),
        ({"employeeId": "AB"}, "Employee ID must be between 3 and 20 characters"),
        ({"employeeId": "E" * 21}, "Employee ID must be between 3 and 20 characters"),
        ({"managerId": "M" * 21}, "Manager ID must not exceed 20 characters"),
        ({"startDate": "2024-02-30"}, "Invalid start date"),
        ({"startDate": "yesterday"}, "Invalid start date"),
        ({"startDate": ...}, "Invalid start date"),
        ({"nextReviewDate": "soon"}, "Invalid next review date"),
        ({"profilePhotoUrl": "not a url"}, "Invalid profile photo URL"),
        (
            {"profilePhotoUrl": "https://x.example/" + "a" * 490},
            "Profile photo URL must not exceed 500 characters",
        ),
        (
            {"reviewSchedule": "weekly"},
            "Review schedule must be one of monthly, quarterly, biannual, annual",
        ),
        (
            {"startDate": InDays(2)},
            "Start date cannot be in the future",
        ),
        ({"startDate": "1899-12-31"}, "Start date must be between 1900-01-01 and 2100-12-31"),
        (
            {"nextReviewDate": InDays(-2)},
            "Next review date cannot be in the past",
        ),
    ],
)
async def test_create_validation_messages(login, org, changes, message):
    admin = await login(org, "admin")
    r = await admin.post("/api/employees", json=payload(**resolved(changes)))
    assert r.status_code == 400, r.text
    assert r.json()["message"] == message
    assert (await admin.get("/api/employees")).json() == []


async def test_create_refuses_unknown_department_duplicates_and_bad_managers(login, org):
    admin = await login(org, "admin")
    first = await add(admin, email="dup@example.com", employeeId="E-100")
    r = await admin.post("/api/employees", json=payload(department="astrology"))
    assert r.status_code == 400
    assert r.json()["message"] == "Department 'astrology' does not exist"
    r = await admin.post("/api/employees", json=payload(employeeId="E-100"))
    assert r.status_code == 409
    assert r.json()["message"] == "An employee with employee ID 'E-100' already exists"
    r = await admin.post("/api/employees", json=payload(email="DUP@example.com"))
    assert r.status_code == 409
    assert r.json()["message"] == "An employee with email 'dup@example.com' already exists"
    r = await admin.post("/api/employees", json=payload(managerId="NOBODY"))
    assert r.status_code == 400
    assert r.json()["message"] == "Manager ID 'NOBODY' does not match any employee"
    r = await admin.post("/api/employees", json=payload(employeeId="SELF1", managerId="SELF1"))
    assert r.status_code == 400
    assert r.json()["message"] == "An employee cannot be their own manager"
    assert [e["id"] for e in (await admin.get("/api/employees")).json()] == [first["id"]]


async def test_odd_input_never_answers_500(login, org):
    admin = await login(org, "admin")
    made = await add(admin, firstName="Ada\x00", position="Eng\x00ineer")
    assert (made["firstName"], made["position"]) == ("Ada", "Engineer")
    for body in (
        {"firstName": 5, "lastName": ["x"], "startDate": "2020-01-01"},
        {"firstName": "A", "lastName": "B", "startDate": {"y": 2020}},
        {"firstName": "A", "lastName": "B", "startDate": "2020-01-01", "organizationId": "x"},
    ):
        r = await admin.post("/api/employees", json=body)
        assert r.status_code == 400, r.text
    r = await admin.post(
        "/api/employees", content=b"{not json", headers={"content-type": "application/json"}
    )
    assert r.status_code == 400
    r = await admin.get("/api/employees", params={"search": "a\x00b"})
    assert r.status_code == 200


async def test_department_may_be_given_by_name(login, org):
    admin = await login(org, "admin")
    made = await add(admin, department="Human Resources")
    assert made["department"] == "human-resources"


# ---- read, list, search -----------------------------------------------------------------


async def test_get_unknown_and_malformed_ids(login, org):
    admin = await login(org, "admin")
    r = await admin.get("/api/employees/999999")
    assert r.status_code == 404
    assert r.json() == {"message": "Employee not found"}
    assert (await admin.get("/api/employees/abc")).status_code == 400
    assert (await admin.get("/api/employees/99999999999999999999")).status_code == 400
    assert (await admin.put("/api/employees/0", json={})).status_code == 400


async def test_list_is_ordered_by_last_then_first_name_and_hides_archived(login, org):
    admin = await login(org, "admin")
    zed = await add(admin, firstName="Zed", lastName="Adams")
    amy = await add(admin, firstName="Amy", lastName="Adams")
    bob = await add(admin, firstName="Bob", lastName="Baker")
    old = await add(admin, firstName="Old", lastName="Aaron")
    r = await admin.post(f"/api/employees/{old['id']}/archive")
    assert r.status_code == 200
    r = await admin.get("/api/employees")
    assert r.status_code == 200
    assert r.headers["content-type"] == "application/json"
    listed = r.json()
    assert [e["id"] for e in listed] == [amy["id"], zed["id"], bob["id"]]
    # The list carries the same fields as a single read.
    single = (await admin.get(f"/api/employees/{amy['id']}")).json()
    assert listed[0] == single
    r = await admin.get("/api/employees", params={"includeArchived": "true"})
    assert [e["id"] for e in r.json()] == [old["id"], amy["id"], zed["id"], bob["id"]]
    assert r.json()[0]["isArchived"] is True
    r = await admin.get("/api/employees", params={"includeArchived": "maybe"})
    assert r.status_code == 400


async def test_search_matches_name_email_employee_id_and_position_in_any_case(login, org):
    admin = await login(org, "admin")
    ada = await add(
        admin,
        firstName="Ada",
        lastName="Lovelace",
        email="countess@analytical.example",
        employeeId="AE-1815",
        position="Mathematician",
    )
    await add(
        admin,
        firstName="Charles",
        lastName="Babbage",
        email="charles@engine.example",
        employeeId="DE-1791",
        position="Inventor",
    )

    async def found(term: str) -> list[int]:
        r = await admin.get("/api/employees", params={"search": term})
        assert r.status_code == 200
        return [e["id"] for e in r.json()]

    for term in ("ada", "LOVE", "ada lovelace", "Countess@", "ae-18", "mathem", "  ada  "):
        assert await found(term) == [ada["id"]], term
    assert len(await found("")) == 2
    assert await found("nobody") == []
    # LIKE wildcards are ordinary characters.
    assert await found("%") == []
    assert await found("_") == []
    assert (await admin.get("/api/employees", params={"search": "x" * 201})).status_code == 400


async def test_search_and_archived_combine(login, org):
    admin = await login(org, "admin")
    live = await add(admin, firstName="Sam", lastName="Active")
    gone = await add(admin, firstName="Sam", lastName="Gone")
    await admin.post(f"/api/employees/{gone['id']}/archive")
    r = await admin.get("/api/employees", params={"search": "sam"})
    assert [e["id"] for e in r.json()] == [live["id"]]
    r = await admin.get("/api/employees", params={"search": "sam", "includeArchived": "true"})
    assert [e["id"] for e in r.json()] == [live["id"], gone["id"]]


async def test_list_follows_writes_made_outside_the_api(login, org):
    """The list is served from a snapshot; any change to the table must show at once."""
    admin = await login(org, "admin")
    made = await add(admin, firstName="Before", lastName="Change")
    other = await add(admin, firstName="Zoe", lastName="Zulu")

    async def names() -> list[str]:
        return [e["firstName"] for e in (await admin.get("/api/employees")).json()]

    assert await names() == ["Before", "Zoe"]
    async with tenant_session(org.schema_name, org.id) as session:
        await session.execute(
            update(Employee).where(Employee.id == made["id"]).values(first_name="After")
        )
    assert await names() == ["After", "Zoe"]
    assert (await admin.get("/api/employees", params={"search": "after"})).json() != []
    # A new last name moves the row; new rows and deleted rows show up in their place.
    await admin.put(f"/api/employees/{other['id']}", json={"lastName": "Aardvark"})
    assert await names() == ["Zoe", "After"]
    newcomer = await add(admin, firstName="Mid", lastName="Middle")
    assert await names() == ["Zoe", "After", "Mid"]
    await admin.delete(f"/api/employees/{newcomer['id']}")
    assert await names() == ["Zoe", "After"]
    await admin.post(f"/api/employees/{other['id']}/archive")
    assert await names() == ["After"]
    async with tenant_session(org.schema_name, org.id) as session:
        await session.execute(delete(Employee))
    assert await names() == []


async def test_every_signed_in_role_reads(login, org):
    admin = await login(org, "admin")
    made = await add(admin)
    for role in ("hr", "manager", "user"):
        c = await login(org, role)
        assert (await c.get("/api/employees")).status_code == 200
        r = await c.get(f"/api/employees/{made['id']}")
        assert r.status_code == 200
        assert r.json()["id"] == made["id"]


async def test_anonymous_and_pending_password_change_are_refused(client, login, org):
    assert (await client.get("/api/employees")).status_code == 401
    assert (await client.post("/api/employees", json=payload())).status_code == 401
    pending = await login(org, "admin", force=True)
    assert (await pending.get("/api/employees")).status_code == 403


# ---- update --------------------------------------------------------------------------------


async def test_update_changes_only_the_fields_sent(login, org):
    admin = await login(org, "admin")
    made = await add(admin, position="Engineer", reviewSchedule="quarterly")
    r = await admin.put(
        f"/api/employees/{made['id']}",
        json={
            "position": "Staff Engineer",
            "reviewSchedule": "monthly",
            "department": "finance",
            # an edit allows a past date
            "nextReviewDate": (local_today() - timedelta(days=3)).isoformat(),
            "startDate": "2030-01-01",
            "id": 12345,  # read-only fields in the body are ignored
            "isArchived": True,
        },
    )
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["position"] == "Staff Engineer"
    assert body["reviewSchedule"] == "monthly"
    assert body["department"] == "finance"
    assert body["startDate"] == "2030-01-01"
    assert body["id"] == made["id"]
    assert body["isArchived"] is False
    assert body["firstName"] == made["firstName"]
    assert body["email"] == made["email"]
    # Optional fields can be cleared; "none" clears the manager like null.
    r = await admin.put(
        f"/api/employees/{made['id']}", json={"email": "", "position": None, "managerId": "none"}
    )
    assert r.status_code == 200
    assert r.json()["email"] is None
    assert r.json()["position"] is None
    assert r.json()["managerId"] is None


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"firstName": ""}, "First name is required"),
        ({"firstName": None}, "First name is required"),
        ({"lastName": "z" * 51}, "Last name must not exceed 50 characters"),
        ({"email": "nope"}, "Invalid email format"),
        ({"department": "a"}, "Department must be at least 2 characters"),
        ({"position": "b"}, "Position must be at least 2 characters"),
        ({"employeeId": "AB"}, "Employee ID must be between 3 and 20 characters"),
        ({"startDate": "2024-13-01"}, "Invalid start date"),
        ({"nextReviewDate": "2024-02-30"}, "Invalid next review date"),
        ({"profilePhotoUrl": "ftp://x"}, "Invalid profile photo URL"),
        (
            {"reviewSchedule": "daily"},
            "Review schedule must be one of monthly, quarterly, biannual, annual",
        ),
        ({"department": "nowhere"}, "Department 'nowhere' does not exist"),
    ],
)
async def test_update_validation_messages(login, org, changes, message):
    admin = await login(org, "admin")
    made = await add(admin)
    r = await admin.put(f"/api/employees/{made['id']}", json=changes)
    assert r.status_code == 400, r.text
    assert r.json()["message"] == message
    assert (await admin.get(f"/api/employees/{made['id']}")).json() == made


async def test_update_uniqueness_is_per_employee(login, org):
    admin = await login(org, "admin")
    one = await add(admin, employeeId="ONE-1", email="one@example.com")
    two = await add(admin, employeeId="TWO-2", email="two@example.com")
    # Sending one's own values back is fine (the edit form sends every field).
    r = await admin.put(
        f"/api/employees/{one['id']}", json={"employeeId": "ONE-1", "email": "ONE@example.com"}
    )
    assert r.status_code == 200
    r = await admin.put(f"/api/employees/{two['id']}", json={"employeeId": "ONE-1"})
    assert r.status_code == 409
    assert r.json()["message"] == "An employee with employee ID 'ONE-1' already exists"
    r = await admin.put(f"/api/employees/{two['id']}", json={"email": "one@example.com"})
    assert r.status_code == 409
    assert r.json()["message"] == "An employee with email 'one@example.com' already exists"
    # A blank employeeId keeps the current one.
    r = await admin.put(f"/api/employees/{two['id']}", json={"employeeId": ""})
    assert r.json()["employeeId"] == "TWO-2"


async def test_manager_rules_on_update(login, org):
    admin = await login(org, "admin")
    ceo = await add(admin, employeeId="CEO")
    vp = await add(admin, employeeId="VP-1", managerId="CEO")
    dev = await add(admin, employeeId="DEV", managerId="VP-1")

    async def set_manager(person: dict, manager: str | None):
        return await admin.put(f"/api/employees/{person['id']}", json={"managerId": manager})

    r = await set_manager(ceo, "CEO")
    assert r.status_code == 400
    assert r.json()["message"] == "An employee cannot be their own manager"
    r = await set_manager(ceo, "DEV")
    assert r.status_code == 400
    assert r.json()["message"] == "This manager assignment would create a reporting cycle"
    r = await set_manager(vp, "DEV")
    assert r.json()["message"] == "This manager assignment would create a reporting cycle"
    r = await set_manager(dev, "GHOST")
    assert r.json()["message"] == "Manager ID 'GHOST' does not match any employee"
    # Renaming while naming oneself as manager under the new id is caught too.
    r = await admin.put(
        f"/api/employees/{dev['id']}", json={"employeeId": "DEV-2", "managerId": "DEV-2"}
    )
    assert r.json()["message"] == "An employee cannot be their own manager"
    r = await set_manager(dev, "CEO")
    assert r.status_code == 200
    assert r.json()["managerId"] == "CEO"
    r = await set_manager(dev, None)
    assert r.json()["managerId"] is None


async def test_renaming_an_employee_id_carries_the_reports_along(login, org):
    admin = await login(org, "admin")
    boss = await add(admin, employeeId="LEAD-1")
    report = await add(admin, managerId="LEAD-1")
    r = await admin.put(f"/api/employees/{boss['id']}", json={"employeeId": "LEAD-9"})
    assert r.status_code == 200
    assert (await admin.get(f"/api/employees/{report['id']}")).json()["managerId"] == "LEAD-9"


# ---- archive, restore, delete ----------------------------------------------------------------


async def test_archive_and_restore(login, org):
    admin = await login(org, "admin")
    made = await add(admin)
    r = await admin.post(f"/api/employees/{made['id']}/archive")
    assert r.status_code == 200
    assert r.json()["isArchived"] is True
    assert (await admin.get("/api/employees")).json() == []
    assert (await admin.get(f"/api/employees/{made['id']}")).json()["isArchived"] is True
    r = await admin.post(f"/api/employees/{made['id']}/unarchive")
    assert r.status_code == 200
    assert r.json()["isArchived"] is False
    assert [e["id"] for e in (await admin.get("/api/employees")).json()] == [made["id"]]
    assert (await admin.post("/api/employees/424242/archive")).status_code == 404
    assert (await admin.post("/api/employees/424242/unarchive")).status_code == 404


async def test_permanent_delete_removes_everything_of_the_employee(login, org):
    admin = await login(org, "admin")
    gone = await add(admin, employeeId="GONE-1")
    report = await add(admin, managerId="GONE-1")
    kept = await add(admin)
    storage = get_storage()
    # Documents made the way the screen makes them: upload, then record.
    gone_docs = [
        await add_document(admin, gone["id"]),
        await add_document(admin, gone["id"], isConfidential=True),
    ]
    kept_doc = await add_document(admin, kept["id"])

    def key(doc: dict) -> str:
        return storage_key(org.id, doc["filePath"].rsplit("/", 1)[-1])

    assert all(storage.exists(key(d)) for d in [*gone_docs, kept_doc])
    async with tenant_session(org.schema_name, org.id) as session:
        template = await session.scalar(select(ReviewTemplate))
        assert template is not None
        cert_type = CertificationType(name="First Aid", validity_months=12)
        session.add(cert_type)
        await session.flush()
        for person in (gone, kept):
            review = Review(
                employee_id=person["id"],
                template_id=template.id,
                review_type="quarterly",
                status="pending",
                responses={},
                due_date=local_today(),
            )
            cert = EmployeeCertification(
                employee_id=person["id"],
                certification_type_id=cert_type.id,
                issue_date=local_today(),
            )
            session.add_all([review, cert])
            await session.flush()
            session.add_all(
                [
                    Certification(employee_id=person["id"], name="Free-form cert"),
                    EmployeeNote(
                        employee_id=person["id"],
                        date=local_today(),
                        category="recognition",
                        note="Hi",
                    ),
                    Reminder(
                        employee_id=person["id"],
                        review_id=review.id,
                        type="review_due",
                        message="Review due",
                        due_date=local_today(),
                    ),
                ]
            )

    r = await admin.delete(f"/api/employees/{gone['id']}")
    assert r.status_code == 200, r.text
    assert r.json() == {"success": True, "message": "Employee deleted successfully"}
    assert (await admin.get(f"/api/employees/{gone['id']}")).status_code == 404
    assert (await admin.delete(f"/api/employees/{gone['id']}")).status_code == 404
    # The report stays, without a manager.
    assert (await admin.get(f"/api/employees/{report['id']}")).json()["managerId"] is None
    async with tenant_session(org.schema_name, org.id) as session:
        for model in (
            Review,
            EmployeeCertification,
            Certification,
            EmployeeNote,
            EmployeeDocument,
            Reminder,
        ):
            owners = (await session.scalars(select(model.employee_id))).all()
            assert owners == [kept["id"]], model.__name__
        assert await session.scalar(select(func.count()).select_from(Employee)) == 2
        slots = (await session.scalars(select(UploadSlot.path))).all()
        assert slots == [kept_doc["filePath"]]
    # The files go with the records; another employee's file stays and still downloads.
    assert not any(storage.exists(key(d)) for d in gone_docs)
    for doc in gone_docs:
        assert (await admin.get(doc["filePath"])).status_code == 404
    assert storage.exists(key(kept_doc))
    assert (await admin.get(kept_doc["filePath"])).status_code == 200


async def test_a_failed_permanent_delete_keeps_rows_and_files(login, org, monkeypatch):
    """One transaction: if the delete cannot commit, nothing of the employee is lost."""
    admin = await login(org, "admin")
    person = await add(admin)
    doc = await add_document(admin, person["id"])
    await admin.post(
        "/api/employee-notes",
        json={
            "employeeId": person["id"],
            "date": "2026-01-01",
            "category": "recognition",
            "note": "Hi",
        },
    )

    async def broken_delete(*, session, employee):
        await real_delete(session=session, employee=employee)
        raise Conflict("refused after the rows were deleted, before the commit")

    real_delete = service.delete_employee
    monkeypatch.setattr(service, "delete_employee", broken_delete)
    r = await admin.delete(f"/api/employees/{person['id']}")
    assert r.status_code == 409
    monkeypatch.undo()
    assert (await admin.get(f"/api/employees/{person['id']}")).status_code == 200
    notes = await admin.get("/api/employee-notes", params={"employeeId": person["id"]})
    assert len(notes.json()) == 1
    r = await admin.get(doc["filePath"])
    assert r.status_code == 200 and r.content == PDF


# ---- permissions and organisations ------------------------------------------------------------


@pytest.mark.parametrize("role", ["manager", "user"])
async def test_only_admin_and_hr_write(login, org, role):
    admin = await login(org, "admin")
    made = await add(admin)
    c = await login(org, role)
    base = f"/api/employees/{made['id']}"
    calls = [
        c.post("/api/employees", json=payload()),
        c.put(base, json={"position": "Boss"}),
        c.post(f"{base}/archive"),
        c.post(f"{base}/unarchive"),
        c.delete(base),
        c.post("/api/employees/bulk-upload", json={"csvData": [{"employeeId": "X1"}]}),
    ]
    for call in calls:
        r = await call
        assert r.status_code == 403, r.text
        assert r.json() == {"message": "You don't have permission to do this"}
    assert (await admin.get(base)).json() == made
    assert len((await admin.get("/api/employees")).json()) == 1


async def test_hr_writes_like_admin(login, org):
    hr = await login(org, "hr")
    made = await add(hr)
    base = f"/api/employees/{made['id']}"

    async def stored() -> tuple[str | None, bool] | None:
        """The stored row's position and archived flag, or None once it is gone."""
        async with tenant_session(org.schema_name, org.id) as session:
            row = await session.get(Employee, made["id"])
        return None if row is None else (row.position, row.is_archived)

    assert (await hr.put(base, json={"position": "HR Partner"})).status_code == 200
    assert await stored() == ("HR Partner", False)
    assert (await hr.post(f"{base}/archive")).status_code == 200
    assert await stored() == ("HR Partner", True)
    assert (await hr.post(f"{base}/unarchive")).status_code == 200
    assert await stored() == ("HR Partner", False)
    assert (await hr.delete(base)).status_code == 200
    assert await stored() is None
    assert (await hr.get(base)).status_code == 404


async def test_another_organisation_sees_nothing_and_touches_nothing(login, org, other_org):
    admin_a = await login(org, "admin")
    made = await add(admin_a, employeeId="ORG-A-1", email="shared@example.com")
    admin_b = await login(other_org, "admin")
    base = f"/api/employees/{made['id']}"
    assert (await admin_b.get(base)).status_code == 404
    assert (await admin_b.put(base, json={"position": "Mole"})).status_code == 404
    assert (await admin_b.post(f"{base}/archive")).status_code == 404
    assert (await admin_b.post(f"{base}/unarchive")).status_code == 404
    assert (await admin_b.delete(base)).status_code == 404
    assert (await admin_b.get("/api/employees")).json() == []
    assert (await admin_b.get("/api/employees", params={"search": "ORG-A"})).json() == []
    # Org A's employees are no managers in org B; ids and e-mails are unique per organisation.
    r = await admin_b.post("/api/employees", json=payload(managerId="ORG-A-1"))
    assert r.status_code == 400
    twin = await add(admin_b, employeeId="ORG-A-1", email="shared@example.com")
    assert twin["organizationId"] == other_org.id
    assert (await admin_a.get(base)).json() == made
