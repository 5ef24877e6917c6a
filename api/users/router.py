from typing import Annotated

from fastapi import APIRouter

from api.access.scope import Scope
from api.core.schemas import SuccessReply
from api.deps import CurrentPrincipal, TenantSession, allowed
from api.users import service
from api.users.schemas import EmployeeLink, UserCreate, UserRead, UserUpdate

router = APIRouter(tags=["users"])

ManageUsers = Annotated[Scope, allowed("users", "manage")]


@router.get("/api/users", response_model=list[UserRead], operation_id="listUsers")
async def list_users(_: ManageUsers, session: TenantSession):
    return await service.list_users(session=session)


@router.post("/api/users", response_model=UserRead, status_code=201, operation_id="createUser")
async def create_user(body: UserCreate, _: ManageUsers, session: TenantSession):
    return await service.create_user(session=session, data=body)


@router.put("/api/users/{user_id}", response_model=UserRead, operation_id="updateUser")
async def update_user(
    user_id: str,
    body: UserUpdate,
    _: ManageUsers,
    principal: CurrentPrincipal,
    session: TenantSession,
):
    """Rename the account or give it another role (not your own; the last administrator
    stays one). The person's open sessions follow at once."""
    return await service.update_user(
        session=session,
        organization_id=principal.organization.id,
        user_id=user_id,
        acting_user_id=principal.user_id,
        data=body,
    )


@router.put(
    "/api/users/{user_id}/employee", response_model=UserRead, operation_id="linkUserEmployee"
)
async def link_employee(
    user_id: str,
    body: EmployeeLink,
    _: ManageUsers,
    principal: CurrentPrincipal,
    session: TenantSession,
):
    """The employee this account belongs to ({"employeeId": 12}), or none ({"employeeId":
    null}). The person's open sessions reach that employee's records from their next call."""
    return await service.link_employee(
        session=session, organization_id=principal.organization.id, user_id=user_id, data=body
    )


@router.delete("/api/users/{user_id}", response_model=SuccessReply, operation_id="deleteUser")
async def delete_user(
    user_id: str, _: ManageUsers, principal: CurrentPrincipal, session: TenantSession
):
    await service.delete_user(
        session=session,
        organization_id=principal.organization.id,
        user_id=user_id,
        acting_user_id=principal.user_id,
    )
    return SuccessReply(message="User removed successfully")


@router.post("/api/users/{user_id}/enable", response_model=UserRead, operation_id="enableUser")
async def enable_user(user_id: str, _: ManageUsers, session: TenantSession):
    return await service.enable_user(session=session, user_id=user_id)
