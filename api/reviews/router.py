from typing import Annotated

from fastapi import APIRouter, Depends, Query, Response

from api.access.scope import Scope, may
from api.core.dates import local_today
from api.core.listing import json_response
from api.core.paging import PAGED_RESPONSES, PageParams, list_response
from api.deps import CurrentPrincipal, TenantSession, allowed
from api.reviews import export, service, stage_router, templates
from api.reviews.detail import detail
from api.reviews.list_query import ReviewQueryParams, StatusFilter
from api.reviews.models import Review, ReviewTemplate
from api.reviews.schemas import (
    ReviewCreate,
    ReviewDetail,
    ReviewRead,
    ReviewUpdate,
    TemplateCreate,
    TemplateRead,
    TemplateUpdate,
)
from api.reviews.to_fill import FillReviews, ReviewToFill

router = APIRouter(tags=["reviews"])

# Each route names its one rule of the access table (api/access/policy.py).
ReadTemplates = Annotated[Scope, allowed("templates", "read")]
WriteTemplates = Annotated[Scope, allowed("templates", "write")]
ReadReviews = Annotated[Scope, allowed("reviews", "read")]
CreateReviews = Annotated[Scope, allowed("reviews", "create")]
ExportReviews = Annotated[Scope, allowed("reviews", "export")]


async def valid_template(template_id: int, session: TenantSession) -> ReviewTemplate:
    return await templates.get(session=session, template_id=template_id)


async def valid_review(review_id: int, scope: ReadReviews, session: TenantSession) -> Review:
    return await service.get(session=session, review_id=review_id, scope=scope)


ValidTemplate = Annotated[ReviewTemplate, Depends(valid_template)]
# Looked up before the body is checked, so an unknown review answers 404 whatever is sent.
ValidReview = Annotated[Review, Depends(valid_review)]


# Templates: everyone signed in reads them; admin and hr write.


@router.get("/api/templates", response_model=list[TemplateRead], operation_id="listTemplates")
async def list_templates(_: ReadTemplates, session: TenantSession):
    return await templates.list_templates(session=session)


@router.post(
    "/api/templates", response_model=TemplateRead, status_code=201, operation_id="createTemplate"
)
async def create_template(body: TemplateCreate, _: WriteTemplates, session: TenantSession):
    return await templates.create(session=session, data=body)


@router.get("/api/templates/{template_id}", response_model=TemplateRead, operation_id="getTemplate")
async def get_template(_: ReadTemplates, template: ValidTemplate):
    return template


@router.put(
    "/api/templates/{template_id}", response_model=TemplateRead, operation_id="updateTemplate"
)
async def update_template(
    body: TemplateUpdate, _: WriteTemplates, template: ValidTemplate, session: TenantSession
):
    return await templates.update(session=session, template=template, data=body)


@router.post(
    "/api/templates/{template_id}/duplicate",
    response_model=TemplateRead,
    status_code=201,
    operation_id="duplicateTemplate",
)
async def duplicate_template(_: WriteTemplates, template: ValidTemplate, session: TenantSession):
    return await templates.duplicate(session=session, template=template)


@router.delete("/api/templates/{template_id}", status_code=204, operation_id="deleteTemplate")
async def delete_template(_: WriteTemplates, template: ValidTemplate, session: TenantSession):
    await templates.delete(session=session, template=template)
    return Response(status_code=204)


# Reviews: read as the reader's scope shows them; admin and hr create; admin and hr fill
# every review, a manager those their scope lets them fill.


@router.get(
    "/api/reviews",
    response_model=list[ReviewRead],
    operation_id="listReviews",
    responses=PAGED_RESPONSES,
)
async def list_reviews(
    scope: ReadReviews,
    session: TenantSession,
    params: ReviewQueryParams,
    paging: PageParams,
    employee_id: Annotated[int | None, Query(alias="employeeId")] = None,
):
    """Reviews, newest first; optionally filtered, sorted and paged (page or pageSize: one
    page, with the total in X-Total-Count)."""
    body, total = await service.list_page(
        session=session, scope=scope, employee_id=employee_id, params=params, paging=paging
    )
    return list_response(body, total)


@router.get("/api/reviews/all", response_model=list[ReviewRead], operation_id="listAllReviews")
async def list_all_reviews(
    scope: ReadReviews, session: TenantSession, status: StatusFilter | None = None
):
    """Every review, including those of archived employees."""
    return json_response(
        await service.list_reviews(
            session=session, scope=scope, status=status, include_archived=True
        )
    )


@router.get(
    "/api/reviews/upcoming", response_model=list[ReviewRead], operation_id="listUpcomingReviews"
)
async def upcoming_reviews(
    scope: ReadReviews,
    session: TenantSession,
    limit: Annotated[int, Query(ge=1, le=100)] = service.UPCOMING_LIMIT,
):
    return json_response(await service.list_upcoming(session=session, scope=scope, limit=limit))


@router.get(
    "/api/reviews/export",
    operation_id="exportReviews",
    response_class=Response,
    responses={200: {"content": {"text/csv": {}}}},
)
async def export_reviews(scope: ExportReviews, session: TenantSession):
    """The Generate Report quick action: every review as CSV."""
    body = await export.reviews_csv(session=session, scope=scope)
    filename = f"reviews-report-{local_today().isoformat()}.csv"
    return Response(
        content=body,
        media_type="text/csv; charset=utf-8",
        # Every review's notes and ratings: never stored by the browser or a proxy.
        headers={
            "content-disposition": f'attachment; filename="{filename}"',
            "cache-control": "no-store",
        },
    )


@router.get("/api/reviews/{review_id}", response_model=ReviewDetail, operation_id="getReview")
async def get_review(
    _: ReadReviews, principal: CurrentPrincipal, review: ValidReview, session: TenantSession
):
    return await detail(session, review, principal)


@router.post(
    "/api/reviews", response_model=ReviewRead, status_code=201, operation_id="createReview"
)
async def create_review(body: ReviewCreate, _: CreateReviews, session: TenantSession):
    return await service.create(session=session, data=body)


@router.put("/api/reviews/{review_id}", response_model=ReviewDetail, operation_id="updateReview")
async def update_review(
    body: ReviewUpdate,
    _: FillReviews,
    principal: CurrentPrincipal,
    review: ReviewToFill,
    session: TenantSession,
):
    saved = await service.update(
        session=session,
        review=review,
        data=body,
        may_change_completed=may(principal, "reviews", "change_completed"),
        today=local_today(),
    )
    return await detail(session, saved, principal)


# The stages of a review in a cycle (self-review, sharing, acknowledgement, reopening).
router.include_router(stage_router.router)
