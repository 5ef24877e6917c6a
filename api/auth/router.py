from fastapi import APIRouter, Request, Response
from fastapi.responses import RedirectResponse

from api.access.policy import rules_for
from api.audit import signins
from api.auth import cookies, service, sessions
from api.auth.schemas import (
    ChangePasswordRequest,
    OrganizationSummary,
    OrgLoginReply,
    OrgLoginRequest,
    RoleLoginReply,
    RoleLoginRequest,
    SessionReply,
    UserLoginReply,
    UserLoginRequest,
    UserReply,
)
from api.core.schemas import SuccessReply
from api.deps import PendingPrincipal, PublicDb, current_session, host_organization
from api.organizations.access import sign_in_options
from api.users import service as users
from tenants import registry

router = APIRouter(tags=["auth"])


@router.post("/api/auth/org-login", response_model=OrgLoginReply, operation_id="orgLogin")
async def org_login(body: OrgLoginRequest, request: Request, response: Response, db: PublicDb):
    org = await service.get_organization_by_code(db, body.subdomain)
    row = await service.create_org_session(db, request.cookies.get(sessions.COOKIE), org)
    cookies.set_cookie(response, request, row.sid)
    offered = await sign_in_options(db, org)
    summary = OrganizationSummary.model_validate(org).model_copy(update=vars(offered))
    return OrgLoginReply(organization=summary, message="Organization found")


@router.post("/api/auth/role-login", response_model=RoleLoginReply, operation_id="roleLogin")
async def role_login(body: RoleLoginRequest, request: Request, response: Response, db: PublicDb):
    old = await current_session(request, db)
    org = await host_organization(request, db)
    if org is None and old is not None and old.sess.get("organizationId"):
        org = await registry.get_by_id(db, int(old.sess["organizationId"]))
    result = await service.role_login(
        db,
        org=org,
        old_sid=old.sid if old else None,
        role=body.role,
        password=body.password,
        client=request.client.host if request.client else "unknown",
    )
    cookies.set_cookie(response, request, result.session.sid)
    return RoleLoginReply(force_password_change=result.force_password_change)


@router.post("/api/auth/user-login", response_model=UserLoginReply, operation_id="userLogin")
async def user_login(body: UserLoginRequest, request: Request, response: Response, db: PublicDb):
    """'Sign in with your account': a person's own e-mail and password, beside the shared
    role sign-ins."""
    old = await current_session(request, db)
    org = await host_organization(request, db)
    if org is None and old is not None and old.sess.get("organizationId"):
        org = await registry.get_by_id(db, int(old.sess["organizationId"]))
    user, user_org = await users.authenticate(
        db=db,
        org=org,
        email=body.email,
        password=body.password,
        client=request.client.host if request.client else "unknown",
    )
    row = await service.create_user_session(
        db,
        old_sid=old.sid if old else None,
        org=user_org,
        user_id=user.id,
        role=user.role,
        name=users.full_name(user),
        force_password_change=user.force_password_change,
        employee_id=user.employee_id,
    )
    cookies.set_cookie(response, request, row.sid)
    return UserLoginReply(force_password_change=user.force_password_change, user_role=user.role)


@router.get("/api/auth/session", response_model=SessionReply, operation_id="getSession")
async def get_session(principal: PendingPrincipal):
    org = principal.organization
    return SessionReply(
        user_role=principal.role,
        organization_id=org.id,
        organization_name=org.name,
        organization_subdomain=org.subdomain,
        force_password_change=principal.force_password_change,
        visibility=org.visibility,
        employee_id=principal.employee_id,
        user_name=principal.display_name,
        access=rules_for(principal.role, org.visibility),
    )


@router.get("/api/auth/user", response_model=UserReply, operation_id="getUser")
async def get_user(principal: PendingPrincipal):
    org = principal.organization
    return UserReply(
        id=principal.user_id,
        role=principal.role,
        name=principal.display_name,
        organization_id=org.id,
        organization_name=org.name,
    )


@router.post(
    "/api/auth/change-password", response_model=SuccessReply, operation_id="changePassword"
)
async def change_password(body: ChangePasswordRequest, principal: PendingPrincipal, db: PublicDb):
    await service.change_password(
        db, principal=principal, current=body.current_password, new=body.new_password
    )
    return SuccessReply(message="Password changed successfully")


@router.post("/api/auth/logout", response_model=SuccessReply, operation_id="logout")
async def logout(request: Request, response: Response, db: PublicDb):
    await signins.signed_out(db, request.cookies.get(sessions.COOKIE))
    await sessions.destroy(db, request.cookies.get(sessions.COOKIE))
    cookies.clear_cookie(response)
    return SuccessReply()


@router.get("/api/login", include_in_schema=False)
async def login_link():
    return RedirectResponse("/", status_code=302)


@router.get("/api/logout", include_in_schema=False)
async def logout_link(request: Request, db: PublicDb):
    await signins.signed_out(db, request.cookies.get(sessions.COOKIE))
    await sessions.destroy(db, request.cookies.get(sessions.COOKIE))
    reply = RedirectResponse("/", status_code=302)
    cookies.clear_cookie(reply)
    return reply
