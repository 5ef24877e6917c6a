"""The review a route fills in, shared by the reviews' routers (the review itself, and its
stages in a cycle)."""

from typing import Annotated

from fastapi import Depends

from api.access.scope import Scope, scope_for
from api.deps import CurrentPrincipal, TenantSession, allowed
from api.reviews import service
from api.reviews.models import Review

FillReviews = Annotated[Scope, allowed("reviews", "fill")]


async def review_to_fill(
    review_id: int, fill: FillReviews, principal: CurrentPrincipal, session: TenantSession
) -> Review:
    """A review the reader does not see, or may not fill (their own), answers 404."""
    return await service.get_to_fill(
        session=session,
        review_id=review_id,
        scope=scope_for(principal, "reviews", "read"),
        fill=fill,
    )


ReviewToFill = Annotated[Review, Depends(review_to_fill)]
