"""Analytics of one review cycle, and the change in rating between two.

Every figure is counted by Postgres (a handful of grouped statements per reply, whatever the
cycle's size); Python only adds up the groups and turns the counts of each rating into
averages, so the averages are exact and agree with the distributions shown beside them.

A review counts as done in its cycle's own sense (api/cycles/stages.py): completed, and
acknowledged when the cycle has that stage. A rating counts once the review is completed.
People are grouped by the department they are in now.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from sqlalchemy import ColumnElement, and_, func, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from api.access.scope import Scope
from api.analytics.cycle_schemas import (
    CycleAnalytics,
    CycleComparison,
    CycleOption,
    DepartmentChange,
    DepartmentCompletion,
    DepartmentRatings,
    Leaning,
    ReviewerRatings,
)
from api.analytics.schemas import RatingCount
from api.core.errors import AppError, NotFound
from api.cycles.models import ReviewCycle
from api.cycles.stages import stage
from api.dashboard.reach import EVERYTHING, Counted, counted
from api.departments.models import Department
from api.employees.models import Employee
from api.reviews.models import Review
from api.users.models import User

RATINGS = (1, 2, 3, 4, 5)
NO_DEPARTMENT = "No department"
NO_REVIEWER = "No reviewer"
# Below this many rated reviews a reviewer's average says more about whom they happened to
# review than about how they rate.
MIN_RATED = 3
# How far a reviewer's average may sit from the cycle's before they read as lenient or harsh.
LEANING = 0.5
CYCLE_NOT_FOUND = "Review cycle not found"
SAME_CYCLE = "Choose two different cycles to compare"
# Ids are Postgres integers: a larger number names no cycle (and would not reach the query).
MAX_ID = 2**31 - 1


def _reviews(within: Counted | None) -> list[ColumnElement[bool]]:
    return [] if within is None else within.reviews()


def _rated(review: Any = Review) -> ColumnElement[bool]:
    return and_(review.status == "completed", review.rating.is_not(None))


def _rating_counts() -> list[Any]:
    """Per rating 1-5, how many completed reviews of the group have it."""
    return [func.count().filter(Review.status == "completed", Review.rating == r) for r in RATINGS]


def _distribution(counts: Sequence[int]) -> list[RatingCount]:
    return [RatingCount(rating=r, count=n) for r, n in zip(RATINGS, counts, strict=True)]


def _average(counts: Sequence[int]) -> float | None:
    rated = sum(counts)
    if not rated:
        return None
    return sum(r * n for r, n in zip(RATINGS, counts, strict=True)) / rated


def _two(value: float | None) -> float | None:
    return None if value is None else round(value, 2)


def _department_order(name: str, department_id: int | None) -> tuple[bool, str]:
    """By name, the people in no department last."""
    return (department_id is None, name.lower())


def option(cycle: ReviewCycle) -> CycleOption:
    return CycleOption(
        id=cycle.id, name=cycle.name, status=cycle.status, launched_at=cycle.launched_at
    )


async def list_cycles(*, session: AsyncSession) -> list[CycleOption]:
    """The launched cycles (a draft has no reviews to count), the latest first."""
    rows = await session.execute(
        select(ReviewCycle.id, ReviewCycle.name, ReviewCycle.status, ReviewCycle.launched_at)
        .where(ReviewCycle.status != "draft")
        .order_by(ReviewCycle.launched_at.desc().nulls_last(), ReviewCycle.id.desc())
    )
    return [
        CycleOption(id=i, name=name, status=status, launched_at=at) for i, name, status, at in rows
    ]


async def find_cycle(session: AsyncSession, cycle_id: int) -> ReviewCycle:
    """The organisation's cycle; an id of another organisation's is unknown here (404)."""
    cycle = await session.get(ReviewCycle, cycle_id) if 0 < cycle_id <= MAX_ID else None
    if cycle is None:
        raise NotFound(CYCLE_NOT_FOUND)
    return cycle


@dataclass(frozen=True)
class _Group:
    department_id: int | None
    department: str
    total: int
    done: int
    ratings: tuple[int, ...]


async def _departments(
    session: AsyncSession, cycle_id: int, within: Counted | None, today: date
) -> list[_Group]:
    rows = await session.execute(
        select(
            Department.id,
            Department.name,
            func.count(),
            func.count().filter(stage(today) == "done"),
            *_rating_counts(),
        )
        .select_from(Review)
        .join(ReviewCycle, ReviewCycle.id == Review.cycle_id)
        .join(Employee, Employee.id == Review.employee_id)
        .outerjoin(Department, Department.slug == Employee.department)
        .where(Review.cycle_id == cycle_id, *_reviews(within))
        .group_by(Department.id, Department.name)
    )
    groups = [
        _Group(dept_id, name or NO_DEPARTMENT, total, done, tuple(counts))
        for dept_id, name, total, done, *counts in rows
    ]
    return sorted(groups, key=lambda g: _department_order(g.department, g.department_id))


def _reviewer_name(first: str | None, last: str | None, email: str | None) -> str:
    name = " ".join(part for part in (first, last) if part)
    return name or email or NO_REVIEWER


def _leaning(difference: float, too_few: bool) -> Leaning | None:
    if too_few:
        return None
    if difference >= LEANING:
        return "lenient"
    if difference <= -LEANING:
        return "harsh"
    return "typical"


async def _reviewers(
    session: AsyncSession, cycle_id: int, within: Counted | None, average: float | None
) -> list[ReviewerRatings]:
    """Each account named to write the cycle's reviews, over the reviews it rated (an account
    since removed, and reviews with no named reviewer, are together under NO_REVIEWER)."""
    rows = await session.execute(
        select(User.id, User.first_name, User.last_name, User.email, *_rating_counts())
        .select_from(Review)
        .outerjoin(User, User.id == Review.reviewer_user_id)
        .where(Review.cycle_id == cycle_id, _rated(), *_reviews(within))
        .group_by(User.id)
    )
    result = []
    for user_id, first, last, email, *counts in rows:
        mine = _average(counts)
        if mine is None or average is None:  # only rated reviews are grouped: never
            continue
        difference = round(mine - average, 2)
        too_few = sum(counts) < MIN_RATED
        result.append(
            ReviewerRatings(
                reviewer_user_id=user_id,
                reviewer_name=_reviewer_name(first, last, email),
                count=sum(counts),
                average=round(mine, 2),
                distribution=_distribution(counts),
                difference=difference,
                too_few=too_few,
                leaning=_leaning(difference, too_few),
            )
        )
    return sorted(result, key=lambda r: (-r.average, r.reviewer_name.lower()))


def _totals(groups: Iterable[_Group]) -> tuple[int, int, list[int]]:
    total = done = 0
    counts = [0] * len(RATINGS)
    for g in groups:
        total += g.total
        done += g.done
        counts = [a + b for a, b in zip(counts, g.ratings, strict=True)]
    return total, done, counts


def _rate(done: int, total: int) -> float | None:
    return round(100 * done / total, 1) if total else None


async def cycle_analytics(
    *, session: AsyncSession, cycle_id: int, today: date, scope: Scope = EVERYTHING
) -> CycleAnalytics:
    cycle = await find_cycle(session, cycle_id)
    within = counted(scope)
    groups = await _departments(session, cycle.id, within, today)
    total, done, counts = _totals(groups)
    average = _average(counts)
    return CycleAnalytics(
        cycle=option(cycle),
        total=total,
        done=done,
        rate=_rate(done, total),
        rated=sum(counts),
        average=_two(average),
        distribution=_distribution(counts),
        completion_by_department=[
            DepartmentCompletion(
                department_id=g.department_id,
                department=g.department,
                total=g.total,
                done=g.done,
                rate=_rate(g.done, g.total) or 0.0,
            )
            for g in groups
        ],
        ratings_by_department=[
            DepartmentRatings(
                department_id=g.department_id,
                department=g.department,
                count=sum(g.ratings),
                average=_two(_average(g.ratings)),
                distribution=_distribution(g.ratings),
            )
            for g in groups
        ],
        ratings_by_reviewer=await _reviewers(session, cycle.id, within, average),
        min_rated=MIN_RATED,
        leaning_threshold=LEANING,
    )


@dataclass(frozen=True)
class _Change:
    """One department's people rated in both cycles: how many, the sums of their ratings in
    each, and how many rose, kept or fell."""

    department_id: int | None
    department: str
    people: int
    before: int
    after: int
    improved: int
    same: int
    declined: int


async def _changes(
    session: AsyncSession, from_id: int, to_id: int, within: Counted | None
) -> list[_Change]:
    before, after = aliased(Review), aliased(Review)
    change = after.rating - before.rating
    rows = (
        await session.execute(
            select(
                Department.id,
                Department.name,
                func.count(),
                func.sum(before.rating),
                func.sum(after.rating),
                func.count().filter(change > 0),
                func.count().filter(change == 0),
                func.count().filter(change < 0),
            )
            .select_from(before)
            .join(
                after,
                and_(
                    after.employee_id == before.employee_id,
                    after.cycle_id == to_id,
                    _rated(after),
                ),
            )
            .join(Employee, Employee.id == before.employee_id)
            .outerjoin(Department, Department.slug == Employee.department)
            .where(
                before.cycle_id == from_id,
                _rated(before),
                *([] if within is None else within.people(Employee.id)),
            )
            .group_by(Department.id, Department.name)
        )
    ).all()
    return [
        _Change(dept_id, name or NO_DEPARTMENT, n, int(b or 0), int(a or 0), up, same, down)
        for dept_id, name, n, b, a, up, same, down in rows
    ]


async def _rated_in_each(
    session: AsyncSession, from_id: int, to_id: int, within: Counted | None
) -> tuple[int, int]:
    row = (
        await session.execute(
            select(
                func.count().filter(Review.cycle_id == from_id),
                func.count().filter(Review.cycle_id == to_id),
            ).where(Review.cycle_id.in_((from_id, to_id)), _rated(), *_reviews(within))
        )
    ).one()
    return row[0], row[1]


def _department_change(c: _Change) -> DepartmentChange:
    return DepartmentChange(
        department_id=c.department_id,
        department=c.department,
        people=c.people,
        average_from=round(c.before / c.people, 2),
        average_to=round(c.after / c.people, 2),
        average_change=round((c.after - c.before) / c.people, 2),
        improved=c.improved,
        same=c.same,
        declined=c.declined,
    )


async def compare_cycles(
    *, session: AsyncSession, from_id: int, to_id: int, scope: Scope = EVERYTHING
) -> CycleComparison:
    """How the ratings of the people rated in both cycles moved from the first to the second.
    Unknown ids answer 404 before the same cycle twice answers 422."""
    first = await find_cycle(session, from_id)
    second = await find_cycle(session, to_id)
    if first.id == second.id:
        raise AppError(SAME_CYCLE, 422)
    within = counted(scope)
    rows = await _changes(session, first.id, second.id, within)
    rated_from, rated_to = await _rated_in_each(session, first.id, second.id, within)
    people = sum(r.people for r in rows)
    before = sum(r.before for r in rows)
    after = sum(r.after for r in rows)
    departments = sorted(
        (_department_change(r) for r in rows),
        key=lambda d: _department_order(d.department, d.department_id),
    )
    return CycleComparison(
        from_cycle=option(first),
        to_cycle=option(second),
        people=people,
        average_from=round(before / people, 2) if people else None,
        average_to=round(after / people, 2) if people else None,
        average_change=round((after - before) / people, 2) if people else None,
        improved=sum(r.improved for r in rows),
        same=sum(r.same for r in rows),
        declined=sum(r.declined for r in rows),
        only_from=rated_from - people,
        only_to=rated_to - people,
        by_department=departments,
    )
