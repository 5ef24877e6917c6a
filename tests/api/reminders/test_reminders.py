"""Reminders: GET /api/reminders and Mark Read, PUT /api/reminders/{id}."""

from datetime import UTC, datetime, timedelta

import pytest

from api.core.dates import local_today
from api.core.db import tenant_session
from api.reminders.models import Reminder
from tests.api.reviews.factories import add_employee, add_review, add_template, get_row

URL = "/api/reminders"


async def add_reminder(org, **fields) -> int:
    emp = fields.pop("employee_id", None) or await add_employee(
        org, first_name="Mae", last_name="Jemison"
    )
    rid = fields.pop("review_id", None) or await add_review(
        org, emp, await add_template(org), local_today() + timedelta(days=2)
    )
    values = {
        "employee_id": emp,
        "review_id": rid,
        "type": "review_due",
        "message": "Quarterly review for Mae Jemison is due",
        "due_date": local_today() + timedelta(days=2),
        **fields,
    }
    async with tenant_session(org.schema_name, org.id) as session:
        reminder = Reminder(**values)
        session.add(reminder)
        await session.flush()
        return reminder.id


async def test_everyone_reads_reminders_unread_first_then_by_due_date(login, org):
    late = await add_reminder(
        org, type="review_overdue", due_date=local_today() - timedelta(days=3)
    )
    read = await add_reminder(org, is_read=True, due_date=local_today() - timedelta(days=9))
    soon = await add_reminder(org, due_date=local_today() + timedelta(days=1))
    for role in ("admin", "hr", "manager", "user"):
        r = await (await login(org, role)).get(URL)
        assert r.status_code == 200
        body = r.json()
        assert [x["id"] for x in body] == [late, soon, read]
    first = body[0]
    assert first["type"] == "review_overdue"
    assert first["isRead"] is False
    assert first["dueDate"] == (local_today() - timedelta(days=3)).isoformat()
    assert first["employee"]["firstName"] == "Mae"
    assert first["organizationId"] == org.id
    assert first["reviewId"] and first["certificationId"] is None


@pytest.mark.parametrize("role", ["admin", "hr", "manager", "user"])
async def test_every_role_marks_a_reminder_read(login, org, role):
    rid = await add_reminder(org)
    r = await (await login(org, role)).put(f"{URL}/{rid}", json={"isRead": True})
    assert r.status_code == 200, r.text
    assert r.json()["isRead"] is True
    assert (await get_row(org, Reminder, rid)).is_read is True


async def test_a_reminder_can_be_put_back_to_unread(login, org):
    rid = await add_reminder(org, is_read=True)
    r = await (await login(org, "user")).put(f"{URL}/{rid}", json={"isRead": False})
    assert r.json()["isRead"] is False


async def test_bad_bodies_and_unknown_ids(login, org):
    rid = await add_reminder(org)
    user = await login(org, "user")
    r = await user.put(f"{URL}/{rid}", json={"isRead": "yes please"})
    assert r.status_code == 400
    assert r.json()["message"] == "Read status must be true or false"
    assert (await get_row(org, Reminder, rid)).is_read is False
    r = await user.put(f"{URL}/424242", json={"isRead": True})
    assert (r.status_code, r.json()) == (404, {"message": "Reminder not found"})
    assert (await user.put(f"{URL}/99999999999", json={"isRead": True})).status_code == 404


async def test_another_organisations_reminder_is_not_found(login, org, other_org):
    await add_reminder(other_org)
    theirs = await add_reminder(other_org)
    r = await (await login(org, "admin")).put(f"{URL}/{theirs}", json={"isRead": True})
    assert r.status_code == 404
    assert (await get_row(other_org, Reminder, theirs)).is_read is False
    assert (await (await login(org, "admin")).get(URL)).json() == []


async def test_signed_out_callers_are_refused(client):
    assert (await client.get(URL)).status_code == 401
    assert (await client.put(f"{URL}/1", json={"isRead": True})).status_code == 401


async def test_the_list_is_what_the_reply_model_makes_of_each_reminder(login, org):
    """The list is rendered from plain rows (api/core/listing.py): same JSON, byte for byte."""
    from pydantic_core import to_json
    from sqlalchemy import select
    from sqlalchemy.orm import selectinload

    from api.reminders.schemas import ReminderRead

    ada = await add_employee(org, employee_id="E-ADA", first_name="Ada", department=None)
    review = await add_review(org, ada, await add_template(org), local_today())
    known = await add_reminder(
        org,
        employee_id=ada,
        review_id=review,
        due_date=None,
        message='Say "hi" \u2014 soon',
        created_at=datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC),
    )
    await add_reminder(org, is_read=True)
    await add_reminder(org, type="review_overdue", due_date=local_today() - timedelta(days=1))
    reply = await (await login(org, "user")).get(URL)
    assert reply.status_code == 200
    async with tenant_session(org.schema_name, org.id) as session:
        rows = (
            await session.execute(select(Reminder).options(selectinload(Reminder.employee)))
        ).scalars()
        expected = {
            r.id: ReminderRead.model_validate(r).model_dump(mode="json", by_alias=True)
            for r in rows
        }
    listed = reply.json()
    assert len(listed) == 3
    assert listed == [expected[r["id"]] for r in listed]
    assert reply.content == to_json([expected[r["id"]] for r in listed])
    # What the client receives for a known reminder, written out: a mistake that both the list
    # and the reply model share would pass the comparison above, not this.
    assert {r["id"]: r for r in listed}[known] == {
        "id": known,
        "employeeId": ada,
        "reviewId": review,
        "certificationId": None,
        "type": "review_due",
        "message": 'Say "hi" \u2014 soon',
        "dueDate": None,
        "isRead": False,
        "createdAt": "2026-01-02T03:04:05Z",
        "organizationId": org.id,
        "employee": {
            "id": ada,
            "employeeId": "E-ADA",
            "firstName": "Ada",
            "lastName": "Lovelace",
            "department": None,
        },
    }


async def test_a_reminder_marked_read_shows_read_and_moves_down_at_the_next_list(login, org):
    """The list reuses each reminder's JSON while its row is unchanged (api/core/listing.py):
    marking one read re-renders it and re-sorts the list."""
    first = await add_reminder(org, due_date=local_today() + timedelta(days=1))
    second = await add_reminder(org, due_date=local_today() + timedelta(days=2))
    user = await login(org, "user")
    before = (await user.get(URL)).json()
    assert [(r["id"], r["isRead"]) for r in before] == [(first, False), (second, False)]
    assert (await user.get(URL)).json() == before

    assert (await user.put(f"{URL}/{first}", json={"isRead": True})).status_code == 200
    after = (await user.get(URL)).json()
    assert [(r["id"], r["isRead"]) for r in after] == [(second, False), (first, True)]
    assert after[1] == before[0] | {"isRead": True}
