"""Organisation logos: a two-step upload, and serving the stored image.

Step one (POST /api/upload/logo) makes a single-use, 15-minute UploadSlot and answers where to
PUT the image and the logoUrl it will have. Step two streams at most 2 MB to storage and keeps
the file only if its bytes are a PNG, JPEG, GIF or WebP image. SVG is refused: it can carry
scripts, and a logo does not need it.
"""

import asyncio
import re
import uuid
from collections.abc import AsyncIterable
from datetime import timedelta

from sqlalchemy import update
from sqlalchemy.ext.asyncio import AsyncSession

from api.core.db import utcnow
from api.core.errors import BadRequest, Conflict, Forbidden, NotFound, TooLarge
from api.core.storage import LocalStorage
from api.documents.models import UploadSlot

PURPOSE = "logo"
MAX_BYTES = 2 * 1024 * 1024
SLOT_TTL = timedelta(minutes=15)
UPLOAD_PREFIX = "/api/upload/logo/"
_FILE_ID = re.compile(r"^[0-9a-f]{32}$")

TOO_LARGE = "File too large. Please select an image smaller than 2MB."
NOT_AN_IMAGE = "Invalid file type. Please upload a PNG, JPEG, GIF or WebP image."
SVG_REFUSED = "SVG logos are not accepted. Please upload a PNG, JPEG, GIF or WebP image."
EMPTY = "The file is empty. Please select an image to upload."


def logo_url(organization_id: int, file_id: str) -> str:
    return f"/api/logos/{organization_id}/{file_id}"


def storage_key(organization_id: int, file_id: str) -> str:
    return f"org_{organization_id}/logos/{file_id}"


def is_file_id(value: str) -> bool:
    return bool(_FILE_ID.match(value))


def file_id_of(organization_id: int, url: str) -> str | None:
    """'/api/logos/<this org>/<id>' → '<id>'; None for anything else."""
    prefix = logo_url(organization_id, "")
    if not url.startswith(prefix):
        return None
    file_id = url[len(prefix) :]
    return file_id if is_file_id(file_id) else None


def sniff_image(head: bytes) -> str | None:
    """The image type these first bytes announce, if it is one we accept."""
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        return "image/png"
    if head.startswith(b"\xff\xd8\xff"):
        return "image/jpeg"
    if head.startswith((b"GIF87a", b"GIF89a")):
        return "image/gif"
    if len(head) >= 12 and head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return "image/webp"
    return None


def looks_like_svg(head: bytes) -> bool:
    text = head.lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    return text.startswith((b"<svg", b"<?xml", b"<!doctype svg")) or b"<svg" in text[:1024]


async def create_slot(*, session: AsyncSession, organization_id: int) -> tuple[str, str]:
    """Step one: returns (uploadURL, logoUrl)."""
    file_id = uuid.uuid4().hex
    session.add(
        UploadSlot(
            id=file_id,
            purpose=PURPOSE,
            path=logo_url(organization_id, file_id),
            expires_at=utcnow() + SLOT_TTL,
        )
    )
    await session.flush()
    return UPLOAD_PREFIX + file_id, logo_url(organization_id, file_id)


async def receive(
    *,
    session: AsyncSession,
    storage: LocalStorage,
    organization_id: int,
    file_id: str,
    content_length: str | None,
    chunks: AsyncIterable[bytes],
) -> UploadSlot:
    """Step two: the raw image as the body. The bytes decide, not the name or header."""
    slot = await session.get(UploadSlot, file_id) if is_file_id(file_id) else None
    # Another organisation's slot is not in this schema: 404 like an unknown one.
    if slot is None or slot.purpose != PURPOSE:
        raise NotFound("Upload not found")
    now = utcnow()
    if slot.expires_at <= now:
        raise Forbidden("This upload URL has expired. Please start the upload again.")
    if content_length and content_length.isdigit() and int(content_length) > MAX_BYTES:
        raise TooLarge(TOO_LARGE)
    claimed = await session.execute(
        update(UploadSlot)
        .where(UploadSlot.id == file_id, UploadSlot.used_at.is_(None))
        .values(used_at=now)
        .returning(UploadSlot.id)
    )
    if claimed.scalar_one_or_none() is None:
        raise Conflict("This upload URL has already been used")
    key = storage_key(organization_id, file_id)
    size = await storage.save_stream(key, chunks, max_bytes=MAX_BYTES, too_large=TOO_LARGE)
    try:
        if size == 0:
            raise BadRequest(EMPTY)
        head = await asyncio.to_thread(storage.read_head, key, 2048)
        mime = sniff_image(head)
        if mime is None:
            raise BadRequest(SVG_REFUSED if looks_like_svg(head) else NOT_AN_IMAGE)
    except BaseException:
        storage.delete(key)
        raise
    await session.refresh(slot)
    slot.size = size
    slot.mime_type = mime
    await session.flush()
    return slot


def stored_type(storage: LocalStorage, organization_id: int, file_id: str) -> str:
    """The stored logo's image type, or 404."""
    if not is_file_id(file_id):
        raise NotFound("Logo not found")
    key = storage_key(organization_id, file_id)
    if not storage.exists(key):
        raise NotFound("Logo not found")
    mime = sniff_image(storage.read_head(key, 16))
    if mime is None:
        raise NotFound("Logo not found")
    return mime
