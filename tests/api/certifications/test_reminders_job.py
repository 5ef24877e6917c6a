"""The daily job: certification_expiring / certification_expired reminders, once each."""

from datetime import date, timedelta

import pytest
from arq.connections import create_pool
from sqlalchemy import select

from api.certifications.jobs import (
    JOB_NAME,
    certification_reminders,
    certification_reminders_dispatch,
    job_id,
)
from api.core.db import tenant_session
from api.core.queue import redis_settings
from tests.api.certifications.factories import (
    Reminder,
    add_cert,
    add_employee,
    add_type,
    count,
    days,
    iso,
)

# Every test here depends on where today falls (tests/clock runs them at chosen instants).
pytestmark = pytest.mark.date_sensitive


async def reminders(org) -> list[tuple[str, int | None, str, str | None]]:
    async with tenant_session(org.schema_name, org.id) as s:
        rows = await s.execute(
            select(
                Reminder.type, Reminder.certification_id, Reminder.message, Reminder.due_date
            ).order_by(Reminder.certification_id, Reminder.type)
        )
        return [(t, c, m, d.isoformat() if d else None) for t, c, m, d in rows]


def us(d) -> str:
    return d.strftime("%b ") + str(d.day) + d.strftime(", %Y")


async def test_window_and_expiry_reminders_are_created_once(org):
    first_aid = await add_type(org, "First Aid")
    ada = await add_employee(org, first="Ada", last="Lovelace")
    bob = await add_employee(org, first="Bob", last="Babbage")
    archived = await add_employee(org, first="Gone", archived=True)
    in_window = await add_cert(org, ada, first_aid, expires=days(30))
    today = await add_cert(org, bob, first_aid, issue=days(-500), expires=days(0))
    await add_cert(org, ada, await add_type(org, "Far Away"), expires=days(31))
    await add_cert(org, ada, await add_type(org, "No Expiry"), expires=None)
    lapsed = await add_cert(org, bob, await add_type(org, "Forklift"), expires=days(-2))
    await add_cert(org, bob, await add_type(org, "Inactive"), expires=days(3), active=False)
    await add_cert(org, archived, first_aid, expires=days(3))

    counts = await certification_reminders({}, org.id)
    assert counts == {"certification_expiring": 2, "certification_expired": 1}
    assert await reminders(org) == [
        (
            "certification_expiring",
            in_window,
            f"Ada Lovelace's First Aid certification expires on {us(days(30))}",
            days(30).isoformat(),
        ),
        (
            "certification_expiring",
            today,
            f"Bob Babbage's First Aid certification expires on {us(days(0))}",
            days(0).isoformat(),
        ),
        (
            "certification_expired",
            lapsed,
            f"Bob Babbage's Forklift certification expired on {us(days(-2))}",
            days(-2).isoformat(),
        ),
    ]
    # Idempotent: a second run the same day inserts nothing.
    assert await certification_reminders({}, org.id) == {
        "certification_expiring": 0,
        "certification_expired": 0,
    }
    assert await count(org, Reminder) == 3

    # Days later the one in the window expires: its expired reminder joins the expiring one.
    later = (days(0) + timedelta(days=31)).isoformat()
    counts = await certification_reminders({}, org.id, later)
    assert counts["certification_expired"] == 2  # the "today" one and the 30-day one
    assert await count(org, Reminder, Reminder.certification_id == in_window) == 2


async def test_a_renewed_certification_gets_no_reminder(org):
    kind = await add_type(org, "Hazmat")
    ada = await add_employee(org)
    await add_cert(org, ada, kind, issue=days(-400), expires=days(-5))
    await add_cert(org, ada, kind, issue=days(-5), expires=days(360))
    assert await certification_reminders({}, org.id) == {
        "certification_expiring": 0,
        "certification_expired": 0,
    }


async def test_reminders_list_shows_them(org, login):
    kind = await add_type(org, "First Aid")
    ada = await add_employee(org)
    cert = await add_cert(org, ada, kind, expires=days(7))
    await certification_reminders({}, org.id)
    r = await (await login(org, "user")).get("/api/reminders")
    assert r.status_code == 200, r.text
    mine = [x for x in r.json() if x.get("certificationId") == cert]
    assert [x["type"] for x in mine] == ["certification_expiring"]


async def test_dispatch_queues_one_job_per_organisation_per_day(org):
    pool = await create_pool(redis_settings())
    try:
        ctx = {"redis": pool}
        await certification_reminders_dispatch(ctx, day="2031-01-02")
        mine = job_id(org.id, date(2031, 1, 2))
        assert mine == f"cert-reminders:{org.id}:2031-01-02"
        assert await pool.exists(f"arq:job:{mine}")
        # Already queued under its deterministic id: neither a direct nor a second dispatch adds one.
        assert await pool.enqueue_job(JOB_NAME, org.id, "2031-01-02", _job_id=mine) is None
        assert await certification_reminders_dispatch(ctx, day="2031-01-02") == 0
    finally:
        keys = [k async for k in pool.scan_iter("arq:job:cert-reminders:*:2031-01-02")]
        if keys:
            await pool.zrem("arq:queue", *[k.decode().removeprefix("arq:job:") for k in keys])
            await pool.delete(*keys)
        await pool.aclose()


async def test_a_changed_expiration_drops_the_old_reminders_and_gets_its_own(org, login):
    kind = await add_type(org, "First Aid")
    ada = await add_employee(org)
    cert = await add_cert(org, ada, kind, issue=days(-300), expires=days(10))
    kept = await add_cert(org, ada, await add_type(org, "Forklift"), expires=days(20))
    await certification_reminders({}, org.id)
    assert await count(org, Reminder, Reminder.certification_id == cert) == 1
    admin = await login(org, "admin")

    # Renewed by an edit: the reminder about the old date goes (the kept one stays) ...
    r = await admin.put(f"/api/employee-certifications/{cert}", json={"expirationDate": iso(400)})
    assert r.status_code == 200, r.text
    assert await count(org, Reminder, Reminder.certification_id == cert) == 0
    assert await count(org, Reminder, Reminder.certification_id == kept) == 1
    # ... and when the new date comes near, the job reminds again.
    near = (days(0) + timedelta(days=380)).isoformat()
    assert (await certification_reminders({}, org.id, near))["certification_expiring"] >= 1
    assert await reminders(org) == [
        (
            "certification_expiring",
            cert,
            f"Ada Lovelace's First Aid certification expires on {us(days(400))}",
            days(400).isoformat(),
        ),
        (
            "certification_expired",
            kept,
            f"Ada Lovelace's Forklift certification expired on {us(days(20))}",
            days(20).isoformat(),
        ),
        (
            "certification_expiring",
            kept,
            f"Ada Lovelace's Forklift certification expires on {us(days(20))}",
            days(20).isoformat(),
        ),
    ]
    # Other edits keep it; deactivating drops it.
    r = await admin.put(f"/api/employee-certifications/{cert}", json={"certificateNumber": "N-2"})
    assert r.status_code == 200
    assert await count(org, Reminder, Reminder.certification_id == cert) == 1
    r = await admin.put(f"/api/employee-certifications/{cert}", json={"isActive": False})
    assert r.status_code == 200
    assert await count(org, Reminder, Reminder.certification_id == cert) == 0
