"""The stages of a review in a cycle: the employee's self-review and acknowledgement, sharing
the completed review with them, and reopening a completed one with a reason. (Included by
api/reviews/router.py.)"""

from typing import Annotated

from fastapi import APIRouter, Depends

from api.access.scope import Scope, scope_for
from api.deps import CurrentPrincipal, TenantSession, allowed
from api.reviews import respond, service, sharing
from api.reviews.detail import detail
from api.reviews.models import Review
from api.reviews.schemas import ReviewDetail
from api.reviews.stage_schemas import (
    AcknowledgeBody,
    ReopenBody,
    SelfReviewRead,
    SelfReviewUpdate,
)
from api.reviews.to_fill import FillReviews, ReviewToFill

router = APIRouter(tags=["reviews"])

Respond = Annotated[Scope, allowed("reviews", "respond")]
ChangeCompleted = Annotated[Scope, allowed("reviews", "change_completed")]


async def own_review(review_id: int, scope: Respond, session: TenantSession) -> Review:
    """The reader's own review (their part of it), whatever its stage; another's is 404."""
    return await respond.own_review(session, review_id, scope)


async def completed_review(
    review_id: int, _: ChangeCompleted, principal: CurrentPrincipal, session: TenantSession
) -> Review:
    scope = scope_for(principal, "reviews", "read")
    return await service.get(session=session, review_id=review_id, scope=scope)


OwnReview = Annotated[Review, Depends(own_review)]
ReviewToReopen = Annotated[Review, Depends(completed_review)]


@router.get(
    "/api/reviews/{review_id}/self", response_model=SelfReviewRead, operation_id="getSelfReview"
)
async def get_self_review(_: Respond, review: OwnReview, session: TenantSession):
    """The employee's self-review of their review in a cycle (409 when it has none)."""
    return await respond.read_self(session, review)


@router.put(
    "/api/reviews/{review_id}/self", response_model=SelfReviewRead, operation_id="saveSelfReview"
)
async def save_self_review(
    body: SelfReviewUpdate, scope: Respond, review: OwnReview, session: TenantSession
):
    """Save the self-review as a draft, or submit it (then required questions are due and it
    no longer changes)."""
    locked = await respond.own_review(session, review.id, scope, lock=True)
    return await respond.save_self(session, locked, body)


@router.post(
    "/api/reviews/{review_id}/acknowledge",
    response_model=ReviewDetail,
    operation_id="acknowledgeReview",
)
async def acknowledge_review(
    scope: Respond,
    principal: CurrentPrincipal,
    review: OwnReview,
    session: TenantSession,
    body: AcknowledgeBody | None = None,
):
    """The employee acknowledges the review shared with them; it is locked from then on."""
    locked = await respond.own_review(session, review.id, scope, lock=True)
    await respond.acknowledge(session, locked, body or AcknowledgeBody())
    return await detail(session, locked, principal)


@router.post(
    "/api/reviews/{review_id}/share", response_model=ReviewDetail, operation_id="shareReview"
)
async def share_review(
    _: FillReviews, principal: CurrentPrincipal, review: ReviewToFill, session: TenantSession
):
    """Share the completed review with its employee, who is asked to acknowledge it."""
    await sharing.share(session, review)
    return await detail(session, review, principal)


@router.post(
    "/api/reviews/{review_id}/reopen", response_model=ReviewDetail, operation_id="reopenReview"
)
async def reopen_review(
    _: ChangeCompleted,
    principal: CurrentPrincipal,
    review: ReviewToReopen,
    session: TenantSession,
    body: ReopenBody | None = None,
):
    """Reopen a completed review (also an acknowledged one), with a reason of 3-500
    characters kept in the audit trail. Admin only."""
    reopened = await sharing.reopen(session, review, (body or ReopenBody()).reason)
    return await detail(session, reopened, principal)
