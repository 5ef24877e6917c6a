"""Review cycles and their reviews written straight into an organisation's schema (the cycles
API belongs to another domain), for the cycle analytics tests."""

import uuid
from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy import select

from api.core.db import tenant_session
from api.cycles.models import ReviewCycle
from api.departments.models import Department
from api.organizations.models import Organization
from api.reviews.models import Review
from api.users.models import User

LAUNCHED = datetime(2026, 3, 1, 9, tzinfo=UTC)
DONE_AT = datetime(2026, 3, 20, 9, tzinfo=UTC)


async def add_cycle(org: Organization, template_id: int, name: str, **fields: Any) -> int:
    values: dict[str, Any] = {
        "name": name,
        "review_type": "annual",
        "template_id": template_id,
        "population": {"kind": "everyone"},
        "review_due": date(2026, 3, 31),
        "status": "active",
        "launched_at": LAUNCHED,
        **fields,
    }
    async with tenant_session(org.schema_name, org.id) as s:
        cycle = ReviewCycle(**values)
        s.add(cycle)
        await s.flush()
        return cycle.id


async def add_reviewer(org: Organization, first: str, last: str) -> str:
    user_id = f"u-{uuid.uuid4().hex[:12]}"
    async with tenant_session(org.schema_name, org.id) as s:
        s.add(
            User(
                id=user_id,
                email=f"{user_id}@example.com",
                first_name=first,
                last_name=last,
                role="manager",
            )
        )
    return user_id


async def add_cycle_review(
    org: Organization,
    cycle_id: int,
    employee_id: int,
    template_id: int,
    *,
    rating: int | None = None,
    status: str | None = None,
    reviewer: str | None = None,
    shared: bool = False,
    acknowledged: bool = False,
) -> int:
    """A review of the cycle: completed when it has a rating (unless `status` says otherwise),
    shared and acknowledged when asked."""
    status = status or ("completed" if rating is not None else "pending")
    completed = status == "completed"
    async with tenant_session(org.schema_name, org.id) as s:
        review = Review(
            employee_id=employee_id,
            template_id=template_id,
            review_type="annual",
            status=status,
            responses={},
            rating=rating,
            due_date=date(2026, 3, 31),
            completed_at=DONE_AT if completed else None,
            cycle_id=cycle_id,
            reviewer_user_id=reviewer,
            shared_at=DONE_AT if shared or acknowledged else None,
            acknowledged_at=DONE_AT if acknowledged else None,
        )
        s.add(review)
        await s.flush()
        return review.id


async def department_ids(org: Organization) -> dict[str, int]:
    async with tenant_session(org.schema_name, org.id) as s:
        return dict((await s.execute(select(Department.slug, Department.id))).all())
