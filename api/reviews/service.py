"""Performance reviews: reads with employee and template, creation, filling and completion.

Status rules: a new review is pending; saving sets in_progress; completing sets completed and
stamps completedAt with the server's clock; only an admin may change a completed review.
Answers are checked against the template's questions, or, once the review has been completed,
against its own copy of them (Review.questions). docs/rules.md has the whole lifecycle.
"""

from dataclasses import replace
from datetime import date
from typing import Any

from sqlalchemy import Integer, Select, any_, bindparam, delete, func, select
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import selectinload

from api.access.scope import Scope
from api.core.dates import local_today
from api.core.db import utcnow
from api.core.errors import BadRequest, Conflict, Forbidden, NotFound
from api.core.listing import Copy, Embed, Listing
from api.core.paging import Paging
from api.employees.lookup import EMPLOYEE_NOT_FOUND, check_employee_id, employee_list, get_employee
from api.employees.models import Employee
from api.reminders.models import Reminder
from api.reviews import list_query, templates
from api.reviews.access import REVIEW_NOT_FOUND, check_fillable, only_visible
from api.reviews.answers import check_responses, still_valid
from api.reviews.list_query import ReviewQuery
from api.reviews.models import Review, ReviewTemplate
from api.reviews.schedule import next_review_date
from api.reviews.schemas import (
    ReviewCreate,
    ReviewedEmployee,
    ReviewRead,
    ReviewUpdate,
    TemplateSummary,
)

UPCOMING_LIMIT = 10
COMPLETED_LOCKED = "Only an administrator can change a completed review"
ACKNOWLEDGED_LOCKED = (
    "The employee has acknowledged this review: it is locked. An administrator can reopen it "
    "with a reason."
)
CHANGED_ELSEWHERE = (
    "This review changed after you opened it: someone saved it, or its template's questions "
    "were edited. Close it and open it again to see the latest version."
)


# Lists of reviews, with each review's employee and template (api/core/listing.py). A review
# completed against questions its template no longer asks shows its own copy of them.
REVIEWS = Listing(
    Review,
    ReviewRead,
    (
        Embed("employee", "employee_id", Employee, ReviewedEmployee),
        Embed(
            "template",
            "template_id",
            ReviewTemplate,
            TemplateSummary,
            Copy("questions", copy="questions", version="questions_version"),
        ),
    ),
)


def _with_embeds(query: Select[Any]) -> Select[Any]:
    return query.options(selectinload(Review.employee), selectinload(Review.template))


async def get(*, session: AsyncSession, review_id: int, scope: Scope) -> Review:
    """The review of this organisation with its employee and template, or NotFound (also for
    a review the reader's scope does not show)."""
    review = None
    if 0 < review_id <= templates.PG_INT_MAX:
        query = only_visible(select(Review).where(Review.id == review_id), scope)
        review = await session.scalar(_with_embeds(query))
    if review is None:
        raise NotFound(REVIEW_NOT_FOUND)
    return review


async def get_to_fill(
    *, session: AsyncSession, review_id: int, scope: Scope, fill: Scope
) -> Review:
    """The review to fill in: NotFound unless the reader sees it (`scope`) and may fill it
    (`fill`)."""
    review = await get(session=session, review_id=review_id, scope=scope)
    await check_fillable(session, review, fill)
    return review


async def list_reviews(
    *,
    session: AsyncSession,
    scope: Scope,
    employee_id: int | None = None,
    status: str | None = None,
    include_archived: bool = False,
) -> bytes:
    """Newest first, as JSON. Reviews of archived employees only with include_archived or by
    employee."""
    body, _ = await list_page(
        session=session,
        scope=scope,
        employee_id=employee_id,
        status=status,
        include_archived=include_archived,
    )
    return body


async def list_page(
    *,
    session: AsyncSession,
    scope: Scope,
    employee_id: int | None = None,
    status: str | None = None,
    include_archived: bool = False,
    params: ReviewQuery | None = None,
    paging: Paging | None = None,
) -> tuple[bytes, int | None]:
    """The matching reviews as JSON (newest first unless sorted otherwise), and how many match
    in all when `paging` asks for one page (None otherwise). Reviews of archived employees only
    with include_archived, by employee or as `params` say. Only the reviews `scope` shows;
    an employee out of its reach is unknown (NotFound)."""
    if params is None:
        params = ReviewQuery()
    if status is not None:
        params = replace(params, status=status)
    if employee_id is not None:
        check_employee_id(employee_id)
        if not scope.everything:
            await scope.require(session, employee_id, EMPLOYEE_NOT_FOUND)
    filters = list_query.Filters(
        today=local_today(),
        employee_id=employee_id,
        default_archived="all" if include_archived else "active",
        scope=scope,
    )
    total = None
    if paging is None:
        query = list_query.apply(REVIEWS.rows(), params, filters)
    else:
        # The page's ids and the count of every match in one scan; then only those rows are
        # read and rendered (rendering joins each listed row to what it embeds, which is
        # wasted on the thousands of rows a page leaves out).
        found = list_query.apply(select(Review.id, func.count().over()), params, filters)
        found = found.limit(paging.size).offset(paging.offset)
        rows = (await session.execute(found)).all()
        if rows:
            total = int(rows[0][1])
        else:  # a page past the end: count on its own
            counted = select(func.count()).select_from(Review)
            counted = list_query.apply(counted, params, filters, ordered=False)
            total = int(await session.scalar(counted) or 0)
        page_ids = bindparam("page_ids", [row[0] for row in rows], type_=ARRAY(Integer))
        query = (
            REVIEWS.rows()
            .where(Review.id == any_(page_ids))
            .order_by(func.array_position(page_ids, Review.id))
        )
    body = await REVIEWS.render(session, query)
    if total is None or total == 0:
        body = await employee_list(session=session, employee_id=employee_id, body=body)
    return body, total


async def list_upcoming(
    *, session: AsyncSession, scope: Scope, limit: int = UPCOMING_LIMIT
) -> bytes:
    """Open reviews of active employees the scope shows, the most urgent (overdue first) at
    the top, as JSON."""
    query = (
        REVIEWS.rows()
        .join(Employee, Employee.id == Review.employee_id)
        .where(Review.status != "completed", Employee.is_archived.is_(False))
        .order_by(Review.due_date, Review.id)
        .limit(limit)
    )
    return await REVIEWS.render(session, only_visible(query, scope))


async def create(*, session: AsyncSession, data: ReviewCreate) -> Review:
    """A new review, always pending, for an active employee of this organisation."""
    # The schema's validators refuse a missing employee, template or due date.
    assert data.employee_id is not None and data.template_id is not None
    assert data.due_date is not None
    employee = await get_employee(session=session, employee_id=data.employee_id)
    if employee.is_archived:
        raise BadRequest("Reviews cannot be created for an archived employee")
    template = await templates.get(session=session, template_id=data.template_id)
    review = Review(
        employee_id=employee.id,
        template_id=template.id,
        review_type=data.review_type,
        status="pending",
        responses=check_responses(template.questions, data.responses, complete=False),
        rating=data.rating,
        reviewer_notes=data.reviewer_notes,
        due_date=data.due_date,
        completed_at=None,
    )
    session.add(review)
    await session.flush()
    return await _reload(session, review.id)


async def _reload(session: AsyncSession, review_id: int) -> Review:
    """Fresh from the database after a write: server defaults and both embeds loaded."""
    query = _with_embeds(select(Review).where(Review.id == review_id))
    review = await session.scalar(query.execution_options(populate_existing=True))
    assert review is not None
    return review


async def update(
    *,
    session: AsyncSession,
    review: Review,
    data: ReviewUpdate,
    may_change_completed: bool,
    today: date,
) -> Review:
    """Save answers, notes and rating; move the status; complete with the server's clock."""
    await _lock(session, review)
    if data.expected_updated_at is not None and data.expected_updated_at != review.updated_at:
        raise Conflict(CHANGED_ELSEWHERE)
    if review.acknowledged_at is not None:
        raise Conflict(ACKNOWLEDGED_LOCKED)
    if review.status == "completed" and not may_change_completed:
        raise Forbidden(COMPLETED_LOCKED)
    fields = data.model_fields_set
    status = _next_status(review, data)
    completing = status == "completed"
    template: ReviewTemplate = review.template
    # A review once completed is answered against its own copy of the questions, also when an
    # admin reopens or corrects it; the others against their template as it is now.
    questions = review.questions if review.questions is not None else template.questions
    answers = data.responses if "responses" in fields and data.responses is not None else None
    if answers is None:
        answers = still_valid(questions, review.responses)
    responses = check_responses(questions, answers, complete=completing)
    rating = data.rating if "rating" in fields else review.rating
    if completing and rating is None:
        raise BadRequest("An overall rating from 1 to 5 is required to complete a review")

    newly_completed = completing and review.status != "completed"
    review.responses = responses
    review.rating = rating
    if "reviewer_notes" in fields:
        review.reviewer_notes = data.reviewer_notes
    review.status = status
    if completing and review.questions is None:
        # The record of what was asked (Review.questions): taken on completion, and from a
        # completed review that predates the copies when an admin saves it.
        review.questions = [dict(q) for q in template.questions]
        review.questions_version = template.questions_version
    if newly_completed:
        await _stamp_completion(session, review, today)
    elif not completing:
        # Reopened (or not completed yet): no completion time, and a completion is
        # remembered, also one of a row that predates first_completed_at (an older backup).
        review.first_completed_at = review.first_completed_at or review.completed_at
        review.completed_at = None
        # Reopened: no longer shared with the employee (sharing it again asks them anew).
        review.shared_at = None
    # Its employee and template were loaded with it and are current; updated_at comes back
    # with the UPDATE (Review's eager_defaults).
    await session.flush()
    return review


async def _lock(session: AsyncSession, review: Review) -> None:
    """Read the review's state again under a row lock. Two people saving the same review at
    once: the second waits and sees the first's status, so a completion is stamped (and the
    next review date moved) once."""
    await session.refresh(
        review,
        attribute_names=[
            "status",
            "responses",
            "rating",
            "completed_at",
            "first_completed_at",
            "questions",
            "questions_version",
            "updated_at",
            "shared_at",
            "acknowledged_at",
        ],
        with_for_update=True,
    )


def _next_status(review: Review, data: ReviewUpdate) -> str:
    """The status sent; without one, saving a pending review starts it."""
    if data.status is not None:
        return data.status
    return "in_progress" if review.status == "pending" else review.status


async def _stamp_completion(session: AsyncSession, review: Review, today: date) -> None:
    """A review just completed: its time, the employee's schedule, its reminders."""
    review.completed_at = utcnow()
    # The schedule moves on once per review: completing a review an admin reopened does
    # not move the employee's next review date again.
    if review.first_completed_at is None:
        review.first_completed_at = review.completed_at
        employee: Employee = review.employee
        employee.next_review_date = next_review_date(
            employee.next_review_date, employee.review_schedule, today
        )
    # The work is done: its due and overdue reminders no longer apply.
    await session.execute(delete(Reminder).where(Reminder.review_id == review.id))
