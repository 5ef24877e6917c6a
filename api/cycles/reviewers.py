"""Who writes each review of a cycle: by default the active account linked to the employee's
manager; an administrator may name another account for one review or many."""

from typing import Any

from sqlalchemy import Integer, and_, any_, bindparam, func, insert, select, update
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from api.audit import trail
from api.core.errors import Conflict, NotFound
from api.cycles import notices, rules
from api.cycles.models import FeedbackRequest, ReviewCycle
from api.cycles.rules import Unprocessable
from api.cycles.schemas import Reassign, ReviewerOption
from api.employees.models import Employee
from api.notifications.service import notify
from api.reviews.models import Review
from api.users.models import User

Manager = aliased(Employee, name="manager")
DefaultReviewer = aliased(User, name="default_reviewer")
REVIEW_NOT_IN_CYCLE = "Review not found in this cycle"
SELF_REVIEW = "A person cannot review themselves"
ASKED_FOR_FEEDBACK = (
    "This person was asked for feedback on the review: choose someone who was not, so the "
    "answers stay anonymous"
)


def default_reviewer(query: Any) -> Any:
    """`query` (from employees) joined to the account that reviews each employee by default:
    active, linked to their manager, and never the employee's own (a manager loop)."""
    return query.outerjoin(Manager, Manager.employee_id == Employee.manager_id).outerjoin(
        DefaultReviewer,
        and_(
            DefaultReviewer.employee_id == Manager.id,
            DefaultReviewer.is_active.is_(True),
            DefaultReviewer.employee_id != Employee.id,
        ),
    )


def reviewer_name(model: Any) -> Any:
    name = func.concat_ws(" ", model.first_name, model.last_name)
    return func.coalesce(func.nullif(name, ""), model.email)


async def options(session: AsyncSession) -> list[ReviewerOption]:
    """Every active account, by name: who may be named a reviewer."""
    name = reviewer_name(User)
    query = (
        select(User.id, name, User.email, User.role)
        .where(User.is_active.is_(True))
        .order_by(func.lower(name), User.id)
    )
    return [
        ReviewerOption(user_id=user_id, name=shown, email=email, role=role)
        for user_id, shown, email, role in await session.execute(query)
    ]


async def _account(session: AsyncSession, user_id: str) -> User:
    user = await session.get(User, user_id)
    if user is None:
        raise Unprocessable("No account with that id")
    if not user.is_active:
        raise Unprocessable("That account is inactive: choose an active one")
    return user


async def _reviews(session: AsyncSession, cycle: ReviewCycle, ids: list[int]) -> list[Any]:
    wanted = sorted({i for i in ids if 0 < i <= 2**31 - 1})
    query = (
        select(
            Review.id,
            Review.employee_id,
            Review.status,
            Review.reviewer_user_id,
            func.concat_ws(" ", Employee.first_name, Employee.last_name).label("name"),
        )
        .join(Employee, Employee.id == Review.employee_id)
        .where(Review.cycle_id == cycle.id)
        .where(Review.id == any_(bindparam("ids", wanted, type_=ARRAY(Integer))))
    )
    rows = list(await session.execute(query))
    if len(rows) != len(set(ids)):
        raise NotFound(REVIEW_NOT_IN_CYCLE)
    return rows


async def _refuse_asked_colleague(session: AsyncSession, reviewer: User, ids: list[int]) -> None:
    """A colleague asked for feedback on a review never becomes its reviewer: reading the
    answers together while knowing their own, they could tell the others' apart."""
    if reviewer.employee_id is None:
        return
    asked = await session.scalar(
        select(func.count())
        .select_from(FeedbackRequest)
        .where(FeedbackRequest.employee_id == reviewer.employee_id)
        .where(FeedbackRequest.review_id == any_(bindparam("asked", ids, type_=ARRAY(Integer))))
    )
    if asked:
        raise Unprocessable(ASKED_FOR_FEEDBACK)


def _check_cycle(cycle: ReviewCycle) -> None:
    if cycle.status == "draft":
        raise Conflict(rules.DRAFT)
    if cycle.status == "closed":
        raise Conflict(rules.CLOSED)


async def reassign(session: AsyncSession, cycle: ReviewCycle, data: Reassign) -> int:
    """Names `data.reviewer_user_id` (None: nobody) on the reviews; tells the new reviewer and
    records each change in the audit trail. Returns how many reviews changed."""
    _check_cycle(cycle)
    rows = await _reviews(session, cycle, data.review_ids)
    reviewer = None
    if data.reviewer_user_id is not None:
        reviewer = await _account(session, data.reviewer_user_id)
        if reviewer.employee_id in {row.employee_id for row in rows}:
            raise Unprocessable(SELF_REVIEW)
        await _refuse_asked_colleague(session, reviewer, [row.id for row in rows])
    if any(row.status == "completed" for row in rows):
        raise Conflict("A completed review keeps its reviewer")
    changed = [row for row in rows if row.reviewer_user_id != data.reviewer_user_id]
    if not changed:
        return 0
    ids = [row.id for row in changed]
    await session.execute(
        update(Review)
        .where(Review.id == any_(bindparam("ids", ids, type_=ARRAY(Integer))))
        .values(reviewer_user_id=data.reviewer_user_id),
        execution_options={"synchronize_session": False},
    )
    if reviewer is not None:
        await notify(session, [notices.assigned(r.id, reviewer.id, r.name, cycle) for r in changed])
    await _audit(session, cycle, changed, data.reviewer_user_id)
    return len(changed)


async def _audit(
    session: AsyncSession, cycle: ReviewCycle, changed: list[Any], user_id: str | None
) -> None:
    actor = trail.current_actor(session.info) or trail.SYSTEM
    events = [
        trail.event_row(
            actor,
            action="reassign",
            resource="review",
            record_id=row.id,
            employee_id=row.employee_id,
            summary=f"Changed the reviewer of {row.name} in {cycle.name}",
            changes={"reviewer_user_id": [row.reviewer_user_id, user_id]},
        )
        for row in changed
    ]
    await session.execute(insert(trail.AUDIT), events)
