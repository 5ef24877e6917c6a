"""Reading the trail: the log with its filters and pages, the CSV export, an employee's
history; admin and hr only, and only their own organisation's."""

import csv
import io
from datetime import date, timedelta

import pytest

from tests.api.audit.support import events
from tests.api.employees.factories import add

URL = "/api/audit-events"


async def seed_changes(org, login):
    """An hr account and the shared admin sign-in each change an employee."""
    hr = await login(org, "hr", userId="u-hr", userName="Hanna Rask")
    admin = await login(org, "admin")
    first = await add(hr, firstName="Alma")
    second = await add(admin, firstName="Bert")
    r = await admin.put(f"/api/employees/{first['id']}", json={"position": "Lead"})
    assert r.status_code == 200
    return hr, admin, first, second


async def test_filters_by_person_record_action_and_day(org, login):
    hr, admin, first, second = await seed_changes(org, login)

    async def listed(query: str) -> list[dict]:
        r = await admin.get(f"{URL}?{query}")
        assert r.status_code == 200, r.text
        return r.json()

    by_account = await listed("actor=u-hr")
    assert [(e["action"], e["actorName"]) for e in by_account] == [("create", "Hanna Rask")]
    by_role = await listed("actor=admin")
    assert [e["action"] for e in by_role] == ["update", "create"]  # newest first
    assert all(e["actorUserId"] is None for e in by_role)
    assert [e["recordId"] for e in await listed(f"employeeId={first['id']}")] == [
        str(first["id"]),
        str(first["id"]),
    ]
    assert len(await listed(f"resource=employee&recordId={second['id']}")) == 1
    (update,) = await listed("action=update")
    assert update["changes"] == {"position": ["Software Engineer", "Lead"]}
    assert update["resource"] == "employee" and update["ip"] == "127.0.0.1"
    today = date.today()
    assert len(await listed(f"from={today}&to={today}")) == 3
    assert await listed(f"to={today - timedelta(days=1)}") == []
    assert await listed(f"from={today + timedelta(days=1)}") == []
    r = await admin.get(f"{URL}?from={today}&to={today - timedelta(days=1)}")
    assert r.status_code == 400
    assert (await admin.get(f"{URL}?from=1800-01-01")).status_code == 400


async def test_pages_with_the_total(org, login):
    admin = await login(org, "admin")
    for n in range(5):
        await add(admin, firstName=f"P{n}")
    r = await admin.get(f"{URL}?page=2&pageSize=2")
    assert r.status_code == 200
    assert r.headers["x-total-count"] == "5"
    assert [e["summary"].split()[2] for e in r.json()] == ["P2", "P1"]
    r = await admin.get(f"{URL}?page=9&pageSize=2")
    assert r.json() == [] and r.headers["x-total-count"] == "5"
    # Unpaged, the log still answers one page (the first 50) with the total.
    r = await admin.get(URL)
    assert len(r.json()) == 5 and r.headers["x-total-count"] == "5"


async def test_actors_are_the_filter_choices(org, login):
    _, admin, _, _ = await seed_changes(org, login)
    r = await admin.get(f"{URL}/actors")
    assert r.status_code == 200
    assert r.json() == [
        {"userId": None, "name": "Administrator", "role": "admin"},
        {"userId": "u-hr", "name": "Hanna Rask", "role": "hr"},
    ]


async def test_the_csv_export_follows_the_filters_and_is_itself_recorded(org, login):
    hr, admin, first, _ = await seed_changes(org, login)
    r = await hr.get(f"{URL}/export?employeeId={first['id']}")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/csv")
    assert "attachment" in r.headers["content-disposition"]
    rows = list(csv.reader(io.StringIO(r.content.decode("utf-8-sig"))))
    assert rows[0][:5] == ["When", "Who", "User ID", "Role", "Action"]
    assert [row[4] for row in rows[1:]] == ["update", "create"]
    assert '"position": ["Software Engineer", "Lead"]' in rows[1][9]
    (exported,) = await events(org, action="export")
    assert (exported.resource, exported.actor_user_id) == ("audit", "u-hr")
    assert exported.summary == "Exported 2 audit events"


async def test_a_formula_in_a_name_is_not_run_by_a_spreadsheet(org, login):
    admin = await login(org, "admin", userId="u-x", userName="=HYPERLINK(1)")
    await add(admin)
    r = await admin.get(f"{URL}/export")
    rows = list(csv.reader(io.StringIO(r.content.decode("utf-8-sig"))))
    assert rows[1][1] == "'=HYPERLINK(1)"


async def test_an_employees_history(org, other_org, login):
    _, admin, first, second = await seed_changes(org, login)
    r = await admin.get(f"/api/employees/{first['id']}/history")
    assert r.status_code == 200
    assert [e["action"] for e in r.json()] == ["update", "create"]
    assert r.headers["x-total-count"] == "2"
    assert all(e["employeeId"] == first["id"] for e in r.json())
    assert (await admin.get("/api/employees/999999/history")).status_code == 404
    # Another organisation's admin naming this organisation's employee: not found.
    stranger = await login(other_org, "admin")
    assert (await stranger.get(f"/api/employees/{first['id']}/history")).status_code == 404
    # ... and its own log holds none of these events.
    r = await stranger.get(URL)
    assert [e for e in r.json() if e["resource"] == "employee"] == []
    # A removed employee's history is gone with the profile; the log keeps its events.
    assert (await admin.delete(f"/api/employees/{second['id']}")).status_code == 200
    assert (await admin.get(f"/api/employees/{second['id']}/history")).status_code == 404
    r = await admin.get(f"{URL}?employeeId={second['id']}")
    assert [e["action"] for e in r.json()] == ["delete", "create"]


@pytest.mark.parametrize("role", ["manager", "user"])
async def test_managers_and_users_may_not_read_the_trail(org, login, role):
    admin = await login(org, "admin")
    employee = await add(admin)
    c = await login(org, role)
    for url in (URL, f"{URL}/actors", f"{URL}/export", f"/api/employees/{employee['id']}/history"):
        assert (await c.get(url)).status_code == 403, url
