"""Feedback from colleagues on a review of a cycle: the reviewer (admin, hr) asks and reads
the answers together; each colleague reads and answers the request made of them."""

from typing import Annotated

from fastapi import APIRouter, Depends

from api.access.policy import Reach
from api.access.scope import NOT_ALLOWED, Scope, scope_for
from api.core.errors import Forbidden, NotFound
from api.cycles.models import FeedbackRequest
from api.deps import CurrentPrincipal, TenantSession, allowed
from api.feedback import service
from api.feedback.schemas import (
    FeedbackAnswer,
    FeedbackAsk,
    FeedbackAsked,
    FeedbackRequestRead,
    FeedbackSummary,
)
from api.reviews import service as reviews
from api.reviews.access import REVIEW_NOT_FOUND
from api.reviews.models import Review

router = APIRouter(tags=["feedback"])

RequestFeedback = Annotated[Scope, allowed("feedback", "request")]
ReadFeedback = Annotated[Scope, allowed("feedback", "read")]
AnswerFeedback = Annotated[Scope, allowed("feedback", "answer")]


async def _review(
    session: TenantSession, principal: CurrentPrincipal, review_id: int, scope: Scope
) -> Review:
    """A review the reader sees (else 404) and handles the feedback of: every review for a
    reach of all, those they are the named reviewer of otherwise (else 403). Never the
    reader's own: the reviewed person learns nothing of it (404, even for admin and hr)."""
    read = scope_for(principal, "reviews", "read")
    review = await reviews.get(session=session, review_id=review_id, scope=read)
    if principal.employee_id is not None and review.employee_id == principal.employee_id:
        raise NotFound(REVIEW_NOT_FOUND)
    named = principal.user_id is not None and review.reviewer_user_id == principal.user_id
    if Reach.ALL not in scope.reach and not (Reach.ASSIGNED in scope.reach and named):
        raise Forbidden(NOT_ALLOWED)
    if await service.was_asked(session, review.id, principal.employee_id):
        # Knowing their own answer, they would tell the others' apart (hr, admin).
        raise Forbidden(service.ASKED_READER)
    return review


async def review_to_ask(
    review_id: int, scope: RequestFeedback, principal: CurrentPrincipal, session: TenantSession
) -> Review:
    return await _review(session, principal, review_id, scope)


async def review_to_read(
    review_id: int, scope: ReadFeedback, principal: CurrentPrincipal, session: TenantSession
) -> Review:
    return await _review(session, principal, review_id, scope)


async def own_request(
    request_id: int, scope: AnswerFeedback, session: TenantSession
) -> FeedbackRequest:
    return await service.own_request(session, request_id, scope.employee_id)


@router.post(
    "/api/reviews/{review_id}/feedback-requests",
    response_model=FeedbackAsked,
    status_code=201,
    operation_id="askFeedback",
)
async def ask_feedback(
    body: FeedbackAsk,
    _: RequestFeedback,
    principal: CurrentPrincipal,
    review: Annotated[Review, Depends(review_to_ask)],
    session: TenantSession,
):
    """Ask colleagues (1-5 in all per review) for feedback; each is told. Replies with
    everyone asked so far."""
    return await service.ask(session, review, body.employee_ids, principal)


@router.get(
    "/api/reviews/{review_id}/feedback",
    response_model=FeedbackSummary,
    operation_id="getReviewFeedback",
)
async def review_feedback(
    _: ReadFeedback, review: Annotated[Review, Depends(review_to_read)], session: TenantSession
):
    """The colleagues' answers together and without names, once at least three are in."""
    return await service.summary(session, review)


@router.get(
    "/api/feedback-requests/{request_id}",
    response_model=FeedbackRequestRead,
    operation_id="getFeedbackRequest",
)
async def get_feedback_request(
    _: AnswerFeedback,
    request: Annotated[FeedbackRequest, Depends(own_request)],
    session: TenantSession,
):
    """A request made of the reader (another's is not found)."""
    return await service.read_request(session, request)


@router.post(
    "/api/feedback-requests/{request_id}/answer",
    response_model=FeedbackRequestRead,
    operation_id="answerFeedbackRequest",
)
async def answer_feedback_request(
    body: FeedbackAnswer,
    scope: AnswerFeedback,
    request: Annotated[FeedbackRequest, Depends(own_request)],
    session: TenantSession,
):
    """Answer once, with a rating of 1-5 and an optional comment, while the stage is open."""
    locked = await service.own_request(session, request.id, scope.employee_id, lock=True)
    return await service.answer(session, locked, body)
