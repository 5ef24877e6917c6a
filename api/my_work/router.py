"""What the signed-in account has to do in review cycles ("My reviews")."""

from typing import Annotated

from fastapi import APIRouter

from api.access.scope import Scope
from api.core.dates import local_today
from api.deps import CurrentPrincipal, TenantSession, allowed
from api.my_work import service
from api.my_work.schemas import MyWork

router = APIRouter(tags=["my work"])


@router.get("/api/my/work", response_model=MyWork, operation_id="getMyWork")
async def my_work(
    _: Annotated[Scope, allowed("my_work", "read")],
    principal: CurrentPrincipal,
    session: TenantSession,
):
    """Self-reviews to write, feedback to give, reviews to write or share as the named
    reviewer, and reviews to acknowledge, each with its due date and whether it is overdue."""
    return await service.my_work(session, principal, local_today())
