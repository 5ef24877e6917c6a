from typing import Annotated

from fastapi import APIRouter, Request
from fastapi.responses import StreamingResponse

from api.access.scope import Scope
from api.audit import trail
from api.core.storage import get_storage
from api.deps import CurrentPrincipal, PublicDb, TenantSession, allowed
from api.organizations import access, logos, service
from api.organizations.schemas import (
    AccessUpdate,
    LogoReceived,
    LogoUploadReply,
    OrganizationRead,
    OrganizationUpdate,
)

router = APIRouter(tags=["organization"])

WriteOrganization = Annotated[Scope, allowed("organization", "write")]


@router.get(
    "/api/organization/current",
    response_model=OrganizationRead,
    operation_id="getCurrentOrganization",
)
async def current_organization(
    principal: CurrentPrincipal, _: Annotated[Scope, allowed("organization", "read")], db: PublicDb
):
    return await access.describe(db, principal.organization)


@router.put(
    "/api/organization/current",
    response_model=OrganizationRead,
    operation_id="updateCurrentOrganization",
)
async def update_current_organization(
    body: OrganizationUpdate, principal: CurrentPrincipal, _: WriteOrganization, db: PublicDb
):
    org = await service.update_organization(db=db, org=principal.organization, data=body)
    return await access.describe(db, org)


@router.put(
    "/api/organization/access",
    response_model=OrganizationRead,
    operation_id="updateOrganizationAccess",
)
async def update_organization_access(
    body: AccessUpdate,
    principal: CurrentPrincipal,
    _: WriteOrganization,
    db: PublicDb,
):
    """Who sees what ('open' or 'need_to_know'), the shared Administrator and Manager
    sign-ins, and how long the audit trail is kept. Only the fields sent change."""
    org = await access.update_access(db, organization_id=principal.organization.id, data=body)
    await trail.record_settings(db, org, trail.snapshot(principal.organization), org)
    return await access.describe(db, org)


@router.post("/api/upload/logo", response_model=LogoUploadReply, operation_id="createLogoUpload")
async def create_logo_upload(
    principal: CurrentPrincipal, _: WriteOrganization, session: TenantSession
):
    upload_url, logo_url = await logos.create_slot(
        session=session, organization_id=principal.organization.id
    )
    return LogoUploadReply(upload_url=upload_url, logo_url=logo_url)


@router.put("/api/upload/logo/{file_id}", response_model=LogoReceived, operation_id="putLogoUpload")
async def put_logo_upload(
    file_id: str,
    request: Request,
    principal: CurrentPrincipal,
    _: WriteOrganization,
    session: TenantSession,
):
    """Step two: the raw image as the request body (at most 2 MB; its bytes decide its type)."""
    slot = await logos.receive(
        session=session,
        storage=get_storage(),
        organization_id=principal.organization.id,
        file_id=file_id,
        content_length=request.headers.get("content-length"),
        chunks=request.stream(),
    )
    return LogoReceived(logo_url=slot.path, mime_type=slot.mime_type or "", size=slot.size or 0)


@router.get(
    "/api/logos/{organization_id}/{file_id}",
    operation_id="getLogo",
    response_class=StreamingResponse,
    responses={200: {"content": {"image/png": {}}}},
)
async def get_logo(organization_id: int, file_id: str):
    """Logos are public (the sign-in screens show them); their names are unguessable."""
    storage = get_storage()
    mime = logos.stored_type(storage, organization_id, file_id)
    key = logos.storage_key(organization_id, file_id)
    return StreamingResponse(
        storage.iter_file(key),
        media_type=mime,
        headers={
            "content-length": str(storage.size(key)),
            "cache-control": "public, max-age=31536000, immutable",
            "content-security-policy": "default-src 'none'; sandbox",
        },
    )
