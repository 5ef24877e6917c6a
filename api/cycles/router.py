"""Review cycles: admin and hr make drafts, preview who is in them, launch, follow their
progress, name reviewers, nudge, close and export (the access table's cycles.manage)."""

from typing import Annotated

from fastapi import APIRouter, Depends, Query, Response

from api.access.scope import Scope
from api.core.dates import local_today
from api.core.listing import json_response
from api.core.paging import PAGED_RESPONSES, PageParams, list_response
from api.cycles import export, nudge, progress, reviewers, service
from api.cycles.models import ReviewCycle
from api.cycles.schemas import (
    CyclePreview,
    CycleProgress,
    CycleRead,
    CycleReview,
    CycleWrite,
    Nudge,
    Nudged,
    Reassign,
    Reassigned,
    ReviewerOption,
)
from api.cycles.stages import Stage
from api.deps import CurrentPrincipal, TenantSession, allowed

router = APIRouter(tags=["cycles"])

Manage = Annotated[Scope, allowed("cycles", "manage")]


async def valid_cycle(cycle_id: int, _: Manage, session: TenantSession) -> ReviewCycle:
    return await service.get(session, cycle_id)


# Looked up before the body is checked: an unknown cycle answers 404 whatever is sent.
ValidCycle = Annotated[ReviewCycle, Depends(valid_cycle)]


@router.get("/api/cycles", response_model=list[CycleRead], operation_id="listCycles")
async def list_cycles(_: Manage, session: TenantSession):
    return await service.list_cycles(session)


@router.post("/api/cycles", response_model=CycleRead, status_code=201, operation_id="createCycle")
async def create_cycle(
    body: CycleWrite, _: Manage, principal: CurrentPrincipal, session: TenantSession
):
    return await service.create(session, body, principal.user_id)


# Before /api/cycles/{cycle_id}, which would take its last segment for a cycle's id.
@router.get(
    "/api/cycles/reviewer-options",
    response_model=list[ReviewerOption],
    operation_id="listCycleReviewerOptions",
)
async def reviewer_options(_: Manage, session: TenantSession):
    """The active accounts an administrator may name as a reviewer."""
    return await reviewers.options(session)


@router.get("/api/cycles/{cycle_id}", response_model=CycleRead, operation_id="getCycle")
async def get_cycle(_: Manage, cycle: ValidCycle, session: TenantSession):
    return await service.read(session, cycle.id)


@router.put("/api/cycles/{cycle_id}", response_model=CycleRead, operation_id="updateCycle")
async def update_cycle(body: CycleWrite, _: Manage, cycle: ValidCycle, session: TenantSession):
    return await service.update_draft(session, cycle, body)


@router.delete("/api/cycles/{cycle_id}", status_code=204, operation_id="deleteCycle")
async def delete_cycle(_: Manage, cycle: ValidCycle, session: TenantSession):
    await service.delete_draft(session, cycle)
    return Response(status_code=204)


@router.get(
    "/api/cycles/{cycle_id}/preview", response_model=CyclePreview, operation_id="previewCycle"
)
async def preview_cycle(_: Manage, cycle: ValidCycle, session: TenantSession):
    return await service.preview(session, cycle)


@router.post("/api/cycles/{cycle_id}/launch", response_model=CycleRead, operation_id="launchCycle")
async def launch_cycle(_: Manage, cycle: ValidCycle, session: TenantSession):
    return await service.launch(session, cycle.id)


@router.post("/api/cycles/{cycle_id}/close", response_model=CycleRead, operation_id="closeCycle")
async def close_cycle(_: Manage, cycle: ValidCycle, session: TenantSession):
    return await service.close(session, cycle.id)


@router.get(
    "/api/cycles/{cycle_id}/progress", response_model=CycleProgress, operation_id="cycleProgress"
)
async def cycle_progress(_: Manage, cycle: ValidCycle, session: TenantSession):
    return json_response(await progress.progress(session, cycle.id, local_today()))


@router.get(
    "/api/cycles/{cycle_id}/reviews",
    response_model=list[CycleReview],
    operation_id="listCycleReviews",
    responses=PAGED_RESPONSES,
)
async def list_cycle_reviews(
    _: Manage,
    cycle: ValidCycle,
    session: TenantSession,
    paging: PageParams,
    stage: Stage | None = None,
    department_id: Annotated[int | None, Query(alias="departmentId", ge=1, le=2**31 - 1)] = None,
    reviewer_user_id: Annotated[
        str | None,
        Query(alias="reviewerUserId", max_length=64, description="An account id, or 'none'"),
    ] = None,
    overdue: bool | None = None,
):
    """The cycle's reviews by employee name; filtered, and paged (page or pageSize: one page,
    with the total in X-Total-Count)."""
    filters = {
        "stage": stage,
        "department_id": department_id,
        "reviewer_user_id": reviewer_user_id,
        "overdue": overdue,
    }
    body, total = await progress.list_reviews(session, cycle.id, local_today(), paging, filters)
    return list_response(body, total)


@router.put(
    "/api/cycles/{cycle_id}/reviewers", response_model=Reassigned, operation_id="reassignReviewers"
)
async def reassign_reviewers(body: Reassign, _: Manage, cycle: ValidCycle, session: TenantSession):
    return Reassigned(updated=await reviewers.reassign(session, cycle, body))


@router.post("/api/cycles/{cycle_id}/nudge", response_model=Nudged, operation_id="nudgeCycle")
async def nudge_cycle(body: Nudge, _: Manage, cycle: ValidCycle, session: TenantSession):
    told = await nudge.nudge(session, cycle, local_today(), body.review_ids)
    return Nudged(nudged=told)


@router.get(
    "/api/cycles/{cycle_id}/export",
    operation_id="exportCycle",
    response_class=Response,
    responses={200: {"content": {"text/csv": {}}}},
)
async def export_cycle(_: Manage, cycle: ValidCycle, session: TenantSession):
    """One row per review; never stored by the browser or a proxy."""
    return await export.cycle_csv(session, cycle, local_today())
