from typing import Annotated

from fastapi import APIRouter, Query
from fastapi.responses import Response

from api.access.scope import Scope
from api.core.paging import PAGED_RESPONSES, PageParams, list_response
from api.deps import TenantSession, allowed
from api.directory import service
from api.directory.schemas import DirectoryEntry

router = APIRouter(prefix="/api/directory", tags=["directory"])


@router.get(
    "",
    response_model=list[DirectoryEntry],
    operation_id="listDirectory",
    responses=PAGED_RESPONSES,
)
async def list_directory(
    scope: Annotated[Scope, allowed("directory", "read")],
    session: TenantSession,
    paging: PageParams,
    search: Annotated[
        str | None, Query(max_length=200, description="Name, e-mail or position")
    ] = None,
    department: Annotated[str | None, Query(max_length=50, description="Department slug")] = None,
) -> Response:
    """Every active employee's name, position, department, e-mail and manager, by last then
    first name: who is who, for everyone signed in (paged like the employee list)."""
    query = service.DirectoryQuery(search=search or "", department=department or None)
    body, total = await service.list_page(session=session, query=query, paging=paging, scope=scope)
    return list_response(body, total)
