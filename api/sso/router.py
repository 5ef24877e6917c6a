"""Single sign-on: the administrator's settings, and the sign-in through the organisation's
provider (a redirect to it and its callback, both answered with redirects: a failure comes
back to the sign-in screen with its message, never as an error page)."""

from typing import Annotated
from urllib.parse import urlencode

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse

from api.access.scope import Scope
from api.audit import trail
from api.auth import cookies, sessions
from api.core.schemas import SuccessReply
from api.deps import CurrentPrincipal, PublicDb, allowed, host_subdomain
from api.sso import service, signin
from api.sso.schemas import SsoSettingsRead, SsoSettingsWrite, SsoTestReply, SsoTestRequest

router = APIRouter(tags=["sso"])

# Changing who signs in is an organisation setting: the administrator's.
ManageSso = Annotated[Scope, allowed("organization", "write")]


@router.get(
    "/api/organization/sso", response_model=SsoSettingsRead, operation_id="getOrganizationSso"
)
async def read_sso(principal: CurrentPrincipal, _: ManageSso, db: PublicDb):
    org = principal.organization
    return service.to_read(org, await service.find(db, org.id))


@router.put(
    "/api/organization/sso", response_model=SsoSettingsRead, operation_id="saveOrganizationSso"
)
async def save_sso(body: SsoSettingsWrite, principal: CurrentPrincipal, _: ManageSso, db: PublicDb):
    org = principal.organization
    before = await service.find(db, org.id)
    known = trail.snapshot(before) if before is not None else {}
    saved = await service.save(db, org, body)
    await trail.record_settings(db, org, known, saved, resource="sso")
    return service.to_read(org, saved)


@router.delete(
    "/api/organization/sso", response_model=SuccessReply, operation_id="deleteOrganizationSso"
)
async def delete_sso(principal: CurrentPrincipal, _: ManageSso, db: PublicDb):
    await service.remove(db, principal.organization.id)
    await trail.record_in_organization(
        db,
        principal.organization,
        action="settings",
        resource="sso",
        record_id=principal.organization.id,
        summary="Removed the single sign-on settings",
    )
    return SuccessReply(message="Single sign-on removed")


@router.post(
    "/api/organization/sso/test", response_model=SsoTestReply, operation_id="testOrganizationSso"
)
async def test_sso(body: SsoTestRequest, _: ManageSso):
    return await service.check_connection(body.issuer)


def _sign_in_screen(error: signin.SsoError) -> RedirectResponse:
    # The session cookie stays as it is: a callback opened from another site must not sign
    # anyone out.
    query = {"org": error.subdomain} if error.subdomain else {}
    return RedirectResponse(f"/?{urlencode({**query, 'ssoError': error.message})}", status_code=302)


@router.get("/api/auth/sso/login", include_in_schema=False)
async def sso_login(request: Request):
    # The callback is on the address the sign-in started at, where the browser keeps the
    # session cookie; the provider only redirects to the addresses registered with it.
    redirect_uri = f"{request.url.scheme}://{request.url.netloc}{service.CALLBACK_PATH}"
    try:
        started = await signin.start(
            subdomain=host_subdomain(request),
            sid=request.cookies.get(sessions.COOKIE),
            redirect_uri=redirect_uri,
        )
    except signin.SsoError as error:
        return _sign_in_screen(error)
    reply = RedirectResponse(started.redirect_to, status_code=302)
    cookies.set_cookie(reply, request, started.sid)
    return reply


@router.get(service.CALLBACK_PATH, include_in_schema=False)
async def sso_callback(request: Request):
    try:
        finished = await signin.finish(
            subdomain=host_subdomain(request),
            sid=request.cookies.get(sessions.COOKIE),
            params=dict(request.query_params),
        )
    except signin.SsoError as error:
        return _sign_in_screen(error)
    reply = RedirectResponse("/", status_code=302)
    cookies.set_cookie(reply, request, finished.sid)
    return reply
