from typing import Annotated

from fastapi import APIRouter, Depends, Path

from api.access.scope import Scope, may, scope_for
from api.core.schemas import SuccessReply
from api.departments import service
from api.departments.models import Department
from api.departments.schemas import DepartmentCreate, DepartmentRead, DepartmentUpdate
from api.deps import CurrentPrincipal, TenantSession, allowed

router = APIRouter(prefix="/api/departments", tags=["departments"])

DepartmentNumber = Annotated[int, Path(alias="id", ge=1, le=2_147_483_647)]
ReadDepartments = Annotated[Scope, allowed("departments", "read")]
WriteDepartments = Annotated[Scope, allowed("departments", "write")]


async def valid_department(department_id: DepartmentNumber, session: TenantSession) -> Department:
    """The department named in the path, in the signed-in organisation, or 404."""
    return await service.get_department(session=session, department_id=department_id)


ValidDepartment = Annotated[Department, Depends(valid_department)]


def archived_reach(principal: CurrentPrincipal) -> Scope:
    """Whose archiving a reader may count: the employees they read (none without the right)."""
    if may(principal, "employees", "read"):
        return scope_for(principal, "employees", "read")
    return Scope(reach=frozenset(), employee_id=None)


ArchivedReach = Annotated[Scope, Depends(archived_reach)]


@router.get("", response_model=list[DepartmentRead], operation_id="listDepartments")
async def list_departments(_: ReadDepartments, people: ArchivedReach, session: TenantSession):
    return await service.list_departments(session=session, scope=people)


@router.post("", response_model=DepartmentRead, status_code=201, operation_id="createDepartment")
async def create_department(_: WriteDepartments, body: DepartmentCreate, session: TenantSession):
    department = await service.create_department(session=session, data=body)
    return service.to_read(department, 0, 0)


@router.get("/{id}", response_model=DepartmentRead, operation_id="getDepartment")
async def get_department(
    _: ReadDepartments, people: ArchivedReach, department: ValidDepartment, session: TenantSession
):
    return await service.get_department_reply(session=session, department=department, scope=people)


@router.put("/{id}", response_model=DepartmentRead, operation_id="updateDepartment")
async def update_department(
    _: WriteDepartments, department: ValidDepartment, body: DepartmentUpdate, session: TenantSession
):
    department = await service.update_department(session=session, department=department, data=body)
    return await service.get_department_reply(session=session, department=department)


@router.delete("/{id}", response_model=SuccessReply, operation_id="deleteDepartment")
async def delete_department(
    _: WriteDepartments, department: ValidDepartment, session: TenantSession
):
    await service.delete_department(session=session, department=department)
    return SuccessReply(message="Department deleted successfully")
