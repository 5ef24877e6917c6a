"""The daily notices nobody's action makes: a stage of a review coming due or overdue, told to
whoever must act in it, and certifications coming to their expiry, told to their holder.

Each notice has a key naming what it is about (api/notifications/service.py), so the job may
run any number of times a day: what was told is not told again. A stage's "due soon" notice
goes out from three days before its due date (a stage that starts closer to its date gets it
at once), its "overdue" notice from the day after; a certification's at each of its type's
lead times and on the day it expires (api/notifications/expiry.py).
"""

from collections import defaultdict
from dataclasses import dataclass
from datetime import date, timedelta

from sqlalchemy import Integer, String, any_, literal, select
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.ext.asyncio import AsyncSession

from api.cycles.models import FeedbackRequest, ReviewCycle
from api.cycles.stages import stage, stage_due
from api.employees.models import Employee
from api.notifications.service import Notice, notify
from api.reviews.models import Review
from api.users.models import User

DUE_SOON_DAYS = 3


def day_text(day: date) -> str:
    return f"{day:%b} {day.day}, {day.year}"


@dataclass(frozen=True)
class StageRow:
    review_id: int
    employee_id: int
    reviewer_user_id: str | None
    stage: str
    due: date
    employee_name: str
    cycle_name: str


async def accounts_of(session: AsyncSession, employee_ids: set[int]) -> dict[int, str]:
    """employee -> their active account."""
    if not employee_ids:
        return {}
    rows = await session.execute(
        select(User.employee_id, User.id).where(
            User.employee_id == any_(literal(sorted(employee_ids), ARRAY(Integer))),
            User.is_active.is_(True),
        )
    )
    return {employee: user for employee, user in rows.tuples() if employee is not None}


async def _active_users(session: AsyncSession, user_ids: set[str]) -> set[str]:
    if not user_ids:
        return set()
    rows = await session.scalars(
        select(User.id).where(
            User.id == any_(literal(sorted(user_ids), ARRAY(String))), User.is_active.is_(True)
        )
    )
    return set(rows)


async def _stages(session: AsyncSession, today: date) -> list[StageRow]:
    """Reviews of active cycles whose current stage is due within DUE_SOON_DAYS or past due."""
    current, due = stage(today), stage_due(today)
    rows = await session.execute(
        select(
            Review.id,
            Review.employee_id,
            Review.reviewer_user_id,
            current,
            due,
            Employee.first_name + " " + Employee.last_name,
            ReviewCycle.name,
        )
        .join(ReviewCycle, ReviewCycle.id == Review.cycle_id)
        .join(Employee, Employee.id == Review.employee_id)
        .where(
            ReviewCycle.status == "active",
            current != "done",
            due <= today + timedelta(days=DUE_SOON_DAYS),
        )
    )
    return [StageRow(*row) for row in rows.all()]


async def _waiting_colleagues(
    session: AsyncSession, review_ids: list[int]
) -> dict[int, list[tuple[int, int]]]:
    """review -> [(request, colleague's employee)] of the feedback not given yet."""
    found: dict[int, list[tuple[int, int]]] = defaultdict(list)
    if not review_ids:
        return found
    rows = await session.execute(
        select(FeedbackRequest.review_id, FeedbackRequest.id, FeedbackRequest.employee_id).where(
            FeedbackRequest.review_id == any_(literal(review_ids, ARRAY(Integer))),
            FeedbackRequest.answered_at.is_(None),
        )
    )
    for review_id, request_id, employee_id in rows.tuples():
        found[review_id].append((request_id, employee_id))
    return found


def _wording(row: StageRow, overdue: bool) -> tuple[str, str]:
    """(title, body) for the person acting in the row's stage."""
    when = f"was due on {day_text(row.due)}" if overdue else f"is due on {day_text(row.due)}"
    name = row.employee_name
    titles = {
        "self": f"Your self-review {when}",
        "feedback": f"Your feedback on {name} {when}",
        "writing": f"{name}'s review {when}",
        "sharing": f"Sharing {name}'s review {when}",
        "acknowledging": f"Acknowledging your review {when}",
    }
    bodies = {
        "self": "Fill in your self-review so your reviewer can read it.",
        "feedback": f"You were asked for feedback on {name}. Your answer stays anonymous.",
        "writing": f"Write {name}'s review and complete it.",
        "sharing": f"{name}'s review is complete: share it with them.",
        "acknowledging": "Read your review and acknowledge it.",
    }
    return titles[row.stage][:200], f"{row.cycle_name}: {bodies[row.stage]}"[:1000]


Recipient = tuple[StageRow, str, str]


async def _recipients(session: AsyncSession, rows: list[StageRow]) -> list[Recipient]:
    """(row, account, link) for each person who must act in each row's stage."""
    asking = [r.review_id for r in rows if r.stage == "feedback"]
    waiting = await _waiting_colleagues(session, asking)
    employees = {r.employee_id for r in rows if r.stage in ("self", "acknowledging")}
    employees |= {e for asked in waiting.values() for _, e in asked}
    accounts = await accounts_of(session, employees)
    named = {r.reviewer_user_id for r in rows if r.reviewer_user_id}
    reviewers = await _active_users(session, named)
    found: list[Recipient] = []
    for row in rows:
        if row.stage in ("self", "acknowledging") and row.employee_id in accounts:
            link = f"/reviews/{row.review_id}" + ("/self" if row.stage == "self" else "")
            found.append((row, accounts[row.employee_id], link))
        elif row.stage in ("writing", "sharing") and row.reviewer_user_id in reviewers:
            found.append((row, str(row.reviewer_user_id), f"/reviews/{row.review_id}"))
        elif row.stage == "feedback":
            for request_id, colleague in waiting.get(row.review_id, []):
                if colleague in accounts:
                    found.append((row, accounts[colleague], f"/feedback/{request_id}"))
    return found


async def review_deadlines(session: AsyncSession, today: date) -> dict[str, int]:
    """review_due_soon and review_overdue notices for the stages of active cycles."""
    rows = await _stages(session, today)
    notices: list[Notice] = []
    for row, user_id, link in await _recipients(session, rows):
        overdue = row.due < today
        kind, key = ("review_overdue", "overdue") if overdue else ("review_due_soon", "due_soon")
        title, body = _wording(row, overdue)
        notices.append(
            Notice(
                user_id=user_id,
                kind=kind,
                title=title,
                body=body,
                dedupe_key=f"{key}:{row.review_id}:{row.stage}:{user_id}",
                link=link,
                review_id=row.review_id,
            )
        )
    added = await notify(session, notices)
    return {"review_deadline_notices": added}
