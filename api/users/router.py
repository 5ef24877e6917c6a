from fastapi import APIRouter, Request, Response

from api.auth import service as auth_service
from api.auth import sessions
from api.core.schemas import SuccessReply
from api.deps import AdminOnly, PublicDb, TenantSession, current_session, host_organization
from api.users import service
from api.users.schemas import UserCreate, UserLoginReply, UserLoginRequest, UserRead
from tenants import registry

router = APIRouter(tags=["users"])


@router.get("/api/users", response_model=list[UserRead], operation_id="listUsers")
async def list_users(_: AdminOnly, session: TenantSession):
    return await service.list_users(session=session)


@router.post("/api/users", response_model=UserRead, status_code=201, operation_id="createUser")
async def create_user(body: UserCreate, _: AdminOnly, session: TenantSession):
    return await service.create(session=session, data=body)


@router.delete("/api/users/{user_id}", response_model=SuccessReply, operation_id="deleteUser")
async def delete_user(user_id: str, principal: AdminOnly, session: TenantSession):
    await service.delete_user(
        session=session,
        organization_id=principal.organization.id,
        user_id=user_id,
        acting_user_id=principal.user_id,
    )
    return SuccessReply(message="User removed successfully")


@router.post("/api/users/{user_id}/enable", response_model=UserRead, operation_id="enableUser")
async def enable_user(user_id: str, _: AdminOnly, session: TenantSession):
    return await service.enable(session=session, user_id=user_id)


@router.post("/api/auth/user-login", response_model=UserLoginReply, operation_id="userLogin")
async def user_login(body: UserLoginRequest, request: Request, response: Response, db: PublicDb):
    """'Sign in with your account': a person's own e-mail and password (beyond SPEC §2)."""
    old = await current_session(request, db)
    org = await host_organization(request, db)
    if org is None and old is not None and old.sess.get("organizationId"):
        org = await registry.get_by_id(db, int(old.sess["organizationId"]))
    user, user_org = await service.authenticate(
        db=db,
        org=org,
        email=body.email,
        password=body.password,
        client=request.client.host if request.client else "unknown",
    )
    row = await auth_service.start_user_session(
        db,
        old_sid=old.sid if old else None,
        org=user_org,
        user_id=user.id,
        role=user.role,
        name=service.full_name(user),
        force_password_change=user.force_password_change,
    )
    sessions.set_cookie(response, request, row.sid)
    return UserLoginReply(force_password_change=user.force_password_change, user_role=user.role)
