"""Certification lead times: a type's reminder days (1-5 distinct whole days, 1-365) tell the
holder at each, and on the day it expires, once each."""

from datetime import timedelta

from api.core.db import tenant_session
from api.notifications.expiry import certification_expiry, lead_time
from api.notifications.jobs import daily_notices
from tests.api.certifications.factories import add_cert, add_type, days
from tests.api.notifications.support import add_account, notices_of

BAD = "Reminder days must be 1 to 5 different whole numbers of days between 1 and 365"


async def test_a_type_keeps_its_reminder_days_and_refuses_bad_ones(login, org):
    admin = await login(org, "admin")
    r = await admin.post("/api/certification-types", json={"name": "Forklift"})
    assert r.status_code == 201 and r.json()["reminderDays"] == [90, 60, 30, 7]
    r = await admin.post(
        "/api/certification-types", json={"name": "Crane", "reminderDays": [7, 30]}
    )
    assert r.status_code == 201 and r.json()["reminderDays"] == [30, 7]
    crane = r.json()["id"]
    for bad in ([], [0], [366], [30, 30], [1, 2, 3, 4, 5, 6], [1.5], ["x"], [True], "30"):
        r = await admin.put(f"/api/certification-types/{crane}", json={"reminderDays": bad})
        assert r.status_code == 400, (bad, r.text)
        assert BAD in r.json()["message"]
    r = await admin.put(f"/api/certification-types/{crane}", json={"reminderDays": [365, 1]})
    assert r.status_code == 200 and r.json()["reminderDays"] == [365, 1]
    # Another field changed alone keeps them.
    r = await admin.put(f"/api/certification-types/{crane}", json={"validityMonths": 12})
    assert r.json()["reminderDays"] == [365, 1]


def test_the_lead_time_told_is_the_nearest_not_yet_passed():
    assert lead_time(30, [30]) == 30
    assert lead_time(29, [30]) == 30
    assert lead_time(31, [30]) is None
    assert lead_time(0, [30]) == 0
    assert lead_time(-1, [30]) is None
    assert lead_time(45, [90, 60, 30, 7]) == 60


async def test_the_holder_is_told_thirty_days_before_and_on_the_day_once_each(org):
    holder = await add_account(org, first_name="Hana", linked=True)
    bystander = await add_account(org, first_name="Ben", linked=True)
    type_id = await add_type(org, "Rescue Diver", reminder_days=[30])
    expires = days(30)
    await add_cert(org, holder.employee_id, type_id, expires=expires)
    told = []
    for offset in (0, 0, 1, 15, 29, 30, 30, 31):
        report = await daily_notices(org, expires - timedelta(days=30 - offset))
        told.append(report["certification_notices"])
    assert told == [1, 0, 0, 0, 0, 1, 0, 0]
    notices = await notices_of(org, holder)
    assert [n.title for n in notices] == [
        "Your Rescue Diver certification expires in 30 days",
        "Your Rescue Diver certification expires today",
    ]
    assert {n.kind for n in notices} == {"certification_expiring"}
    assert {n.link for n in notices} == {"/certifications"}
    assert await notices_of(org, bystander) == []


async def test_a_renewed_or_inactive_certification_tells_nobody(org):
    holder = await add_account(org, first_name="Rita", linked=True)
    type_id = await add_type(org, "Lifeguard", reminder_days=[30])
    await add_cert(org, holder.employee_id, type_id, expires=days(10))
    await add_cert(org, holder.employee_id, type_id, expires=days(400))
    other_type = await add_type(org, "Skipper", reminder_days=[30])
    await add_cert(org, holder.employee_id, other_type, expires=days(5), active=False)
    async with tenant_session(org.schema_name, org.id) as session:
        assert await certification_expiry(session, days(0)) == {"certification_notices": 0}
