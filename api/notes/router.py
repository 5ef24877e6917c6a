from typing import Annotated

from fastapi import APIRouter, Query

from api.access.scope import Scope
from api.core.listing import json_response
from api.deps import CurrentPrincipal, TenantSession, allowed
from api.notes import service
from api.notes.schemas import EmployeeNoteCreate, EmployeeNoteRead

router = APIRouter(tags=["notes"])


@router.get(
    "/api/employee-notes",
    response_model=list[EmployeeNoteRead],
    operation_id="listEmployeeNotes",
)
async def list_notes(
    scope: Annotated[Scope, allowed("notes", "read")],
    session: TenantSession,
    employee_id: Annotated[int | None, Query(alias="employeeId")] = None,
):
    body = await service.list_notes(session=session, employee_id=employee_id, scope=scope)
    return json_response(body)


@router.post(
    "/api/employee-notes",
    response_model=EmployeeNoteRead,
    status_code=201,
    operation_id="createEmployeeNote",
)
async def create_note(
    body: EmployeeNoteCreate,
    scope: Annotated[Scope, allowed("notes", "write")],
    principal: CurrentPrincipal,
    session: TenantSession,
):
    return await service.create(session=session, data=body, author=principal.name, scope=scope)
