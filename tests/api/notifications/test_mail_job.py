"""The mailing job against a real SMTP server and the worker's real Redis: each notice mailed
once as its account chose (at once, in the day's digest, or not at all), whatever happens to
the job."""

from datetime import datetime, time, timedelta
from typing import Any

import httpx
import pytest
from arq.connections import create_pool

from api.core.queue import redis_settings
from api.notifications import outbound
from api.notifications.models import NOTIFICATION_KINDS
from api.notifications.outbound import mail_pending
from tests.api.mail.support import body_of, smtp_server
from tests.api.notifications.support import (
    add_account,
    add_notices,
    backdate,
    delivery_of,
    notice,
    notices_of,
    sign_in_as,
)
from tests.api.notifications.worker import QUEUE, run_worker


def morning(days_from_today: int = 0) -> datetime:
    """07:00 local, after the day's digest hour."""
    day = datetime.now().date() + timedelta(days=days_from_today)
    return datetime.combine(day, time(7, 0)).astimezone()


async def choose(app: Any, org, user, delivery: str) -> None:
    async with await sign_in_as(app, org, user) as c:
        body = [{"kind": kind, "delivery": delivery} for kind in NOTIFICATION_KINDS]
        r = await c.put("/api/notifications/preferences", json=body)
        assert r.status_code == 200, r.text


def to(inbox, user) -> list:
    return [m for m in inbox.messages if m["To"] == user.email]


async def test_each_notice_is_mailed_once_as_its_account_chose(app: Any, org):
    now_user = await add_account(org, first_name="Ivy")
    digest_user = await add_account(org, first_name="Dana")
    off_user = await add_account(org, first_name="Olaf")
    gone = await add_account(org, first_name="Gus", active=False)
    await choose(app, org, digest_user, "digest")
    await choose(app, org, off_user, "off")
    await add_notices(
        org, [notice(now_user, kind, title=f"Now {kind}") for kind in NOTIFICATION_KINDS]
    )
    await add_notices(org, [notice(digest_user, "review_due_soon", n) for n in range(3)])
    await backdate(org, digest_user, morning(-1) + timedelta(hours=5))
    await add_notices(org, [notice(off_user, "review_shared"), notice(gone, "review_shared")])
    with smtp_server() as inbox:
        first = await mail_pending(org, now=morning(), queue_name=QUEUE)
        assert await run_worker() >= 1
        # Run again (and the next day's digest hour): nothing more goes out.
        await mail_pending(org, now=morning(), queue_name=QUEUE)
        await mail_pending(org, now=morning(1), queue_name=QUEUE)
        await run_worker()
    assert first["mails"] == len(NOTIFICATION_KINDS) + 1
    mine = to(inbox, now_user)
    assert sorted(m["Subject"] for m in mine) == sorted(f"Now {k}" for k in NOTIFICATION_KINDS)
    [digest] = to(inbox, digest_user)
    assert digest["Subject"] == "Your Merit digest: 3 notifications"
    assert all(f"review_due_soon {n}" in body_of(digest) for n in range(3))
    assert to(inbox, off_user) == [] and to(inbox, gone) == []
    assert {n.mail_state for n in await notices_of(org, off_user)} == {"skipped"}
    assert {n.mail_state for n in await notices_of(org, gone)} == {"skipped"}
    assert {n.mail_state for n in await notices_of(org, now_user)} == {"sent"}


async def test_a_digest_notice_made_after_the_digest_hour_waits_for_the_next_day(app: Any, org):
    user = await add_account(org, first_name="Dora")
    await choose(app, org, user, "digest")
    await add_notices(org, [notice(user, "review_overdue", title="Late one")])
    await backdate(org, user, morning() + timedelta(hours=1))
    with smtp_server() as inbox:
        later = morning() + timedelta(hours=2)
        assert (await mail_pending(org, now=later, queue_name=QUEUE))["mails"] == 0
        await mail_pending(org, now=morning(1), queue_name=QUEUE)
        await run_worker()
    [digest] = to(inbox, user)
    assert "Late one" in body_of(digest)


async def test_a_run_stopped_before_marking_its_notices_sends_nothing_twice(
    app: Any, org, monkeypatch: pytest.MonkeyPatch
):
    user = await add_account(org, first_name="Cora")
    await add_notices(org, [notice(user, "review_assigned", n) for n in range(60)])
    marking = outbound._mark

    async def crash(*_: Any, **__: Any) -> None:
        raise RuntimeError("worker killed")

    with smtp_server() as inbox:
        monkeypatch.setattr(outbound, "_mark", crash)
        with pytest.raises(RuntimeError):
            await mail_pending(org, queue_name=QUEUE)
        monkeypatch.setattr(outbound, "_mark", marking)
        # The rerun finds the first run's outbox rows: the same mail, handed on once more.
        assert (await mail_pending(org, queue_name=QUEUE))["mails"] == 60
        await run_worker()
        await mail_pending(org, queue_name=QUEUE)
        await run_worker()
    assert len(to(inbox, user)) == 60
    assert len({m["Subject"] for m in to(inbox, user)}) == 60


async def test_every_mail_links_into_the_app_and_unsubscribes_in_one_click(
    app: Any, org, client: httpx.AsyncClient
):
    user = await add_account(org, first_name="Lena")
    await add_notices(org, [notice(user, "feedback_requested", link="/feedback/7")])
    with smtp_server() as inbox:
        # The organisation's job, queued as the dispatcher queues it; the worker runs it, and
        # then the delivery job it queues.
        pool = await create_pool(redis_settings())
        try:
            await pool.enqueue_job("notifications_mail", org.id, QUEUE, _queue_name=QUEUE)
        finally:
            await pool.aclose()
        assert await run_worker() == 2
    [message] = to(inbox, user)
    address = f"http://{org.subdomain}.localhost"
    text = body_of(message)
    assert f"{address}/feedback/7" in text
    assert f"{address}/unsubscribe?token=" in text
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    one_click = message["List-Unsubscribe"].strip("<>")
    assert one_click.startswith(f"{address}/api/notifications/unsubscribe?token=")
    # What a mail program does with it: POST, no cookie, no body beyond RFC 8058's.
    r = await client.post(
        one_click.removeprefix(address),
        headers={"host": f"{org.subdomain}.localhost"},
        content="List-Unsubscribe=One-Click",
    )
    assert r.status_code == 200, r.text
    assert await delivery_of(org, user, "feedback_requested") == "off"
    await add_notices(org, [notice(user, "feedback_requested", n=2)])
    with smtp_server() as inbox:
        await mail_pending(org, queue_name=QUEUE)
        await run_worker()
    assert to(inbox, user) == []


def test_the_worker_runs_the_notification_jobs_and_their_schedules():
    from api.worker import WorkerSettings

    names = {
        getattr(f, "name", None) or getattr(f, "__name__", None) for f in WorkerSettings.functions
    }
    assert {"notifications_daily", "notifications_mail", "deliver_mail_batch"} <= names
    scheduled = {job.name for job in WorkerSettings.cron_jobs}
    assert "cron:notifications_daily_dispatch" in scheduled


async def test_making_a_notice_asks_for_its_organisation_s_mailing_run(org):
    """Notices wake the mailer of their own organisation, once a minute at most: nothing runs
    on a timer over every organisation."""
    user = await add_account(org, first_name="Wes")
    pool = await create_pool(redis_settings())
    try:
        before = {k async for k in pool.scan_iter(match=f"arq:job:notify-mail:{org.id}:*")}
        await add_notices(org, [notice(user, "review_shared"), notice(user, "review_shared", n=2)])
        await add_notices(org, [notice(user, "review_shared", n=3)])
        after = {k async for k in pool.scan_iter(match=f"arq:job:notify-mail:{org.id}:*")}
    finally:
        await pool.aclose()
    # Both transactions fall in the same minute, or in two: one job per minute either way.
    assert 1 <= len(after - before) <= 2
