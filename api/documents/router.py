from typing import Annotated
from urllib.parse import quote

from fastapi import APIRouter, BackgroundTasks, Query, Request
from fastapi.responses import StreamingResponse

from api.access.scope import Scope, may
from api.core.errors import NotFound
from api.core.schemas import SuccessReply
from api.core.storage import get_storage
from api.deps import CurrentPrincipal, Principal, TenantSession, allowed
from api.documents import filetypes, service
from api.documents.schemas import (
    EmployeeDocumentCreate,
    EmployeeDocumentRead,
    UploadReceived,
    UploadSlotReply,
)

router = APIRouter(tags=["documents"])

ReadDocuments = Annotated[Scope, allowed("documents", "read")]
WriteDocuments = Annotated[Scope, allowed("documents", "write")]


def sees_confidential(principal: Principal) -> bool:
    return may(principal, "confidential_documents", "read")


@router.post(
    "/api/upload/document",
    response_model=UploadSlotReply,
    operation_id="createDocumentUpload",
)
async def create_upload(_: WriteDocuments, principal: CurrentPrincipal, session: TenantSession):
    slot, url = await service.create_slot(
        session=session, organization_id=principal.organization.id
    )
    return UploadSlotReply(upload_url=url, document_path=slot.path, expires_at=slot.expires_at)


@router.put(
    "/api/upload/document/{slot_id}",
    response_model=UploadReceived,
    operation_id="putDocumentUpload",
    openapi_extra={
        "requestBody": {
            "required": True,
            "content": {
                "application/octet-stream": {"schema": {"type": "string", "format": "binary"}}
            },
        }
    },
)
async def put_upload(
    slot_id: str,
    request: Request,
    _: WriteDocuments,
    principal: CurrentPrincipal,
    session: TenantSession,
    expires: Annotated[str | None, Query(max_length=20)] = None,
    sig: Annotated[str | None, Query(max_length=128)] = None,
):
    """Step two: the raw file as the request body (any content type; the bytes decide)."""
    slot = await service.update_slot(
        session=session,
        storage=get_storage(),
        organization_id=principal.organization.id,
        slot_id=slot_id,
        expires=expires,
        signature=sig,
        content_type=request.headers.get("content-type"),
        content_length=request.headers.get("content-length"),
        chunks=request.stream(),
    )
    return UploadReceived(
        document_path=slot.path, file_size=slot.size or 0, mime_type=slot.mime_type or ""
    )


@router.post(
    "/api/employee-documents",
    response_model=EmployeeDocumentRead,
    status_code=201,
    operation_id="createEmployeeDocument",
)
async def create_document(
    body: EmployeeDocumentCreate,
    scope: WriteDocuments,
    principal: CurrentPrincipal,
    session: TenantSession,
):
    # A personal account's own name; a shared sign-in has none, so the form's name or the role.
    uploaded_by = principal.name or body.uploaded_by or principal.display_name
    return await service.create(session=session, data=body, uploaded_by=uploaded_by, scope=scope)


@router.get(
    "/api/employee-documents",
    response_model=list[EmployeeDocumentRead],
    operation_id="listEmployeeDocuments",
)
async def list_documents(
    scope: ReadDocuments,
    principal: CurrentPrincipal,
    session: TenantSession,
    employee_id: Annotated[int | None, Query(alias="employeeId")] = None,
):
    return await service.list_documents(
        session=session,
        employee_id=employee_id,
        include_confidential=sees_confidential(principal),
        scope=scope,
    )


@router.get(
    "/api/employees/{employee_id}/documents",
    response_model=list[EmployeeDocumentRead],
    operation_id="listDocumentsOfEmployee",
)
async def list_employee_documents(
    employee_id: int, scope: ReadDocuments, principal: CurrentPrincipal, session: TenantSession
):
    return await service.list_documents(
        session=session,
        employee_id=employee_id,
        include_confidential=sees_confidential(principal),
        scope=scope,
    )


@router.delete(
    "/api/employee-documents/{document_id}",
    response_model=SuccessReply,
    operation_id="deleteEmployeeDocument",
)
async def delete_document(
    document_id: int,
    scope: WriteDocuments,
    principal: CurrentPrincipal,
    session: TenantSession,
    tasks: BackgroundTasks,
):
    key = await service.delete_document(
        session=session,
        organization_id=principal.organization.id,
        document_id=document_id,
        scope=scope,
    )
    if key:
        # After the reply, so after the commit: a failed commit never loses a kept record's file.
        tasks.add_task(get_storage().delete, key)
    return SuccessReply(message="Document deleted")


def attachment(file_name: str) -> str:
    """Content-Disposition for a download: a plain ASCII name plus the exact UTF-8 one."""
    fallback = "".join(c if 32 <= ord(c) < 127 and c not in '"\\;' else "_" for c in file_name)
    return f"attachment; filename=\"{fallback or 'document'}\"; filename*=UTF-8''{quote(file_name)}"


@router.get(
    "/api/employee-documents/files/{file_id}",
    operation_id="downloadEmployeeDocument",
    response_class=StreamingResponse,
    responses={200: {"content": {"application/octet-stream": {}}}},
)
async def download(
    file_id: str, scope: ReadDocuments, principal: CurrentPrincipal, session: TenantSession
):
    document = await service.get_by_file(
        session=session,
        file_id=file_id,
        include_confidential=sees_confidential(principal),
        scope=scope,
    )
    storage = get_storage()
    key = service.storage_key(principal.organization.id, file_id)
    if not storage.exists(key):
        raise NotFound(service.NOT_FOUND)
    media_type = document.mime_type
    if media_type == filetypes.TEXT:
        media_type += "; charset=utf-8"
    return StreamingResponse(
        storage.iter_file(key),
        media_type=media_type,
        headers={
            "content-disposition": attachment(document.file_name),
            "content-length": str(storage.size(key)),
            "cache-control": "private, no-store",
            "content-security-policy": "default-src 'none'; sandbox",
        },
    )
