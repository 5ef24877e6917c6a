"""Feedback from colleagues on a review of a cycle.

The reviewer (or admin, hr) asks one to five colleagues; each answers with a rating and a
comment while the feedback stage is open. Readers get the answers only together and without
names, once at least THRESHOLD are in: nothing they read tells who answered, who has not, or
who wrote which comment (no per-colleague flag, comments in the order of their text).
"""

from datetime import date
from statistics import mean

from sqlalchemy import func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from api.auth.principal import Principal
from api.core.dates import local_today
from api.core.db import utcnow
from api.core.errors import AppError, Conflict, NotFound
from api.cycles.models import FeedbackRequest, ReviewCycle
from api.employees.models import Employee
from api.feedback.schemas import (
    MAX_ASKED,
    THRESHOLD,
    AskedColleague,
    FeedbackAnswer,
    FeedbackAsked,
    FeedbackRequestRead,
    FeedbackSummary,
)
from api.notifications.service import Notice, notify
from api.reviews.models import Review
from api.reviews.templates import PG_INT_MAX
from api.users.models import User

REQUEST_NOT_FOUND = "Feedback request not found"
NO_FEEDBACK_STAGE = "This review has no feedback stage"
STAGE_CLOSED = "The feedback stage of this review is closed"
ALREADY_ANSWERED = "You have already answered this request"
NOT_A_COLLEAGUE = "Some of the colleagues chosen are not employees of this organisation"
OWN_REVIEW = "A person cannot give feedback on their own review"
# Whoever asks, or writes the review, would know one of the answers: the others' would then
# show with fewer than THRESHOLD the reader cannot tell apart.
NOT_THE_ASKER = "Those who ask for feedback or write the review cannot answer it themselves"
# Once the answers show, the one comment and rating new since the last reading would be the
# newcomer's: nobody more is asked.
ANSWERS_SHOWN = (
    "The answers on this review are already shown: a colleague asked now could be told apart "
    "by the one answer added after theirs"
)
ASKED_READER = (
    "You were asked for feedback on this review: its answers and its asking are for others"
)
PERSON = func.concat_ws(" ", Employee.first_name, Employee.last_name)


def stage_closed(review: Review, cycle: ReviewCycle | None, today: date) -> str | None:
    """Why feedback can no longer be asked or given on the review, or None while it can."""
    if cycle is None or cycle.feedback_due is None:
        return NO_FEEDBACK_STAGE
    if cycle.status == "closed":
        return f"{STAGE_CLOSED}: the review cycle has been closed"
    if review.status == "completed":
        return f"{STAGE_CLOSED}: the review has been completed"
    if cycle.feedback_due < today:
        return f"{STAGE_CLOSED}: answers were due by {cycle.feedback_due:%-d %B %Y}"
    return None


async def _cycle(session: AsyncSession, review: Review) -> ReviewCycle | None:
    return None if review.cycle_id is None else await session.get(ReviewCycle, review.cycle_id)


async def asked(session: AsyncSession, review_id: int) -> list[AskedColleague]:
    rows = await session.execute(
        select(FeedbackRequest.employee_id, PERSON)
        .join(Employee, Employee.id == FeedbackRequest.employee_id)
        .where(FeedbackRequest.review_id == review_id)
        .order_by(PERSON, FeedbackRequest.employee_id)
    )
    return [AskedColleague(employee_id=pk, employee_name=name) for pk, name in rows]


async def was_asked(session: AsyncSession, review_id: int, employee_id: int | None) -> bool:
    if employee_id is None:
        return False
    found = await session.scalar(
        select(FeedbackRequest.id).where(
            FeedbackRequest.review_id == review_id, FeedbackRequest.employee_id == employee_id
        )
    )
    return found is not None


async def _colleagues(
    session: AsyncSession, review: Review, ids: list[int], principal: Principal
) -> dict[int, tuple[str, str | None]]:
    """id -> (name, manager's code) of the colleagues chosen, all active employees here."""
    if review.employee_id in ids:
        raise AppError(OWN_REVIEW, 422)
    reviewer = None
    if review.reviewer_user_id is not None:
        reviewer = await session.scalar(
            select(User.employee_id).where(User.id == review.reviewer_user_id)
        )
    if {principal.employee_id, reviewer} & set(ids):
        raise AppError(NOT_THE_ASKER, 422)
    if any(not 0 < pk <= PG_INT_MAX for pk in ids):
        raise AppError(NOT_A_COLLEAGUE, 422)
    rows = await session.execute(
        select(Employee.id, PERSON, Employee.manager_id).where(
            Employee.id.in_(ids), Employee.is_archived.is_(False)
        )
    )
    found = {pk: (name, manager) for pk, name, manager in rows}
    if len(found) != len(ids):
        raise AppError(NOT_A_COLLEAGUE, 422)
    return found


async def _accounts(
    session: AsyncSession, found: dict[int, tuple[str, str | None]]
) -> dict[int, str]:
    """employee id -> the active account each colleague answers with (422 for one without)."""
    rows = await session.execute(
        select(User.employee_id, User.id).where(
            User.employee_id.in_(list(found)), User.is_active.is_(True)
        )
    )
    accounts: dict[int, str] = {pk: user_id for pk, user_id in rows.tuples() if pk is not None}
    for pk, (name, _) in found.items():
        if pk not in accounts:
            raise AppError(f"{name} has no active account to answer with", 422)
    return accounts


async def _check_askable(session: AsyncSession, review: Review) -> None:
    """409 when the stage is closed or the answers already show."""
    closed = stage_closed(review, await _cycle(session, review), local_today())
    if closed:
        raise Conflict(closed)
    answered = await session.scalar(
        select(func.count()).where(
            FeedbackRequest.review_id == review.id, FeedbackRequest.answered_at.is_not(None)
        )
    )
    if (answered or 0) >= THRESHOLD:
        raise Conflict(ANSWERS_SHOWN)


async def ask(
    session: AsyncSession, review: Review, employee_ids: list[int], principal: Principal
) -> FeedbackAsked:
    """Asks the colleagues (1-5 in all per review) and tells each of them."""
    # One request at a time per review: the count of five holds under concurrent asks.
    await session.refresh(review, attribute_names=["status"], with_for_update=True)
    await _check_askable(session, review)
    ids = list(dict.fromkeys(employee_ids))
    found = await _colleagues(session, review, ids, principal)
    already = set(
        await session.scalars(
            select(FeedbackRequest.employee_id).where(FeedbackRequest.review_id == review.id)
        )
    )
    for pk in ids:
        if pk in already:
            raise Conflict(f"{found[pk][0]} has already been asked for feedback on this review")
    if len(already) + len(ids) > MAX_ASKED:
        raise AppError(
            f"At most {MAX_ASKED} colleagues can be asked for feedback on one review "
            f"({len(already)} asked already)",
            422,
        )
    accounts = await _accounts(session, found)
    reviewed = review.employee
    made = [
        FeedbackRequest(
            review_id=review.id,
            employee_id=pk,
            kind="upward" if found[pk][1] == reviewed.employee_id else "peer",
            requested_by_user_id=principal.user_id,
        )
        for pk in ids
    ]
    session.add_all(made)
    await session.flush()
    name = f"{reviewed.first_name} {reviewed.last_name}".strip()
    await notify(
        session,
        [
            Notice(
                user_id=accounts[request.employee_id],
                kind="feedback_requested",
                title="Your feedback is asked",
                body=f"Please give your feedback on {name}. Answers are shown without names.",
                dedupe_key=f"feedback:{request.id}",
                link=f"/feedback/{request.id}",
                review_id=review.id,
            )
            for request in made
        ],
    )
    return FeedbackAsked(asked=await asked(session, review.id))


async def summary(session: AsyncSession, review: Review) -> FeedbackSummary:
    """The answers together: counts always, ratings and comments only from THRESHOLD on."""
    answers = (
        await session.execute(
            select(FeedbackRequest.rating, FeedbackRequest.comment).where(
                FeedbackRequest.review_id == review.id, FeedbackRequest.answered_at.is_not(None)
            )
        )
    ).all()
    colleagues = await asked(session, review.id)
    shown = len(answers) >= THRESHOLD
    ratings = [rating for rating, _ in answers if rating is not None]
    return FeedbackSummary(
        asked=colleagues,
        requested=len(colleagues),
        answered=len(answers),
        shown=shown,
        average_rating=round(mean(ratings), 2) if shown and ratings else None,
        ratings={str(n): ratings.count(n) for n in range(1, 6)} if shown else None,
        comments=sorted(comment for _, comment in answers if comment) if shown else [],
    )


async def own_request(
    session: AsyncSession, request_id: int, employee_id: int | None, *, lock: bool = False
) -> FeedbackRequest:
    """The request made of the reader themselves, or NotFound (whoever else's it is)."""
    found = None
    if employee_id is not None and 0 < request_id <= PG_INT_MAX:
        query = select(FeedbackRequest).where(
            FeedbackRequest.id == request_id, FeedbackRequest.employee_id == employee_id
        )
        if lock:
            query = query.with_for_update().execution_options(populate_existing=True)
        found = await session.scalar(query)
    if found is None:
        raise NotFound(REQUEST_NOT_FOUND)
    return found


async def read_request(session: AsyncSession, request: FeedbackRequest) -> FeedbackRequestRead:
    """The request, and whether (and why) it can no longer be answered: the colleague learns
    it before writing an answer, not when sending it."""
    row = (
        await session.execute(
            select(PERSON, Employee.position, Review, ReviewCycle)
            .select_from(Review)
            .join(Employee, Employee.id == Review.employee_id)
            .outerjoin(ReviewCycle, ReviewCycle.id == Review.cycle_id)
            .where(Review.id == request.review_id)
        )
    ).one()
    review, cycle = row[2], row[3]
    reason = stage_closed(review, cycle, local_today())
    return FeedbackRequestRead(
        id=request.id,
        review_id=request.review_id,
        employee_name=row[0],
        position=row[1],
        cycle_name=cycle.name if cycle else None,
        kind=request.kind,  # type: ignore[arg-type]
        due=cycle.feedback_due if cycle else None,
        closed=reason is not None,
        closed_reason=reason,
        answered_at=request.answered_at,
        rating=request.rating,
        comment=request.comment,
    )


async def answer(
    session: AsyncSession, request: FeedbackRequest, data: FeedbackAnswer
) -> FeedbackRequestRead:
    if request.answered_at is not None:
        raise Conflict(ALREADY_ANSWERED)
    review = await session.get(Review, request.review_id)
    assert review is not None
    closed = stage_closed(review, await _cycle(session, review), local_today())
    if closed:
        raise Conflict(closed)
    # A Core UPDATE, unseen by the audit trail's flush listener: an event naming its author
    # would tell admin and hr who answered, and what (answers are anonymous to every reader).
    await session.execute(
        update(FeedbackRequest)
        .where(FeedbackRequest.id == request.id)
        .values(answered_at=utcnow(), rating=data.rating, comment=data.comment)
        .execution_options(synchronize_session=False)
    )
    await session.refresh(request)
    return await read_request(session, request)
