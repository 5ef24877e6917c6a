"""A certification type counts its current holders and, apart, those whose one has expired."""

from api.access.policy import ALL
from api.access.scope import Scope
from api.certifications import service
from api.core.db import tenant_session
from tests.api.certifications.factories import add_cert, add_employee, add_type, days


async def test_a_type_counts_expired_holders_beside_current_ones(org, login):
    first_aid = await add_type(org, "First Aid")
    people = [await add_employee(org, first=f"P{i}") for i in range(9)]
    gone = await add_employee(org, first="Gone", archived=True)
    await add_cert(org, people[0], first_aid, expires=None)
    await add_cert(org, people[1], first_aid, expires=days(0))  # today: still current
    for person in people[2:]:
        await add_cert(org, person, first_aid, expires=days(-1))  # seven expired
    await add_cert(org, people[2], first_aid, issue=days(-999), expires=days(-900), active=False)
    await add_cert(org, gone, first_aid, expires=days(-5))  # an archived person's

    async with tenant_session(org.schema_name, org.id) as session:
        (listed,) = await service.list_types(session=session, scope=Scope(ALL, None), on=days(0))
    assert (listed.employee_count, listed.expired_count, listed.expiring_count) == (2, 7, 0)

    user = await login(org, "user")
    body = (await user.get("/api/certification-types")).json()[0]
    assert (body["employeeCount"], body["expiredCount"]) == (2, 7)
    hr = await login(org, "hr")
    r = await hr.put(f"/api/certification-types/{first_aid}", json={"name": "First Aid"})
    assert r.status_code == 200, r.text
    assert (r.json()["employeeCount"], r.json()["expiredCount"]) == (2, 7)
