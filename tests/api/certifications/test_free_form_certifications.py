"""Free-form certifications (/api/certifications): create, list per employee, update, delete."""

import pytest

from tests.api.certifications.factories import Certification, add_employee, count, iso
from tests.dates import InDays, resolved

ROLES = ["admin", "hr", "manager", "user"]


async def create(client, employee: int, **fields):
    body = {"employeeId": employee, "name": "AWS Solutions Architect", **fields}
    return await client.post("/api/certifications", json=body)


async def test_create_and_list_per_employee(org, login):
    ada, bob = await add_employee(org), await add_employee(org, first="Bob")
    admin = await login(org, "admin")
    r = await create(
        admin,
        ada,
        issuingOrganization="Amazon",
        issueDate=iso(-100),
        expirationDate=iso(20),
        certificateNumber="AWS-1",
        description="Associate level",
        attachmentUrl="https://example.com/cert.pdf",
    )
    assert r.status_code == 201, r.text
    body = r.json()
    assert body["organizationId"] == org.id
    assert body["name"] == "AWS Solutions Architect"
    assert body["issuingOrganization"] == "Amazon"
    assert body["expirationDate"] == iso(20)
    assert (body["status"], body["statusLabel"]) == ("expiring", "Expires in 20 days")
    assert body["isActive"] is True
    # Issue and expiration are optional for a free-form one; an old one may be recorded.
    assert (
        await create(admin, bob, name="Old Cert", issueDate=iso(-900), expirationDate=iso(-500))
    ).status_code == 201
    assert (await create(admin, bob, name="Bare Minimum")).status_code == 201

    reader = await login(org, "user")
    r = await reader.get("/api/certifications", params={"employeeId": ada})
    assert [c["name"] for c in r.json()] == ["AWS Solutions Architect"]
    r = await reader.get("/api/certifications", params={"employeeId": bob})
    assert [(c["name"], c["status"]) for c in r.json()] == [
        ("Old Cert", "expired"),
        ("Bare Minimum", "no_expiry"),
    ]
    assert len((await reader.get("/api/certifications")).json()) == 3
    assert (
        await reader.get("/api/certifications", params={"employeeId": 99999})
    ).status_code == 404


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"name": "ab"}, "Certification name must be at least 3 characters"),
        ({"name": "n" * 101}, "Certification name must not exceed 100 characters"),
        ({"issuingOrganization": "A"}, "Issuing organization must be at least 2 characters"),
        ({"issuingOrganization": "A" * 101}, "Issuing organization must not exceed 100 characters"),
        ({"certificateNumber": "1" * 51}, "Certificate number must not exceed 50 characters"),
        ({"description": "d" * 1001}, "Description must not exceed 1000 characters"),
        ({"attachmentUrl": "nope"}, "Attachment URL must be a valid URL"),
        ({"issueDate": "2026-13-01"}, "Invalid issue date"),
        ({"issueDate": InDays(2)}, "Issue date cannot be in the future"),
        ({"issueDate": "1850-01-01"}, "Issue date must be between 1900-01-01 and 2100-12-31"),
        ({"expirationDate": "soon"}, "Invalid expiration date"),
        (
            {"issueDate": InDays(-10), "expirationDate": InDays(-20)},
            "Expiration date cannot be before the issue date",
        ),
    ],
)
async def test_bad_input_is_refused_and_nothing_written(org, login, fields, message):
    employee = await add_employee(org)
    admin = await login(org, "admin")
    r = await create(admin, employee, **resolved(fields))
    assert r.status_code == 400, r.text
    assert r.json()["message"] == message
    assert await count(org, Certification) == 0


async def test_update_and_delete(org, login):
    employee = await add_employee(org)
    admin = await login(org, "hr")
    cert = (await create(admin, employee, issueDate=iso(-10))).json()["id"]
    r = await admin.put(
        f"/api/certifications/{cert}",
        json={"name": "Renamed Cert", "expirationDate": iso(200), "isActive": False},
    )
    assert r.status_code == 200, r.text
    assert (r.json()["name"], r.json()["expirationDate"], r.json()["isActive"]) == (
        "Renamed Cert",
        iso(200),
        False,
    )
    assert r.json()["issueDate"] == iso(-10)
    r = await admin.put(f"/api/certifications/{cert}", json={"expirationDate": iso(-20)})
    assert (r.status_code, r.json()["message"]) == (
        400,
        "Expiration date cannot be before the issue date",
    )
    r = await admin.put(f"/api/certifications/{cert}", json={"name": "x"})
    assert r.status_code == 400
    assert (await admin.delete(f"/api/certifications/{cert}")).status_code == 200
    assert await count(org, Certification) == 0
    assert (await admin.delete(f"/api/certifications/{cert}")).status_code == 404
    assert (
        await admin.put(f"/api/certifications/{cert}", json={"name": "Again"})
    ).status_code == 404


@pytest.mark.parametrize("role", ROLES)
async def test_every_role_reads_only_admin_and_hr_write(org, login, role):
    employee = await add_employee(org)
    seed = await login(org, "admin")
    cert = (await create(seed, employee)).json()["id"]
    client = await login(org, role)
    assert (
        await client.get("/api/certifications", params={"employeeId": employee})
    ).status_code == 200
    statuses = [
        (await create(client, employee, name="Another One")).status_code,
        (await client.put(f"/api/certifications/{cert}", json={"name": "Changed"})).status_code,
        (await client.delete(f"/api/certifications/{cert}")).status_code,
    ]
    assert statuses == ([201, 200, 200] if role in ("admin", "hr") else [403, 403, 403])


async def test_another_organisations_ids_answer_404(org, other_org, login):
    employee = await add_employee(org)
    cert = (await create(await login(org, "admin"), employee)).json()["id"]
    other = await login(other_org, "admin")
    assert (await other.get("/api/certifications")).json() == []
    assert (
        await other.get("/api/certifications", params={"employeeId": employee})
    ).status_code == 404
    assert (await create(other, employee)).status_code == 404
    assert (
        await other.put(f"/api/certifications/{cert}", json={"name": "Stolen"})
    ).status_code == 404
    assert (await other.delete(f"/api/certifications/{cert}")).status_code == 404
    assert await count(org, Certification) == 1
