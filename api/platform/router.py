"""The super-admin panel's API: platform sign-in and organisation management."""

from typing import Annotated
from urllib.parse import urlencode

from fastapi import APIRouter, Depends, Path, Query, Request, Response
from fastapi.responses import RedirectResponse

from api.auth import cookies, sessions
from api.core.config import get_settings
from api.core.links import platform_address
from api.core.schemas import SuccessReply
from api.deps import PublicDb
from api.mail import smtp_configured
from api.organizations.models import Organization
from api.platform import oidc, service, signin
from api.platform.deps import PlatformAdminOnly, platform_session
from api.platform.schemas import (
    OrganizationAdminRead,
    OrganizationCreate,
    OrganizationCreated,
    OrganizationDelete,
    OrganizationDeleted,
    OrganizationUpdate,
    PlatformConfig,
    PlatformLoginRequest,
    PlatformSessionRead,
    ResetPasswordsReply,
)

router = APIRouter(tags=["platform"])

COOKIE = sessions.PLATFORM_COOKIE


def _panel_with_error(message: str) -> RedirectResponse:
    # The cookie stays: a failed sign-in has already deleted its pending session, and a link
    # to the callback on another site must not sign out an admin who is not signing in.
    return RedirectResponse(f"{signin.PANEL}?{urlencode({'error': message})}", status_code=302)


@router.get("/api/platform/config", response_model=PlatformConfig, operation_id="getPlatformConfig")
async def platform_config():
    settings = get_settings()
    return PlatformConfig(
        oidc_enabled=settings.oidc_enabled,
        local_enabled=not settings.oidc_enabled,
        provider_name=settings.oidc_provider_name if settings.oidc_enabled else None,
        mail_configured=smtp_configured(),
    )


@router.get(
    "/api/platform/session", response_model=PlatformSessionRead, operation_id="getPlatformSession"
)
async def platform_session_read(admin: PlatformAdminOnly):
    return PlatformSessionRead(email=admin.email, name=admin.name, method=admin.method)


@router.post(
    "/api/platform/login", response_model=PlatformSessionRead, operation_id="platformLogin"
)
async def platform_login(
    body: PlatformLoginRequest, request: Request, response: Response, db: PublicDb
):
    row = await signin.local_sign_in(
        db,
        settings=get_settings(),
        old_sid=request.cookies.get(COOKIE),
        email=body.email,
        password=body.password,
        client=request.client.host if request.client else "unknown",
    )
    cookies.set_cookie(response, request, row.sid, name=COOKIE)
    return PlatformSessionRead(email=row.sess["email"], name=row.sess.get("name"), method="local")


@router.post("/api/platform/logout", response_model=SuccessReply, operation_id="platformLogout")
async def platform_logout(request: Request, response: Response, db: PublicDb):
    row = await platform_session(request, db)
    if row is not None:
        await sessions.destroy(db, row.sid)
    cookies.clear_cookie(response, COOKIE)
    return SuccessReply()


# Registered with the provider; the full URL comes from configuration, not the request's Host.
OIDC_CALLBACK_PATH = "/api/platform/oidc/callback"


@router.get("/api/platform/oidc/login", include_in_schema=False)
async def platform_oidc_login(request: Request, db: PublicDb, return_to: str | None = None):
    settings = get_settings()
    redirect_uri = settings.oidc_redirect_url or f"{platform_address()}{OIDC_CALLBACK_PATH}"
    try:
        started = await signin.start_oidc(
            db,
            settings=settings,
            old_sid=request.cookies.get(COOKIE),
            redirect_uri=redirect_uri,
            return_to=return_to or signin.PANEL,
        )
    except oidc.OidcError as exc:
        return _panel_with_error(str(exc))
    reply = RedirectResponse(started.redirect_to, status_code=302)
    cookies.set_cookie(reply, request, started.session.sid, name=COOKIE)
    return reply


@router.get(OIDC_CALLBACK_PATH, include_in_schema=False, name="platform_oidc_callback")
async def platform_oidc_callback(request: Request, db: PublicDb):
    try:
        finished = await signin.finish_oidc(
            db,
            settings=get_settings(),
            sid=request.cookies.get(COOKIE),
            params=dict(request.query_params),
        )
    except oidc.OidcError as exc:
        return _panel_with_error(str(exc))
    reply = RedirectResponse(finished.return_to, status_code=302)
    cookies.set_cookie(reply, request, finished.session.sid, name=COOKIE)
    return reply


async def organization_by_id(
    organization_id: Annotated[int, Path(ge=1, le=2**31 - 1)], db: PublicDb
) -> Organization:
    return await service.valid_organization(db, organization_id)


ValidOrganization = Annotated[Organization, Depends(organization_by_id)]


@router.get(
    "/api/organizations",
    response_model=list[OrganizationAdminRead],
    operation_id="listOrganizations",
)
async def list_organizations(_: PlatformAdminOnly, db: PublicDb):
    return await service.list_organizations(db)


@router.post(
    "/api/organizations",
    response_model=OrganizationCreated,
    status_code=201,
    operation_id="createOrganization",
)
async def create_organization(body: OrganizationCreate, _: PlatformAdminOnly):
    return await service.create_organization(body)


@router.put(
    "/api/organizations/{organization_id}",
    response_model=OrganizationAdminRead,
    operation_id="updateOrganization",
)
async def update_organization(
    body: OrganizationUpdate, _: PlatformAdminOnly, org: ValidOrganization, db: PublicDb
):
    return await service.update_organization(db, org=org, data=body)


@router.delete(
    "/api/organizations/{organization_id}",
    response_model=OrganizationDeleted,
    operation_id="deleteOrganization",
)
async def delete_organization(
    _: PlatformAdminOnly,
    org: ValidOrganization,
    db: PublicDb,
    body: OrganizationDelete | None = None,
    confirm: Annotated[str | None, Query(max_length=200)] = None,
):
    typed = body.confirm_subdomain if body and body.confirm_subdomain else confirm
    name = org.name
    deleted = await service.delete_organization(db, org=org, confirm=typed)
    return OrganizationDeleted(
        message=f"Organization '{name}' was deleted. A final backup was kept.",
        backup_file=deleted.backup_file.name,
    )


@router.post(
    "/api/organizations/{organization_id}/reset-passwords",
    response_model=ResetPasswordsReply,
    operation_id="resetOrganizationPasswords",
)
async def reset_passwords(admin: PlatformAdminOnly, org: ValidOrganization, db: PublicDb):
    result = await service.reset_passwords(db, org=org, requested_by=admin.email)
    return ResetPasswordsReply(
        email_sent=result.email_sent, message=result.message, links=result.links
    )
