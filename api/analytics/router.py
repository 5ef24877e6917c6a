from typing import Annotated

from fastapi import APIRouter

from api.access.scope import Scope
from api.analytics import service
from api.analytics.schemas import Analytics
from api.core.dates import local_today
from api.deps import TenantSession, allowed

router = APIRouter(tags=["analytics"])


@router.get("/api/analytics", response_model=Analytics, operation_id="getAnalytics")
async def get_analytics(
    scope: Annotated[Scope, allowed("analytics", "read")], session: TenantSession
):
    return await service.get_analytics(session=session, today=local_today(), scope=scope)
