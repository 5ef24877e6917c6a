"""The log names what its codes point to: the event's employee, a department by its name, a
manager by theirs, a review's employee and template; read in one statement for a page."""

from datetime import date, timedelta

from sqlalchemy import event

from api.audit import service
from api.audit.query import AuditQuery
from api.core.db import get_engine, tenant_session
from tests.api.employees.factories import add
from tests.api.reviews.factories import add_template

URL = "/api/audit-events"


async def seed(org, login):
    """Alma (engineering) manages Bert (sales); Bert moves to engineering without a manager,
    then has a review; Alma's department is renamed."""
    admin = await login(org, "admin")
    alma = await add(admin, firstName="Alma", lastName="Berg", department="engineering")
    bert = await add(
        admin, firstName="Bert", lastName="Cole", department="sales", managerId=alma["employeeId"]
    )
    r = await admin.put(
        f"/api/employees/{bert['id']}", json={"department": "engineering", "managerId": None}
    )
    assert r.status_code == 200, r.text
    template = await add_template(org, name="Quarterly Check-in")
    due = (date.today() + timedelta(days=7)).isoformat()
    r = await admin.post(
        "/api/reviews",
        json={
            "employeeId": bert["id"],
            "templateId": template,
            "reviewType": "quarterly",
            "dueDate": due,
        },
    )
    assert r.status_code == 201, r.text
    return admin, alma, bert


async def test_codes_in_changes_come_with_the_names_they_point_to(org, login):
    admin, alma, bert = await seed(org, login)
    listed = (await admin.get(URL)).json()
    review, moved, bert_created, alma_created = listed

    assert alma_created["employeeName"] == "Alma Berg"
    assert alma_created["changeNames"] == {"department": [None, "Engineering"]}
    assert bert_created["changeNames"] == {
        "department": [None, "Sales"],
        "manager_id": [None, "Alma Berg"],
    }
    assert moved["changes"]["manager_id"] == [alma["employeeId"], None]
    assert moved["changeNames"] == {
        "department": ["Sales", "Engineering"],
        "manager_id": ["Alma Berg", None],
    }
    assert review["resource"] == "review" and review["employeeName"] == "Bert Cole"
    assert review["changeNames"]["employee_id"] == [None, "Bert Cole"]
    assert review["changeNames"]["template_id"] == [None, "Quarterly Check-in"]
    # The employee's history carries the same names.
    history = (await admin.get(f"/api/employees/{bert['id']}/history")).json()
    assert [e["changeNames"] for e in history] == [
        review["changeNames"],
        moved["changeNames"],
        bert_created["changeNames"],
    ]


async def test_names_are_as_the_records_are_now_and_absent_once_removed(org, login):
    admin, alma, bert = await seed(org, login)
    departments = (await admin.get("/api/departments")).json()
    sales = next(d for d in departments if d["slug"] == "sales")
    r = await admin.put(f"/api/departments/{sales['id']}", json={"name": "Sales and Growth"})
    assert r.status_code == 200, r.text
    listed = (await admin.get(f"{URL}?resource=employee&recordId={bert['id']}")).json()
    assert listed[0]["changeNames"]["department"] == ["Sales and Growth", "Engineering"]

    r = await admin.delete(f"/api/employees/{alma['id']}")
    assert r.status_code in (200, 204), r.text
    listed = (await admin.get(f"{URL}?resource=employee&recordId={bert['id']}")).json()
    # Alma is gone: her code stays in the changes, with no name beside it.
    assert listed[0]["changes"]["manager_id"] == [alma["employeeId"], None]
    assert "manager_id" not in listed[0]["changeNames"]
    assert listed[0]["employeeName"] == "Bert Cole"
    alma_events = (await admin.get(f"{URL}?employeeId={alma['id']}")).json()
    assert alma_events and all(e["employeeName"] is None for e in alma_events)


async def test_a_page_reads_its_names_in_one_statement(org, login):
    admin = await login(org, "admin")
    for n in range(6):
        await add(admin, firstName=f"P{n}", department="sales" if n % 2 else "engineering")
    statements: list[str] = []

    def seen(conn, cursor, statement, *args):
        statements.append(statement)

    engine = get_engine().sync_engine
    event.listen(engine, "before_cursor_execute", seen)
    try:
        async with tenant_session(org.schema_name, org.id, reads_only=True) as session:
            await service.list_page(session=session, query=AuditQuery(), paging=None)
    finally:
        event.remove(engine, "before_cursor_execute", seen)
    names = [s for s in statements if "FROM departments" in s or "FROM employees" in s]
    assert len(names) == 1, names
