from fastapi import APIRouter

from api.analytics import service
from api.analytics.schemas import Analytics
from api.core.dates import local_today
from api.deps import AdminOrHr, TenantSession

router = APIRouter(tags=["analytics"])


@router.get("/api/analytics", response_model=Analytics, operation_id="getAnalytics")
async def get_analytics(_: AdminOrHr, session: TenantSession):
    return await service.get_analytics(session=session, today=local_today())
