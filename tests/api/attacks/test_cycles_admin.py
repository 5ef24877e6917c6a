"""Attacks on the cycle administration: another organisation's address and accounts, readers
without the right, and absurd values (none answers 500)."""

from datetime import timedelta

from api.core.dates import local_today
from api.core.db import tenant_session
from api.users.models import User
from tests.api.cycles.conftest import World
from tests.api.reviews.factories import add_template
from tests.conftest import new_org, signed_in_client

PATHS = ("", "/preview", "/progress", "/reviews", "/export")


async def test_a_session_of_another_organisation_is_refused_at_this_one_s_address(
    world: World, app
) -> None:  # type: ignore[no-untyped-def]
    cycle = await world.launched()
    other = await new_org("atk", "Attacker Org")
    # Its admin and an account with the same id as one of this organisation's reviewers.
    intruders = [
        await signed_in_client(app, other, "admin"),
        await signed_in_client(app, other, "hr", userId="boss", userName="Mona Mson"),
    ]
    here = {"host": f"{world.org.subdomain}.localhost"}
    try:
        for c in intruders:
            for path in PATHS:
                r = await c.get(f"/api/cycles/{cycle['id']}{path}", headers=here)
                assert r.status_code == 401, (path, r.status_code)
            r = await c.get(f"/api/analytics/cycles/{cycle['id']}", headers=here)
            assert r.status_code == 401
            # At its own address, its own (empty) organisation: nothing of this one.
            assert (await c.get(f"/api/cycles/{cycle['id']}")).status_code == 404
            assert (await c.get(f"/api/analytics/cycles/{cycle['id']}")).status_code == 404
    finally:
        for c in intruders:
            await c.aclose()


async def test_managers_and_users_reach_no_cycle_figure(world: World, login) -> None:  # type: ignore[no-untyped-def]
    cycle = await world.launched()
    boss = await login(world.org, "manager", userId="boss", employeeId=world.ids["M"])
    ann = await login(world.org, "user", userId="ann", employeeId=world.ids["A"])
    for c in (boss, ann):
        for path in PATHS:
            assert (await c.get(f"/api/cycles/{cycle['id']}{path}")).status_code == 403, path
        for path in (f"/api/analytics/cycles/{cycle['id']}", "/api/analytics/cycles"):
            assert (await c.get(path)).status_code == 403, path
        r = await c.get(f"/api/analytics/cycles/compare?from={cycle['id']}&to={cycle['id']}")
        assert r.status_code == 403
        r = await c.put(
            f"/api/cycles/{cycle['id']}/reviewers", json={"reviewIds": [1], "reviewerUserId": None}
        )
        assert r.status_code == 403
        assert (await c.post(f"/api/cycles/{cycle['id']}/nudge", json={})).status_code == 403


async def test_a_reviewer_known_only_to_another_organisation_is_refused(world: World) -> None:
    cycle = await world.launched()
    other = await new_org("atk", "Attacker Org")
    async with tenant_session(other.schema_name, other.id) as s:
        s.add(User(id="outsider", email="o@x.example.com", role="admin", is_active=True))
    review = (await world.reviews(cycle["id"]))[0].id
    r = await world.admin.put(
        f"/api/cycles/{cycle['id']}/reviewers",
        json={"reviewIds": [review], "reviewerUserId": "outsider"},
    )
    assert r.status_code == 422, r.text
    assert (await world.reviews(cycle["id"]))[0].reviewer_user_id != "outsider"


async def test_absurd_cycles_are_refused_cleanly(world: World) -> None:
    far = {"reviewDue": "9999-12-31"}
    r = await world.admin.post("/api/cycles", json=world.body(**far))
    assert r.status_code in (400, 422), r.text
    for population in (
        {"kind": "employees", "employeeIds": [2**31, 2**63 - 1]},
        {"kind": "employees", "employeeIds": list(range(10**6, 10**6 + 50_000))},
        {"kind": "departments", "departmentIds": [2**31]},
    ):
        r = await world.admin.post("/api/cycles", json=world.body(population=population))
        assert r.status_code == 422, (r.status_code, r.text[:200])
    too_many = {"kind": "employees", "employeeIds": list(range(1, 100_002))}
    r = await world.admin.post("/api/cycles", json=world.body(population=too_many))
    assert r.status_code == 400, r.status_code
    for bad in (2**31, 2**63, -5):
        r = await world.admin.post("/api/cycles", json=world.body(templateId=bad))
        assert r.status_code in (400, 422), (bad, r.status_code)
        assert (await world.admin.get(f"/api/cycles/{bad}")).status_code in (404, 422)
    named = world.body(name="\u202e\x00\u0007 Cycle \x1b[31m")
    r = await world.admin.post("/api/cycles", json=named)
    assert r.status_code in (201, 400, 422), r.text


async def test_absurd_reassignments_nudges_and_filters_are_refused_cleanly(world: World) -> None:
    cycle = await world.launched(reviewDue=(local_today() + timedelta(days=3)).isoformat())
    base = f"/api/cycles/{cycle['id']}"
    for ids in ([2**31], [2**63], [0, -1], list(range(1, 50_001))):
        r = await world.admin.put(
            f"{base}/reviewers", json={"reviewIds": ids, "reviewerUserId": None}
        )
        assert r.status_code == 404, (ids[:2], r.status_code)
        r = await world.admin.post(f"{base}/nudge", json={"reviewIds": ids})
        assert r.status_code == 404, (ids[:2], r.status_code)
    r = await world.admin.put(f"{base}/reviewers", json={"reviewIds": list(range(50_001))})
    assert r.status_code == 400
    for query in (
        "reviewerUserId=%00",
        "reviewerUserId=" + "x" * 65,
        "departmentId=99999999999",
        "stage=nonsense",
        "page=99999999999",
        "pageSize=100000",
    ):
        r = await world.admin.get(f"{base}/reviews?{query}")
        assert r.status_code in (200, 400, 422), (query, r.status_code)
    r = await world.admin.put(
        f"{base}/reviewers", json={"reviewIds": [1], "reviewerUserId": "bad\x00id"}
    )
    assert r.status_code in (404, 422), r.status_code


async def test_a_template_a_cycle_uses_is_not_deleted_from_under_it(world: World) -> None:
    own = await add_template(world.org)
    cycle = await world.create(selfTemplateId=own)
    for template in (world.template, own):
        r = await world.admin.delete(f"/api/templates/{template}")
        assert r.status_code == 409, (template, r.status_code, r.text)
    assert (await world.admin.get(f"/api/cycles/{cycle['id']}")).status_code == 200
