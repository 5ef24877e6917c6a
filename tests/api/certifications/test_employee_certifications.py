"""Assigning certifications to employees: field rules, validity months, overlap, roles."""

import asyncio

import pytest
from pydantic import TypeAdapter

from api.certifications.schemas import EmployeeCertificationRead
from tests.api.certifications.factories import (
    EmployeeCertification,
    add_cert,
    add_employee,
    add_type,
    count,
    days,
    iso,
)
from tests.dates import InDays, resolved

ROLES = ["admin", "hr", "manager", "user"]


async def setup(org, **type_fields):
    employee = await add_employee(org)
    type_id = await add_type(org, "First Aid", issuing_organization="Red Cross", **type_fields)
    return employee, type_id


@pytest.mark.date_sensitive
async def test_assign_with_every_field(org, login):
    employee, type_id = await setup(org, is_required=True)
    admin = await login(org, "admin")
    r = await admin.post(
        "/api/employee-certifications",
        json={
            "employeeId": employee,
            "certificationTypeId": type_id,
            "issueDate": iso(-10),
            "expirationDate": iso(100),
            "certificateNumber": " FA-123 ",
            "attachmentUrl": "/api/employee-documents/files/0123456789abcdef0123456789abcdef",
            "isActive": True,
        },
    )
    assert r.status_code == 201, r.text
    body = r.json()
    assert body["organizationId"] == org.id
    assert body["employeeId"] == employee
    assert body["certificationTypeId"] == type_id
    assert body["issueDate"] == iso(-10)
    assert body["expirationDate"] == iso(100)
    assert body["certificateNumber"] == "FA-123"
    assert body["attachmentUrl"].startswith("/api/employee-documents/files/")
    assert body["isActive"] is True
    assert (body["status"], body["statusLabel"], body["daysUntilExpiry"]) == (
        "active",
        "Active",
        100,
    )
    assert body["employee"]["firstName"] == "Ada"
    assert body["employee"]["departmentName"] == "Engineering"
    assert body["certificationType"] == {
        "id": type_id,
        "name": "First Aid",
        "issuingOrganization": "Red Cross",
        "validityMonths": None,
        "isRequired": True,
    }


@pytest.mark.date_sensitive
async def test_iso_timestamps_are_read_as_the_calendar_day(org, login):
    employee, type_id = await setup(org)
    admin = await login(org, "admin")
    r = await admin.post(
        "/api/employee-certifications",
        json={
            "employeeId": str(employee),
            "certificationTypeId": type_id,
            "issueDate": f"{iso(-1)}T00:00:00.000Z",
            "expirationDate": f"{iso(40)}T00:00:00.000Z",
        },
    )
    assert r.status_code == 201, r.text
    assert (r.json()["issueDate"], r.json()["expirationDate"]) == (iso(-1), iso(40))
    assert r.json()["status"] == "warning"


@pytest.mark.date_sensitive
async def test_expiration_is_computed_from_validity_months_when_not_given(org, login):
    employee, type_id = await setup(org, validity_months=12)
    admin = await login(org, "admin")
    # Issued on a leap day: twelve months on, February has no 29th.
    r = await admin.post(
        "/api/employee-certifications",
        json={"employeeId": employee, "certificationTypeId": type_id, "issueDate": "2024-02-29"},
    )
    assert r.status_code == 201, r.text
    assert r.json()["expirationDate"] == "2025-02-28"


@pytest.mark.date_sensitive
async def test_a_given_expiration_date_wins_over_validity_months(org, login):
    employee, type_id = await setup(org, validity_months=12)
    admin = await login(org, "admin")
    r = await admin.post(
        "/api/employee-certifications",
        json={
            "employeeId": employee,
            "certificationTypeId": type_id,
            "issueDate": iso(-5),
            "expirationDate": iso(20),
        },
    )
    assert r.json()["expirationDate"] == iso(20)
    assert r.json()["status"] == "expiring"
    assert r.json()["statusLabel"] == "Expires in 20 days"


async def test_without_validity_or_expiration_it_never_expires(org, login):
    employee, type_id = await setup(org)
    admin = await login(org, "admin")
    r = await admin.post(
        "/api/employee-certifications",
        json={"employeeId": employee, "certificationTypeId": type_id, "issueDate": iso(0)},
    )
    assert r.status_code == 201
    assert r.json()["expirationDate"] is None
    assert (r.json()["status"], r.json()["statusLabel"]) == ("no_expiry", "No Expiry")


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"issueDate": None}, "Issue date is required"),
        ({"issueDate": ""}, "Issue date is required"),
        ({"issueDate": "not a date"}, "Invalid issue date"),
        ({"issueDate": "2026-02-30"}, "Invalid issue date"),
        ({"issueDate": InDays(2)}, "Issue date cannot be in the future"),
        ({"issueDate": "1899-12-31"}, "Issue date must be between 1900-01-01 and 2100-12-31"),
        ({"expirationDate": InDays(-2)}, "Expiration date cannot be in the past"),
        ({"issueDate": InDays(0), "expirationDate": "bad"}, "Invalid expiration date"),
        ({"certificateNumber": "X" * 51}, "Certificate number must not exceed 50 characters"),
        ({"attachmentUrl": "not a url"}, "Attachment URL must be a valid URL"),
        ({"attachmentUrl": "javascript:alert(1)"}, "Attachment URL must be a valid URL"),
        (
            {"attachmentUrl": "https://x.io/" + "a" * 500},
            "Attachment URL must not exceed 500 characters",
        ),
        ({"certificationTypeId": None}, "Certification type is required"),
        ({"employeeId": None}, "Employee is required"),
        ({"employeeId": "abc"}, "Invalid employee"),
    ],
)
async def test_bad_input_is_refused_and_nothing_written(org, login, changes, message):
    employee, type_id = await setup(org)
    admin = await login(org, "admin")
    payload = {"employeeId": employee, "certificationTypeId": type_id, "issueDate": iso(-30)}
    payload.update(resolved(changes))
    r = await admin.post("/api/employee-certifications", json=payload)
    assert r.status_code == 400, r.text
    assert r.json()["message"] == message
    assert any(e["message"] == message for e in r.json()["errors"])
    assert await count(org) == 0


async def test_expiration_before_issue_is_refused(org, login):
    # On create the other rules already rule it out (issue <= today <= expiration), so the
    # rule shows on update: a kept past expiration with a later issue date.
    employee, type_id = await setup(org)
    admin = await login(org, "admin")
    r = await admin.post(
        "/api/employee-certifications",
        json={
            "employeeId": employee,
            "certificationTypeId": type_id,
            "issueDate": iso(0),
            "expirationDate": iso(0),
        },
    )
    assert r.status_code == 201  # the same day is allowed
    cert = await add_cert(org, employee, type_id, issue=days(-400), expires=days(-30))
    r = await admin.put(f"/api/employee-certifications/{cert}", json={"issueDate": iso(-20)})
    assert (r.status_code, r.json()["message"]) == (
        400,
        "Expiration date cannot be before the issue date",
    )
    r = await admin.get("/api/employee-certifications", params={"employeeId": employee})
    assert iso(-400) in [c["issueDate"] for c in r.json()]


async def test_unknown_employee_or_type_answers_404_and_writes_nothing(org, login):
    employee, type_id = await setup(org)
    admin = await login(org, "admin")
    base = {"employeeId": employee, "certificationTypeId": type_id, "issueDate": iso(-1)}
    r = await admin.post("/api/employee-certifications", json={**base, "employeeId": 999999})
    assert (r.status_code, r.json()["message"]) == (404, "Employee not found")
    r = await admin.post(
        "/api/employee-certifications", json={**base, "certificationTypeId": 999999}
    )
    assert (r.status_code, r.json()["message"]) == (404, "Certification type not found")
    assert await count(org) == 0


async def test_overlapping_assignment_of_the_same_type_is_refused(org, login):
    employee, type_id = await setup(org)
    other_type = await add_type(org, "Forklift")
    admin = await login(org, "admin")

    async def assign(
        issue: str, expires: str | None = None, type_: int = type_id, active: bool = True
    ):
        body = {
            "employeeId": employee,
            "certificationTypeId": type_,
            "issueDate": issue,
            "isActive": active,
        }
        if expires:
            body["expirationDate"] = expires
        return await admin.post("/api/employee-certifications", json=body)

    assert (await assign(iso(-100), iso(50))).status_code == 201
    r = await assign(iso(-10), iso(200))
    assert r.status_code == 409
    assert r.json()["message"] == (
        f"This employee already holds First Aid for an overlapping period "
        f"(issued {iso(-100)}, valid until {iso(50)})"
    )
    # Same dates again: still an overlap.
    assert (await assign(iso(-100), iso(50))).status_code == 409
    # No expiry overlaps everything after its issue date.
    assert (await assign(iso(-5))).status_code == 409
    # Another type, or an inactive record, is fine.
    assert (await assign(iso(-10), iso(200), type_=other_type)).status_code == 201
    assert (await assign(iso(-10), iso(200), active=False)).status_code == 201
    assert await count(org) == 3


@pytest.mark.date_sensitive
async def test_a_renewal_after_the_old_one_expired_is_not_an_overlap(org, login):
    employee, type_id = await setup(org)
    await add_cert(org, employee, type_id, issue=days(-400), expires=days(-35))
    await add_cert(org, employee, type_id, issue=days(-34), expires=days(-1))
    admin = await login(org, "admin")
    # Issued on the day the previous one expired.
    r = await admin.post(
        "/api/employee-certifications",
        json={
            "employeeId": employee,
            "certificationTypeId": type_id,
            "issueDate": iso(-1),
            "expirationDate": iso(364),
        },
    )
    assert r.status_code == 201, r.text


@pytest.mark.date_sensitive
async def test_list_all_or_per_employee(org, login):
    first_aid = await add_type(org, "First Aid")
    forklift = await add_type(org, "Forklift")
    ada = await add_employee(org, first="Ada", last="Lovelace")
    bob = await add_employee(org, first="Bob", last="Babbage", department=None)
    gone = await add_employee(org, first="Old", last="Timer", archived=True)
    await add_cert(org, ada, first_aid, expires=days(10))
    await add_cert(org, ada, forklift, expires=None)
    await add_cert(org, bob, first_aid, expires=days(-5))
    await add_cert(org, gone, first_aid)

    user = await login(org, "user")
    r = await user.get("/api/employee-certifications")
    assert r.status_code == 200
    rows = [
        (c["employee"]["lastName"], c["certificationType"]["name"], c["status"]) for c in r.json()
    ]
    assert rows == [
        ("Babbage", "First Aid", "expired"),
        ("Lovelace", "First Aid", "expiring"),
        ("Lovelace", "Forklift", "no_expiry"),
    ]
    # The list is built without pydantic for speed: it must still match the declared schema.
    TypeAdapter(list[EmployeeCertificationRead]).validate_python(r.json(), by_alias=True)
    r = await user.get("/api/employee-certifications", params={"includeArchived": "true"})
    assert len(r.json()) == 4

    r = await user.get("/api/employee-certifications", params={"employeeId": ada})
    assert [c["certificationType"]["name"] for c in r.json()] == ["First Aid", "Forklift"]
    assert {c["employeeId"] for c in r.json()} == {ada}
    # An archived employee's profile still lists their certifications.
    r = await user.get("/api/employee-certifications", params={"employeeId": gone})
    assert len(r.json()) == 1
    r = await user.get("/api/employee-certifications", params={"employeeId": 999999})
    assert (r.status_code, r.json()["message"]) == (404, "Employee not found")
    r = await user.get("/api/employee-certifications", params={"employeeId": "x"})
    assert r.status_code == 400


@pytest.mark.date_sensitive
async def test_update_replaces_the_fields_sent(org, login):
    employee, type_id = await setup(org, validity_months=6)
    cert = await add_cert(org, employee, type_id, issue=days(-30), expires=days(150))
    admin = await login(org, "hr")
    r = await admin.put(
        f"/api/employee-certifications/{cert}",
        json={"certificateNumber": "N-1", "isActive": False},
    )
    assert r.status_code == 200, r.text
    assert r.json()["certificateNumber"] == "N-1"
    assert r.json()["isActive"] is False
    assert r.json()["expirationDate"] == iso(150)
    # Clearing the expiration of a type with a validity period recomputes it.
    r = await admin.put(
        f"/api/employee-certifications/{cert}",
        json={"issueDate": "2026-08-31", "expirationDate": None},
    )
    assert r.status_code == 200, r.text
    assert r.json()["expirationDate"] == "2027-02-28"  # six months on, at February's end


@pytest.mark.date_sensitive
async def test_update_of_an_expired_record_keeps_working(org, login):
    employee, type_id = await setup(org)
    cert = await add_cert(org, employee, type_id, issue=days(-400), expires=days(-30))
    admin = await login(org, "admin")
    # The form sends the stored (past) expiration back unchanged: allowed.
    r = await admin.put(
        f"/api/employee-certifications/{cert}",
        json={"expirationDate": iso(-30), "certificateNumber": "OLD-1"},
    )
    assert r.status_code == 200, r.text
    # A new date in the past is not.
    r = await admin.put(f"/api/employee-certifications/{cert}", json={"expirationDate": iso(-29)})
    assert (r.status_code, r.json()["message"]) == (400, "Expiration date cannot be in the past")
    r = await admin.put(f"/api/employee-certifications/{cert}", json={"issueDate": iso(3)})
    assert (r.status_code, r.json()["message"]) == (400, "Issue date cannot be in the future")


async def test_update_cannot_create_an_overlap(org, login):
    employee, type_id = await setup(org)
    await add_cert(org, employee, type_id, issue=days(-100), expires=days(100))
    inactive = await add_cert(
        org, employee, type_id, issue=days(-50), expires=days(50), active=False
    )
    admin = await login(org, "admin")
    r = await admin.put(f"/api/employee-certifications/{inactive}", json={"isActive": True})
    assert r.status_code == 409
    assert "overlapping period" in r.json()["message"]
    assert await count(org, EmployeeCertification, EmployeeCertification.is_active.is_(True)) == 1


async def test_delete(org, login):
    employee, type_id = await setup(org)
    cert = await add_cert(org, employee, type_id)
    admin = await login(org, "admin")
    r = await admin.delete(f"/api/employee-certifications/{cert}")
    assert r.status_code == 200
    assert r.json()["success"] is True
    assert await count(org) == 0
    assert (await admin.delete(f"/api/employee-certifications/{cert}")).status_code == 404
    assert (await admin.put(f"/api/employee-certifications/{cert}", json={})).status_code == 404


@pytest.mark.parametrize("role", ROLES)
async def test_every_role_reads_only_admin_and_hr_write(org, login, role):
    employee, type_id = await setup(org)
    existing = await add_cert(org, employee, type_id, issue=days(-500), expires=days(-400))
    client = await login(org, role)
    assert (await client.get("/api/employee-certifications")).status_code == 200
    assert (
        await client.get("/api/employee-certifications", params={"employeeId": employee})
    ).status_code == 200
    statuses = [
        (
            await client.post(
                "/api/employee-certifications",
                json={"employeeId": employee, "certificationTypeId": type_id, "issueDate": iso(-1)},
            )
        ).status_code,
        (
            await client.put(
                f"/api/employee-certifications/{existing}", json={"certificateNumber": "Z"}
            )
        ).status_code,
        (await client.delete(f"/api/employee-certifications/{existing}")).status_code,
    ]
    if role in ("admin", "hr"):
        assert statuses == [201, 200, 200]
    else:
        assert statuses == [403, 403, 403]
        assert await count(org) == 1


async def test_another_organisations_ids_answer_404(org, other_org, login):
    employee, type_id = await setup(org)
    cert = await add_cert(org, employee, type_id)
    other = await login(other_org, "admin")
    assert (await other.get("/api/employee-certifications")).json() == []
    r = await other.get("/api/employee-certifications", params={"employeeId": employee})
    assert r.status_code == 404
    assert (
        await other.put(f"/api/employee-certifications/{cert}", json={"isActive": False})
    ).status_code == 404
    assert (await other.delete(f"/api/employee-certifications/{cert}")).status_code == 404
    # Org B's own type with org A's employee, and org B's employee with org A's type.
    own_type = await add_type(other_org, "Beta Type")
    r = await other.post(
        "/api/employee-certifications",
        json={"employeeId": employee, "certificationTypeId": own_type, "issueDate": iso(-1)},
    )
    assert (r.status_code, r.json()["message"]) == (404, "Employee not found")
    await add_employee(other_org)  # takes id 1 in org B
    own_employee = await add_employee(other_org)
    r = await other.post(
        "/api/employee-certifications",
        json={
            "employeeId": own_employee,
            "certificationTypeId": type_id + 100,
            "issueDate": iso(-1),
        },
    )
    assert (r.status_code, r.json()["message"]) == (404, "Certification type not found")
    assert await count(org) == 1
    assert await count(other_org) == 0


async def test_two_overlapping_assignments_sent_at_once_yield_one(org, login):
    employee, type_id = await setup(org)
    admin = await login(org, "admin")
    body = {"employeeId": employee, "certificationTypeId": type_id, "issueDate": iso(-3)}
    replies = await asyncio.gather(
        *(admin.post("/api/employee-certifications", json=body) for _ in range(4))
    )
    assert sorted(r.status_code for r in replies) == [201, 409, 409, 409]
    assert await count(org) == 1


async def test_a_list_item_is_the_same_record_the_assign_call_returned(org, login):
    employee, type_id = await setup(org, validity_months=24)
    admin = await login(org, "admin")
    created = await admin.post(
        "/api/employee-certifications",
        json={
            "employeeId": employee,
            "certificationTypeId": type_id,
            "issueDate": iso(-3),
            "certificateNumber": "A-1",
        },
    )
    assert created.status_code == 201
    listed = (await admin.get("/api/employee-certifications")).json()
    assert listed == [created.json()]
    mine = (await admin.get("/api/employee-certifications", params={"employeeId": employee})).json()
    assert mine == [created.json()]


async def test_the_attachment_is_a_file_of_the_document_upload(org, login):
    """The dialog's optional attachment: the two-step document upload, a 'certificate'
    document on the employee, then the certification points at its file."""
    employee, type_id = await setup(org)
    admin = await login(org, "admin")
    slot = (await admin.post("/api/upload/document")).json()
    pdf = b"%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"
    r = await admin.put(slot["uploadURL"], content=pdf, headers={"content-type": "application/pdf"})
    assert r.status_code == 200, r.text
    r = await admin.post(
        "/api/employee-documents",
        json={
            "employeeId": employee,
            "documentType": "certificate",
            "title": "First Aid certificate",
            "filePath": slot["documentPath"],
            "fileName": "first-aid.pdf",
            "fileSize": len(pdf),
            "mimeType": "application/pdf",
        },
    )
    assert r.status_code == 201, r.text
    file_path = r.json()["filePath"]
    r = await admin.post(
        "/api/employee-certifications",
        json={
            "employeeId": employee,
            "certificationTypeId": type_id,
            "issueDate": iso(-3),
            "attachmentUrl": file_path,
        },
    )
    assert r.status_code == 201, r.text
    assert r.json()["attachmentUrl"] == file_path
    # Any signed-in role opens it from the profile.
    reader = await login(org, "user")
    listed = (
        await reader.get("/api/employee-certifications", params={"employeeId": employee})
    ).json()
    download = await reader.get(listed[0]["attachmentUrl"])
    assert download.status_code == 200
    assert download.content == pdf
