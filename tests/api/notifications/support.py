"""Accounts to notify and sign in as, and notices made the way every event makes them."""

import uuid
from datetime import datetime
from typing import Any

import httpx
from sqlalchemy import select, update

from api.core.db import tenant_session
from api.notifications.models import Notification, NotificationPreference
from api.notifications.service import Notice, notify
from api.organizations.models import Organization
from api.users.models import User
from tests.api.reviews.factories import add_employee
from tests.conftest import signed_in_client


async def add_account(
    org: Organization, *, first_name: str = "Nora", active: bool = True, linked: bool = False
) -> User:
    """A personal account (linked to a new employee when asked)."""
    employee_id = await add_employee(org, first_name=first_name) if linked else None
    code = uuid.uuid4().hex[:8]
    async with tenant_session(org.schema_name, org.id) as session:
        user = User(
            id=f"u-{code}",
            email=f"{first_name.lower()}-{code}@example.com",
            first_name=first_name,
            last_name="Notified",
            role="user",
            employee_id=employee_id,
            is_active=active,
            force_password_change=False,
        )
        session.add(user)
    return user


async def sign_in_as(app: Any, org: Organization, user: User) -> httpx.AsyncClient:
    return await signed_in_client(
        app, org, user.role, userId=user.id, userName=user.first_name, employeeId=user.employee_id
    )


def notice(user: User, kind: str = "review_assigned", n: int | str = 1, **fields: Any) -> Notice:
    return Notice(
        user_id=user.id,
        kind=kind,
        title=fields.pop("title", f"{kind} {n}"),
        body=fields.pop("body", f"What happened ({kind} {n})"),
        dedupe_key=f"test:{user.id}:{kind}:{n}:{uuid.uuid4().hex[:6]}",
        link=fields.pop("link", "/my-reviews"),
        **fields,
    )


async def add_notices(org: Organization, notices: list[Notice]) -> int:
    async with tenant_session(org.schema_name, org.id) as session:
        return await notify(session, notices)


async def backdate(org: Organization, user: User, at: datetime) -> None:
    async with tenant_session(org.schema_name, org.id) as session:
        await session.execute(
            update(Notification).where(Notification.user_id == user.id).values(created_at=at)
        )


async def notices_of(org: Organization, user: User) -> list[Notification]:
    async with tenant_session(org.schema_name, org.id) as session:
        rows = await session.scalars(
            select(Notification).where(Notification.user_id == user.id).order_by(Notification.id)
        )
        return list(rows)


async def delivery_of(org: Organization, user: User, kind: str) -> str | None:
    async with tenant_session(org.schema_name, org.id) as session:
        return await session.scalar(
            select(NotificationPreference.delivery).where(
                NotificationPreference.user_id == user.id, NotificationPreference.kind == kind
            )
        )
