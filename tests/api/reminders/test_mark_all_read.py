"""Mark all read, POST /api/reminders/mark-all-read: every unread reminder of the signed-in
organisation becomes read, another organisation's stay as they were."""

import pytest

from api.reminders.models import Reminder
from tests.api.reminders.test_reminders import URL, add_reminder
from tests.api.reviews.factories import get_row


@pytest.mark.parametrize("role", ["admin", "hr", "manager", "user"])
async def test_every_role_marks_all_read_in_its_own_organisation_only(login, org, other_org, role):
    mine = [await add_reminder(org), await add_reminder(org), await add_reminder(org, is_read=True)]
    theirs = await add_reminder(other_org)
    client = await login(org, role)

    reply = await client.post(f"{URL}/mark-all-read")
    assert reply.status_code == 200, reply.text
    assert reply.json() == {"updated": 2}
    assert all(r["isRead"] for r in (await client.get(URL)).json())
    for rid in mine:
        assert (await get_row(org, Reminder, rid)).is_read is True
    assert (await get_row(other_org, Reminder, theirs)).is_read is False

    again = await client.post(f"{URL}/mark-all-read")
    assert again.json() == {"updated": 0}


async def test_signed_out_callers_are_refused(client, org):
    rid = await add_reminder(org)
    assert (await client.post(f"{URL}/mark-all-read")).status_code == 401
    assert (await get_row(org, Reminder, rid)).is_read is False
