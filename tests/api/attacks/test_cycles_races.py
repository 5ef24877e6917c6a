"""Races on a draft cycle: changing or deleting it while it is launched. Whatever wins, the
launched cycle keeps the dates its reviews were made with, and nothing answers 500."""

import asyncio
from datetime import timedelta

from api.core.dates import local_today
from tests.api.cycles.conftest import World


def day(offset: int) -> str:
    return (local_today() + timedelta(days=offset)).isoformat()


async def test_a_draft_changed_while_launched_keeps_what_was_launched(world: World) -> None:
    for _ in range(4):
        cycle = await world.create(reviewDue=day(30))
        changed = world.body(name=cycle["name"], reviewDue=day(60))
        launch, put = await asyncio.gather(
            world.admin.post(f"/api/cycles/{cycle['id']}/launch"),
            world.admin.put(f"/api/cycles/{cycle['id']}", json=changed),
        )
        assert launch.status_code == 200, launch.text
        assert put.status_code in (200, 409), put.text
        stored = (await world.admin.get(f"/api/cycles/{cycle['id']}")).json()
        dues = {review.due_date.isoformat() for review in await world.reviews(cycle["id"])}
        assert dues == {stored["reviewDue"]}, (put.status_code, dues, stored["reviewDue"])


async def test_a_draft_deleted_while_launched_is_one_or_the_other(world: World) -> None:
    for _ in range(4):
        cycle = await world.create()
        launch, delete = await asyncio.gather(
            world.admin.post(f"/api/cycles/{cycle['id']}/launch"),
            world.admin.delete(f"/api/cycles/{cycle['id']}"),
        )
        codes = (launch.status_code, delete.status_code)
        assert codes in ((200, 409), (404, 204)), (codes, launch.text, delete.text)


async def test_shared_twice_at_once_tells_the_employee_once(ntk) -> None:  # type: ignore[no-untyped-def]
    review = await ntk.review(await ntk.cycle(), "B", reviewer="M")
    await ntk.complete(review)
    mona = [await ntk.sign_in("M"), await ntk.sign_in("M")]
    replies = await asyncio.gather(*(c.post(f"/api/reviews/{review}/share") for c in mona))
    assert sorted(r.status_code for r in replies) == [200, 409], [r.text for r in replies]
    assert len(await ntk.notices("review_shared")) == 1


async def test_acknowledged_while_reopened_is_one_or_the_other(ntk) -> None:  # type: ignore[no-untyped-def]
    review = await ntk.review(await ntk.cycle(), "B", reviewer="M")
    await ntk.complete(review)
    admin, ben = await ntk.sign_in("admin"), await ntk.sign_in("B")
    assert (await (await ntk.sign_in("M")).post(f"/api/reviews/{review}/share")).status_code == 200
    reopen, ack = await asyncio.gather(
        admin.post(f"/api/reviews/{review}/reopen", json={"reason": "Wrong rating"}),
        ben.post(f"/api/reviews/{review}/acknowledge", json={}),
    )
    assert reopen.status_code == 200, reopen.text
    assert ack.status_code in (200, 409), ack.text
    stored = (await admin.get(f"/api/reviews/{review}")).json()
    assert (stored["status"], stored["sharedAt"], stored["acknowledgedAt"]) == (
        "in_progress",
        None,
        None,
    )
