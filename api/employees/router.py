from typing import Annotated, Literal

from fastapi import APIRouter, Depends, Path, Query, Response

from api.access.scope import Scope
from api.core.errors import NotFound
from api.core.listing import json_response
from api.core.paging import PAGED_RESPONSES, PageParams, list_response
from api.core.schemas import SuccessReply
from api.deps import TenantSession, allowed
from api.employees import bulk, listing, lookup, service
from api.employees.models import Employee
from api.employees.schemas import (
    BulkUploadRequest,
    BulkUploadResult,
    EmployeeCreate,
    EmployeeRead,
    EmployeeUpdate,
)

router = APIRouter(prefix="/api/employees", tags=["employees"])

EmployeeNumber = Annotated[int, Path(alias="id", ge=1, le=2_147_483_647)]
ReadEmployees = Annotated[Scope, allowed("employees", "read")]
WriteEmployees = Annotated[Scope, allowed("employees", "write")]


async def valid_employee(
    employee_id: EmployeeNumber, scope: WriteEmployees, session: TenantSession
) -> Employee:
    """The employee named in the path, in the signed-in organisation and in the writer's
    reach, or 404."""
    await scope.require(session, employee_id, lookup.EMPLOYEE_NOT_FOUND)
    return await lookup.get_employee(session=session, employee_id=employee_id)


ValidEmployee = Annotated[Employee, Depends(valid_employee)]


ArchivedFilter = Literal["active", "archived", "all"]
ScheduleFilter = Literal["monthly", "quarterly", "biannual", "annual"]
EmployeeSort = Literal[
    "name",
    "-name",
    "employeeId",
    "-employeeId",
    "department",
    "-department",
    "reviewSchedule",
    "-reviewSchedule",
    "startDate",
    "-startDate",
    "nextReviewDate",
    "-nextReviewDate",
]


@router.get(
    "",
    response_model=list[EmployeeRead],
    operation_id="listEmployees",
    responses=PAGED_RESPONSES,
)
async def list_employees(
    scope: ReadEmployees,
    session: TenantSession,
    paging: PageParams,
    search: Annotated[
        str | None, Query(max_length=200, description="Name, e-mail, employeeId or position")
    ] = None,
    include_archived: Annotated[bool, Query(alias="includeArchived")] = False,
    archived: Annotated[
        ArchivedFilter | None,
        Query(
            description="active (default), archived or all; takes precedence over includeArchived"
        ),
    ] = None,
    department: Annotated[str | None, Query(max_length=50, description="Department slug")] = None,
    review_schedule: Annotated[ScheduleFilter | None, Query(alias="reviewSchedule")] = None,
    overdue: Annotated[
        bool | None, Query(description="true: next review date has passed; false: the others")
    ] = None,
    sort: Annotated[
        EmployeeSort | None,
        Query(description="Last then first name unless given; a leading '-' reverses"),
    ] = None,
) -> Response:
    """Employees by last then first name; optionally filtered, sorted and paged (page or
    pageSize: one page, with the total in X-Total-Count); only those the reader reaches."""
    query = listing.EmployeeQuery(
        search=search or "",
        archived=archived or ("all" if include_archived else "active"),
        department=department or None,
        review_schedule=review_schedule,
        overdue=overdue,
        sort=sort,
    )
    body, total = await listing.list_page(session=session, query=query, paging=paging, scope=scope)
    return list_response(body, total)


@router.post("", response_model=EmployeeRead, status_code=201, operation_id="createEmployee")
async def create_employee(_: WriteEmployees, body: EmployeeCreate, session: TenantSession):
    return await service.create(session=session, data=body)


@router.post("/bulk-upload", response_model=BulkUploadResult, operation_id="bulkUploadEmployees")
async def bulk_upload(_: WriteEmployees, body: BulkUploadRequest, session: TenantSession):
    # Validated against the reply model, so the OpenAPI document's shape is what is sent.
    result = await bulk.upload(session=session, rows=bulk.rows_of(body))
    return BulkUploadResult.model_validate(result, by_alias=True, by_name=False)


@router.get("/{id}", response_model=EmployeeRead, operation_id="getEmployee")
async def get_employee(
    employee_id: EmployeeNumber, scope: ReadEmployees, session: TenantSession
) -> Response:
    # Rendered by Postgres as the list renders it: no ORM object, no reply model to fill. Out
    # of the reader's reach answers as an unknown employee does.
    body = await listing.one_json(session=session, employee_id=employee_id, scope=scope)
    if body is None:
        raise NotFound(lookup.EMPLOYEE_NOT_FOUND)
    return json_response(body)


@router.put("/{id}", response_model=EmployeeRead, operation_id="updateEmployee")
async def update_employee(
    _: WriteEmployees, employee: ValidEmployee, body: EmployeeUpdate, session: TenantSession
):
    return await service.update(session=session, employee=employee, data=body)


@router.delete("/{id}", response_model=SuccessReply, operation_id="deleteEmployee")
async def delete_employee(_: WriteEmployees, employee: ValidEmployee, session: TenantSession):
    await service.delete_employee(session=session, employee=employee)
    return SuccessReply(message="Employee deleted successfully")


@router.post("/{id}/archive", response_model=EmployeeRead, operation_id="archiveEmployee")
async def archive_employee(_: WriteEmployees, employee: ValidEmployee, session: TenantSession):
    return await service.update_archived(session=session, employee=employee, archived=True)


@router.post("/{id}/unarchive", response_model=EmployeeRead, operation_id="unarchiveEmployee")
async def unarchive_employee(_: WriteEmployees, employee: ValidEmployee, session: TenantSession):
    return await service.update_archived(session=session, employee=employee, archived=False)
