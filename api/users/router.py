from fastapi import APIRouter

from api.core.schemas import SuccessReply
from api.deps import AdminOnly, TenantSession
from api.users import service
from api.users.schemas import UserCreate, UserRead

router = APIRouter(tags=["users"])


@router.get("/api/users", response_model=list[UserRead], operation_id="listUsers")
async def list_users(_: AdminOnly, session: TenantSession):
    return await service.list_users(session=session)


@router.post("/api/users", response_model=UserRead, status_code=201, operation_id="createUser")
async def create_user(body: UserCreate, _: AdminOnly, session: TenantSession):
    return await service.create_user(session=session, data=body)


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
    return await service.enable_user(session=session, user_id=user_id)
