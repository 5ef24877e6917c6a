"""Review cycles: drafts made, changed and removed; the launch that makes one review for each
person in the cycle, in one transaction; and closing."""

from datetime import date
from typing import Any

from sqlalchemy import and_, func, insert, literal, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased
from sqlalchemy.orm.attributes import set_committed_value

from api.audit import trail
from api.core.db import utcnow
from api.core.errors import Conflict, NotFound
from api.cycles import notices, population, rules
from api.cycles.models import ReviewCycle
from api.cycles.reviewers import DefaultReviewer, default_reviewer, reviewer_name
from api.cycles.rules import Unprocessable
from api.cycles.schemas import CyclePreview, CycleRead, CycleWrite, Population, PreviewPerson
from api.cycles.stages import stage
from api.departments.models import Department
from api.employees.models import Employee
from api.notifications.service import Notice, notify
from api.reviews.models import Review, ReviewTemplate
from api.users.models import User

PG_INT_MAX = 2**31 - 1
Account = aliased(User, name="own_account")


def _counts() -> Any:
    """Reviews and done reviews per cycle (done does not depend on the day)."""
    done = func.count().filter(stage(date.min) == "done")
    return (
        select(Review.cycle_id, func.count().label("total"), done.label("done"))
        .join(ReviewCycle, ReviewCycle.id == Review.cycle_id)
        .group_by(Review.cycle_id)
        .subquery()
    )


async def _read(session: AsyncSession, *where: Any) -> list[CycleRead]:
    counts = _counts()
    query = (
        select(ReviewCycle, ReviewTemplate.name, counts.c.total, counts.c.done)
        .join(ReviewTemplate, ReviewTemplate.id == ReviewCycle.template_id)
        .outerjoin(counts, counts.c.cycle_id == ReviewCycle.id)
        .where(*where)
        .order_by(ReviewCycle.created_at.desc(), ReviewCycle.id.desc())
    )
    found = []
    for cycle, template_name, total, done in await session.execute(query):
        values = {column.key: getattr(cycle, column.key) for column in ReviewCycle.__table__.c}
        values |= {
            "population": Population.model_validate(cycle.population),
            "template_name": template_name,
            "review_count": total or 0,
            "done_count": done or 0,
        }
        found.append(CycleRead.model_validate(values))
    return found


async def list_cycles(session: AsyncSession) -> list[CycleRead]:
    return await _read(session)


async def read(session: AsyncSession, cycle_id: int) -> CycleRead:
    return (await _read(session, ReviewCycle.id == cycle_id))[0]


async def get(session: AsyncSession, cycle_id: int, *, lock: bool = False) -> ReviewCycle:
    """The cycle, or NotFound; `lock`: its row locked until the transaction ends (a second
    launch or close waits, then sees what the first did)."""
    cycle = None
    if 0 < cycle_id <= PG_INT_MAX:
        query = select(ReviewCycle).where(ReviewCycle.id == cycle_id)
        if lock:
            query = query.with_for_update().execution_options(populate_existing=True)
        cycle = await session.scalar(query)
    if cycle is None:
        raise NotFound(rules.CYCLE_NOT_FOUND)
    return cycle


async def _check(session: AsyncSession, data: CycleWrite, cycle_id: int | None) -> None:
    rules.check(data)
    for template_id, what in ((data.template_id, "review"), (data.self_template_id, "self-review")):
        if template_id is None:
            continue
        in_range = 0 < template_id <= PG_INT_MAX
        if not in_range or await session.get(ReviewTemplate, template_id) is None:
            raise Unprocessable(f"The {what} template does not exist")
    await population.check_records(session, data.population)
    same = select(ReviewCycle.id).where(func.lower(ReviewCycle.name) == data.name.lower())
    if cycle_id is not None:
        same = same.where(ReviewCycle.id != cycle_id)
    if await session.scalar(same.limit(1)) is not None:
        raise Conflict(f"A cycle named '{data.name}' already exists")


def _values(data: CycleWrite) -> dict[str, Any]:
    values = data.model_dump(exclude={"population"})
    values["population"] = data.population.model_dump(mode="json", by_alias=True)
    return values


async def _flush(session: AsyncSession, name: str) -> None:
    try:
        await session.flush()
    except IntegrityError as error:  # the same name saved by someone else a moment ago
        raise Conflict(f"A cycle named '{name}' already exists") from error


async def create(session: AsyncSession, data: CycleWrite, user_id: str | None) -> CycleRead:
    await _check(session, data, None)
    cycle = ReviewCycle(**_values(data), status="draft", created_by_user_id=user_id)
    session.add(cycle)
    await _flush(session, data.name)
    return await read(session, cycle.id)


async def update_draft(session: AsyncSession, cycle: ReviewCycle, data: CycleWrite) -> CycleRead:
    # Locked as a launch locks it: a change landing after the launch would leave the reviews
    # made with dates and people the cycle no longer says.
    cycle = await get(session, cycle.id, lock=True)
    if cycle.status != "draft":
        raise Conflict(rules.NOT_DRAFT)
    await _check(session, data, cycle.id)
    for key, value in _values(data).items():
        setattr(cycle, key, value)
    await _flush(session, data.name)
    return await read(session, cycle.id)


async def delete_draft(session: AsyncSession, cycle: ReviewCycle) -> None:
    cycle = await get(session, cycle.id, lock=True)  # a launch at the same moment goes first
    if cycle.status != "draft":
        raise Conflict(rules.NOT_DRAFT)
    await session.delete(cycle)
    await session.flush()


def _people(cycle: ReviewCycle) -> Any:
    """Each person in the cycle with their default reviewer (a select from employees)."""
    members = population.members(Population.model_validate(cycle.population))
    return default_reviewer(select(Employee.id).select_from(Employee)).where(members)


async def preview(session: AsyncSession, cycle: ReviewCycle) -> CyclePreview:
    query = (
        _people(cycle)
        .outerjoin(Department, Department.slug == Employee.department)
        .with_only_columns(
            Employee.id,
            func.concat_ws(" ", Employee.first_name, Employee.last_name),
            Department.name,
            DefaultReviewer.id,
            reviewer_name(DefaultReviewer),
        )
        .order_by(func.lower(Employee.last_name), func.lower(Employee.first_name), Employee.id)
    )
    people = [
        PreviewPerson(
            employee_id=pk,
            employee_name=name,
            department=department,
            reviewer_user_id=reviewer_id,
            reviewer_name=reviewer if reviewer_id else None,
        )
        for pk, name, department, reviewer_id, reviewer in await session.execute(query)
    ]
    missing = sum(1 for person in people if person.reviewer_user_id is None)
    return CyclePreview(count=len(people), without_reviewer=missing, people=people)


async def _insert_reviews(session: AsyncSession, cycle: ReviewCycle) -> int:
    """One pending review per person, with one INSERT ... SELECT (any number of people)."""
    rows = _people(cycle).with_only_columns(
        Employee.id,
        literal(cycle.template_id),
        literal(cycle.review_type),
        literal("pending"),
        literal(cycle.review_due),
        literal(cycle.id),
        DefaultReviewer.id,
    )
    columns = ["employee_id", "template_id", "review_type", "status", "due_date", "cycle_id"]
    statement = insert(Review).from_select([*columns, "reviewer_user_id"], rows)
    result = await session.execute(statement)
    return int(result.rowcount or 0)  # type: ignore[attr-defined]


async def _launch_notices(session: AsyncSession, cycle: ReviewCycle) -> list[Notice]:
    query = (
        select(
            Review.id,
            Review.reviewer_user_id,
            func.concat_ws(" ", Employee.first_name, Employee.last_name),
            Account.id,
        )
        .join(Employee, Employee.id == Review.employee_id)
        .outerjoin(Account, and_(Account.employee_id == Employee.id, Account.is_active.is_(True)))
        .where(Review.cycle_id == cycle.id)
    )
    found: list[Notice] = []
    for review_id, reviewer_id, name, own_account in await session.execute(query):
        if reviewer_id is not None:
            found.append(notices.assigned(review_id, reviewer_id, name, cycle))
        if cycle.has_self_review and own_account is not None:
            found.append(notices.self_requested(review_id, own_account, cycle))
    return found


async def launch(session: AsyncSession, cycle_id: int) -> CycleRead:
    """Every review of the cycle and every notice of it in this one transaction: a failure
    leaves nothing behind, and a second launch (even at the same moment) makes nothing."""
    cycle = await get(session, cycle_id, lock=True)
    if cycle.status != "draft":
        raise Conflict(rules.LAUNCHED)
    made = await _insert_reviews(session, cycle)
    if made == 0:
        raise Unprocessable(rules.NOBODY)
    await _set_status(session, cycle, status="active", launched_at=utcnow())
    await notify(session, await _launch_notices(session, cycle))
    await trail.record(
        session,
        action="launch",
        resource="cycle",
        record_id=cycle.id,
        summary=f"Launched {cycle.name}: {made} reviews",
    )
    return await read(session, cycle.id)


async def close(session: AsyncSession, cycle_id: int) -> CycleRead:
    cycle = await get(session, cycle_id, lock=True)
    if cycle.status != "active":
        raise Conflict(rules.NOT_ACTIVE)
    await _set_status(session, cycle, status="closed", closed_at=utcnow())
    await trail.record(
        session,
        action="close",
        resource="cycle",
        record_id=cycle.id,
        summary=f"Closed {cycle.name}",
    )
    return await read(session, cycle.id)


async def _set_status(session: AsyncSession, cycle: ReviewCycle, **values: Any) -> None:
    """A Core UPDATE (the launch and the close are audit events of their own, not an ORM
    change the flush would record as well)."""
    await session.execute(
        update(ReviewCycle).where(ReviewCycle.id == cycle.id).values(**values, updated_at=utcnow()),
        execution_options={"synchronize_session": False},
    )
    for key, value in values.items():
        set_committed_value(cycle, key, value)
