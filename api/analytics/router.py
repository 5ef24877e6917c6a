from typing import Annotated

from fastapi import APIRouter, Query

from api.access.scope import Scope
from api.analytics import cycles, service
from api.analytics.cycle_schemas import CycleAnalytics, CycleComparison, CycleOption
from api.analytics.schemas import Analytics
from api.core.dates import local_today
from api.deps import TenantSession, allowed

router = APIRouter(tags=["analytics"])

ReadAnalytics = Annotated[Scope, allowed("analytics", "read")]


@router.get("/api/analytics", response_model=Analytics, operation_id="getAnalytics")
async def get_analytics(scope: ReadAnalytics, session: TenantSession):
    return await service.get_analytics(session=session, today=local_today(), scope=scope)


@router.get(
    "/api/analytics/cycles", response_model=list[CycleOption], operation_id="listAnalyticsCycles"
)
async def list_analytics_cycles(_: ReadAnalytics, session: TenantSession):
    return await cycles.list_cycles(session=session)


# Before /cycles/{cycle_id}, which would otherwise take "compare" for an id.
@router.get(
    "/api/analytics/cycles/compare",
    response_model=CycleComparison,
    operation_id="compareCycles",
)
async def compare_cycles(
    scope: ReadAnalytics,
    session: TenantSession,
    from_id: Annotated[int, Query(alias="from", description="The earlier cycle's id")],
    to_id: Annotated[int, Query(alias="to", description="The cycle compared with it")],
):
    return await cycles.compare_cycles(session=session, from_id=from_id, to_id=to_id, scope=scope)


@router.get(
    "/api/analytics/cycles/{cycle_id}",
    response_model=CycleAnalytics,
    operation_id="getCycleAnalytics",
)
async def get_cycle_analytics(cycle_id: int, scope: ReadAnalytics, session: TenantSession):
    return await cycles.cycle_analytics(
        session=session, cycle_id=cycle_id, today=local_today(), scope=scope
    )
