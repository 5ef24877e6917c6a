"""The two-step upload: POST /api/upload/document, then PUT the raw bytes to uploadURL."""

import re
from datetime import timedelta
from urllib.parse import parse_qs, urlsplit

import pytest
from sqlalchemy import update

from api.core.db import tenant_session, utcnow
from api.core.storage import get_storage
from api.documents import service
from api.documents.models import UploadSlot
from tests.api.documents.factories import (
    DOCX,
    GIF,
    MIME,
    PDF,
    PNG,
    SAMPLES,
    TEXT,
    docx_bytes,
    start_upload,
)
from tests.api.notes.factories import add_employee

TEN_MB = 10 * 1024 * 1024
INVALID_TYPE = "Invalid file type. Please select a PDF, Word document, image, or text file."


def stored_files(org) -> list[str]:
    """Everything in the organisation's document folder, temporary files included."""
    base = get_storage().root / f"org_{org.id}" / "documents"
    return sorted(p.name for p in base.iterdir()) if base.is_dir() else []


def slot_id(url: str) -> str:
    return urlsplit(url).path.rsplit("/", 1)[-1]


async def test_step_one_hands_out_a_signed_url_and_a_document_path(login, org):
    admin = await login(org, "admin")
    slot = await start_upload(admin)
    url = urlsplit(slot["uploadURL"])
    assert re.fullmatch(r"/api/upload/document/[0-9a-f]{32}", url.path)
    query = parse_qs(url.query)
    assert set(query) == {"expires", "sig"}
    assert re.fullmatch(r"/api/employee-documents/files/[0-9a-f]{32}", slot["documentPath"])
    assert slot["documentPath"].endswith(slot_id(slot["uploadURL"]))
    assert slot["maxBytes"] == TEN_MB
    # About 15 minutes to use it.
    remaining = int(query["expires"][0]) - utcnow().timestamp()
    assert 14 * 60 < remaining <= 15 * 60


@pytest.mark.parametrize("ext", sorted(SAMPLES))
async def test_each_allowed_type_is_recognised_by_its_bytes(login, org, ext):
    admin = await login(org, "hr")
    slot = await start_upload(admin)
    r = await admin.put(
        slot["uploadURL"], content=SAMPLES[ext], headers={"content-type": MIME[ext]}
    )
    assert r.status_code == 200, r.text
    assert r.json() == {
        "success": True,
        "documentPath": slot["documentPath"],
        "fileSize": len(SAMPLES[ext]),
        "mimeType": MIME[ext],
    }
    key = service.storage_key(org.id, slot_id(slot["uploadURL"]))
    assert get_storage().path_for(key).read_bytes() == SAMPLES[ext]


async def test_a_generic_content_type_is_fine_the_bytes_decide(login, org):
    admin = await login(org, "admin")
    slot = await start_upload(admin)
    r = await admin.put(
        slot["uploadURL"], content=PNG, headers={"content-type": "application/octet-stream"}
    )
    assert r.status_code == 200
    assert r.json()["mimeType"] == "image/png"


@pytest.mark.parametrize(
    ("data", "content_type"),
    [
        (PNG, "application/pdf"),  # a .pdf with PNG bytes
        (PDF, "image/png"),
        (b"<html><script>alert(1)</script></html>", "text/html"),
        (b"MZ\x90\x00\x03\x00\x00\x00\x04\x00", "application/octet-stream"),  # an executable
        (b"plain words\x00with a NUL", "text/plain"),
        (b"\xff\xfe\xfa not utf-8", "text/plain"),
        (docx_bytes("xl/workbook.xml"), MIME["docx"]),  # a zip, but not a Word document
        (b"PK\x03\x04 not really a zip", MIME["docx"]),
    ],
)
async def test_content_that_is_not_an_allowed_type_is_refused_and_not_kept(
    login, org, data, content_type
):
    admin = await login(org, "admin")
    slot = await start_upload(admin)
    r = await admin.put(slot["uploadURL"], content=data, headers={"content-type": content_type})
    assert r.status_code == 400, r.text
    assert r.json() == {"message": INVALID_TYPE}
    assert stored_files(org) == []


async def test_an_empty_file_is_refused(login, org):
    admin = await login(org, "admin")
    slot = await start_upload(admin)
    r = await admin.put(slot["uploadURL"], content=b"", headers={"content-type": "text/plain"})
    assert r.status_code == 400
    assert stored_files(org) == []


async def test_exactly_10_mb_is_accepted(login, org):
    admin = await login(org, "admin")
    slot = await start_upload(admin)
    r = await admin.put(
        slot["uploadURL"], content=b"a" * TEN_MB, headers={"content-type": "text/plain"}
    )
    assert r.status_code == 200, r.text
    assert r.json()["fileSize"] == TEN_MB


async def test_10_mb_plus_one_byte_is_413_and_nothing_is_stored(login, org):
    admin = await login(org, "admin")
    slot = await start_upload(admin)
    r = await admin.put(
        slot["uploadURL"], content=b"a" * (TEN_MB + 1), headers={"content-type": "text/plain"}
    )
    assert r.status_code == 413
    assert r.json() == {"message": "File too large. Please select a file smaller than 10MB."}
    assert stored_files(org) == []


async def test_the_limit_holds_while_streaming_without_a_content_length(login, org):
    admin = await login(org, "admin")
    slot = await start_upload(admin)

    async def body():
        for _ in range(11):  # 11 MiB in 1 MiB chunks, chunked transfer: no length up front
            yield b"a" * (1024 * 1024)

    r = await admin.put(slot["uploadURL"], content=body(), headers={"content-type": "text/plain"})
    assert r.status_code == 413
    assert stored_files(org) == []
    # The refused upload did not use up the URL: a proper file can still go there.
    r = await admin.put(slot["uploadURL"], content=TEXT, headers={"content-type": "text/plain"})
    assert r.status_code == 200


async def test_an_upload_url_works_only_once(login, org):
    admin = await login(org, "admin")
    slot = await start_upload(admin)
    r = await admin.put(slot["uploadURL"], content=PDF, headers={"content-type": "application/pdf"})
    assert r.status_code == 200
    r = await admin.put(slot["uploadURL"], content=GIF, headers={"content-type": "image/gif"})
    assert r.status_code == 409
    assert r.json() == {"message": "This upload URL has already been used"}
    key = service.storage_key(org.id, slot_id(slot["uploadURL"]))
    assert get_storage().path_for(key).read_bytes() == PDF


@pytest.mark.parametrize(
    "tamper",
    [
        lambda u: u.replace("sig=", "sig=0"),
        lambda u: re.sub(r"sig=[0-9a-f]+", "sig=" + "0" * 64, u),
        lambda u: re.sub(r"expires=(\d+)", lambda m: f"expires={int(m.group(1)) + 3600}", u),
        lambda u: u.split("?")[0],
        lambda u: re.sub(r"&sig=[0-9a-f]+", "", u),
    ],
)
async def test_a_tampered_or_missing_signature_is_refused(login, org, tamper):
    admin = await login(org, "admin")
    slot = await start_upload(admin)
    r = await admin.put(
        tamper(slot["uploadURL"]), content=PDF, headers={"content-type": "application/pdf"}
    )
    assert r.status_code == 403
    assert r.json() == {"message": "Invalid upload URL"}
    assert stored_files(org) == []


async def test_an_expired_url_is_refused_even_with_a_valid_signature(login, org):
    admin = await login(org, "admin")
    slot = await start_upload(admin)
    sid = slot_id(slot["uploadURL"])
    past = (utcnow() - timedelta(minutes=1)).replace(microsecond=0)
    async with tenant_session(org.schema_name, org.id) as s:
        await s.execute(update(UploadSlot).where(UploadSlot.id == sid).values(expires_at=past))
    expires = int(past.timestamp())
    url = f"/api/upload/document/{sid}?expires={expires}&sig={service.sign(org.id, sid, expires)}"
    r = await admin.put(url, content=PDF, headers={"content-type": "application/pdf"})
    assert r.status_code == 403
    assert r.json() == {"message": "This upload URL has expired. Please start the upload again."}
    assert stored_files(org) == []


async def test_unknown_slot_answers_404(login, org):
    admin = await login(org, "admin")
    r = await admin.put("/api/upload/document/" + "a" * 32 + "?expires=1&sig=x", content=PDF)
    assert r.status_code == 404
    r = await admin.put("/api/upload/document/../../etc?expires=1&sig=x", content=PDF)
    assert r.status_code == 404


@pytest.mark.parametrize("role", ["manager", "user"])
async def test_only_admin_and_hr_upload(login, org, role):
    c = await login(org, role)
    r = await c.post("/api/upload/document")
    assert r.status_code == 403
    admin = await login(org, "admin")
    slot = await start_upload(admin)
    r = await c.put(slot["uploadURL"], content=PDF, headers={"content-type": "application/pdf"})
    assert r.status_code == 403
    assert stored_files(org) == []


async def test_anonymous_upload_is_401(client, login, org):
    assert (await client.post("/api/upload/document")).status_code == 401
    admin = await login(org, "admin")
    slot = await start_upload(admin)
    r = await client.put(slot["uploadURL"], content=PDF)
    assert r.status_code == 401


async def test_a_cross_site_put_is_refused(login, org):
    admin = await login(org, "admin")
    slot = await start_upload(admin)
    r = await admin.put(slot["uploadURL"], content=PDF, headers={"origin": "https://evil.example"})
    assert r.status_code == 403
    assert stored_files(org) == []


async def test_another_organisation_cannot_use_the_upload_url(login, org, other_org):
    admin_a = await login(org, "admin")
    slot = await start_upload(admin_a)
    admin_b = await login(other_org, "admin")
    r = await admin_b.put(
        slot["uploadURL"], content=PDF, headers={"content-type": "application/pdf"}
    )
    assert r.status_code == 404
    assert stored_files(other_org) == [] and stored_files(org) == []
    # Still usable by its own organisation.
    r = await admin_a.put(slot["uploadURL"], content=DOCX, headers={"content-type": MIME["docx"]})
    assert r.status_code == 200


async def test_stale_unclaimed_uploads_are_purged(login, org):
    emp = await add_employee(org)
    admin = await login(org, "admin")
    slot = await start_upload(admin)
    await admin.put(slot["uploadURL"], content=PDF, headers={"content-type": "application/pdf"})
    sid = slot_id(slot["uploadURL"])
    async with tenant_session(org.schema_name, org.id) as s:
        await s.execute(
            update(UploadSlot)
            .where(UploadSlot.id == sid)
            .values(expires_at=utcnow() - timedelta(hours=2))
        )
    async with tenant_session(org.schema_name, org.id) as s:
        removed = await service.purge_stale_uploads(
            session=s, storage=get_storage(), organization_id=org.id
        )
    assert removed == 1
    assert stored_files(org) == []
    r = await admin.post(
        "/api/employee-documents",
        json={
            "employeeId": emp,
            "documentType": "other",
            "title": "Late",
            "filePath": slot["documentPath"],
            "fileName": "late.pdf",
        },
    )
    assert r.status_code == 404
