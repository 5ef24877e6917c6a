"""Every certification call needs a signed-in session with the password change done."""

import pytest

from tests.api.certifications.factories import add_employee, add_type

CALLS = [
    ("GET", "/api/certification-types"),
    ("POST", "/api/certification-types"),
    ("PUT", "/api/certification-types/1"),
    ("DELETE", "/api/certification-types/1"),
    ("GET", "/api/employee-certifications"),
    ("GET", "/api/employee-certifications?employeeId=1"),
    ("POST", "/api/employee-certifications"),
    ("PUT", "/api/employee-certifications/1"),
    ("DELETE", "/api/employee-certifications/1"),
    ("GET", "/api/certification-compliance"),
    ("GET", "/api/certifications"),
    ("POST", "/api/certifications"),
    ("PUT", "/api/certifications/1"),
    ("DELETE", "/api/certifications/1"),
]


@pytest.mark.parametrize(("method", "url"), CALLS)
async def test_signed_out_is_401_and_a_pending_password_change_is_403(
    org, client, login, method, url
):
    await add_employee(org)
    body = {"name": "Valid Name"} if method in ("POST", "PUT") else None
    r = await client.request(method, url, json=body, headers={"Host": f"{org.subdomain}.localhost"})
    assert r.status_code == 401, r.text
    pending = await login(org, "admin", force=True)
    r = await pending.request(method, url, json=body)
    assert r.status_code == 403, r.text


@pytest.mark.parametrize("role", ["admin", "hr", "manager", "user"])
async def test_every_role_reads_the_compliance_overview(org, login, role):
    await add_employee(org)
    await add_type(org, "Required One", is_required=True)
    r = await (await login(org, role)).get("/api/certification-compliance")
    assert r.status_code == 200, r.text
    assert [(e["certificationType"]["name"], e["missingCount"]) for e in r.json()] == [
        ("Required One", 1)
    ]
