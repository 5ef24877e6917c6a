"""Departments API: list, create, update (slug renames follow through), guarded delete."""

import pytest

from tests.api.employees.factories import add

DEFAULT_SLUGS = {"engineering", "sales", "marketing", "human-resources", "finance", "operations"}


async def create(client, **body):
    data = {"name": "Research", "slug": "research", "description": "R&D", **body}
    r = await client.post("/api/departments", json=data)
    assert r.status_code == 201, r.text
    return r.json()


async def test_list_has_the_defaults_by_name_with_employee_counts(login, org):
    admin = await login(org, "admin")
    await add(admin, department="sales")
    await add(admin, department="sales")
    r = await admin.get("/api/departments")
    assert r.status_code == 200
    listed = r.json()
    assert {d["slug"] for d in listed} == DEFAULT_SLUGS
    names = [d["name"] for d in listed]
    assert names == sorted(names, key=str.lower)
    sales = next(d for d in listed if d["slug"] == "sales")
    assert sales["employeeCount"] == 2
    assert sales["isDefault"] is True
    assert sales["organizationId"] == org.id
    assert {"id", "name", "slug", "description", "isDefault", "createdAt", "updatedAt"} <= set(
        sales
    )


async def test_create_read_and_use_a_department(login, org):
    admin = await login(org, "admin")
    made = await create(
        admin, name="  Research Lab ", slug="research_lab-2", isDefault=False, organizationId=77
    )
    assert made["name"] == "Research Lab"
    assert made["slug"] == "research_lab-2"
    assert made["description"] == "R&D"
    assert made["isDefault"] is False
    assert made["employeeCount"] == 0
    assert made["organizationId"] == org.id
    r = await admin.get(f"/api/departments/{made['id']}")
    assert r.status_code == 200
    assert r.json()["slug"] == "research_lab-2"
    person = await add(admin, department="research_lab-2")
    assert person["department"] == "research_lab-2"


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"name": ""}, "Department name is required"),
        ({"name": "A"}, "Department name must be at least 2 characters"),
        ({"name": "N" * 51}, "Department name must not exceed 50 characters"),
        ({"slug": ""}, "Slug is required"),
        ({"slug": "a"}, "Slug must be at least 2 characters"),
        ({"slug": "s" * 51}, "Slug must not exceed 50 characters"),
        (
            {"slug": "Research"},
            "Slug may only contain lowercase letters, numbers, hyphens and underscores",
        ),
        (
            {"slug": "r&d"},
            "Slug may only contain lowercase letters, numbers, hyphens and underscores",
        ),
        ({"description": "d" * 201}, "Description must not exceed 200 characters"),
    ],
)
async def test_create_validation_messages(login, org, body, message):
    admin = await login(org, "admin")
    data = {"name": "Research", "slug": "research", **body}
    r = await admin.post("/api/departments", json=data)
    assert r.status_code == 400, r.text
    assert r.json()["message"] == message
    assert len((await admin.get("/api/departments")).json()) == 6


async def test_nul_characters_are_dropped_not_a_server_error(login, org):
    admin = await login(org, "admin")
    made = await create(admin, name="Lab\x00s", slug="labs", description="R\x00&D")
    assert (made["name"], made["description"]) == ("Labs", "R&D")
    r = await admin.post("/api/departments", json={"name": 12, "slug": ["x"]})
    assert r.status_code == 400


async def test_duplicate_slug_is_a_conflict(login, org):
    admin = await login(org, "admin")
    r = await admin.post("/api/departments", json={"name": "Engineering 2", "slug": "engineering"})
    assert r.status_code == 409
    assert r.json() == {"message": "A department with the slug 'engineering' already exists"}
    # The same name with another slug is fine.
    await create(admin, name="Engineering", slug="engineering-2")


async def test_update_name_slug_and_description(login, org):
    admin = await login(org, "admin")
    made = await create(admin)
    r = await admin.put(
        f"/api/departments/{made['id']}",
        json={"name": "Research & Development", "slug": "rnd", "description": ""},
    )
    assert r.status_code == 200, r.text
    body = r.json()
    assert (body["name"], body["slug"], body["description"]) == (
        "Research & Development",
        "rnd",
        None,
    )
    # Fields left out are kept; sending the current slug back is not a conflict.
    r = await admin.put(f"/api/departments/{made['id']}", json={"slug": "rnd"})
    assert r.status_code == 200
    assert r.json()["name"] == "Research & Development"
    r = await admin.put(f"/api/departments/{made['id']}", json={"slug": "sales"})
    assert r.status_code == 409
    assert r.json()["message"] == "A department with the slug 'sales' already exists"
    r = await admin.put(f"/api/departments/{made['id']}", json={"name": "x"})
    assert r.status_code == 400
    assert r.json()["message"] == "Department name must be at least 2 characters"
    r = await admin.put(f"/api/departments/{made['id']}", json={"slug": "Bad Slug"})
    assert r.status_code == 400


async def test_renaming_a_slug_moves_its_employees_along(login, org):
    admin = await login(org, "admin")
    made = await create(admin)
    person = await add(admin, department="research")
    r = await admin.put(f"/api/departments/{made['id']}", json={"slug": "labs"})
    assert r.status_code == 200
    assert r.json()["employeeCount"] == 1
    assert (await admin.get(f"/api/employees/{person['id']}")).json()["department"] == "labs"


async def test_a_department_in_use_is_not_deleted(login, org):
    admin = await login(org, "admin")
    made = await create(admin)
    one = await add(admin, department="research")
    two = await add(admin, department="research")
    await admin.post(f"/api/employees/{two['id']}/archive")  # archived people still count
    r = await admin.delete(f"/api/departments/{made['id']}")
    assert r.status_code == 409
    assert r.json() == {
        "message": "This department has 2 employees (1 archived). "
        "Move them to another department before deleting it."
    }
    await admin.put(f"/api/employees/{one['id']}", json={"department": "sales"})
    r = await admin.delete(f"/api/departments/{made['id']}")
    assert r.json()["message"] == (
        "This department has 1 employee (1 archived). "
        "Move them to another department before deleting it."
    )
    await admin.put(f"/api/employees/{two['id']}", json={"department": None})
    r = await admin.delete(f"/api/departments/{made['id']}")
    assert r.status_code == 200
    assert r.json()["success"] is True
    assert (await admin.get(f"/api/departments/{made['id']}")).status_code == 404
    assert "research" not in {d["slug"] for d in (await admin.get("/api/departments")).json()}
    # A default department can go too once nobody is in it.
    finance = next(
        d for d in (await admin.get("/api/departments")).json() if d["slug"] == "finance"
    )
    assert (await admin.delete(f"/api/departments/{finance['id']}")).status_code == 200


async def test_unknown_and_malformed_ids(login, org):
    admin = await login(org, "admin")
    r = await admin.get("/api/departments/999999")
    assert r.status_code == 404
    assert r.json() == {"message": "Department not found"}
    assert (await admin.put("/api/departments/999999", json={"name": "Xy"})).status_code == 404
    assert (await admin.delete("/api/departments/999999")).status_code == 404
    assert (await admin.get("/api/departments/x")).status_code == 400
    assert (await admin.delete("/api/departments/9999999999999")).status_code == 400


async def test_every_role_reads_only_admin_and_hr_write(login, org, client):
    admin = await login(org, "admin")
    made = await create(admin)
    for role in ("manager", "user"):
        c = await login(org, role)
        assert (await c.get("/api/departments")).status_code == 200
        assert (await c.get(f"/api/departments/{made['id']}")).status_code == 200
        for call in (
            c.post("/api/departments", json={"name": "Ops 2", "slug": "ops-2"}),
            c.put(f"/api/departments/{made['id']}", json={"name": "Nope"}),
            c.delete(f"/api/departments/{made['id']}"),
        ):
            r = await call
            assert r.status_code == 403
            assert r.json() == {"message": "You don't have permission to do this"}
    hr = await login(org, "hr")
    hr_made = await create(hr, name="Legal", slug="legal")
    assert (
        await hr.put(f"/api/departments/{hr_made['id']}", json={"name": "Law"})
    ).status_code == 200
    assert (await hr.delete(f"/api/departments/{hr_made['id']}")).status_code == 200
    assert (await client.get("/api/departments")).status_code == 401


async def test_another_organisation_cannot_reach_the_department(login, org, other_org):
    admin_a = await login(org, "admin")
    made = await create(admin_a)  # id 7: beyond the six defaults every organisation has
    admin_b = await login(other_org, "admin")
    base = f"/api/departments/{made['id']}"
    assert (await admin_b.get(base)).status_code == 404
    assert (await admin_b.put(base, json={"name": "Taken over"})).status_code == 404
    assert (await admin_b.delete(base)).status_code == 404
    assert "research" not in {d["slug"] for d in (await admin_b.get("/api/departments")).json()}
    # Slugs are unique per organisation only, and org A's slug is unknown to org B's employees.
    r = await admin_b.post(
        "/api/employees",
        json={
            "firstName": "A",
            "lastName": "B",
            "startDate": "2024-01-01",
            "department": "research",
        },
    )
    assert r.status_code == 400
    assert r.json()["message"] == "Department 'research' does not exist"
    await create(admin_b)
    assert (await admin_a.get(base)).json()["name"] == "Research"


async def test_a_pending_password_change_is_refused(login, org):
    pending = await login(org, "admin", force=True)
    r = await pending.get("/api/departments")
    assert r.status_code == 403
    r = await pending.post("/api/departments", json={"name": "Legal", "slug": "legal"})
    assert r.status_code == 403
    admin = await login(org, "admin")
    assert "legal" not in {d["slug"] for d in (await admin.get("/api/departments")).json()}
