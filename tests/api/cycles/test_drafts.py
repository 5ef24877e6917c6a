"""Drafts: made, read, changed and removed; every request the rules refuse, with its message."""

from datetime import timedelta
from typing import Any

from api.core.dates import local_today
from api.core.db import tenant_session
from api.cycles.models import ReviewCycle
from api.departments.models import Department
from api.employees.models import Employee
from api.reviews.models import ReviewTemplate
from tests.api.cycles.conftest import World
from tests.api.test_route_matrix import start_ids_high
from tests.conftest import new_org


def day(offset: int) -> str:
    return (local_today() + timedelta(days=offset)).isoformat()


async def test_a_draft_is_made_read_listed_changed_and_deleted(world: World) -> None:
    body = world.body(
        selfDue=day(10),
        feedbackDue=day(20),
        reviewDue=day(30),
        acknowledgeDue=day(40),
        population={"kind": "departments", "departmentIds": [world.departments["eng"]]},
    )
    r = await world.admin.post("/api/cycles", json=body)
    assert r.status_code == 201, r.text
    made = r.json()
    assert made["status"] == "draft"
    assert made["templateName"] == "Cycle template"
    assert made["population"] == {
        "kind": "departments",
        "departmentIds": [world.departments["eng"]],
        "employeeIds": [],
        "startFrom": None,
        "startTo": None,
    }
    assert (made["selfDue"], made["acknowledgeDue"]) == (day(10), day(40))
    assert (made["reviewCount"], made["doneCount"], made["launchedAt"]) == (0, 0, None)

    listed = (await world.admin.get("/api/cycles")).json()
    assert [c["id"] for c in listed] == [made["id"]]
    assert (await world.admin.get(f"/api/cycles/{made['id']}")).json() == made

    changed = {**body, "name": "Renamed cycle", "selfDue": None}
    r = await world.admin.put(f"/api/cycles/{made['id']}", json=changed)
    assert r.status_code == 200, r.text
    assert (r.json()["name"], r.json()["selfDue"]) == ("Renamed cycle", None)

    assert (await world.admin.delete(f"/api/cycles/{made['id']}")).status_code == 204
    # The trail names the record a cycle, as the log's filter does.
    events = await world.audit("create") + await world.audit("update") + await world.audit("delete")
    assert [(e.action, e.resource, e.record_id) for e in events] == [
        (action, "cycle", str(made["id"])) for action in ("create", "update", "delete")
    ]
    assert (await world.admin.get(f"/api/cycles/{made['id']}")).status_code == 404
    assert await world.count(ReviewCycle) == 0


async def test_names_are_unique_whatever_their_case(world: World) -> None:
    first = await world.create(name="Autumn 2026")
    r = await world.admin.post("/api/cycles", json=world.body(name="autumn   2026"))
    assert r.status_code == 409
    assert r.json()["message"] == "A cycle named 'autumn 2026' already exists"
    other = await world.create(name="Winter 2026")
    r = await world.admin.put(f"/api/cycles/{other['id']}", json=world.body(name="AUTUMN 2026"))
    assert r.status_code == 409
    # Saving a draft under its own name is no clash.
    r = await world.admin.put(f"/api/cycles/{first['id']}", json=world.body(name="Autumn 2026"))
    assert r.status_code == 200, r.text


async def refused(world: World, status: int, message: str, **changes: Any) -> None:
    before = await world.count(ReviewCycle)
    r = await world.admin.post("/api/cycles", json=world.body(**changes))
    assert (r.status_code, r.json()["message"]) == (status, message), r.text
    assert await world.count(ReviewCycle) == before


async def test_stages_due_out_of_order_are_refused_with_what_is_wrong(world: World) -> None:
    await refused(
        world,
        422,
        "The self-review must be due on or before the review",
        selfDue=day(31),
        reviewDue=day(30),
    )
    await refused(world, 422, "Feedback must be due on or before the review", feedbackDue=day(31))
    await refused(
        world,
        422,
        "The acknowledgement must be due on or after the review",
        acknowledgeDue=day(29),
    )
    # The same day for every stage is in order.
    ok = world.body(selfDue=day(30), feedbackDue=day(30), acknowledgeDue=day(30))
    assert (await world.admin.post("/api/cycles", json=ok)).status_code == 201


async def test_bad_names_and_missing_fields_are_refused(world: World) -> None:
    await refused(world, 400, "The name must be 3 to 100 characters long", name=" x ")
    await refused(world, 400, "The name must be 3 to 100 characters long", name="n" * 101)
    r = await world.admin.post("/api/cycles", json={**world.body(), "reviewDue": None})
    assert r.status_code == 400
    r = await world.admin.post("/api/cycles", json={**world.body(), "reviewType": "monthly"})
    assert r.status_code == 400


async def test_populations_must_name_someone_in_a_range_that_makes_sense(world: World) -> None:
    await refused(world, 422, "Choose at least one department", population={"kind": "departments"})
    await refused(world, 422, "Choose at least one employee", population={"kind": "employees"})
    await refused(
        world,
        422,
        "Give the first start date, the last, or both",
        population={"kind": "start_dates"},
    )
    await refused(
        world,
        422,
        "The first start date must be on or before the last",
        population={"kind": "start_dates", "startFrom": "2024-02-01", "startTo": "2024-01-01"},
    )


async def test_unknown_templates_departments_and_employees_are_refused(world: World) -> None:
    await refused(world, 422, "The review template does not exist", templateId=999_999)
    await refused(world, 422, "The self-review template does not exist", selfTemplateId=0)
    await refused(
        world,
        422,
        "Unknown departments: 999999",
        population={"kind": "departments", "departmentIds": [world.departments["eng"], 999_999]},
    )
    await refused(
        world,
        422,
        "Unknown employees: 999998, 999999",
        population={"kind": "employees", "employeeIds": [999_999, world.ids["A"], 999_998]},
    )


async def test_another_organisations_records_are_unknown_here(world: World) -> None:
    """Ids another organisation gave its own records (numbered apart from this one's) are
    neither accepted nor told apart from made-up ones."""
    other = await new_org("cz", "Other Cycles Org")
    await start_ids_high(other)
    async with tenant_session(other.schema_name, other.id) as s:
        template = ReviewTemplate(name="Theirs", questions=[])
        department = Department(slug="theirs", name="Theirs")
        person = Employee(
            employee_id="THEIRS-1",
            first_name="Their",
            last_name="Person",
            review_schedule="annual",
        )
        s.add_all([template, department, person])
        await s.flush()
        ids = (template.id, department.id, person.id)
    await refused(world, 422, "The review template does not exist", templateId=ids[0])
    await refused(
        world,
        422,
        f"Unknown departments: {ids[1]}",
        population={"kind": "departments", "departmentIds": [ids[1]]},
    )
    await refused(
        world,
        422,
        f"Unknown employees: {ids[2]}",
        population={"kind": "employees", "employeeIds": [ids[2]]},
    )


async def test_only_a_draft_changes_or_goes(world: World) -> None:
    cycle = await world.launched()
    r = await world.admin.put(f"/api/cycles/{cycle['id']}", json=world.body())
    assert r.status_code == 409
    assert "Only a draft cycle" in r.json()["message"]
    assert (await world.admin.delete(f"/api/cycles/{cycle['id']}")).status_code == 409
    assert (await world.admin.get(f"/api/cycles/{cycle['id']}")).json()["status"] == "active"


async def test_unknown_cycle_ids_answer_404(world: World) -> None:
    for path in ("", "/preview", "/progress", "/reviews", "/export"):
        for cycle_id in (0, 999_999, 2**31, -1):
            r = await world.admin.get(f"/api/cycles/{cycle_id}{path}")
            assert r.status_code == 404, (path, cycle_id, r.text)
    r = await world.admin.post("/api/cycles/999999/launch")
    assert (r.status_code, r.json()["message"]) == (404, "Cycle not found")
