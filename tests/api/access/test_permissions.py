"""The permission test generated from the policy table (api/access/policy.py).

Every route of the app declares the rule it obeys (`allowed(resource, action)` among its
dependencies) or is one of the few any signed-in person may call; a route that does neither
fails the first test. Then every route is called by every kind of reader (the shared admin
sign-in; personal accounts of an hr person, a manager, an employee, and one linked to no
employee) naming records of every relation to the reader (their own, their reporting line,
outside it, another organisation's), under both settings of 'Who sees what'. The expected
answer comes from the table alone: 403 when the role never has the action, 404 for a record out
of reach, allowed otherwise; and a list holds exactly the records in reach.

The chart: H (the hr person) manages M and C; M manages A; A manages B.
"""

from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

import httpx
import pytest
from sqlalchemy import update

from api.access.policy import Reach, Rule, permission
from api.core.db import public_session, tenant_session, utcnow
from api.cycles.models import FeedbackRequest
from api.organizations.models import Organization
from api.reminders.models import Reminder
from api.reviews.models import Review
from api.users.models import User
from tests.api.route_policy import POLICY, SIGNED_OUT, USER
from tests.api.test_route_matrix import (
    CALLS,
    OK,
    PARAM,
    PARAMS,
    Call,
    World,
    allowed,
    call,
    ok,
    seed,
    start_ids_high,
)
from tests.conftest import new_org, signed_in_client

Route = tuple[str, str]

# Reader -> (role, the person their account belongs to).
READERS: dict[str, tuple[str, str | None]] = {
    "admin": ("admin", None),  # the shared Administrator sign-in
    "hr H": ("hr", "H"),
    "manager M": ("manager", "M"),
    "user A": ("user", "A"),
    "unlinked user": ("user", None),
}
MANAGER_OF = {"M": "H", "C": "H", "A": "M", "B": "A"}
PEOPLE = ("H", "M", "C", "A", "B")
OTHER = "another organisation"
OUTSIDER = "nobody in the chart"
SETTINGS = ("open", "need_to_know")

# Any signed-in person: the session itself and the product's help.
FOR_EVERYONE_SIGNED_IN = {
    ("GET", "/api/auth/session"),
    ("GET", "/api/auth/user"),
    ("POST", "/api/auth/change-password"),
    ("POST", "/api/admin/ai-assistant"),
}
# Resources whose records each belong to one employee: their reach depends on whose they are.
PERSONAL = {
    "employees",
    "reviews",
    "reminders",
    "notes",
    "certifications",
    "documents",
    "feedback",
}
PER_PERSON = (
    "employee",
    "review",
    "reminder",
    "assignment",
    "certification",
    "note",
    "feedback_request",
)
# Calls on what a reviewer works on: made on the target's open review.
FILLED = {("PUT", "/api/reviews/{review_id}"), ("POST", "/api/reviews/{review_id}/share")}
# A review's feedback is never its own employee's to handle, whatever their reach (404).
FEEDBACK_ON_REVIEW = {
    ("POST", "/api/reviews/{review_id}/feedback-requests"),
    ("GET", "/api/reviews/{review_id}/feedback"),
}
PER_PERSON_FILES = ("document", "document_file")
# Calls whose body names the employee (a new record for them).
BODY_NAMES_PERSON = {
    ("POST", "/api/reviews"),
    ("POST", "/api/employee-notes"),
    ("POST", "/api/employee-certifications"),
    ("POST", "/api/certifications"),
    ("POST", "/api/employee-documents"),
}
# Calls naming a record of one account (a notice of an account no reader is): 404 for all.
ANOTHER_ACCOUNTS = {("POST", "/api/notifications/{notification_id}/read")}
# Lists and the kind of record their items are.
ID_LISTS: dict[Route, str] = {
    ("GET", "/api/employees"): "employee",
    ("GET", "/api/reviews/all"): "review",
    ("GET", "/api/reminders"): "reminder",
    ("GET", "/api/reviews"): "review",
    ("GET", "/api/employee-notes"): "note",
    ("GET", "/api/employee-certifications"): "assignment",
    ("GET", "/api/certifications"): "certification",
    ("GET", "/api/employee-documents"): "document",
    ("GET", "/api/employees/{employee_id}/documents"): "document",
}


def tenant_routes() -> list[Route]:
    """Routes of the signed-in organisation (the signed-out get 401, a user something else)."""
    return sorted(
        route
        for route, expect in POLICY.items()
        if expect[SIGNED_OUT] == 401 and expect[USER] != 401 and route not in FOR_EVERYONE_SIGNED_IN
    )


def route_permissions(app: Any) -> dict[Route, tuple[str, str]]:
    """The (resource, action) each route's `allowed` dependency declares (routes of included
    routers too, as tests/api/test_route_matrix.py finds them)."""
    found: dict[Route, tuple[str, str]] = {}
    for route in app.routes:
        contexts = getattr(route, "effective_route_contexts", None)
        for item in contexts() if callable(contexts) else [route]:
            dependant = getattr(item, "dependant", None)
            stack = [dependant] if dependant is not None else []
            while stack:
                current = stack.pop()
                declared = getattr(current.call, "permission", None)
                if declared is not None:
                    for method in item.methods:
                        found[(method, item.path)] = declared
                    break
                stack.extend(current.dependencies)
    return found


def line_of(person: str) -> set[str]:
    reports = {p for p, m in MANAGER_OF.items() if m == person}
    for report in list(reports):
        reports |= line_of(report)
    return reports


def reach(rule: Rule, person: str | None) -> set[str]:
    if Reach.ALL in rule:
        return set(PEOPLE)
    found: set[str] = set()
    if person is not None and Reach.OWN in rule:
        found.add(person)
    if person is not None and Reach.LINE in rule:
        found |= line_of(person)
    return found


def path_names_person(route: Route) -> bool:
    for name in PARAM.findall(route[1]):
        key = PARAMS.get((route[1], name)) or PARAMS.get(name)
        if key in PER_PERSON + PER_PERSON_FILES:
            return True
    return False


def names_person(route: Route, resource: str) -> bool:
    """Whether the call names one employee's record (path, ?employeeId= or body)."""
    how = CALLS.get(route, Call())
    if resource not in PERSONAL and resource != "confidential_documents":
        return False
    if how.fresh is not None:  # a record made for the call: not one of the chart's
        return False
    return path_names_person(route) or "{employee}" in how.query or route in BODY_NAMES_PERSON


@dataclass
class Chart:
    world: World
    other: World
    ids: dict[str, dict[str, Any]] = field(default_factory=dict)  # target -> path values
    clients: dict[str, httpx.AsyncClient] = field(default_factory=dict)


async def add_person(w: World, name: str, manager_code: str | None) -> tuple[int, str]:
    body = {
        "firstName": name,
        "lastName": f"Chart {w.unique()}",
        "email": f"{name.lower()}-{w.unique(marked=False)}@example.com",
        "position": "Engineer",
        "startDate": "2023-03-01",
        "managerId": manager_code,
    }
    made = await ok(await w.admin.post("/api/employees", json=body), 201)
    return made["id"], made["employeeId"]


async def records_of(w: World, employee: int) -> dict[str, Any]:
    """One record of each kind for the employee; their review completed (a person sees their
    own review once it is)."""
    w.ids["employee"] = employee
    review = {
        "employeeId": employee,
        "templateId": w.ids["template"],
        "reviewType": "quarterly",
        "dueDate": (date.today() + timedelta(days=20)).isoformat(),
    }
    review_id = (await ok(await w.admin.post("/api/reviews", json=review), 201))["id"]
    # And one still open: what a manager fills, and what its subject does not see yet.
    open_review = (await ok(await w.admin.post("/api/reviews", json=review), 201))["id"]
    note = {"employeeId": employee, "date": date.today().isoformat(), "category": "recognition"}
    note_id = (
        await ok(await w.admin.post("/api/employee-notes", json={**note, "note": "x"}), 201)
    )["id"]
    document = await w.new_document()
    found = {
        "employee": employee,
        "review": review_id,
        "open_review": open_review,
        "assignment": await w.new_assignment(),
        "certification": await w.new_certification(),
        "note": note_id,
        "document": document["id"],
        "document_file": document["filePath"].rsplit("/", 1)[1],
    }
    async with tenant_session(w.org.schema_name, w.org.id) as session:
        await session.execute(
            update(Review)
            .where(Review.id == review_id)
            .values(status="completed", completed_at=utcnow())
        )
        reminder = Reminder(
            employee_id=employee,
            review_id=review_id,
            type="review_due",
            message="Review due",
            due_date=date.today() + timedelta(days=20),
        )
        session.add(reminder)
        await session.flush()
        found["reminder"] = reminder.id
        # The employee asked for feedback on a review of someone outside the chart.
        request = FeedbackRequest(review_id=w.ids["review"], employee_id=employee, kind="peer")
        session.add(request)
        await session.flush()
        found["feedback_request"] = request.id
    return found


async def reader_client(
    app: Any, w: World, reader: str, people: dict[str, int]
) -> httpx.AsyncClient:
    role, person = READERS[reader]
    if person is None and role == "admin":
        return await signed_in_client(app, w.org, "admin")
    user_id = f"chart-{reader.replace(' ', '-')}"
    async with tenant_session(w.org.schema_name, w.org.id) as session:
        session.add(
            User(
                id=user_id,
                email=f"{user_id}@example.com",
                first_name=reader,
                role=role,
                employee_id=people[person] if person else None,
                force_password_change=False,
            )
        )
    return await signed_in_client(
        app,
        w.org,
        role,
        userId=user_id,
        userName=reader,
        employeeId=people[person] if person else None,
    )


@pytest.fixture(scope="module")
async def chart(app: Any) -> AsyncIterator[Chart]:
    org, other_org = await new_org("pa", "Policy Alpha"), await new_org("pb", "Policy Beta")
    await start_ids_high(org)
    w = World(app=app, org=org, other=other_org, platform_email="")
    w.clients["admin"] = await signed_in_client(app, org, "admin")
    other = World(app=app, org=other_org, other=org, platform_email="")
    other.clients["admin"] = await signed_in_client(app, other_org, "admin")
    await seed(w)
    await seed(other)
    base = dict(w.ids)
    people: dict[str, int] = {}
    codes: dict[str, str] = {}
    for name in PEOPLE:
        manager = MANAGER_OF.get(name)
        people[name], codes[name] = await add_person(w, name, codes.get(manager or ""))
    c = Chart(world=w, other=other)
    for name in PEOPLE:
        c.ids[name] = {**base, **await records_of(w, people[name])}
    c.ids[OUTSIDER] = base
    c.ids[OTHER] = {**base, **{k: other.ids[k] for k in PER_PERSON + PER_PERSON_FILES}}
    c.ids[OTHER]["open_review"] = other.ids["review"]
    for reader in READERS:
        c.clients[reader] = await reader_client(app, w, reader, people)
    w.ids = dict(base)
    yield c
    for client in [*c.clients.values(), *w.clients.values(), *other.clients.values()]:
        await client.aclose()


async def set_visibility(org: Organization, visibility: str) -> None:
    async with public_session() as db:
        await db.execute(
            update(Organization).where(Organization.id == org.id).values(visibility=visibility)
        )


def test_every_route_declares_its_rule(app: Any) -> None:
    declared = route_permissions(app)
    missing = [f"{m} {p}" for m, p in tenant_routes() if (m, p) not in declared]
    assert not missing, (
        "Routes that declare no rule of api/access/policy.py (add allowed(resource, action) "
        "to their dependencies): " + ", ".join(missing)
    )


def expectation(route: Route, rule: Rule, person: str | None, target: str, resource: str) -> Any:
    if not rule:
        return 403
    if route in ANOTHER_ACCOUNTS:
        return 404
    if not names_person(route, resource):
        return OK
    if target == OTHER:
        return 404
    return OK if target in reach(rule, person) else 404


def assigned_only(role: str, setting: str, person: str | None, target: str) -> int:
    """A rule reaching only the reviews one is named on (the chart names no reviewer): refused
    as an action (403) on a review the reader reads, not found (404) on one they do not. The
    call is on the target's open review, which its own employee reads only with everyone's."""
    read = permission("reviews", "read").rule(role, setting)
    readable = target in reach(read, person) and (Reach.ALL in read or target != person)
    return 403 if target != OTHER and readable else 404


def list_ids(reply: httpx.Response) -> set[Any]:
    body = reply.json()
    items = body if isinstance(body, list) else body.get("items", [])
    return {item["id"] for item in items}


async def check_call(
    c: Chart, route: Route, reader: str, target: str, setting: str, rule: Rule, resource: str
) -> str | None:
    role, person = READERS[reader]
    expect = expectation(route, rule, person, target, resource)
    if rule and rule <= {Reach.ASSIGNED} and names_person(route, resource):
        expect = assigned_only(role, setting, person, target)
    w = c.world
    w.ids = c.ids[target]
    if route in FEEDBACK_ON_REVIEW and target == person:
        expect = 404
    if route in FILLED:
        w.ids = {**w.ids, "review": w.ids["open_review"]}
    w.clients[reader] = c.clients[reader]
    r = await call(w, route, reader)
    where = f"{setting}, {reader}, record of {target}"
    if not allowed(expect, r.status_code):
        return f"{where}: expected {expect}, got {r.status_code} {r.text[:160]}"
    kind = ID_LISTS.get(route)
    if kind is None or expect != OK or r.status_code != 200:
        return None
    got = list_ids(r)
    everyone = Reach.ALL in rule
    persons = [target] if names_person(route, resource) else sorted(reach(rule, person))
    wanted = {i for p in persons for i in records_seen(c, kind, p, person, everyone)}
    if everyone and not names_person(route, resource):
        # Everyone's records, and the records the other calls made besides.
        return None if wanted <= got else f"{where}: list lacks {sorted(wanted - got)}"
    return None if got == wanted else f"{where}: list holds {sorted(got)}, not {sorted(wanted)}"


def records_seen(c: Chart, kind: str, owner: str, reader: str | None, everyone: bool) -> set[Any]:
    """The records of `kind` belonging to `owner` that the reader sees: one's own review only
    once completed, unless the reader reaches everyone."""
    found = {c.ids[owner][kind]}
    if kind == "review" and (everyone or owner != reader):
        found.add(c.ids[owner]["open_review"])
    return found


@pytest.mark.parametrize("setting", SETTINGS)
@pytest.mark.parametrize("route", tenant_routes(), ids=[f"{m} {p}" for m, p in tenant_routes()])
async def test_each_reader_reaches_what_the_table_says(
    app: Any, chart: Chart, route: Route, setting: str
) -> None:
    declared = route_permissions(app).get(route)
    if declared is None:
        pytest.fail(f"{route[0]} {route[1]} declares no rule")
    resource, action = declared
    await set_visibility(chart.world.org, setting)
    wrong = []
    # A call naming no one's record (or a record made for it) uses the records of an employee
    # outside the chart, so the chart's own records stay as seeded.
    targets = (*PEOPLE, OTHER) if names_person(route, resource) else (OUTSIDER,)
    for reader, (role, _) in READERS.items():
        rule = permission(resource, action).rule(role, setting)
        for target in targets:
            problem = await check_call(chart, route, reader, target, setting, rule, resource)
            if problem:
                wrong.append(problem)
    assert not wrong, f"{route[0]} {route[1]} ({resource}.{action})\n" + "\n".join(wrong)
