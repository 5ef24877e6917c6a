"""The bell: an account reads and marks its own notices only; shared sign-ins have none."""

import asyncio
from typing import Any

from tests.api.notifications.support import add_account, add_notices, notice, sign_in_as
from tests.conftest import new_org


async def test_an_account_lists_its_own_notices_newest_first_and_paged(app: Any, org, login):
    mine, theirs = await add_account(org), await add_account(org, first_name="Otto")
    for n in range(3):
        await add_notices(org, [notice(mine, n=n, title=f"Mine {n}")])
        await asyncio.sleep(0.01)
    await add_notices(org, [notice(theirs, title="Not yours")])
    async with await sign_in_as(app, org, mine) as c:
        r = await c.get("/api/notifications")
        assert r.status_code == 200, r.text
        assert [n["title"] for n in r.json()] == ["Mine 2", "Mine 1", "Mine 0"]
        assert set(r.json()[0]) == {"id", "kind", "title", "body", "link", "createdAt", "readAt"}
        assert r.headers["X-Total-Count"] == "3"
        page = await c.get("/api/notifications?page=2&pageSize=2")
        assert [n["title"] for n in page.json()] == ["Mine 0"]
        assert page.headers["X-Total-Count"] == "3"


async def test_marking_read_counts_down_and_another_accounts_notice_is_not_found(app: Any, org):
    mine, theirs = await add_account(org), await add_account(org, first_name="Otto")
    await add_notices(org, [notice(mine, n=1), notice(mine, n=2), notice(theirs)])
    async with await sign_in_as(app, org, mine) as c, await sign_in_as(app, org, theirs) as t:
        assert (await c.get("/api/notifications/unread-count")).json() == {"count": 2}
        [their_notice] = (await t.get("/api/notifications")).json()
        assert (await c.post(f"/api/notifications/{their_notice['id']}/read")).status_code == 404
        assert (await c.post("/api/notifications/999999999/read")).status_code == 404
        first = (await c.get("/api/notifications")).json()[0]
        assert (await c.post(f"/api/notifications/{first['id']}/read")).status_code == 204
        # Again: still read, still 204.
        assert (await c.post(f"/api/notifications/{first['id']}/read")).status_code == 204
        assert (await c.get("/api/notifications/unread-count")).json() == {"count": 1}
        assert (await c.post("/api/notifications/read-all")).json() == {"updated": 1}
        assert (await c.get("/api/notifications/unread-count")).json() == {"count": 0}
        assert all(n["readAt"] for n in (await c.get("/api/notifications")).json())
        # The other account's notice was not touched by any of it.
        assert (await t.get("/api/notifications/unread-count")).json() == {"count": 1}


async def test_another_organisations_notice_is_not_found(app: Any, org):
    other = await new_org("b", "Beta Org")
    mine, stranger = await add_account(org), await add_account(other)
    await add_notices(other, [notice(stranger)])
    async with await sign_in_as(app, other, stranger) as s, await sign_in_as(app, org, mine) as c:
        [foreign] = (await s.get("/api/notifications")).json()
        assert (await c.post(f"/api/notifications/{foreign['id']}/read")).status_code == 404
        assert (await s.get("/api/notifications/unread-count")).json() == {"count": 1}


async def test_a_shared_sign_in_has_an_empty_bell(org, login):
    someone = await add_account(org)
    await add_notices(org, [notice(someone)])
    admin = await login(org, "admin")
    r = await admin.get("/api/notifications")
    assert r.status_code == 200 and r.json() == []
    assert (await admin.get("/api/notifications/unread-count")).json() == {"count": 0}
    assert (await admin.post("/api/notifications/read-all")).json() == {"updated": 0}
    assert (await admin.get("/api/notifications/preferences")).json() == []
    r = await admin.put("/api/notifications/preferences", json=[])
    assert r.status_code == 409 and "personal account" in r.json()["message"]
