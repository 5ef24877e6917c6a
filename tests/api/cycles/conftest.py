"""An organisation for the cycle tests: two departments, a small chart with accounts, a
template, and a client per kind of caller.

    M (eng, account 'boss', a manager)
    ├── A (eng, account 'ann')
    │   └── B (eng, account 'ben')
    ├── S (sales; account 'sam', inactive)
    └── Z (eng, archived; no account)
        └── L (sales; account 'loop')

Default reviewers: A → boss, B → ann, S → boss; M (no manager) and L (their manager has no
account) have none. Z is archived: in no cycle.
"""

import uuid
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

import httpx
import pytest
from sqlalchemy import func, select

from api.audit.models import AuditEvent
from api.core.dates import local_today
from api.core.db import tenant_session
from api.departments.models import Department
from api.employees.models import Employee
from api.notifications.models import Notification
from api.organizations.models import Organization
from api.reviews.models import Review, ReviewTemplate
from api.users.models import User
from tests.api.reviews.factories import QUESTIONS
from tests.conftest import new_org, signed_in_client

# letter -> (first name, department slug, manager letter, archived)
CHART: dict[str, tuple[str, str, str | None, bool]] = {
    "M": ("Mona", "eng", None, False),
    "A": ("Ann", "eng", "M", False),
    "B": ("Ben", "eng", "A", False),
    "S": ("Sam", "sales", "M", False),
    "Z": ("Zed", "eng", "M", True),
    "L": ("Lou", "sales", "Z", False),
}
# account id -> (role, employee letter, active)
ACCOUNTS: dict[str, tuple[str, str, bool]] = {
    "boss": ("manager", "M", True),
    "ann": ("user", "A", True),
    "ben": ("user", "B", True),
    "sam": ("user", "S", False),
    "loop": ("user", "L", True),
}
IN_CYCLE = {"M", "A", "B", "S", "L"}


@dataclass
class World:
    app: Any
    org: Organization
    admin: httpx.AsyncClient
    ids: dict[str, int]  # letter -> employee id
    departments: dict[str, int]  # slug -> id
    template: int
    accounts: dict[str, str] = field(default_factory=dict)  # account name -> user id
    serial: int = 0

    @property
    def letters(self) -> dict[int, str]:
        return {pk: letter for letter, pk in self.ids.items()}

    def body(self, **changes: Any) -> dict[str, Any]:
        """A valid cycle: everyone, the review due in 30 days, no optional stage."""
        self.serial += 1
        return {
            "name": f"Cycle {self.serial} {uuid.uuid4().hex[:6]}",
            "reviewType": "annual",
            "templateId": self.template,
            "population": {"kind": "everyone"},
            "reviewDue": (local_today() + timedelta(days=30)).isoformat(),
            **changes,
        }

    async def create(self, **changes: Any) -> dict[str, Any]:
        r = await self.admin.post("/api/cycles", json=self.body(**changes))
        assert r.status_code == 201, r.text
        return r.json()

    async def launched(self, **changes: Any) -> dict[str, Any]:
        cycle = await self.create(**changes)
        r = await self.admin.post(f"/api/cycles/{cycle['id']}/launch")
        assert r.status_code == 200, r.text
        return r.json()

    async def reviews(self, cycle_id: int) -> list[Review]:
        async with tenant_session(self.org.schema_name, self.org.id) as s:
            query = select(Review).where(Review.cycle_id == cycle_id).order_by(Review.id)
            return list((await s.execute(query)).scalars())

    async def notices(self, *where: Any) -> list[Notification]:
        async with tenant_session(self.org.schema_name, self.org.id) as s:
            query = select(Notification).where(*where).order_by(Notification.id)
            return list((await s.execute(query)).scalars())

    async def count(self, model: Any, *where: Any) -> int:
        async with tenant_session(self.org.schema_name, self.org.id) as s:
            query = select(func.count()).select_from(model).where(*where)
            return int(await s.scalar(query) or 0)

    async def audit(self, action: str) -> list[AuditEvent]:
        async with tenant_session(self.org.schema_name, self.org.id) as s:
            query = select(AuditEvent).where(AuditEvent.action == action).order_by(AuditEvent.id)
            return list((await s.execute(query)).scalars())

    async def execute(self, statement: Any) -> None:
        async with tenant_session(self.org.schema_name, self.org.id) as s:
            await s.execute(statement)


async def _chart(org: Organization) -> tuple[dict[str, int], dict[str, int], int]:
    ids: dict[str, int] = {}
    async with tenant_session(org.schema_name, org.id) as s:
        departments = {}
        for slug, name in (("eng", "Platform"), ("sales", "Field Sales")):
            department = Department(slug=f"cy-{slug}", name=name)
            s.add(department)
            await s.flush()
            departments[slug] = department.id
        for letter, (first, slug, manager, archived) in CHART.items():
            person = Employee(
                employee_id=f"CY-{letter}",
                first_name=first,
                last_name=f"{letter}son",
                email=f"{letter.lower()}@cycles.example.com",
                department=f"cy-{slug}",
                position="Engineer",
                start_date=date(2020, 1, 1) + timedelta(days=30 * len(ids)),
                manager_id=f"CY-{manager}" if manager else None,
                review_schedule="annual",
                is_archived=archived,
            )
            s.add(person)
            await s.flush()
            ids[letter] = person.id
        for user_id, (role, letter, active) in ACCOUNTS.items():
            s.add(
                User(
                    id=user_id,
                    email=f"{user_id}@cycles.example.com",
                    first_name=CHART[letter][0],
                    last_name=f"{letter}son",
                    role=role,
                    employee_id=ids[letter],
                    is_active=active,
                    force_password_change=False,
                )
            )
        template = ReviewTemplate(name="Cycle template", questions=QUESTIONS)
        s.add(template)
        await s.flush()
        return ids, departments, template.id


@pytest.fixture
async def world(app: Any) -> Any:
    org = await new_org("cy", "Cycles Org")
    ids, departments, template = await _chart(org)
    admin = await signed_in_client(app, org, "admin")
    w = World(app=app, org=org, admin=admin, ids=ids, departments=departments, template=template)
    yield w
    await admin.aclose()
