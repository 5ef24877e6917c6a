"""Every list route answers what its reply model makes of the same records.

Long lists are rendered without building a model per item (api/core/listing.py): from plain
rows, by Postgres, or from JSON kept under row versions. Whatever the path, the JSON must be the
reply model's own: each list route is called (twice, so that kept JSON answers the second
call), its items are validated with the route's `response_model` (the one the OpenAPI document
shows) and dumped again, and the dump must equal what was sent, key for key. Lists that skip
the reply model (FAST) are also compared, value for value, with what the model makes of the
records read as ORM objects. A list route missing from LISTS fails the first test.
"""

import typing
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

import httpx
from pydantic import TypeAdapter
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import selectinload

from api.audit.models import AuditEvent
from api.backups.models import Backup
from api.certifications.models import CertificationType, EmployeeCertification
from api.certifications.schemas import (
    CertificationHolder,
    CertificationTypeSummary,
    EmployeeCertificationRead,
    ExpiredHolder,
    RequiredTypeCompliance,
)
from api.certifications.status import display_status
from api.core.dates import local_today
from api.core.db import tenant_session
from api.cycles.models import ReviewCycle
from api.departments.models import Department
from api.directory.schemas import DirectoryEntry
from api.employees.models import Employee
from api.employees.schemas import EmployeeRead
from api.notes.models import EmployeeNote
from api.notes.schemas import EmployeeNoteRead
from api.organizations.models import Organization
from api.platform.admins import upsert_admin
from api.reminders.models import Reminder
from api.reminders.schemas import ReminderRead
from api.reviews.models import Review
from api.reviews.schemas import ReviewRead
from tests.api.backups.factories import seed
from tests.api.notifications.support import add_account, add_notices, notice, sign_in_as
from tests.api.platform.conftest import PASSWORD, new_email, platform_client


@dataclass
class Seeded:
    org: Organization
    employee_id: int  # has notes and documents
    holder_id: int  # holds a certification
    cycle_id: int  # a launched cycle with a review


# Per list route: the requests that exercise it, the first one unfiltered and uncapped, then
# filters, paging and sort orders.
LISTS: dict[str, Callable[[Seeded], list[str]]] = {
    "/api/employees": lambda s: [
        "/api/employees",
        "/api/employees?archived=all&sort=-startDate",
        "/api/employees?search=zo&page=1&pageSize=3",
    ],
    "/api/employees/{employee_id}/documents": lambda s: [
        f"/api/employees/{s.employee_id}/documents"
    ],
    "/api/employee-documents": lambda s: ["/api/employee-documents"],
    "/api/employee-notes": lambda s: [
        "/api/employee-notes",
        f"/api/employee-notes?employeeId={s.employee_id}",
    ],
    "/api/reviews": lambda s: ["/api/reviews", "/api/reviews?page=1&pageSize=4"],
    "/api/reviews/all": lambda s: ["/api/reviews/all"],
    "/api/reviews/upcoming": lambda s: ["/api/reviews/upcoming"],
    "/api/templates": lambda s: ["/api/templates"],
    "/api/reminders": lambda s: ["/api/reminders"],
    "/api/notifications": lambda s: ["/api/notifications", "/api/notifications?page=1&pageSize=5"],
    "/api/notifications/preferences": lambda s: ["/api/notifications/preferences"],
    "/api/dashboard/activity": lambda s: ["/api/dashboard/activity"],
    "/api/certification-types": lambda s: ["/api/certification-types"],
    "/api/employee-certifications": lambda s: [
        "/api/employee-certifications",
        "/api/employee-certifications?includeArchived=true",
        f"/api/employee-certifications?employeeId={s.holder_id}",
    ],
    "/api/certification-compliance": lambda s: [
        "/api/certification-compliance",
        "/api/certification-compliance?limit=1",
    ],
    "/api/certifications": lambda s: ["/api/certifications"],
    "/api/departments": lambda s: ["/api/departments"],
    "/api/directory": lambda s: [
        "/api/directory",
        "/api/directory?search=a&page=1&pageSize=2",
    ],
    "/api/backups": lambda s: ["/api/backups"],
    "/api/users": lambda s: ["/api/users"],
    "/api/organizations": lambda s: ["/api/organizations"],  # the platform admin's
    "/api/audit-events": lambda s: [
        "/api/audit-events",
        f"/api/audit-events?employeeId={s.employee_id}&action=update&page=1&pageSize=5",
    ],
    "/api/audit-events/actors": lambda s: ["/api/audit-events/actors"],
    "/api/analytics/cycles": lambda s: ["/api/analytics/cycles"],
    "/api/cycles": lambda s: ["/api/cycles"],
    "/api/cycles/reviewer-options": lambda s: ["/api/cycles/reviewer-options"],
    "/api/cycles/{cycle_id}/reviews": lambda s: [
        f"/api/cycles/{s.cycle_id}/reviews",
        f"/api/cycles/{s.cycle_id}/reviews?reviewerUserId=user-1&page=1&pageSize=1",
    ],
    "/api/employees/{employee_id}/history": lambda s: [f"/api/employees/{s.employee_id}/history"],
}
PLATFORM_LISTS = {"/api/organizations"}
# An account's own lists (a shared sign-in's are empty): read by a personal account.
ACCOUNT_LISTS = {"/api/notifications", "/api/notifications/preferences"}


Item = dict[str, Any]
# The items the reply model makes of the records, by the key naming each (its id).
Made = Callable[[AsyncSession], Awaitable[dict[Any, Item]]]


def dumped(reply: Any) -> Item:
    return reply.model_dump(mode="json", by_alias=True)


def orm_made(model: Any, reply_model: Any, *options: Any) -> Made:
    """Each `model` row (relationships loaded by `options`) through `reply_model`."""

    async def made(session: AsyncSession) -> dict[Any, Item]:
        rows = (await session.execute(select(model).options(*options))).scalars()
        return {row.id: dumped(reply_model.model_validate(row)) for row in rows}

    return made


async def assignments_made(session: AsyncSession) -> dict[Any, Item]:
    """Each employee certification through EmployeeCertificationRead, its status as of today
    and its employee with the department's name."""
    today = local_today()
    rows = await session.execute(
        select(EmployeeCertification, Employee, CertificationType, Department.name)
        .join(Employee, Employee.id == EmployeeCertification.employee_id)
        .join(CertificationType)
        .outerjoin(Department, Department.slug == Employee.department)
    )
    made = {}
    for cert, employee, ctype, department_name in rows:
        shown = display_status(cert.expiration_date, today)
        summary = CertificationHolder.model_validate(employee)
        reply = EmployeeCertificationRead.model_validate(
            {
                "id": cert.id,
                "organization_id": session.info["organization_id"],
                "employee_id": cert.employee_id,
                "certification_type_id": cert.certification_type_id,
                "issue_date": cert.issue_date,
                "expiration_date": cert.expiration_date,
                "certificate_number": cert.certificate_number,
                "attachment_url": cert.attachment_url,
                "is_active": cert.is_active,
                "created_at": cert.created_at,
                "status": shown.status,
                "status_label": shown.label,
                "days_until_expiry": shown.days_until_expiry,
                "employee": summary.model_copy(update={"department_name": department_name}),
                "certification_type": CertificationTypeSummary.model_validate(ctype),
            }
        )
        made[cert.id] = dumped(reply)
    return made


async def compliance_made(session: AsyncSession) -> dict[Any, Item]:
    """Per required type (by its id), who lacks it and who holds it only expired."""
    today = local_today()
    people = (
        await session.execute(
            select(Employee, Department.name)
            .outerjoin(Department, Department.slug == Employee.department)
            .where(Employee.is_archived.is_(False))
            .order_by(func.lower(Employee.last_name), func.lower(Employee.first_name), Employee.id)
        )
    ).all()
    held = list((await session.execute(select(EmployeeCertification))).scalars())
    made = {}
    for ctype in (await session.execute(select(CertificationType))).scalars():
        if not ctype.is_required:
            continue
        missing, expired = [], []
        for person, department_name in people:
            summary = dumped(CertificationHolder.model_validate(person))
            summary["departmentName"] = department_name
            mine = [
                c
                for c in held
                if c.employee_id == person.id and c.certification_type_id == ctype.id
                if c.is_active
            ]
            if not mine:
                missing.append(summary)
            elif all(c.expiration_date is not None and c.expiration_date < today for c in mine):
                last = max(c.expiration_date for c in mine if c.expiration_date is not None)
                expired.append({**summary, "expirationDate": last.isoformat()})
        reply = RequiredTypeCompliance.model_validate(
            {
                "certification_type": CertificationTypeSummary.model_validate(ctype),
                "total_employees": len(people),
                "compliant_count": len(people) - len(missing) - len(expired),
                "missing_count": len(missing),
                "expired_count": len(expired),
                "missing": [CertificationHolder.model_validate(m, by_alias=True) for m in missing],
                "expired": [ExpiredHolder.model_validate(e, by_alias=True) for e in expired],
            }
        )
        made[ctype.id] = dumped(reply)
    return made


async def directory_made(session: AsyncSession) -> dict[Any, Item]:
    """Each active employee's directory entry: their department's name, their manager's."""
    people = list((await session.execute(select(Employee))).scalars())
    by_code = {p.employee_id: p for p in people}
    departments = dict((await session.execute(select(Department.slug, Department.name))).all())
    made = {}
    for p in people:
        if p.is_archived:
            continue
        manager = by_code.get(p.manager_id) if p.manager_id else None
        entry = DirectoryEntry.model_validate(
            {
                **{name: getattr(p, name) for name in ("id", "first_name", "last_name")},
                **{name: getattr(p, name) for name in ("position", "department", "email")},
                "department_name": departments.get(p.department),
                "manager_id": p.manager_id,
                "manager_name": f"{manager.first_name} {manager.last_name}" if manager else None,
            }
        )
        made[p.id] = dumped(entry)
    return made


# The lists that skip their reply model: how the model makes their items of the records.
FAST: dict[str, Made] = {
    "/api/directory": directory_made,
    "/api/employees": orm_made(Employee, EmployeeRead),
    "/api/employee-notes": orm_made(EmployeeNote, EmployeeNoteRead),
    "/api/reminders": orm_made(Reminder, ReminderRead, selectinload(Reminder.employee)),
    "/api/employee-certifications": assignments_made,
    "/api/certification-compliance": compliance_made,
    **{
        path: orm_made(
            Review, ReviewRead, selectinload(Review.employee), selectinload(Review.template)
        )
        for path in ("/api/reviews", "/api/reviews/all", "/api/reviews/upcoming")
    },
}


def key_of(item: Item) -> Any:
    """What names a listed item: its id (a compliance entry: its type's)."""
    return item["id"] if "id" in item else item["certificationType"]["id"]


def list_routes(app: Any) -> dict[str, Any]:
    """path → reply model of every GET route answering a list (its response_model a list)."""
    found: dict[str, Any] = {}
    for route in app.routes:
        contexts = getattr(route, "effective_route_contexts", None)
        for item in contexts() if callable(contexts) else [route]:
            target = getattr(item, "starlette_route", None) or item
            model = getattr(item, "response_model", None)
            if "GET" in (getattr(target, "methods", None) or ()) and (
                typing.get_origin(model) is list
            ):
                found[target.path] = model
    return found


def test_every_list_route_has_an_entry(app: Any) -> None:
    routes = set(list_routes(app))
    assert routes - set(LISTS) == set(), "list routes without an entry in LISTS"
    assert set(LISTS) - routes == set(), "entries in LISTS for routes that are gone"


async def seeded() -> Seeded:
    """A little of everything (tests/api/backups/factories.py), plus an expired required
    certification (compliance's `expired`) and a backup."""
    from tests.conftest import new_org

    org = await new_org("lr", "Lists Org")
    await seed(org)
    today = date.today()
    async with tenant_session(org.schema_name, org.id) as s:
        people = list((await s.execute(select(Employee).order_by(Employee.id))).scalars())
        ctype = (await s.execute(select(CertificationType))).scalars().one()
        s.add(
            EmployeeCertification(
                employee_id=people[3].id,
                certification_type_id=ctype.id,
                issue_date=today - timedelta(days=800),
                expiration_date=today - timedelta(days=70),
            )
        )
        s.add(Backup(filename="backup-20260101-000000-manual-00000001.json", status="failed"))
        s.add(
            AuditEvent(
                actor_name="Administrator",
                actor_role="admin",
                action="update",
                resource="employee",
                record_id=str(people[0].id),
                employee_id=people[0].id,
                summary="Updated employee: position",
                changes={"position": ["Engineer", "Lead"]},
                ip="127.0.0.1",
                request_id="lists",
            )
        )
        cycle_id = (await s.execute(select(ReviewCycle.id))).scalars().one()
    return Seeded(org=org, employee_id=people[0].id, holder_id=people[1].id, cycle_id=cycle_id)


async def disagreements(
    c: httpx.AsyncClient, url: str, model: Any, made: dict[Any, Item] | None
) -> list[str]:
    """What is wrong with the replies to two calls of `url` (none: nothing): items the model
    would send otherwise, or (`made`: what the model makes of the records) other values."""
    adapter = TypeAdapter(model)
    wrong = []
    for call in ("first", "second"):
        r = await c.get(url)
        if r.status_code != 200:
            wrong.append(f"{url} ({call} call): {r.status_code} {r.text[:200]}")
            continue
        sent = r.json()
        if not sent:
            wrong.append(f"{url} ({call} call): no items; seed some")
            continue
        again = adapter.dump_python(
            adapter.validate_python(sent, by_alias=True, by_name=False), by_alias=True, mode="json"
        )
        for item, expected in zip(sent, again, strict=True):
            if made is not None:
                expected = made.get(key_of(item))
            if item != expected:
                wrong.append(f"{url} ({call} call): sent {item}, the model makes {expected}")
                break
    return wrong


async def test_every_list_answers_its_reply_models_json(app: Any, login: Any) -> None:
    routes = list_routes(app)
    data = await seeded()
    admin = await login(data.org, "admin")
    email = new_email()
    await upsert_admin(email=email, password=PASSWORD)
    platform = await platform_client(app, email)
    reader = await add_account(data.org)
    await add_notices(data.org, [notice(reader, n=n) for n in range(3)])
    personal = await sign_in_as(app, data.org, reader)
    wrong: list[str] = []
    try:
        for path, urls in LISTS.items():
            c = platform if path in PLATFORM_LISTS else admin
            c = personal if path in ACCOUNT_LISTS else c
            made = None
            if path in FAST:
                async with tenant_session(data.org.schema_name, data.org.id) as session:
                    made = await FAST[path](session)
            # The values are compared on the first, unfiltered and uncapped, request.
            for at, url in enumerate(urls(data)):
                wrong += await disagreements(c, url, routes[path], made if at == 0 else None)
    finally:
        await platform.aclose()
        await personal.aclose()
    assert not wrong, "\n".join(wrong)
