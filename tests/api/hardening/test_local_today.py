"""Date rules that a person's own "today" decides accept every time zone's today: the browser
fills date fields with its local day, which may be a day ahead of or behind the server's."""

from datetime import UTC, date, datetime

import pytest

from api.core.dates import earliest_today, latest_today
from tests.api.notes.factories import add_employee
from tests.api.reviews.factories import default_template_id


@pytest.mark.parametrize(
    "utc,earliest,latest",
    [
        # 23:00 UTC: already the next day in Tokyo and Kiritimati (UTC+14).
        (datetime(2026, 11, 22, 23, 0, tzinfo=UTC), date(2026, 11, 22), date(2026, 11, 23)),
        # 08:00 UTC: still the day before on Baker Island (UTC-12).
        (datetime(2026, 11, 22, 8, 0, tzinfo=UTC), date(2026, 11, 21), date(2026, 11, 22)),
        # 11:00 UTC: the day before at UTC-12 and the day after at UTC+14, at once.
        (datetime(2026, 11, 22, 11, 0, tzinfo=UTC), date(2026, 11, 21), date(2026, 11, 23)),
    ],
)
def test_today_somewhere_spans_every_time_zone(utc, earliest, latest):
    assert (earliest_today(utc), latest_today(utc)) == (earliest, latest)


async def test_each_time_zones_today_is_accepted_where_the_future_or_past_is_not(login, org):
    admin = await login(org, "admin")
    ahead, behind = latest_today().isoformat(), earliest_today().isoformat()

    person = {"firstName": "Kenji", "lastName": "Sato", "position": "Engineer"}
    r = await admin.post(
        "/api/employees", json={**person, "startDate": ahead, "nextReviewDate": behind}
    )
    assert r.status_code == 201, r.text
    assert (r.json()["startDate"], r.json()["nextReviewDate"]) == (ahead, behind)

    emp, template = await add_employee(org), await default_template_id(org)
    review = {"employeeId": emp, "templateId": template, "reviewType": "annual", "dueDate": behind}
    r = await admin.post("/api/reviews", json=review)
    assert r.status_code == 201, r.text
