"""Employee documents and the two-step upload.

Step one hands out a signed, single-use URL that expires (an UploadSlot row in the tenant
schema). Step two streams the raw bytes to storage, refusing past 10 MB while streaming, and
decides the file's type from its bytes. Only then can a document record claim the file.
"""

import asyncio
import hashlib
import hmac
import re
import uuid
from collections.abc import AsyncIterable
from datetime import timedelta

from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from api.access.scope import Scope
from api.core.config import get_settings
from api.core.db import utcnow
from api.core.errors import BadRequest, Conflict, Forbidden, NotFound, TooLarge
from api.core.storage import LocalStorage
from api.documents import filetypes
from api.documents.models import EmployeeDocument, UploadSlot
from api.documents.schemas import MAX_BYTES, TOO_LARGE, EmployeeDocumentCreate
from api.employees.lookup import EMPLOYEE_NOT_FOUND, check_employee_id, require_employee

SLOT_TTL = timedelta(minutes=15)
PURPOSE = "document"
UPLOAD_PREFIX = "/api/upload/document/"
FILES_PREFIX = "/api/employee-documents/files/"
_FILE_ID = re.compile(r"^[0-9a-f]{32}$")

INVALID_URL = "Invalid upload URL"
EXPIRED_URL = "This upload URL has expired. Please start the upload again."
USED_URL = "This upload URL has already been used"
NOT_FOUND = "Document not found"


def storage_key(organization_id: int, file_id: str) -> str:
    return f"org_{organization_id}/documents/{file_id}"


def file_id_of(path: str) -> str | None:
    """'/api/employee-documents/files/<id>' → '<id>', or None for any other string."""
    if not path.startswith(FILES_PREFIX):
        return None
    file_id = path[len(FILES_PREFIX) :]
    return file_id if _FILE_ID.match(file_id) else None


def is_slot_id(value: str) -> bool:
    return bool(_FILE_ID.match(value))


def sign(organization_id: int, slot_id: str, expires: int) -> str:
    message = f"{PURPOSE}:{organization_id}:{slot_id}:{expires}".encode()
    return hmac.new(get_settings().secret_key.encode(), message, hashlib.sha256).hexdigest()


async def create_slot(*, session: AsyncSession, organization_id: int) -> tuple[UploadSlot, str]:
    """Step one: a fresh slot and its signed upload URL."""
    slot_id = uuid.uuid4().hex
    expires_at = (utcnow() + SLOT_TTL).replace(microsecond=0)
    slot = UploadSlot(
        id=slot_id, purpose=PURPOSE, path=FILES_PREFIX + slot_id, expires_at=expires_at
    )
    session.add(slot)
    await session.flush()
    expires = int(expires_at.timestamp())
    signature = sign(organization_id, slot_id, expires)
    return slot, f"{UPLOAD_PREFIX}{slot_id}?expires={expires}&sig={signature}"


async def _claim_slot(
    *,
    session: AsyncSession,
    organization_id: int,
    slot_id: str,
    expires: str | None,
    signature: str | None,
) -> UploadSlot:
    """The slot this URL names, locked for this request, or why the URL is refused."""
    slot = await session.get(UploadSlot, slot_id) if is_slot_id(slot_id) else None
    # A slot of another organisation does not exist in this schema: 404 like any other id.
    if slot is None or slot.purpose != PURPOSE:
        raise NotFound("Upload not found")
    if not expires or not expires.isdigit() or not signature or len(expires) > 12:
        raise Forbidden(INVALID_URL)
    expected = sign(organization_id, slot_id, int(expires))
    if not hmac.compare_digest(expected, signature):
        raise Forbidden(INVALID_URL)
    now = utcnow()
    if int(expires) != int(slot.expires_at.timestamp()):
        raise Forbidden(INVALID_URL)
    if slot.expires_at <= now:
        raise Forbidden(EXPIRED_URL)
    # Single use: the first PUT to set used_at wins; a concurrent one waits on the row lock
    # and then finds it taken. A failed upload rolls back, so the URL can be retried.
    claimed = await session.execute(
        update(UploadSlot)
        .where(UploadSlot.id == slot_id, UploadSlot.used_at.is_(None))
        .values(used_at=now)
        .returning(UploadSlot.id)
    )
    if claimed.scalar_one_or_none() is None:
        raise Conflict(USED_URL)
    await session.refresh(slot)
    return slot


def detect_type(storage: LocalStorage, key: str) -> str | None:
    """The allowed type the stored bytes really are, or None."""
    head = storage.read_head(key, 16)
    found = filetypes.sniff_head(head)
    if found:
        return found
    if head.startswith(b"PK\x03\x04"):
        with storage.open_read(key) as fh:
            return filetypes.DOCX if filetypes.is_docx(fh) else None
    return filetypes.TEXT if filetypes.is_plain_text(storage.iter_file(key)) else None


async def update_slot(
    *,
    session: AsyncSession,
    storage: LocalStorage,
    organization_id: int,
    slot_id: str,
    expires: str | None,
    signature: str | None,
    content_type: str | None,
    content_length: str | None,
    chunks: AsyncIterable[bytes],
) -> UploadSlot:
    """Step two: stream the bytes in (10 MB at most) and check what they are."""
    if content_length and content_length.isdigit() and int(content_length) > MAX_BYTES:
        raise TooLarge(TOO_LARGE)
    slot = await _claim_slot(
        session=session,
        organization_id=organization_id,
        slot_id=slot_id,
        expires=expires,
        signature=signature,
    )
    key = storage_key(organization_id, slot.id)
    size = await storage.save_stream(key, chunks, max_bytes=MAX_BYTES, too_large=TOO_LARGE)
    try:
        if size == 0:
            raise BadRequest("The file is empty. Please select a file to upload.")
        detected = await asyncio.to_thread(detect_type, storage, key)
        declared = filetypes.normalise_mime(content_type)
        if detected is None or declared not in (None, "application/octet-stream", detected):
            raise BadRequest(filetypes.INVALID_TYPE)
    except BaseException:
        storage.delete(key)
        raise
    slot.size = size
    slot.mime_type = detected
    await session.flush()
    return slot


async def create(
    *,
    session: AsyncSession,
    data: EmployeeDocumentCreate,
    uploaded_by: str,
    scope: Scope,
) -> EmployeeDocument:
    """Record a document for an uploaded file that no other document holds yet."""
    await scope.require(session, data.employee_id, EMPLOYEE_NOT_FOUND)
    await require_employee(session=session, employee_id=data.employee_id)
    if file_id_of(data.file_path) is None:
        raise BadRequest("Invalid file path")
    slot = (
        await session.execute(
            select(UploadSlot).where(UploadSlot.path == data.file_path).with_for_update()
        )
    ).scalar_one_or_none()
    if slot is None or slot.purpose != PURPOSE:
        raise NotFound("Uploaded file not found")
    if slot.used_at is None or slot.mime_type is None or slot.size is None:
        raise BadRequest("The file has not been uploaded yet")
    taken = await session.scalar(
        select(EmployeeDocument.id).where(EmployeeDocument.file_path == data.file_path)
    )
    if taken is not None:
        raise Conflict("This file is already attached to a document")
    # The bytes decide; the name and the declared type must agree with them.
    if filetypes.type_for_name(data.file_name) != slot.mime_type or data.mime_type not in (
        None,
        slot.mime_type,
    ):
        raise BadRequest(filetypes.INVALID_TYPE)
    document = EmployeeDocument(
        employee_id=data.employee_id,
        document_type=data.document_type,
        title=data.title,
        description=data.description,
        file_name=data.file_name,
        file_size=slot.size,
        mime_type=slot.mime_type,
        file_path=data.file_path,
        uploaded_by=uploaded_by,
        is_confidential=data.is_confidential,
        expiration_date=data.expiration_date,
        signed_date=data.signed_date,
        tags=data.tags,
    )
    session.add(document)
    try:
        await session.flush()
    except IntegrityError:
        raise Conflict("This file is already attached to a document") from None
    await session.refresh(document)
    return document


async def list_documents(
    *, session: AsyncSession, employee_id: int | None, include_confidential: bool, scope: Scope
) -> list[EmployeeDocument]:
    """Newest first; confidential ones only for those allowed to see them; only documents of
    employees the reader reaches (naming one out of reach is 404, as an unknown one)."""
    query = select(EmployeeDocument).order_by(
        EmployeeDocument.created_at.desc(), EmployeeDocument.id.desc()
    )
    if employee_id is not None:
        check_employee_id(employee_id)
        await scope.require(session, employee_id, EMPLOYEE_NOT_FOUND)
        await require_employee(session=session, employee_id=employee_id)
        query = query.where(EmployeeDocument.employee_id == employee_id)
    elif not scope.everything:
        query = query.where(scope.employees(EmployeeDocument.employee_id))
    if not include_confidential:
        query = query.where(EmployeeDocument.is_confidential.is_(False))
    return list((await session.execute(query)).scalars())


async def get_by_file(
    *, session: AsyncSession, file_id: str, include_confidential: bool, scope: Scope
) -> EmployeeDocument:
    """The document that holds this file; a confidential one, or one of an employee out of
    the reader's reach, is 'not found'."""
    if not _FILE_ID.match(file_id):
        raise NotFound(NOT_FOUND)
    document = await session.scalar(
        select(EmployeeDocument).where(EmployeeDocument.file_path == FILES_PREFIX + file_id)
    )
    if document is None or (document.is_confidential and not include_confidential):
        raise NotFound(NOT_FOUND)
    await scope.require(session, document.employee_id, NOT_FOUND)
    return document


async def delete_document(
    *, session: AsyncSession, organization_id: int, document_id: int, scope: Scope
) -> str | None:
    """Remove the record and its upload slot; returns the storage key of its file."""
    document = await session.get(EmployeeDocument, document_id) if 0 < document_id < 2**31 else None
    if document is None:
        raise NotFound(NOT_FOUND)
    await scope.require(session, document.employee_id, NOT_FOUND)
    await session.delete(document)
    await session.execute(delete(UploadSlot).where(UploadSlot.path == document.file_path))
    await session.flush()
    file_id = file_id_of(document.file_path)
    return storage_key(organization_id, file_id) if file_id else None


async def purge_stale_uploads(
    *, session: AsyncSession, storage: LocalStorage, organization_id: int
) -> int:
    """Files uploaded (or slots handed out) but never claimed by a document, once expired."""
    cutoff = utcnow() - timedelta(hours=1)
    stale = (
        await session.execute(
            select(UploadSlot).where(
                UploadSlot.purpose == PURPOSE,
                UploadSlot.expires_at < cutoff,
                ~select(EmployeeDocument.id)
                .where(EmployeeDocument.file_path == UploadSlot.path)
                .exists(),
            )
        )
    ).scalars()
    removed = 0
    for slot in stale:
        storage.delete(storage_key(organization_id, slot.id))
        await session.delete(slot)
        removed += 1
    await session.flush()
    return removed
