from fastapi import APIRouter, BackgroundTasks, Request

from api.auth.principal import ORG_NOT_FOUND
from api.core.errors import BadRequest, NotFound
from api.core.schemas import SuccessReply
from api.deps import PublicDb, current_session, host_organization
from api.recovery import service
from api.recovery.schemas import (
    LinkResetReply,
    LinkResetRequest,
    LinkValidateReply,
    LinkValidateRequest,
    ResetConfirm,
    ResetRequest,
    ResetRequestReply,
)
from tenants import registry

router = APIRouter(tags=["password recovery"])


@router.post(
    "/api/auth/reset-password/request",
    response_model=ResetRequestReply,
    operation_id="requestPasswordReset",
)
async def request_reset(body: ResetRequest, request: Request, db: PublicDb, tasks: BackgroundTasks):
    """Always the same answer for a known and an unknown address: the lookup and the e-mail
    happen after the reply."""
    email = service.normalise_email(body.email)
    fallback = await host_organization(request, db)
    old = await current_session(request, db) if fallback is None else None
    if old is not None and (org_id := old.sess.get("organizationId")):
        fallback = await registry.get_by_id(db, int(org_id))
    org = await service.get_organization(
        db, organization_id=body.organization_id, subdomain=body.subdomain, fallback=fallback
    )
    if org is None:
        if body.organization_id is None and not body.subdomain:
            raise BadRequest("Please enter your organization code first")
        raise NotFound(ORG_NOT_FOUND)
    tasks.add_task(service.send_reset_links, organization_id=org.id, email=email)
    return ResetRequestReply(message=service.REQUEST_SENT)


@router.post(
    "/api/auth/reset-password/confirm",
    response_model=SuccessReply,
    operation_id="confirmPasswordReset",
)
async def confirm_reset(body: ResetConfirm, db: PublicDb):
    await service.confirm_reset(db, token=body.token, new_password=body.new_password)
    return SuccessReply(message=service.RESET_DONE)


@router.post(
    "/api/validate-reset-token",
    response_model=LinkValidateReply,
    operation_id="validateResetToken",
)
async def validate_reset_token(body: LinkValidateRequest, db: PublicDb):
    check = await service.validate_link(db, token=body.token, role=body.role)
    return LinkValidateReply(
        valid=check.valid,
        role=check.role,
        organization_name=check.organization.name if check.organization else None,
        message=check.message,
    )


@router.post("/api/reset-password", response_model=LinkResetReply, operation_id="resetPassword")
async def reset_password(body: LinkResetRequest, db: PublicDb):
    org = await service.reset_with_link(
        db, token=body.token, role=body.role, new_password=body.new_password
    )
    return LinkResetReply(message=service.RESET_DONE, organization_subdomain=org.subdomain)
