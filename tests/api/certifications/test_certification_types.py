"""Certification types: list with counts, create, edit, delete (with confirmation), roles."""

import pytest

from api.certifications.service import create_reminders
from api.core.db import tenant_session
from tests.api.certifications.factories import (
    CertificationType,
    EmployeeCertification,
    Reminder,
    add_cert,
    add_employee,
    add_type,
    count,
    days,
)

ROLES = ["admin", "hr", "manager", "user"]


async def test_create_returns_the_type_with_zero_counts(org, login):
    admin = await login(org, "admin")
    r = await admin.post(
        "/api/certification-types",
        json={
            "name": "  CPR Certification ",
            "description": "Cardiopulmonary resuscitation",
            "issuingOrganization": "Red Cross",
            "validityMonths": 24,
            "isRequired": True,
        },
    )
    assert r.status_code == 201, r.text
    body = r.json()
    assert body["id"] > 0
    assert body["organizationId"] == org.id
    assert body["name"] == "CPR Certification"
    assert body["description"] == "Cardiopulmonary resuscitation"
    assert body["issuingOrganization"] == "Red Cross"
    assert body["validityMonths"] == 24
    assert body["isRequired"] is True
    assert body["employeeCount"] == 0
    assert body["expiringCount"] == 0
    assert "createdAt" in body


async def test_optional_fields_default(org, login):
    admin = await login(org, "admin")
    r = await admin.post("/api/certification-types", json={"name": "Forklift"})
    assert r.status_code == 201, r.text
    body = r.json()
    assert body["isRequired"] is False
    assert body["validityMonths"] is None
    assert body["description"] is None
    assert body["issuingOrganization"] is None


@pytest.mark.parametrize(
    ("payload", "message"),
    [
        ({}, "Certification name must be at least 3 characters"),
        ({"name": "  ab  "}, "Certification name must be at least 3 characters"),
        ({"name": "x" * 101}, "Certification name must not exceed 100 characters"),
        (
            {"name": "Valid", "description": "d" * 1001},
            "Description must not exceed 1000 characters",
        ),
        (
            {"name": "Valid", "issuingOrganization": "A"},
            "Issuing organization must be at least 2 characters",
        ),
        (
            {"name": "Valid", "issuingOrganization": "A" * 101},
            "Issuing organization must not exceed 100 characters",
        ),
        (
            {"name": "Valid", "validityMonths": 0},
            "Validity must be a whole number of months between 1 and 120",
        ),
        (
            {"name": "Valid", "validityMonths": 121},
            "Validity must be a whole number of months between 1 and 120",
        ),
        (
            {"name": "Valid", "validityMonths": 1.5},
            "Validity must be a whole number of months between 1 and 120",
        ),
        (
            {"name": "Valid", "validityMonths": "ten"},
            "Validity must be a whole number of months between 1 and 120",
        ),
    ],
)
async def test_bad_input_is_refused_and_nothing_written(org, login, payload, message):
    admin = await login(org, "admin")
    r = await admin.post("/api/certification-types", json=payload)
    assert r.status_code == 400, r.text
    assert r.json()["message"] == message
    assert await count(org, CertificationType) == 0


async def test_validity_edges_1_and_120_are_accepted(org, login):
    admin = await login(org, "admin")
    for n in (1, 120):
        r = await admin.post(
            "/api/certification-types", json={"name": f"Valid {n}", "validityMonths": n}
        )
        assert r.status_code == 201, r.text
        assert r.json()["validityMonths"] == n


async def test_duplicate_names_ignoring_case_conflict(org, login):
    admin = await login(org, "admin")
    assert (
        await admin.post("/api/certification-types", json={"name": "First Aid"})
    ).status_code == 201
    r = await admin.post("/api/certification-types", json={"name": "first aid"})
    assert r.status_code == 409
    assert r.json()["message"] == "A certification type with this name already exists"
    assert await count(org, CertificationType) == 1


@pytest.mark.date_sensitive
async def test_list_counts_active_holders_and_expiring_within_1_to_30_days(org, login):
    first_aid = await add_type(org, "First Aid")
    forklift = await add_type(org, "Forklift")
    await add_type(org, "Unused Type")
    people = [await add_employee(org, first=f"P{i}") for i in range(8)]
    archived = await add_employee(org, first="Gone", archived=True)
    await add_cert(org, people[0], first_aid, expires=None)  # no expiry: active
    await add_cert(org, people[1], first_aid, expires=days(0))  # today: active, not "soon"
    await add_cert(org, people[2], first_aid, expires=days(1))  # expiring
    await add_cert(org, people[3], first_aid, expires=days(30))  # expiring
    await add_cert(org, people[4], first_aid, expires=days(31))  # active
    await add_cert(org, people[5], first_aid, expires=days(-1))  # expired: not counted
    await add_cert(org, people[6], first_aid, expires=days(10), active=False)  # inactive
    await add_cert(org, archived, first_aid, expires=days(10))  # archived employee
    await add_cert(org, people[7], forklift, expires=days(5))

    admin = await login(org, "user")
    r = await admin.get("/api/certification-types")
    assert r.status_code == 200, r.text
    listed = {t["name"]: (t["employeeCount"], t["expiringCount"]) for t in r.json()}
    assert listed == {"First Aid": (5, 2), "Forklift": (1, 1), "Unused Type": (0, 0)}
    assert [t["name"] for t in r.json()] == ["First Aid", "Forklift", "Unused Type"]


async def test_edit_replaces_the_fields_sent(org, login):
    admin = await login(org, "hr")
    type_id = await add_type(org, "Old Name", description="keep me", validity_months=12)
    r = await admin.put(
        f"/api/certification-types/{type_id}",
        json={"name": "New Name", "isRequired": True, "validityMonths": None},
    )
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["name"] == "New Name"
    assert body["isRequired"] is True
    assert body["validityMonths"] is None
    assert body["description"] == "keep me"


async def test_edit_validates_and_refuses_a_taken_name(org, login):
    admin = await login(org, "admin")
    await add_type(org, "Taken")
    type_id = await add_type(org, "Mine")
    r = await admin.put(f"/api/certification-types/{type_id}", json={"name": "TAKEN"})
    assert r.status_code == 409
    r = await admin.put(f"/api/certification-types/{type_id}", json={"name": "ab"})
    assert r.status_code == 400
    assert r.json()["message"] == "Certification name must be at least 3 characters"
    r = await admin.put(f"/api/certification-types/{type_id}", json={"validityMonths": 200})
    assert r.status_code == 400
    # Renaming to its own name in another case is fine.
    r = await admin.put(f"/api/certification-types/{type_id}", json={"name": "MINE"})
    assert r.status_code == 200
    assert r.json()["name"] == "MINE"
    r = await admin.put("/api/certification-types/999999", json={"name": "Whatever"})
    assert r.status_code == 404
    assert r.json()["message"] == "Certification type not found"


async def test_delete_an_unheld_type(org, login):
    admin = await login(org, "admin")
    type_id = await add_type(org)
    r = await admin.delete(f"/api/certification-types/{type_id}")
    assert r.status_code == 200, r.text
    assert r.json()["success"] is True
    assert r.json()["removedCertifications"] == 0
    assert await count(org, CertificationType) == 0
    r = await admin.delete(f"/api/certification-types/{type_id}")
    assert r.status_code == 404


async def test_delete_a_held_type_needs_confirmation_then_takes_the_certifications(org, login):
    admin = await login(org, "admin")
    type_id = await add_type(org, "Hazmat")
    other_type = await add_type(org, "Other")
    a, b = await add_employee(org), await add_employee(org, first="Bob")
    await add_cert(org, a, type_id, expires=days(-3))
    await add_cert(org, a, type_id, issue=days(-2), expires=days(300))
    await add_cert(org, b, type_id, expires=days(5))
    await add_cert(org, b, other_type)
    # The expiring one has a reminder; it goes with its certification.
    async with tenant_session(org.schema_name, org.id) as s:
        await create_reminders(session=s)
    assert await count(org, Reminder) == 1

    r = await admin.delete(f"/api/certification-types/{type_id}")
    assert r.status_code == 409
    assert r.json()["message"] == (
        "Hazmat is held by 2 employees. Deleting it also deletes their 3 certifications; "
        "confirm to delete it anyway."
    )
    assert await count(org, CertificationType) == 2
    assert await count(org, EmployeeCertification) == 4

    r = await admin.delete(f"/api/certification-types/{type_id}", params={"confirm": "true"})
    assert r.status_code == 200, r.text
    assert r.json()["removedCertifications"] == 3
    assert await count(org, CertificationType) == 1
    assert await count(org, EmployeeCertification) == 1
    assert await count(org, Reminder) == 0


@pytest.mark.parametrize("role", ROLES)
async def test_every_role_reads_only_admin_and_hr_write(org, login, role):
    client = await login(org, role)
    type_id = await add_type(org, "Existing")
    assert (await client.get("/api/certification-types")).status_code == 200
    writes = [
        client.post("/api/certification-types", json={"name": "New Type"}),
        client.put(f"/api/certification-types/{type_id}", json={"name": "Renamed"}),
        client.delete(f"/api/certification-types/{type_id}"),
    ]
    statuses = [(await w).status_code for w in writes]
    if role in ("admin", "hr"):
        assert statuses == [201, 200, 200]
    else:
        assert statuses == [403, 403, 403]
        assert await count(org, CertificationType) == 1


async def test_signed_out_and_pending_password_change_are_refused(org, client, login):
    assert (await client.get("/api/certification-types")).status_code == 401
    pending = await login(org, "admin", force=True)
    assert (await pending.get("/api/certification-types")).status_code == 403


async def test_another_organisations_types_are_invisible(org, other_org, login):
    type_id = await add_type(org, "Alpha Only")
    other = await login(other_org, "admin")
    r = await other.get("/api/certification-types")
    assert r.json() == []
    assert (
        await other.put(f"/api/certification-types/{type_id}", json={"name": "Stolen"})
    ).status_code == 404
    assert (
        await other.delete(f"/api/certification-types/{type_id}", params={"confirm": True})
    ).status_code == 404
    assert await count(org, CertificationType) == 1


async def test_nul_characters_and_odd_bodies_never_answer_500(org, login):
    admin = await login(org, "admin")
    r = await admin.post(
        "/api/certification-types", json={"name": "Fork\x00lift", "description": "a\x00b"}
    )
    assert r.status_code == 201, r.text
    assert (r.json()["name"], r.json()["description"]) == ("Forklift", "ab")
    for body in ([], "x", {"name": None}, {"name": 123}, {"name": "Valid", "isRequired": None}):
        r = await admin.post("/api/certification-types", json=body)
        assert r.status_code == 400, (body, r.text)
    r = await admin.put(f"/api/certification-types/{2**40}", json={"name": "Whatever"})
    assert r.status_code == 404, r.text
    assert r.json() == {"message": "Certification type not found"}
    r = await admin.delete("/api/certification-types/abc")
    assert r.status_code == 400
    # Past the ids' int4 range: no such type (was a 500 from the driver).
    for huge in (2**31, 2**40):
        for params in ({}, {"confirm": True}):
            r = await admin.delete(f"/api/certification-types/{huge}", params=params)
            assert r.status_code == 404, r.text
            assert r.json() == {"message": "Certification type not found"}
