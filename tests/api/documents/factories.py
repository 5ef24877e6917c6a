"""Sample files of every allowed type, and the two-step upload as a client performs it."""

import io
import zipfile
from typing import Any

import httpx

PDF = b"%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\rIHDR" + b"\x00" * 17
JPEG = b"\xff\xd8\xff\xe0\x00\x10JFIF\x00" + b"\x00" * 20 + b"\xff\xd9"
GIF = b"GIF89a\x01\x00\x01\x00\x00\x00\x00;"
DOC = bytes.fromhex("D0CF11E0A1B11AE1") + b"\x00" * 504
TEXT = "Signed offer letter.\nCafé au lait ✓\n".encode()


def docx_bytes(inner: str = "word/document.xml") -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("[Content_Types].xml", "<Types/>")
        z.writestr(inner, "<w:document/>")
    return buf.getvalue()


DOCX = docx_bytes()

MIME = {
    "pdf": "application/pdf",
    "doc": "application/msword",
    "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    "jpg": "image/jpeg",
    "png": "image/png",
    "gif": "image/gif",
    "txt": "text/plain",
}
SAMPLES = {"pdf": PDF, "doc": DOC, "docx": DOCX, "jpg": JPEG, "png": PNG, "gif": GIF, "txt": TEXT}


async def start_upload(c: httpx.AsyncClient) -> dict[str, Any]:
    r = await c.post("/api/upload/document")
    assert r.status_code == 200, r.text
    return r.json()


async def upload(
    c: httpx.AsyncClient, data: bytes = PDF, content_type: str = "application/pdf"
) -> str:
    """Both steps; returns the documentPath to save with the record."""
    slot = await start_upload(c)
    r = await c.put(slot["uploadURL"], content=data, headers={"content-type": content_type})
    assert r.status_code == 200, r.text
    return slot["documentPath"]


def document(employee_id: int, path: str, **overrides: Any) -> dict[str, Any]:
    return {
        "employeeId": employee_id,
        "documentType": "contract",
        "title": "Employment contract",
        "description": "Signed on the first day",
        "filePath": path,
        "fileName": "contract.pdf",
        "fileSize": len(PDF),
        "mimeType": "application/pdf",
        "isConfidential": False,
        "tags": ["onboarding", "legal"],
        **overrides,
    }


async def add_document(
    c: httpx.AsyncClient,
    employee_id: int,
    *,
    data: bytes = PDF,
    ext: str = "pdf",
    **overrides: Any,
) -> dict[str, Any]:
    path = await upload(c, data, MIME[ext])
    body = document(
        employee_id, path, fileName=f"file.{ext}", mimeType=MIME[ext], fileSize=len(data)
    )
    r = await c.post("/api/employee-documents", json={**body, **overrides})
    assert r.status_code == 201, r.text
    return r.json()
