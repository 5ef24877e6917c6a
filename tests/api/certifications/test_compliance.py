"""The compliance overview: per required type, who lacks it and who holds it only expired."""

import pytest
from pydantic import TypeAdapter

from api.certifications.schemas import RequiredTypeCompliance
from tests.api.certifications.factories import add_cert, add_employee, add_type, days

# Every test here depends on where today falls (tests/clock runs them at chosen instants).
pytestmark = pytest.mark.date_sensitive


async def test_required_types_list_missing_and_expired_holders(org, login):
    required = await add_type(org, "Safety Training", is_required=True)
    also_required = await add_type(org, "Code of Conduct", is_required=True)
    await add_type(org, "Optional Extra")
    ok = await add_employee(org, first="Okay", last="Adams")
    expired = await add_employee(org, first="Lapsed", last="Brown", department="sales")
    missing = await add_employee(org, first="Never", last="Clark", department=None)
    inactive_only = await add_employee(org, first="Revoked", last="Davis")
    renewed = await add_employee(org, first="Renewed", last="Evans")
    await add_employee(org, first="Archived", last="Fox", archived=True)

    await add_cert(org, ok, required, expires=days(0))  # expires today: still valid
    await add_cert(org, expired, required, issue=days(-800), expires=days(-400))
    await add_cert(org, expired, required, issue=days(-399), expires=days(-1))
    await add_cert(org, inactive_only, required, expires=days(100), active=False)
    await add_cert(org, renewed, required, issue=days(-800), expires=days(-400))
    await add_cert(org, renewed, required, issue=days(-10), expires=None)
    for person in (ok, expired, missing, inactive_only, renewed):
        await add_cert(org, person, also_required)

    reader = await login(org, "manager")
    r = await reader.get("/api/certification-compliance")
    assert r.status_code == 200, r.text
    body = r.json()
    assert [t["certificationType"]["name"] for t in body] == ["Code of Conduct", "Safety Training"]
    conduct, safety = body
    assert (conduct["totalEmployees"], conduct["compliantCount"]) == (5, 5)
    assert conduct["missing"] == [] and conduct["expired"] == []
    assert (conduct["missingCount"], conduct["expiredCount"]) == (0, 0)
    assert (safety["totalEmployees"], safety["compliantCount"]) == (5, 2)
    assert (safety["missingCount"], safety["expiredCount"]) == (2, 1)
    assert [(e["firstName"], e["departmentName"]) for e in safety["missing"]] == [
        ("Never", None),
        ("Revoked", "Engineering"),
    ]
    assert [(e["firstName"], e["expirationDate"]) for e in safety["expired"]] == [
        ("Lapsed", days(-1).isoformat())
    ]
    assert safety["expired"][0]["departmentName"] == "Sales"


async def test_no_required_types_no_entries_and_other_orgs_are_separate(org, other_org, login):
    await add_type(org, "Required Here", is_required=True)
    await add_employee(org)
    other = await login(other_org, "user")
    assert (await other.get("/api/certification-compliance")).json() == []
    mine = (await (await login(org, "user")).get("/api/certification-compliance")).json()
    assert len(mine) == 1 and len(mine[0]["missing"]) == 1


async def test_limit_caps_the_lists_but_not_the_counts(org, login):
    await add_type(org, "Required", is_required=True)
    for i in range(5):
        await add_employee(org, first=f"P{i}", last=f"L{i}")
    reader = await login(org, "user")
    r = await reader.get("/api/certification-compliance", params={"limit": 2})
    (entry,) = r.json()
    assert [e["lastName"] for e in entry["missing"]] == ["L0", "L1"]
    assert (entry["missingCount"], entry["compliantCount"], entry["totalEmployees"]) == (5, 0, 5)
    TypeAdapter(list[RequiredTypeCompliance]).validate_python(r.json(), by_alias=True)
    assert (
        await reader.get("/api/certification-compliance", params={"limit": -1})
    ).status_code == 400
