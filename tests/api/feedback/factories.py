"""An organisation with a small chart, an account for most people, and review cycles written
straight into its schema (the cycles API belongs to another domain), for the tests of a
review's stages, feedback and "My reviews".

    M (manager)
    ├── A ── B, F (F has no account)
    ├── C, D, E
    └── G (inactive account)
    Z (archived)
"""

import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from typing import Any

import httpx
import pytest
from sqlalchemy import func, select, update

from api.core.dates import local_today
from api.core.db import public_session, tenant_session, utcnow
from api.cycles.models import FeedbackRequest, ReviewCycle
from api.employees.models import Employee
from api.notifications.models import Notification
from api.organizations.models import Organization
from api.reviews.models import Review
from api.users.models import User
from tests.api.reviews.factories import GOOD_ANSWERS, add_template
from tests.conftest import new_org, signed_in_client

# name -> manager's name
CHART: dict[str, str | None] = {
    "M": None,
    "A": "M",
    "B": "A",
    "F": "A",
    "C": "M",
    "D": "M",
    "E": "M",
    "G": "M",
    "Z": None,
}
MANAGERS = {"M"}
NO_ACCOUNT = {"F", "Z"}
INACTIVE = {"G"}

SELF_QUESTIONS = [
    {"id": "q1", "question": "What are you proudest of?", "type": "text", "required": True},
    {"id": "q2", "question": "How do you rate your quarter?", "type": "rating", "required": True,
     "scale": 5},
]  # fmt: skip


def today() -> date:
    return local_today()


def account_id(name: str) -> str:
    return f"acc-{name}"


@dataclass
class Org:
    app: Any
    org: Organization
    ids: dict[str, int]
    template: int
    clients: list[httpx.AsyncClient] = field(default_factory=list)
    serial: int = 0

    def name_of(self, person: str) -> str:
        return f"{person}first {person}last"

    async def sign_in(self, person: str, role: str | None = None) -> httpx.AsyncClient:
        """A client of the person's own account ("admin": the shared admin sign-in)."""
        if person == "admin":
            c = await signed_in_client(self.app, self.org, "admin")
        else:
            c = await signed_in_client(
                self.app,
                self.org,
                role or ("manager" if person in MANAGERS else "user"),
                userId=account_id(person),
                userName=self.name_of(person),
                employeeId=self.ids[person],
            )
        self.clients.append(c)
        return c

    async def account(self, user_id: str, role: str, employee: str | None = None) -> str:
        """One more account (hr, an unlinked user), returned by id."""
        async with tenant_session(self.org.schema_name, self.org.id) as session:
            session.add(
                User(
                    id=user_id,
                    email=f"{user_id}@stages.example.com",
                    first_name=user_id,
                    role=role,
                    employee_id=self.ids[employee] if employee else None,
                    force_password_change=False,
                )
            )
        return user_id

    async def client_of(
        self, user_id: str, role: str, employee: str | None = None
    ) -> httpx.AsyncClient:
        c = await signed_in_client(
            self.app,
            self.org,
            role,
            userId=user_id,
            userName=user_id,
            employeeId=self.ids[employee] if employee else None,
        )
        self.clients.append(c)
        return c

    async def cycle(self, **fields: Any) -> int:
        """An active cycle with every stage, due in order from today on; `fields` change it."""
        self.serial += 1
        day = today()
        values: dict[str, Any] = {
            "name": f"Cycle {self.serial} {uuid.uuid4().hex[:6]}",
            "review_type": "annual",
            "template_id": self.template,
            "population": {"kind": "everyone"},
            "self_due": day + timedelta(days=5),
            "feedback_due": day + timedelta(days=5),
            "review_due": day + timedelta(days=10),
            "acknowledge_due": day + timedelta(days=20),
            "status": "active",
            "launched_at": utcnow(),
            **fields,
        }
        async with tenant_session(self.org.schema_name, self.org.id) as session:
            cycle = ReviewCycle(**values)
            session.add(cycle)
            await session.flush()
            return cycle.id

    async def review(
        self, cycle_id: int | None, person: str, reviewer: str | None = "M", **fields: Any
    ) -> int:
        """The person's review in the cycle, written by `reviewer`'s account."""
        values: dict[str, Any] = {
            "employee_id": self.ids[person],
            "template_id": self.template,
            "review_type": "annual",
            "status": "pending",
            "responses": {},
            "due_date": today() + timedelta(days=10),
            "cycle_id": cycle_id,
            "reviewer_user_id": account_id(reviewer) if reviewer else None,
            **fields,
        }
        async with tenant_session(self.org.schema_name, self.org.id) as session:
            review = Review(**values)
            session.add(review)
            await session.flush()
            return review.id

    async def set_review(self, review_id: int, **values: Any) -> None:
        async with tenant_session(self.org.schema_name, self.org.id) as session:
            await session.execute(update(Review).where(Review.id == review_id).values(**values))

    async def set_cycle(self, cycle_id: int, **values: Any) -> None:
        async with tenant_session(self.org.schema_name, self.org.id) as session:
            await session.execute(
                update(ReviewCycle).where(ReviewCycle.id == cycle_id).values(**values)
            )

    async def complete(self, review_id: int) -> None:
        await self.set_review(
            review_id,
            status="completed",
            responses=GOOD_ANSWERS,
            rating=4,
            completed_at=datetime.now().astimezone(),
        )

    async def notices(self, kind: str) -> list[Notification]:
        async with tenant_session(self.org.schema_name, self.org.id) as session:
            found = await session.scalars(
                select(Notification).where(Notification.kind == kind).order_by(Notification.id)
            )
            return list(found)

    async def requests(self, review_id: int) -> list[FeedbackRequest]:
        async with tenant_session(self.org.schema_name, self.org.id) as session:
            found = await session.scalars(
                select(FeedbackRequest)
                .where(FeedbackRequest.review_id == review_id)
                .order_by(FeedbackRequest.id)
            )
            return list(found)

    async def count(self, model: Any, *where: Any) -> int:
        async with tenant_session(self.org.schema_name, self.org.id) as session:
            query = select(func.count()).select_from(model).where(*where)
            return int(await session.scalar(query) or 0)

    async def visibility(self, setting: str) -> None:
        async with public_session() as db:
            await db.execute(
                update(Organization)
                .where(Organization.id == self.org.id)
                .values(visibility=setting)
            )
        self.org.visibility = setting

    async def close(self) -> None:
        for c in self.clients:
            await c.aclose()


async def make_org(app: Any, visibility: str = "open") -> Org:
    org = await new_org("stg", "Stages Org")
    ids: dict[str, int] = {}
    async with tenant_session(org.schema_name, org.id) as session:
        for name, manager in CHART.items():
            person = Employee(
                employee_id=f"ST-{name}",
                first_name=f"{name}first",
                last_name=f"{name}last",
                email=f"{name.lower()}@stages.example.com",
                department="engineering",
                position=f"{name} position",
                start_date=date(2021, 4, 1),
                manager_id=f"ST-{manager}" if manager else None,
                review_schedule="annual",
                next_review_date=date(2030, 1, 1),
                is_archived=name == "Z",
            )
            session.add(person)
            await session.flush()
            ids[name] = person.id
        for name in CHART:
            if name in NO_ACCOUNT:
                continue
            session.add(
                User(
                    id=account_id(name),
                    email=f"acc-{name.lower()}@stages.example.com",
                    first_name=f"{name}first",
                    last_name=f"{name}last",
                    role="manager" if name in MANAGERS else "user",
                    employee_id=ids[name],
                    is_active=name not in INACTIVE,
                    force_password_change=False,
                )
            )
    made = Org(app=app, org=org, ids=ids, template=await add_template(org))
    if visibility != "open":
        await made.visibility(visibility)
    return made


@pytest.fixture
async def stages(app: Any) -> AsyncIterator[Org]:
    """The organisation left "open"."""
    made = await make_org(app)
    yield made
    await made.close()


@pytest.fixture
async def ntk(app: Any) -> AsyncIterator[Org]:
    """The same chart in an organisation under "need to know"."""
    made = await make_org(app, "need_to_know")
    yield made
    await made.close()
