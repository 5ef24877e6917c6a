"""Every route of the app, called by every kind of caller, answers what route_policy.POLICY
says: signed out, each of the four roles of organisation A, a platform admin, the admin of
organisation B naming A's records, and A's admin before a forced password change. A route missing from the table fails the first test.

Path parameters name real records of organisation A, made once for the module. A call that
would use its record up (a delete, a single-use upload URL) gets a fresh one each time."""

import re
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

import httpx
import pytest
from arq.constants import job_key_prefix
from sqlalchemy import select, text

from api.backups.jobs import backup_organization
from api.backups.models import Backup
from api.core.db import get_engine, tenant_session
from api.core.queue import BACKUP_QUEUE, get_queue
from api.cycles.models import FeedbackRequest
from api.notifications.models import Notification
from api.notifications.service import Notice, notify
from api.organizations.models import Organization
from api.platform.admins import upsert_admin
from api.reminders.models import Reminder
from tests.api.documents.factories import PDF, PNG, add_document
from tests.api.platform.conftest import platform_client
from tests.api.reviews.factories import QUESTIONS
from tests.api.route_policy import (
    ADMIN,
    CALLERS,
    HR,
    MANAGER,
    OK,
    OTHER_ORG,
    PENDING,
    PLATFORM,
    POLICY,
    SIGNED_OUT,
    USER,
    Expect,
)
from tests.conftest import BASE, new_org, signed_in_client

Route = tuple[str, str]
PASSWORD = "Matrix2026!pw"
# Written into organisation A's records: a reply to anyone outside A must never contain it.
MARKER = f"mx{uuid.uuid4().hex[:10]}"
OUTSIDERS = (SIGNED_OUT, PLATFORM, OTHER_ORG)
# Organisation A's ids start here, so none of them names a record organisation B made during
# the run (ids count per schema): B's admin naming them must get 404, never B's own record.
FIRST_ID = 1_000_000


def app_routes(app: Any) -> set[Route]:
    """(method, path) of every route, those of included routers too (as in route_paths)."""
    found: set[Route] = set()
    for route in app.routes:
        contexts = getattr(route, "effective_route_contexts", None)
        for item in contexts() if callable(contexts) else [route]:
            target = getattr(item, "starlette_route", None) or item
            path = getattr(target, "path", None)
            if path:
                # A mount (static files) has no methods: it needs an entry all the same.
                for method in getattr(target, "methods", None) or ("MOUNT",):
                    found.add((method, path))
    return found


def client(app: Any) -> httpx.AsyncClient:
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url=BASE)


async def ok(r: httpx.Response, status: int = 200) -> Any:
    assert r.status_code == status, r.text
    return r.json() if r.content else None


@dataclass
class World:
    """Organisation A with one of each record, B with its admin, and a client per caller."""

    app: Any
    org: Organization
    other: Organization
    platform_email: str
    clients: dict[str, httpx.AsyncClient] = field(default_factory=dict)
    ids: dict[str, Any] = field(default_factory=dict)
    serial: int = 0

    @property
    def admin(self) -> httpx.AsyncClient:
        return self.clients[ADMIN]

    def unique(self, marked: bool = True) -> str:
        """A fresh name: marked for organisation A's records, plain for a body any caller
        sends (organisation B's admin gets its own body back)."""
        self.serial += 1
        return f"{MARKER if marked else 'new'}-{self.serial}"

    async def new_employee(self) -> int:
        n = self.unique()
        body = {
            "firstName": "Matrix",
            "lastName": n,
            "email": f"{n}@example.com",
            "department": self.ids.get("department_slug"),
            "position": "Engineer",
            "startDate": "2023-03-01",
            "reviewSchedule": "quarterly",
        }
        return (await ok(await self.admin.post("/api/employees", json=body), 201))["id"]

    async def new_department(self) -> int:
        n = self.unique()
        body = {"name": f"Dept {n}"[:50], "slug": n}
        return (await ok(await self.admin.post("/api/departments", json=body), 201))["id"]

    async def new_template(self) -> int:
        body = {"name": f"Template {self.unique()}", "questions": QUESTIONS}
        return (await ok(await self.admin.post("/api/templates", json=body), 201))["id"]

    def cycle(self, marked: bool = True) -> dict[str, Any]:
        """A draft cycle of the seeded employee alone (outside every chart of the tests)."""
        return {
            "name": f"Cycle {self.unique(marked)}",
            "templateId": self.ids["template"],
            "population": {"kind": "employees", "employeeIds": [self.ids["employee"]]},
            "reviewDue": (date.today() + timedelta(days=30)).isoformat(),
        }

    async def new_cycle(self) -> int:
        return (await ok(await self.admin.post("/api/cycles", json=self.cycle()), 201))["id"]

    async def new_type(self) -> int:
        body = {"name": f"Type {self.unique()}"}
        return (await ok(await self.admin.post("/api/certification-types", json=body), 201))["id"]

    async def new_assignment(self) -> int:
        r = await self.admin.post(
            "/api/employee-certifications", json=self.assignment(await self.new_type())
        )
        return (await ok(r, 201))["id"]

    def assignment(self, type_id: int) -> dict[str, Any]:
        return {
            "employeeId": self.ids["employee"],
            "certificationTypeId": type_id,
            "issueDate": (date.today() - timedelta(days=10)).isoformat(),
        }

    def certification(self) -> dict[str, Any]:
        return {"employeeId": self.ids["employee"], "name": f"Licence {self.unique()}"[:100]}

    async def new_certification(self) -> int:
        r = await self.admin.post("/api/certifications", json=self.certification())
        return (await ok(r, 201))["id"]

    async def new_document(self) -> dict[str, Any]:
        return await add_document(self.admin, self.ids["employee"], title=f"Doc {self.unique()}")

    async def new_user(self, role: str = "user") -> dict[str, Any]:
        n = self.unique()
        body = {"email": f"{n}@example.com", "role": role, "password": PASSWORD, "lastName": n}
        return await ok(await self.admin.post("/api/users", json=body), 201)

    async def account(self, role: str) -> httpx.AsyncClient:
        """A personal account of `role`, signed in as a person does, first password changed."""
        made = await self.new_user(role)
        c = client(self.app)
        await ok(await c.post("/api/auth/org-login", json={"subdomain": self.org.subdomain}))
        body = {"email": made["email"], "password": PASSWORD}
        await ok(await c.post("/api/auth/user-login", json=body))
        await ok(await c.post("/api/auth/change-password", json={"newPassword": PASSWORD + "x"}))
        return c

    async def fresh_client(self, caller: str) -> httpx.AsyncClient:
        """A new session for `caller`, for calls that end the one they are made with."""
        if caller == SIGNED_OUT:
            return client(self.app)
        if caller == PLATFORM:
            return await platform_client(self.app, self.platform_email)
        if caller == OTHER_ORG:
            return await signed_in_client(self.app, self.other, "admin")
        if caller == PENDING:
            return await signed_in_client(self.app, self.org, "admin", force=True)
        return await signed_in_client(self.app, self.org, caller)


async def start_ids_high(org: Organization) -> None:
    async with get_engine().begin() as conn:
        names = await conn.execute(
            text(
                "SELECT sequence_name FROM information_schema.sequences WHERE sequence_schema = :s"
            ),
            {"s": org.schema_name},
        )
        for (name,) in names.all():
            await conn.execute(
                text("SELECT setval(:seq, :n, false)"),
                {"seq": f'"{org.schema_name}"."{name}"', "n": FIRST_ID},
            )


async def seed(w: World) -> None:
    ids = w.ids
    ids["org"] = w.org.id
    department = await w.admin.post("/api/departments", json={"name": "Matrix", "slug": MARKER})
    ids["department"] = (await ok(department, 201))["id"]
    ids["department_slug"] = MARKER
    ids["employee"] = await w.new_employee()
    ids["template"] = await w.new_template()
    review = {
        "employeeId": ids["employee"],
        "templateId": ids["template"],
        "reviewType": "quarterly",
        "dueDate": (date.today() + timedelta(days=30)).isoformat(),
    }
    ids["review"] = (await ok(await w.admin.post("/api/reviews", json=review), 201))["id"]
    ids["cycle"] = await w.new_cycle()
    ids["type"] = await w.new_type()
    ids["assignment"] = (
        await ok(
            await w.admin.post("/api/employee-certifications", json=w.assignment(ids["type"])), 201
        )
    )["id"]
    ids["certification"] = await w.new_certification()
    note = {**await note_body(w), "note": MARKER}
    ids["note"] = (await ok(await w.admin.post("/api/employee-notes", json=note), 201))["id"]
    document = await w.new_document()
    ids["document"] = document["id"]
    ids["document_file"] = document["filePath"].rsplit("/", 1)[1]
    async with tenant_session(w.org.schema_name, w.org.id) as session:
        reminder = Reminder(
            employee_id=ids["employee"],
            review_id=ids["review"],
            type="review_due",
            message=f"Review due {MARKER}",
            due_date=date.today() + timedelta(days=30),
        )
        session.add(reminder)
        await session.flush()
        ids["reminder"] = reminder.id
    ids["user"] = (await w.new_user())["id"]
    # A notice of that account: nobody the matrix signs in as may mark it read.
    async with tenant_session(w.org.schema_name, w.org.id) as session:
        await notify(session, [Notice(ids["user"], "review_assigned", MARKER, MARKER, MARKER)])
        ids["notification"] = await session.scalar(
            select(Notification.id).where(Notification.dedupe_key == MARKER)
        )
    # A colleague asked for feedback on the review (the seeded employee, for want of another).
    async with tenant_session(w.org.schema_name, w.org.id) as session:
        request = FeedbackRequest(review_id=ids["review"], employee_id=ids["employee"], kind="peer")
        session.add(request)
        await session.flush()
        ids["feedback_request"] = request.id
    ids["backup"] = await backup_organization({}, w.org.id, None, "manual")
    slot = await ok(await w.admin.post("/api/upload/logo"))
    await ok(await w.admin.put(slot["uploadURL"], content=PNG))
    ids["logo_file"] = slot["logoUrl"].rsplit("/", 1)[1]


async def drop_backup_jobs(org: Organization) -> None:
    """The backups the matrix started stay queued otherwise, for some later worker."""
    async with tenant_session(org.schema_name, org.id) as session:
        pending = (await session.scalars(select(Backup.id).where(Backup.status == "pending"))).all()
    queue = await get_queue()
    try:
        for backup_id in pending:
            job_id = f"backup:{org.id}:manual:{backup_id}"
            await queue.delete(job_key_prefix + job_id)
            await queue.zrem(BACKUP_QUEUE, job_id)
    finally:
        await queue.aclose()


@pytest.fixture(scope="module")
async def world(app: Any) -> AsyncIterator[World]:
    org = await new_org("ma", "Matrix Alpha")
    other = await new_org("mb", "Matrix Beta")
    await start_ids_high(org)
    email = f"matrix-{uuid.uuid4().hex[:8]}@example.com"
    await upsert_admin(email=email, password=PASSWORD)
    w = World(app=app, org=org, other=other, platform_email=email)
    w.clients[ADMIN] = await signed_in_client(app, org, "admin")
    w.clients[MANAGER] = await signed_in_client(app, org, "manager")
    w.clients[HR] = await w.account("hr")
    w.clients[USER] = await w.account("user")
    w.clients[PLATFORM] = await platform_client(app, email)
    w.clients[OTHER_ORG] = await signed_in_client(app, other, "admin")
    w.clients[PENDING] = await signed_in_client(app, org, "admin", force=True)
    w.clients[SIGNED_OUT] = client(app)
    await seed(w)
    yield w
    for c in w.clients.values():
        await c.aclose()
    await drop_backup_jobs(org)
    await drop_backup_jobs(other)


# -- how each route is called -----------------------------------------------------------

Body = Callable[[World], Awaitable[Any]]
Fresh = Callable[[World], Awaitable[dict[str, Any]]]


@dataclass(frozen=True)
class Call:
    body: Body | None = None  # JSON, made anew for each call
    content: bytes | None = None  # raw bytes instead
    fresh: Fresh | None = None  # path values of a record this call may use up
    query: str = ""  # may name A's records: "employeeId={employee}"
    own_session: bool = False  # the call ends its session: a new one each time


def json(value: Any) -> Body:
    async def make(_: World) -> Any:
        return value

    return make


async def employee_body(w: World) -> dict[str, Any]:
    n = w.unique(marked=False)
    return {
        "firstName": "Matrix",
        "lastName": n,
        "email": f"{n}@example.com",
        "department": "engineering",
        "position": "Engineer",
        "startDate": "2023-03-01",
    }


async def document_body(w: World) -> dict[str, Any]:
    slot = await ok(await w.admin.post("/api/upload/document"))
    await ok(await w.admin.put(slot["uploadURL"], content=PDF))
    return {
        "employeeId": w.ids["employee"],
        "documentType": "contract",
        "title": "Contract",
        "filePath": slot["documentPath"],
        "fileName": "contract.pdf",
        "fileSize": len(PDF),
        "mimeType": "application/pdf",
    }


async def fresh_document_slot(w: World) -> dict[str, Any]:
    slot = await ok(await w.admin.post("/api/upload/document"))
    path, query = slot["uploadURL"].split("?", 1)
    return {"slot_id": path.rsplit("/", 1)[1], "?": query}


async def fresh_logo_slot(w: World) -> dict[str, Any]:
    slot = await ok(await w.admin.post("/api/upload/logo"))
    return {"file_id": slot["uploadURL"].rsplit("/", 1)[1]}


async def fresh_employee(w: World) -> dict[str, Any]:
    return {"id": await w.new_employee()}


async def fresh_department(w: World) -> dict[str, Any]:
    return {"id": await w.new_department()}


async def fresh_template(w: World) -> dict[str, Any]:
    return {"template_id": await w.new_template()}


async def fresh_type(w: World) -> dict[str, Any]:
    return {"type_id": await w.new_type()}


async def fresh_assignment(w: World) -> dict[str, Any]:
    return {"certification_id": await w.new_assignment()}


async def fresh_certification(w: World) -> dict[str, Any]:
    return {"certification_id": await w.new_certification()}


async def fresh_document(w: World) -> dict[str, Any]:
    return {"document_id": (await w.new_document())["id"]}


async def fresh_user(w: World) -> dict[str, Any]:
    return {"user_id": (await w.new_user())["id"]}


async def fresh_cycle(w: World) -> dict[str, Any]:
    return {"cycle_id": await w.new_cycle()}


async def cycle_body(w: World) -> dict[str, Any]:
    return w.cycle(marked=False)


async def review_body(w: World) -> dict[str, Any]:
    return {
        "employeeId": w.ids["employee"],
        "templateId": w.ids["template"],
        "reviewType": "quarterly",
        "dueDate": (date.today() + timedelta(days=60)).isoformat(),
    }


async def note_body(w: World) -> dict[str, Any]:
    return {
        "employeeId": w.ids["employee"],
        "date": date.today().isoformat(),
        "category": "recognition",
        "note": "Well done",
    }


async def assignment_body(w: World) -> dict[str, Any]:
    return w.assignment(await w.new_type())


async def certification_body(w: World) -> dict[str, Any]:
    return {**w.certification(), "name": f"Licence {w.unique(marked=False)}"}


async def unique_department(w: World) -> dict[str, Any]:
    n = w.unique(marked=False)
    return {"name": f"Dept {n}"[:50], "slug": n}


async def unique_type(w: World) -> dict[str, Any]:
    return {"name": f"Type {w.unique(marked=False)}"}


async def unique_user(w: World) -> dict[str, Any]:
    n = w.unique(marked=False)
    return {"email": f"{n}@example.com", "role": "user", "password": PASSWORD}


QUESTION = json({"message": "How do I add an employee?"})

# Sign-in and recovery calls get a body they refuse (400): a real sign-in would replace the
# caller's session, a wrong password would count towards the lock-out. The guard (none) is
# what is checked.
# Lists filtered by one of A's employees: another organisation's admin sees an empty list.
OF_EMPLOYEE = Call(query="employeeId={employee}")

CALLS: dict[Route, Call] = {
    ("GET", "/api/reviews"): OF_EMPLOYEE,
    ("GET", "/api/employee-notes"): OF_EMPLOYEE,
    ("GET", "/api/employee-certifications"): OF_EMPLOYEE,
    ("GET", "/api/certifications"): OF_EMPLOYEE,
    ("GET", "/api/employee-documents"): OF_EMPLOYEE,
    ("POST", "/api/employees"): Call(body=employee_body),
    ("POST", "/api/employees/bulk-upload"): Call(body=json({"csvData": []})),
    ("PUT", "/api/employees/{id}"): Call(body=json({"position": "Senior Engineer"})),
    ("DELETE", "/api/employees/{id}"): Call(fresh=fresh_employee),
    ("POST", "/api/employees/{id}/archive"): Call(fresh=fresh_employee),
    ("POST", "/api/employees/{id}/unarchive"): Call(fresh=fresh_employee),
    ("POST", "/api/departments"): Call(body=unique_department),
    ("PUT", "/api/departments/{id}"): Call(body=json({"description": "Matrix team"})),
    ("DELETE", "/api/departments/{id}"): Call(fresh=fresh_department),
    ("POST", "/api/templates"): Call(body=json({"name": "Matrix copy", "questions": QUESTIONS})),
    ("PUT", "/api/templates/{template_id}"): Call(body=json({"description": "Matrix"})),
    ("DELETE", "/api/templates/{template_id}"): Call(fresh=fresh_template),
    ("POST", "/api/reviews"): Call(body=review_body),
    ("PUT", "/api/reviews/{review_id}"): Call(body=json({"reviewerNotes": "On track"})),
    ("PUT", "/api/reminders/{reminder_id}"): Call(body=json({"isRead": True})),
    ("POST", "/api/cycles"): Call(body=cycle_body),
    ("PUT", "/api/cycles/{cycle_id}"): Call(body=cycle_body),
    ("DELETE", "/api/cycles/{cycle_id}"): Call(fresh=fresh_cycle),
    # No review named: refused (400) once the guard has let the call through.
    ("PUT", "/api/cycles/{cycle_id}/reviewers"): Call(body=json({"reviewIds": []})),
    ("POST", "/api/cycles/{cycle_id}/nudge"): Call(body=json({})),
    # A's cycle twice: refused (422) once the guard has let the call through; unknown (404)
    # to another organisation.
    ("GET", "/api/analytics/cycles/compare"): Call(query="from={cycle}&to={cycle}"),
    ("POST", "/api/employee-notes"): Call(body=note_body),
    ("POST", "/api/certification-types"): Call(body=unique_type),
    ("PUT", "/api/certification-types/{type_id}"): Call(body=json({"name": f"Type {MARKER}"})),
    ("DELETE", "/api/certification-types/{type_id}"): Call(fresh=fresh_type),
    ("POST", "/api/employee-certifications"): Call(body=assignment_body),
    ("PUT", "/api/employee-certifications/{certification_id}"): Call(
        body=json({"certificateNumber": "M-1"})
    ),
    ("DELETE", "/api/employee-certifications/{certification_id}"): Call(fresh=fresh_assignment),
    ("POST", "/api/certifications"): Call(body=certification_body),
    ("PUT", "/api/certifications/{certification_id}"): Call(
        body=json({"name": f"Licence {MARKER}"})
    ),
    ("DELETE", "/api/certifications/{certification_id}"): Call(fresh=fresh_certification),
    ("PUT", "/api/upload/document/{slot_id}"): Call(content=PDF, fresh=fresh_document_slot),
    ("POST", "/api/employee-documents"): Call(body=document_body),
    ("DELETE", "/api/employee-documents/{document_id}"): Call(fresh=fresh_document),
    ("PUT", "/api/organization/current"): Call(body=json({"name": "Matrix Org"})),
    # The retention it already has: the matrix must not switch sign-ins off under itself.
    ("PUT", "/api/organization/access"): Call(body=json({"auditRetentionDays": 730})),
    ("PUT", "/api/upload/logo/{file_id}"): Call(content=PNG, fresh=fresh_logo_slot),
    ("POST", "/api/users"): Call(body=unique_user),
    ("DELETE", "/api/users/{user_id}"): Call(fresh=fresh_user),
    ("PUT", "/api/users/{user_id}"): Call(body=json({"lastName": "Matrix"})),
    ("PUT", "/api/users/{user_id}/employee"): Call(body=json({"employeeId": None})),
    ("POST", "/api/auth/user-login"): Call(body=json({})),
    # Without confirmation a restore answers 400 and changes nothing.
    ("POST", "/api/backups/{filename}/restore"): Call(body=json({})),
    ("POST", "/api/admin/ai-assistant"): Call(body=QUESTION),
    ("POST", "/api/review-assistant"): Call(body=QUESTION),
    ("POST", "/api/auth/org-login"): Call(body=json({})),
    ("POST", "/api/auth/role-login"): Call(body=json({})),
    ("POST", "/api/auth/change-password"): Call(body=json({})),
    ("POST", "/api/auth/logout"): Call(own_session=True),
    ("GET", "/api/logout"): Call(own_session=True),
    ("POST", "/api/auth/reset-password/request"): Call(body=json({})),
    ("POST", "/api/auth/reset-password/confirm"): Call(body=json({})),
    ("POST", "/api/validate-reset-token"): Call(body=json({})),
    ("POST", "/api/reset-password"): Call(body=json({})),
    ("POST", "/api/platform/login"): Call(body=json({})),
    ("POST", "/api/platform/logout"): Call(own_session=True),
    ("POST", "/api/organizations"): Call(body=json({})),
    ("PUT", "/api/organizations/{organization_id}"): Call(body=json({"description": "Matrix"})),
    # A wrong confirmation: refused with 400, nothing deleted.
    ("DELETE", "/api/organizations/{organization_id}"): Call(
        body=json({"confirmSubdomain": "not-this-one"})
    ),
}

# Path parameter -> the record of organisation A it names (by path where a name is shared).
PARAMS: dict[str | Route, str] = {
    "id": "employee",
    ("/api/departments/{id}", "id"): "department",
    "template_id": "template",
    "review_id": "review",
    "cycle_id": "cycle",
    "reminder_id": "reminder",
    "type_id": "type",
    ("/api/employee-certifications/{certification_id}", "certification_id"): "assignment",
    ("/api/certifications/{certification_id}", "certification_id"): "certification",
    "employee_id": "employee",
    "document_id": "document",
    ("/api/employee-documents/files/{file_id}", "file_id"): "document_file",
    ("/api/logos/{organization_id}/{file_id}", "file_id"): "logo_file",
    "organization_id": "org",
    "user_id": "user",
    "filename": "backup",
    "notification_id": "notification",
    "request_id": "feedback_request",
}
# Not records: the catch-all's rest and the web app's page.
LITERALS = {"rest": "matrix/unknown", "path": "matrix/page"}

PARAM = re.compile(r"{(\w+)(?::\w+)?}")


def url_for(w: World, route: Route, fresh: dict[str, Any]) -> str:
    method, path = route

    def value(match: re.Match[str]) -> str:
        name = match.group(1)
        if name in fresh:
            return str(fresh[name])
        if name in LITERALS:
            return LITERALS[name]
        key = PARAMS.get((path, name)) or PARAMS.get(name)
        if key is None:
            pytest.fail(
                f"{method} {path}: no record for path parameter {{{name}}}; add it to PARAMS "
                "in tests/api/test_route_matrix.py (or a fresh record in CALLS)"
            )
        return str(w.ids[key])

    url = PARAM.sub(value, path)
    query = "&".join(
        q for q in (fresh.get("?"), CALLS.get(route, Call()).query.format(**w.ids)) if q
    )
    return f"{url}?{query}" if query else url


def allowed(expect: Expect, status: int) -> bool:
    if expect == OK:
        return status < 500 and status not in (401, 403, 404)
    return status == expect


async def call(w: World, route: Route, caller: str) -> httpx.Response:
    how = CALLS.get(route, Call())
    fresh = await how.fresh(w) if how.fresh else {}
    kwargs: dict[str, Any] = {}
    if how.body is not None:
        kwargs["json"] = await how.body(w)
    if how.content is not None:
        kwargs["content"] = how.content
    url = url_for(w, route, fresh)
    if not how.own_session:
        return await w.clients[caller].request(route[0], url, **kwargs)
    async with await w.fresh_client(caller) as c:
        return await c.request(route[0], url, **kwargs)


def test_every_route_has_an_entry(app: Any) -> None:
    routes = app_routes(app)
    missing = sorted(routes - POLICY.keys())
    assert not missing, (
        "Routes with no entry in tests/api/route_policy.py POLICY; decide who may call them: "
        + ", ".join(f"{m} {p}" for m, p in missing)
    )
    stale = sorted(POLICY.keys() - routes)
    assert not stale, "POLICY names routes the app does not have: " + ", ".join(
        f"{m} {p}" for m, p in stale
    )


@pytest.mark.parametrize("route", sorted(POLICY), ids=[f"{m} {p}" for m, p in sorted(POLICY)])
async def test_each_caller_gets_what_the_policy_says(world: World, route: Route) -> None:
    wrong = []
    for caller in CALLERS:
        expect = POLICY[route][caller]
        r = await call(world, route, caller)
        if not allowed(expect, r.status_code):
            wrong.append(f"{caller}: expected {expect}, got {r.status_code} {r.text[:160]}")
        elif caller in OUTSIDERS and r.is_success and MARKER in r.text:
            wrong.append(f"{caller}: {r.status_code} shows organisation A's data: {r.text[:160]}")
    assert not wrong, f"{route[0]} {route[1]}\n" + "\n".join(wrong)
