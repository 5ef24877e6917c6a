from typing import Annotated

from fastapi import APIRouter

from api.access.scope import Scope, may, scope_for
from api.core.dates import local_today
from api.dashboard import activity, service
from api.dashboard.schemas import ActivityItem, DashboardStats
from api.deps import CurrentPrincipal, TenantSession, allowed

router = APIRouter(tags=["dashboard"])

DashboardScope = Annotated[Scope, allowed("dashboard", "read")]


@router.get("/api/dashboard/stats", response_model=DashboardStats, operation_id="getDashboardStats")
async def dashboard_stats(scope: DashboardScope, session: TenantSession):
    return await service.get_stats(session=session, today=local_today(), scope=scope)


@router.get(
    "/api/dashboard/activity", response_model=list[ActivityItem], operation_id="getRecentActivity"
)
async def recent_activity(
    scope: DashboardScope, principal: CurrentPrincipal, session: TenantSession
):
    notes = scope_for(principal, "notes", "read") if may(principal, "notes", "read") else None
    return await activity.list_activity(session=session, scope=scope, notes=notes)
