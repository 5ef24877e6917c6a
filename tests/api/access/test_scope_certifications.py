"""Whose certifications each account reads under "need to know", and the figures made of them:
the types' holder counts and the compliance overview (tests/api/access/conftest.py builds the
organisation: M manages A, A manages B, C is outside the line). Each employee holds one
certification of a type and one free-form certification; nobody holds the required type."""

from dataclasses import dataclass
from typing import Any

import httpx
import pytest

from api.certifications.models import Certification
from api.core.db import tenant_session
from api.organizations.models import Organization
from tests.api.access.conftest import People
from tests.api.certifications.factories import add_cert, add_type, days

EMPLOYEE_NOT_FOUND = {"message": "Employee not found"}
CERTIFICATION_NOT_FOUND = {"message": "Certification not found"}
EVERYONE = {"M", "A", "B", "C"}
REACH = {
    "admin": EVERYONE,
    "hr": EVERYONE,
    "manager": {"M", "A", "B"},
    "user": {"A"},
    "unlinked_user": set(),
    "unlinked_manager": set(),
}


@dataclass
class Held:
    people: People
    typed: dict[str, int]  # employee letter -> their certification of a type
    free: dict[str, int]  # employee letter -> their free-form certification


async def add_free_form(people: People, who: str) -> int:
    org = people.org
    async with tenant_session(org.schema_name, org.id) as session:
        row = Certification(employee_id=people.ids[who], name=f"Diving {who}", issue_date=days(-9))
        session.add(row)
        await session.flush()
        return row.id


async def seed(people: People) -> Held:
    forklift = await add_type(people.org, "Forklift")
    await add_type(people.org, "Fire Warden", is_required=True)
    typed = {who: await add_cert(people.org, pk, forklift) for who, pk in people.ids.items()}
    free = {who: await add_free_form(people, who) for who in people.ids}
    return Held(people=people, typed=typed, free=free)


@pytest.fixture
async def held(people: People) -> Held:
    return await seed(people)


async def get_json(c: httpx.AsyncClient, url: str) -> Any:
    r = await c.get(url)
    assert r.status_code == 200, r.text
    return r.json()


def holders(people: People, items: list[dict[str, Any]]) -> set[str]:
    return people.letters(items, key="employeeId")


def compliance_of(people: People, body: list[dict[str, Any]]) -> tuple[int, int, set[str]]:
    (entry,) = body
    return entry["totalEmployees"], entry["missingCount"], people.letters(entry["missing"])


@pytest.mark.parametrize("account", sorted(REACH))
async def test_every_certification_list_and_figure_holds_exactly_the_reach(
    held: Held, account: str
) -> None:
    people = held.people
    c = await people.sign_in(account)
    reach = REACH[account]
    assert holders(people, await get_json(c, "/api/employee-certifications")) == reach
    url = "/api/employee-certifications?includeArchived=true"
    assert holders(people, await get_json(c, url)) == reach
    assert holders(people, await get_json(c, "/api/certifications")) == reach
    # Nobody holds the required type: everyone reached misses it, and only they are counted.
    body = await get_json(c, "/api/certification-compliance")
    assert compliance_of(people, body) == (len(reach), len(reach), reach)
    types = {t["name"]: t["employeeCount"] for t in await get_json(c, "/api/certification-types")}
    assert types == {"Forklift": len(reach), "Fire Warden": 0}


async def test_one_employee_s_certifications_need_the_employee_in_reach(held: Held) -> None:
    people = held.people
    ids = people.ids
    manager = await people.sign_in("manager")
    user = await people.sign_in("user")
    for path in ("/api/employee-certifications", "/api/certifications"):
        assert holders(people, await get_json(manager, f"{path}?employeeId={ids['B']}")) == {"B"}
        assert holders(people, await get_json(user, f"{path}?employeeId={ids['A']}")) == {"A"}
        for c, other in ((manager, "C"), (user, "B"), (user, "M")):
            r = await c.get(f"{path}?employeeId={ids[other]}")
            assert (r.status_code, r.json()) == (404, EMPLOYEE_NOT_FOUND), (path, other)


async def test_nobody_but_admin_and_hr_changes_a_certification(held: Held) -> None:
    people = held.people
    body = {"certificateNumber": "N-1"}
    for account in ("manager", "user"):
        c = await people.sign_in(account)
        r = await c.put(f"/api/employee-certifications/{held.typed['A']}", json=body)
        assert r.status_code == 403, account
        r = await c.delete(f"/api/certifications/{held.free['A']}")
        assert r.status_code == 403, account
    hr = await people.sign_in("hr")
    r = await hr.put(f"/api/employee-certifications/{held.typed['C']}", json=body)
    assert (r.status_code, r.json()["certificateNumber"]) == (200, "N-1")


async def test_open_shows_every_certification_as_before(open_people: People) -> None:
    await seed(open_people)
    for account in ("manager", "user", "unlinked_user"):
        c = await open_people.sign_in(account)
        assert holders(open_people, await get_json(c, "/api/employee-certifications")) == EVERYONE
        assert holders(open_people, await get_json(c, "/api/certifications")) == EVERYONE
        body = await get_json(c, "/api/certification-compliance")
        assert compliance_of(open_people, body) == (4, 4, EVERYONE)
        types = await get_json(c, "/api/certification-types")
        assert {t["name"]: t["employeeCount"] for t in types}["Forklift"] == 4


async def test_another_organisation_s_ids_are_unknown(
    held: Held, login, other_org: Organization
) -> None:
    people = held.people
    for role in ("admin", "hr"):
        c = await login(other_org, role)
        for path in ("/api/employee-certifications", "/api/certifications"):
            r = await c.get(f"{path}?employeeId={people.ids['A']}")
            assert (r.status_code, r.json()) == (404, EMPLOYEE_NOT_FOUND), (role, path)
        r = await c.put(f"/api/employee-certifications/{held.typed['A']}", json={})
        assert (r.status_code, r.json()) == (404, CERTIFICATION_NOT_FOUND), role
        r = await c.put(f"/api/certifications/{held.free['A']}", json={})
        assert (r.status_code, r.json()) == (404, CERTIFICATION_NOT_FOUND), role
