"""GET /api/employees with filters, sorting and opt-in paging: each parameter narrows or
orders the list, bad values answer 400 naming the parameter, another organisation's people
never appear, and the per-process snapshot (api/employees/listing.py) never answers one
filter's page for another's, nor an old one after a change."""

from datetime import timedelta

import pytest
from sqlalchemy import update

from api.core.dates import local_today
from api.core.db import tenant_session
from api.employees.models import Employee
from tests.api.employees.factories import add


async def _names(client, url: str) -> list[str]:
    reply = await client.get(url)
    assert reply.status_code == 200, reply.text
    return [e["lastName"] for e in reply.json()]


@pytest.fixture
async def people(login, org, other_org):
    admin = await login(org)
    rows = [
        ("Babbage", "engineering", "annual", "2019-01-01"),
        ("Curie", "sales", "quarterly", "2021-06-01"),
        ("Lovelace", "engineering", "quarterly", "2020-03-01"),
        ("Turing", "marketing", "monthly", None),
    ]
    made = {}
    for last, department, schedule, start in rows:
        made[last] = await add(
            admin,
            lastName=last,
            department=department,
            reviewSchedule=schedule,
            startDate=start or "2022-01-01",
        )
    archived = await add(admin, lastName="Archer", department="sales")
    assert (await admin.post(f"/api/employees/{archived['id']}/archive")).status_code == 200
    # Next review dates as the reminder job leaves them: one passed, one to come; and a start
    # date missing, as an import from elsewhere may leave it.
    async with tenant_session(org.schema_name, org.id) as session:
        await session.execute(
            update(Employee).where(Employee.id == made["Turing"]["id"]).values(start_date=None)
        )
        for last, day in (
            ("Curie", local_today() - timedelta(days=3)),
            ("Turing", local_today() + timedelta(9)),
        ):
            await session.execute(
                update(Employee).where(Employee.id == made[last]["id"]).values(next_review_date=day)
            )
    await add(await login(other_org), lastName="Elsewhere", department="sales")
    return made


async def test_without_parameters_the_list_is_unchanged(login, org, people):
    client = await login(org, "user")
    reply = await client.get("/api/employees")
    assert "x-total-count" not in reply.headers
    assert [e["lastName"] for e in reply.json()] == ["Babbage", "Curie", "Lovelace", "Turing"]
    everyone = await _names(client, "/api/employees?includeArchived=true")
    assert everyone == ["Archer", "Babbage", "Curie", "Lovelace", "Turing"]


async def test_each_filter_narrows_the_list(login, org, people):
    client = await login(org, "manager")
    cases = {
        "department=engineering": ["Babbage", "Lovelace"],
        "department=nowhere": [],
        "reviewSchedule=quarterly": ["Curie", "Lovelace"],
        "overdue=true": ["Curie"],
        "overdue=false": ["Babbage", "Lovelace", "Turing"],
        "archived=archived": ["Archer"],
        "archived=all&department=sales": ["Archer", "Curie"],
        # archived takes precedence over includeArchived
        "includeArchived=true&archived=active&department=sales": ["Curie"],
        "search=LOVE&department=engineering": ["Lovelace"],
        "search=love&department=sales": [],
    }
    for query, expected in cases.items():
        assert await _names(client, f"/api/employees?{query}") == expected, query


async def test_sorting(login, org, people):
    client = await login(org)
    assert await _names(client, "/api/employees?sort=-name") == [
        "Turing",
        "Lovelace",
        "Curie",
        "Babbage",
    ]
    # Missing values last in both directions; equal values by name.
    assert await _names(client, "/api/employees?sort=startDate") == [
        "Babbage",
        "Lovelace",
        "Curie",
        "Turing",
    ]
    assert await _names(client, "/api/employees?sort=-startDate") == [
        "Curie",
        "Lovelace",
        "Babbage",
        "Turing",
    ]
    assert await _names(client, "/api/employees?sort=department") == [
        "Babbage",
        "Lovelace",
        "Turing",
        "Curie",
    ]
    assert await _names(client, "/api/employees?sort=nextReviewDate") == [
        "Curie",
        "Turing",
        "Babbage",
        "Lovelace",
    ]


async def test_paging_is_opt_in_and_counts_every_match(login, org, people):
    client = await login(org)
    first = await client.get("/api/employees?pageSize=3")
    assert first.headers["x-total-count"] == "4"
    assert [e["lastName"] for e in first.json()] == ["Babbage", "Curie", "Lovelace"]
    second = await client.get("/api/employees?pageSize=3&page=2")
    assert [e["lastName"] for e in second.json()] == ["Turing"]
    past = await client.get("/api/employees?page=3&pageSize=3")
    assert past.json() == [] and past.headers["x-total-count"] == "4"
    filtered = await client.get("/api/employees?page=1&archived=all&sort=-name")
    assert filtered.headers["x-total-count"] == "5"
    assert [e["lastName"] for e in filtered.json()][-1] == "Archer"


async def test_pages_follow_changes_and_never_mix_filters(login, org, people):
    client = await login(org)
    for _ in range(2):
        assert await _names(client, "/api/employees?department=engineering&pageSize=1") == [
            "Babbage"
        ]
        assert await _names(client, "/api/employees?sort=-name&pageSize=1") == ["Turing"]
        assert await _names(client, "/api/employees?pageSize=1") == ["Babbage"]
    # A move to another department and a rename show at once, in every order and filter.
    reply = await client.put(
        f"/api/employees/{people['Babbage']['id']}",
        json={"department": "sales", "lastName": "Zuse"},
    )
    assert reply.status_code == 200, reply.text
    assert await _names(client, "/api/employees?department=engineering&pageSize=1") == ["Lovelace"]
    assert await _names(client, "/api/employees?sort=-name&pageSize=1") == ["Zuse"]
    assert await _names(client, "/api/employees?sort=startDate&pageSize=1") == ["Zuse"]
    assert await _names(client, "/api/employees?department=sales") == ["Curie", "Zuse"]


async def test_another_organisation_never_appears(login, other_org, people):
    client = await login(other_org)
    for query in ("", "?department=sales", "?archived=all&pageSize=10", "?sort=-name"):
        assert await _names(client, f"/api/employees{query}") == ["Elsewhere"], query
    assert await _names(client, "/api/employees?department=engineering") == []


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("archived=yes", "archived"),
        ("reviewSchedule=weekly", "reviewSchedule"),
        ("overdue=soon", "overdue"),
        ("sort=salary", "sort"),
        ("page=0", "page"),
        ("page=-1", "page"),
        ("pageSize=1000", "pageSize"),
        ("pageSize=x", "pageSize"),
        ("includeArchived=maybe", "includeArchived"),
        ("department=" + "d" * 51, "department"),
    ],
)
async def test_bad_values_answer_400_naming_the_parameter(login, org, query, field):
    client = await login(org)
    reply = await client.get(f"/api/employees?{query}")
    assert reply.status_code == 400, reply.text
    body = reply.json()
    assert body["errors"][0]["field"] == field
    assert field in body["message"]
