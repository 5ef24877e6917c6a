"""An organisation under "need to know", with a small reporting line and personal accounts,
for every test of who sees what.

    M (manager)      C (outside the line)
    └── A
        └── B

Accounts (signed in through "Sign in with your account"): `hr` (not linked), `manager`
(linked to M), `user` (linked to A), `unlinked_user` and `unlinked_manager` (linked to no
one). `admin` is the shared admin sign-in. `people.sign_in(name)` gives a client signed in
as one of them; `people.ids[...]` the employees' ids.
"""

from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from datetime import date
from functools import cache
from typing import Any

import httpx
import pytest
from sqlalchemy import update

from api.core.db import public_session, tenant_session
from api.core.security import hash_password
from api.employees.models import Employee
from api.organizations.models import Organization
from api.users.models import User
from tests.conftest import BASE, new_org, signed_in_client

PASSWORD = "Scoped2026!pw"

# name -> (employeeId, first name, last name, department, manager's employeeId)
EMPLOYEES: dict[str, tuple[str, str, str, str, str | None]] = {
    "M": ("NTK-M", "Maria", "Manning", "engineering", None),
    "A": ("NTK-A", "Arthur", "Abbott", "engineering", "NTK-M"),
    "B": ("NTK-B", "Bella", "Baker", "engineering", "NTK-A"),
    "C": ("NTK-C", "Carl", "Cooper", "sales", None),
}
# account -> (role, the employee it is linked to, first name, last name)
ACCOUNTS: dict[str, tuple[str, str | None, str, str]] = {
    "hr": ("hr", None, "Helga", "Hart"),
    "manager": ("manager", "M", "Maria", "Manning"),
    "user": ("user", "A", "Arthur", "Abbott"),
    "unlinked_user": ("user", None, "Uma", "Unlinked"),
    "unlinked_manager": ("manager", None, "Nils", "Nobody"),
}


@cache
def _password_hash() -> str:
    return hash_password(PASSWORD)


def email_of(account: str) -> str:
    return f"{account.replace('_', '.')}@ntk.example.com"


def display_name(account: str) -> str:
    _, _, first, last = ACCOUNTS[account]
    return f"{first} {last}"


async def set_visibility(org: Organization, visibility: str) -> None:
    """The organisation's 'Who sees what', written straight to its catalog row."""
    async with public_session() as db:
        await db.execute(
            update(Organization).where(Organization.id == org.id).values(visibility=visibility)
        )


async def _add_people(org: Organization) -> dict[str, int]:
    ids: dict[str, int] = {}
    async with tenant_session(org.schema_name, org.id) as session:
        for name, (code, first, last, department, manager) in EMPLOYEES.items():
            person = Employee(
                employee_id=code,
                first_name=first,
                last_name=last,
                email=f"{code.lower()}@ntk.example.com",
                department=department,
                position=f"{name} position",
                start_date=date(2021, 4, 1),
                manager_id=manager,
                review_schedule="annual",
                next_review_date=date(2030, 1, 1),
            )
            session.add(person)
            await session.flush()  # the next one's manager must exist first
            ids[name] = person.id
        for account, (role, linked, first, last) in ACCOUNTS.items():
            session.add(
                User(
                    id=f"ntk-{account}",
                    email=email_of(account),
                    first_name=first,
                    last_name=last,
                    role=role,
                    employee_id=ids[linked] if linked else None,
                    password_hash=_password_hash(),
                    force_password_change=False,
                )
            )
    return ids


@dataclass
class People:
    """The need-to-know organisation, its employees and a way to sign in as each account."""

    app: Any
    org: Organization
    ids: dict[str, int]
    clients: list[httpx.AsyncClient] = field(default_factory=list)

    @property
    def names(self) -> dict[int, str]:
        """employee id -> its letter (M, A, B, C)."""
        return {pk: name for name, pk in self.ids.items()}

    def letters(self, records: list[dict[str, Any]], key: str = "id") -> set[str]:
        """The letters of the employees `records` name by `key` (ids of others: as they are)."""
        return {self.names.get(r[key], str(r[key])) for r in records}

    async def sign_in(self, account: str) -> httpx.AsyncClient:
        """A client signed in as `account` (one of ACCOUNTS, or "admin": the shared sign-in)."""
        if account == "admin":
            c = await signed_in_client(self.app, self.org, "admin")
        else:
            c = httpx.AsyncClient(transport=httpx.ASGITransport(app=self.app), base_url=BASE)
            r = await c.post("/api/auth/org-login", json={"subdomain": self.org.subdomain})
            assert r.status_code == 200, r.text
            r = await c.post(
                "/api/auth/user-login", json={"email": email_of(account), "password": PASSWORD}
            )
            assert r.status_code == 200, r.text
        self.clients.append(c)
        return c


async def make_people(app: Any, visibility: str = "need_to_know") -> People:
    org = await new_org("ntk", "Need To Know Org")
    ids = await _add_people(org)
    await set_visibility(org, visibility)
    return People(app=app, org=org, ids=ids)


@pytest.fixture
async def people(app: Any) -> AsyncIterator[People]:
    """The organisation under "need to know"."""
    made = await make_people(app)
    yield made
    for c in made.clients:
        await c.aclose()


@pytest.fixture
async def open_people(app: Any) -> AsyncIterator[People]:
    """The same people and accounts in an organisation left "open"."""
    made = await make_people(app, "open")
    yield made
    for c in made.clients:
        await c.aclose()
