from typing import Annotated

from fastapi import APIRouter, Path, Response

from api.access.scope import Scope
from api.audit import service
from api.audit.query import EMPLOYEE_ID_LIMIT, AuditQueryParams
from api.audit.schemas import AuditActorRead, AuditEventRead
from api.core.dates import local_today
from api.core.paging import PAGED_RESPONSES, PageParams, list_response
from api.deps import TenantSession, allowed

router = APIRouter(tags=["audit"])

ReadAudit = Annotated[Scope, allowed("audit", "read")]
EmployeeNumber = Annotated[int, Path(ge=1, le=EMPLOYEE_ID_LIMIT)]


@router.get(
    "/api/audit-events",
    response_model=list[AuditEventRead],
    operation_id="listAuditEvents",
    responses=PAGED_RESPONSES,
)
async def list_audit_events(
    _: ReadAudit, session: TenantSession, query: AuditQueryParams, paging: PageParams
):
    """The audit log, newest first, filtered; always one page (50 events unless pageSize
    says otherwise), with the number of matching events in X-Total-Count."""
    body, total = await service.list_page(session=session, query=query, paging=paging)
    return list_response(body, total)


@router.get(
    "/api/audit-events/actors",
    response_model=list[AuditActorRead],
    operation_id="listAuditActors",
)
async def list_audit_actors(_: ReadAudit, session: TenantSession):
    """Everyone the log names: the choices of its person filter."""
    return await service.list_actors(session=session)


@router.get(
    "/api/audit-events/export",
    operation_id="exportAuditEvents",
    response_class=Response,
    responses={200: {"content": {"text/csv": {}}}},
)
async def export_audit_events(_: ReadAudit, session: TenantSession, query: AuditQueryParams):
    """The filtered log as CSV (newest first)."""
    body = await service.export_csv(session=session, query=query)
    filename = f"audit-log-{local_today().isoformat()}.csv"
    return Response(
        content=body.encode("utf-8"),
        media_type="text/csv; charset=utf-8",
        headers={
            "content-disposition": f'attachment; filename="{filename}"',
            "cache-control": "no-store",
        },
    )


@router.get(
    "/api/employees/{employee_id}/history",
    response_model=list[AuditEventRead],
    operation_id="getEmployeeHistory",
    responses=PAGED_RESPONSES,
)
async def employee_history(
    employee_id: EmployeeNumber, _: ReadAudit, session: TenantSession, paging: PageParams
):
    """Every recorded change of the employee's records, newest first (paged like the log)."""
    body, total = await service.employee_history(
        session=session, employee_id=employee_id, paging=paging
    )
    return list_response(body, total)
