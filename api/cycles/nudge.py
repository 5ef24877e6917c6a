"""Nudging: a reminder to whoever must act on a review now (the employee for their
self-review or acknowledgement, the colleagues asked who have not answered, the reviewer for
writing and sharing), at most once a day per person, review and stage."""

from datetime import date
from typing import Any

from sqlalchemy import Integer, and_, any_, bindparam, func, select
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from api.core.errors import Conflict, NotFound
from api.cycles import notices, rules, stages
from api.cycles.models import FeedbackRequest, ReviewCycle
from api.cycles.progress import reviews_of
from api.cycles.reviewers import REVIEW_NOT_IN_CYCLE
from api.employees.models import Employee
from api.notifications.service import Notice, notify
from api.reviews.models import Review
from api.users.models import User

Own = aliased(User, name="own_account")
Colleague = aliased(User, name="colleague_account")
ColleagueEmployee = aliased(Employee, name="colleague")
# Who acts in each stage: the employee, or the reviewer (feedback: the colleagues asked).
EMPLOYEE_ACTS = frozenset({"self", "acknowledging"})
REVIEWER_ACTS = frozenset({"writing", "sharing"})


async def _behind(
    session: AsyncSession, cycle: ReviewCycle, today: date, review_ids: list[int] | None
) -> list[Any]:
    query = (
        reviews_of(cycle.id)
        .outerjoin(Own, and_(Own.employee_id == Employee.id, Own.is_active.is_(True)))
        .with_only_columns(
            Review.id,
            stages.stage(today).label("stage"),
            stages.stage_due(today).label("due"),
            func.coalesce(stages.overdue(today), False).label("late"),
            func.concat_ws(" ", Employee.first_name, Employee.last_name).label("name"),
            Own.id.label("own"),
            Review.reviewer_user_id,
        )
    )
    if review_ids is None:
        return list(await session.execute(query.where(stages.overdue(today))))
    wanted = sorted({i for i in review_ids if 0 < i <= 2**31 - 1})
    query = query.where(Review.id == any_(bindparam("ids", wanted, type_=ARRAY(Integer))))
    rows = list(await session.execute(query))
    if len(rows) != len(set(review_ids)):
        raise NotFound(REVIEW_NOT_IN_CYCLE)
    return rows


async def _colleagues(session: AsyncSession, review_ids: list[int]) -> dict[int, list[Any]]:
    """Per review, the colleagues asked for feedback who have not answered (active accounts)."""
    if not review_ids:
        return {}
    query = (
        select(FeedbackRequest.review_id, FeedbackRequest.id, Colleague.id)
        .join(ColleagueEmployee, ColleagueEmployee.id == FeedbackRequest.employee_id)
        .join(
            Colleague,
            and_(Colleague.employee_id == ColleagueEmployee.id, Colleague.is_active.is_(True)),
        )
        .where(FeedbackRequest.answered_at.is_(None))
        .where(
            FeedbackRequest.review_id == any_(bindparam("ids", review_ids, type_=ARRAY(Integer)))
        )
    )
    found: dict[int, list[Any]] = {}
    for review_id, request_id, user_id in await session.execute(query):
        found.setdefault(review_id, []).append((request_id, user_id))
    return found


async def nudge(
    session: AsyncSession, cycle: ReviewCycle, today: date, review_ids: list[int] | None
) -> int:
    """Tells whoever must act; returns how many were told (none twice the same day)."""
    if cycle.status != "active":
        raise Conflict(rules.CLOSED if cycle.status == "closed" else rules.DRAFT)
    rows = await _behind(session, cycle, today, review_ids)
    asked = await _colleagues(session, [r.id for r in rows if r.stage == "feedback"])
    told: list[Notice] = []
    for row in rows:
        common = {
            "review_id": row.id,
            "stage": row.stage,
            "employee_name": row.name,
            "due": row.due,
            "overdue": bool(row.late),
            "today": today,
        }
        if row.stage in EMPLOYEE_ACTS and row.own is not None:
            told.append(notices.nudge(user_id=row.own, **common))
        elif row.stage in REVIEWER_ACTS and row.reviewer_user_id is not None:
            told.append(notices.nudge(user_id=row.reviewer_user_id, **common))
        elif row.stage == "feedback":
            told += [
                notices.nudge(user_id=user_id, request_id=request_id, **common)
                for request_id, user_id in asked.get(row.id, [])
            ]
    return await notify(session, told)
