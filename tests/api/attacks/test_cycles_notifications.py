"""Attacks on the bell and the one-click unsubscribe: another account's notices, the same
account id in another organisation, and a link used for another kind or place."""

from sqlalchemy import select

from api.core.db import tenant_session
from api.notifications.models import Notification, NotificationPreference
from api.notifications.unsubscribe import make_token
from tests.api.cycles.conftest import World, _chart
from tests.conftest import new_org, signed_in_client


async def _prefs(org, user_id: str) -> dict[str, str]:  # type: ignore[no-untyped-def]
    async with tenant_session(org.schema_name, org.id) as s:
        rows = await s.execute(
            select(NotificationPreference.kind, NotificationPreference.delivery).where(
                NotificationPreference.user_id == user_id
            )
        )
        return {kind: delivery for kind, delivery in rows}


async def test_each_account_reads_and_marks_only_its_own_notices(world: World, app) -> None:  # type: ignore[no-untyped-def]
    await world.launched()
    boss_notices = await world.notices(Notification.user_id == "boss")
    ann_notices = await world.notices(Notification.user_id == "ann")
    assert boss_notices and ann_notices
    ann = await signed_in_client(app, world.org, "user", userId="ann", employeeId=world.ids["A"])
    # The same account id in another organisation, with notices of its own.
    other = await new_org("atk", "Attacker Org")
    other_ids, _, _ = await _chart(other)
    twin = await signed_in_client(app, other, "user", userId="ann", employeeId=other_ids["A"])
    try:
        listed = (await ann.get("/api/notifications")).json()
        assert {n["id"] for n in listed} == {n.id for n in ann_notices}
        for notice in boss_notices:
            r = await ann.post(f"/api/notifications/{notice.id}/read")
            assert r.status_code == 404
        for bad in (0, -1, 2**63, 10**30):
            r = await ann.post(f"/api/notifications/{bad}/read")
            assert r.status_code in (404, 422), (bad, r.status_code)
        assert (await twin.get("/api/notifications")).json() == []
        for notice in ann_notices:
            assert (await twin.post(f"/api/notifications/{notice.id}/read")).status_code == 404
        assert (await twin.post("/api/notifications/read-all")).json() == {"updated": 0}
        unread = await world.notices(Notification.read_at.is_(None))
        assert {n.id for n in unread} >= {n.id for n in ann_notices + boss_notices}
    finally:
        await ann.aclose()
        await twin.aclose()


async def test_an_unsubscribe_link_does_only_its_own_kind_account_and_place(
    world: World, client
) -> None:  # type: ignore[no-untyped-def]
    other = await new_org("atk", "Attacker Org")
    await _chart(other)  # its own 'ann'
    theirs = make_token(other.id, "ann", "review_assigned")
    here = {"host": f"{world.org.subdomain}.localhost"}
    r = await client.post(f"/api/notifications/unsubscribe?token={theirs}", headers=here)
    assert r.status_code == 400
    for forged in (
        # Another kind's payload under this kind's signature.
        make_token(world.org.id, "ann", "review_shared").split(".")[0]
        + "."
        + make_token(world.org.id, "ann", "review_assigned").split(".")[1],
        theirs.split(".")[0] + "." + make_token(world.org.id, "ann", "digest").split(".")[1],
        make_token(world.org.id, "nobody-here", "review_assigned"),
        make_token(world.org.id, "ann", "everything"),
        "." * 499,
    ):
        r = await client.post(f"/api/notifications/unsubscribe?token={forged}", headers=here)
        assert r.status_code == 400, (forged[:30], r.status_code)
    assert await _prefs(world.org, "ann") == {}
    r = await client.post(f"/api/notifications/unsubscribe?token={theirs}")
    assert r.status_code == 200, r.text
    assert await _prefs(other, "ann") == {"review_assigned": "off"}
    assert await _prefs(world.org, "ann") == {}
