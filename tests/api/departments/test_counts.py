"""A department counts its active employees on every screen, and its archived ones apart."""

from tests.api.employees.factories import add


async def test_admin_and_analytics_count_a_department_the_same_way(login, org):
    admin = await login(org, "admin")
    for _ in range(3):
        await add(admin, department="sales")
    archived = await add(admin, department="sales")
    r = await admin.post(f"/api/employees/{archived['id']}/archive")
    assert r.status_code == 200, r.text

    listed = {d["slug"]: d for d in (await admin.get("/api/departments")).json()}
    assert (listed["sales"]["employeeCount"], listed["sales"]["archivedCount"]) == (3, 1)
    assert (listed["finance"]["employeeCount"], listed["finance"]["archivedCount"]) == (0, 0)
    one = (await admin.get(f"/api/departments/{listed['sales']['id']}")).json()
    assert (one["employeeCount"], one["archivedCount"]) == (3, 1)

    analytics = (await admin.get("/api/analytics")).json()
    sales = next(d for d in analytics["departments"] if d["slug"] == "sales")
    assert sales["employeeCount"] == listed["sales"]["employeeCount"]

    # archived people still belong to it: the refusal says so
    r = await admin.delete(f"/api/departments/{listed['sales']['id']}")
    assert r.status_code == 409
    assert r.json()["message"] == (
        "This department has 4 employees (1 archived). "
        "Move them to another department before deleting it."
    )
