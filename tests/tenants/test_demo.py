"""The demo organisation `merit dev` seeds: a dashboard that looks like a lived-in company."""

from datetime import UTC, datetime, timedelta

from api.core.db import public_session
from tenants.demo import DEMO, seed_demo
from tenants.registry import get_by_subdomain


async def test_fresh_demo_dashboard_shows_recent_history_not_the_seeding(login):
    await seed_demo()
    async with public_session() as db:
        org = await get_by_subdomain(db, DEMO)
    assert org is not None
    client = await login(org, "admin")

    stats = (await client.get("/api/dashboard/stats")).json()
    assert stats["totalEmployees"] == 38  # 40 seeded, 2 archived
    assert stats["completedReviews"] > 0

    feed = (await client.get("/api/dashboard/activity")).json()
    assert len(feed) == 10
    now = datetime.now(UTC)
    # Seeded history is dated in the past: nobody "joined just now" because the seed ran.
    assert all(now - datetime.fromisoformat(item["at"]) > timedelta(days=1) for item in feed)
    assert feed[0]["kind"] == "review_completed"
