from fastapi import APIRouter

from api.core.dates import local_today
from api.dashboard import service
from api.dashboard.schemas import ActivityItem, DashboardStats
from api.deps import CurrentPrincipal, TenantSession

router = APIRouter(tags=["dashboard"])


@router.get("/api/dashboard/stats", response_model=DashboardStats, operation_id="getDashboardStats")
async def dashboard_stats(_: CurrentPrincipal, session: TenantSession):
    return await service.get_stats(session=session, today=local_today())


@router.get(
    "/api/dashboard/activity", response_model=list[ActivityItem], operation_id="getRecentActivity"
)
async def recent_activity(_: CurrentPrincipal, session: TenantSession):
    return await service.list_activity(session=session)
