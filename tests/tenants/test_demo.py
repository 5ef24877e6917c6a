"""The demo organisation `merit dev` seeds: a dashboard that looks like a lived-in company."""

from datetime import UTC, datetime, timedelta

import httpx
from sqlalchemy import select

from api.core.db import public_session, tenant_session
from api.reviews.models import Review
from tenants.demo import DEMO, demo_sign_in, seed_demo
from tenants.demo_accounts import DEMO_PASSWORD
from tenants.registry import get_by_subdomain
from tests.conftest import BASE


async def test_fresh_demo_dashboard_shows_recent_history_not_the_seeding(login):
    await seed_demo()
    async with public_session() as db:
        org = await get_by_subdomain(db, DEMO)
    assert org is not None
    client = await login(org, "admin")

    stats = (await client.get("/api/dashboard/stats")).json()
    assert stats["totalEmployees"] == 38  # 40 seeded, 2 archived
    assert stats["completedReviews"] > 0

    # The self-review every organisation starts with is there for cycles, and no manager's
    # review was seeded from its questions about oneself.
    templates = {t["name"]: t["id"] for t in (await client.get("/api/templates")).json()}
    assert {"Standard Performance Review", "Self-Review", "Leadership Review"} <= set(templates)
    async with tenant_session(org.schema_name, org.id) as s:
        used = set(await s.scalars(select(Review.template_id).distinct()))
    assert templates["Self-Review"] not in used and templates["Leadership Review"] in used

    feed = (await client.get("/api/dashboard/activity")).json()
    assert len(feed) == 10
    now = datetime.now(UTC)
    # Seeded history is dated in the past: nobody "joined just now" because the seed ran.
    assert all(now - datetime.fromisoformat(item["at"]) > timedelta(days=1) for item in feed)
    assert feed[0]["kind"] == "review_completed"


async def test_demo_people_sign_in_with_their_own_linked_accounts(app, login):
    """The demo prints, for an hr person, two managers and two of their people, how to sign
    in; each account works as printed and belongs to its employee, and the managers have
    reports (so need to know shows them something)."""
    summary = await seed_demo()
    async with public_session() as db:
        org = await get_by_subdomain(db, DEMO)
    assert org is not None
    admin = await login(org, "admin")
    users = (await admin.get("/api/users")).json()
    assert sorted(u["role"] for u in users) == ["hr", "manager", "manager", "user", "user"]
    assert f"password '{DEMO_PASSWORD}'" in summary and "organization code 'demo'" in summary
    employees = (await admin.get("/api/employees")).json()
    for account in users:
        assert account["email"] in summary
        assert account["employee"] is not None
        c = httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url=BASE)
        try:
            await c.post("/api/auth/org-login", json={"subdomain": DEMO})
            r = await c.post(
                "/api/auth/user-login", json={"email": account["email"], "password": DEMO_PASSWORD}
            )
            assert r.status_code == 200, r.text
            assert r.json()["forcePasswordChange"] is False
            session = (await c.get("/api/auth/session")).json()
        finally:
            await c.aclose()
        assert session["userRole"] == account["role"]
        assert session["employeeId"] == account["employeeId"]
        assert session["userName"] == account["employee"]["name"]
        if account["role"] == "manager":
            code = next(e["employeeId"] for e in employees if e["id"] == account["employeeId"])
            assert sum(e["managerId"] == code for e in employees) >= 2
    # The two employees report to the same one of the two managers.
    codes = {e["id"]: e["employeeId"] for e in employees}
    managers = {codes[u["employeeId"]] for u in users if u["role"] == "manager"}
    bosses = {
        next(e["managerId"] for e in employees if e["id"] == u["employeeId"])
        for u in users
        if u["role"] == "user"
    }
    assert len(bosses) == 1 and bosses <= managers
    # HR notes carry the hr person's name, not a made-up author.
    hr = next(u for u in users if u["role"] == "hr")
    notes = (await admin.get("/api/employee-notes")).json()
    assert notes and {n["createdBy"] for n in notes} == {hr["employee"]["name"]}
    # `merit dev` repeats the same help on later starts.
    assert await demo_sign_in() == summary.split("\n", 1)[1]
