"""Organisation settings: GET/PUT /api/organization/current and the two-step logo upload."""

import struct
import zlib

import pytest
from sqlalchemy import func, select

from api.core.db import tenant_session
from api.documents.models import UploadSlot
from api.organizations.models import OrganizationSettings

CURRENT = "/api/organization/current"


def png(width: int = 2, height: int = 2) -> bytes:
    """A real, tiny PNG."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    raw = b"".join(b"\x00" + b"\xff\x00\x00" * width for _ in range(height))
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(raw))
        + chunk(b"IEND", b"")
    )


IMAGES = {
    "image/png": png(),
    "image/jpeg": b"\xff\xd8\xff\xe0\x00\x10JFIF\x00" + b"\x00" * 64 + b"\xff\xd9",
    "image/gif": b"GIF89a\x01\x00\x01\x00\x80\x00\x00" + b"\x00" * 32,
    "image/webp": b"RIFF\x24\x00\x00\x00WEBPVP8 " + b"\x00" * 32,
}


async def upload(client, data: bytes, content_type: str = "image/png"):
    r = await client.post("/api/upload/logo")
    assert r.status_code == 200, r.text
    slot = r.json()
    assert set(slot) == {"uploadURL", "logoUrl"}
    put = await client.put(slot["uploadURL"], content=data, headers={"content-type": content_type})
    return slot, put


async def stored_settings(org) -> tuple[str | None, str | None]:
    """The organisation's name and logo as stored."""
    async with tenant_session(org.schema_name, org.id) as s:
        settings = (await s.execute(select(OrganizationSettings))).scalar_one()
    return settings.business_name, settings.logo_url


async def upload_slots(org) -> int:
    async with tenant_session(org.schema_name, org.id) as s:
        return int(await s.scalar(select(func.count()).select_from(UploadSlot)) or 0)


async def set_logo(admin) -> str:
    """Upload a PNG and make it the organisation's logo; its URL."""
    slot, put = await upload(admin, png())
    assert put.status_code == 200, put.text
    r = await admin.put(CURRENT, json={"name": "Alpha Org", "logoUrl": slot["logoUrl"]})
    assert r.status_code == 200, r.text
    return str(slot["logoUrl"])


async def test_every_role_reads_the_current_organisation(login, org):
    for role in ("admin", "hr", "manager", "user"):
        c = await login(org, role)
        r = await c.get(CURRENT)
        assert r.status_code == 200
        body = r.json()
        assert body["id"] == org.id and body["name"] == "Alpha Org"
        assert body["subdomain"] == org.subdomain
        assert {"logoUrl", "industry", "size"} <= set(body)


async def test_admin_renames_the_organisation(login, org):
    admin = await login(org)
    r = await admin.put(CURRENT, json={"name": "  Alpha Holdings  "})
    assert r.status_code == 200, r.text
    assert r.json()["name"] == "Alpha Holdings"
    assert (await admin.get(CURRENT)).json()["name"] == "Alpha Holdings"
    assert (await admin.get("/api/auth/session")).json()["organizationName"] == "Alpha Holdings"
    async with tenant_session(org.schema_name, org.id) as s:
        settings = (await s.execute(select(OrganizationSettings))).scalar_one()
    assert settings.business_name == "Alpha Holdings"


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"name": "A"}, "Organization name must be at least 2 characters"),
        ({"name": "   "}, "Organization name must be at least 2 characters"),
        ({"name": "x" * 101}, "Organization name must be at most 100 characters"),
        (
            {"name": "Fine", "logoUrl": "https://evil.example/x.png"},
            "Please upload the logo with the logo upload",
        ),
        ({"name": "Fine", "logoUrl": "x" * 501}, "Logo URL must be at most 500 characters"),
    ],
)
async def test_bad_settings_are_refused(login, org, body, message):
    admin = await login(org)
    logo = await set_logo(admin)
    r = await admin.put(CURRENT, json=body)
    assert r.status_code == 400
    assert r.json()["message"] == message
    # Neither the name nor the logo changed.
    assert await stored_settings(org) == ("Alpha Org", logo)
    assert (await admin.get(CURRENT)).json()["logoUrl"] == logo


@pytest.mark.parametrize("role", ["hr", "manager", "user"])
async def test_only_admins_change_settings_or_upload_logos(login, org, role):
    logo = await set_logo(await login(org))
    slots = await upload_slots(org)
    c = await login(org, role)
    assert (await c.put(CURRENT, json={"name": "Taken Over", "logoUrl": None})).status_code == 403
    assert (await c.post("/api/upload/logo")).status_code == 403
    # Nothing written: the name and logo stay, and no upload slot was made.
    assert await stored_settings(org) == ("Alpha Org", logo)
    assert await upload_slots(org) == slots


@pytest.mark.parametrize("mime", list(IMAGES))
async def test_logo_upload_then_update(login, org, mime):
    admin = await login(org)
    slot, put = await upload(admin, IMAGES[mime], "application/octet-stream")
    assert put.status_code == 200, put.text
    assert put.json()["mimeType"] == mime
    r = await admin.put(CURRENT, json={"name": "Alpha Org", "logoUrl": slot["logoUrl"]})
    assert r.status_code == 200, r.text
    assert r.json()["logoUrl"] == slot["logoUrl"]
    # The banner shows it: the image is served with its real type.
    img = await admin.get(slot["logoUrl"])
    assert img.status_code == 200
    assert img.headers["content-type"] == mime
    assert img.content == IMAGES[mime]
    # Renaming without logoUrl keeps the logo; null removes it.
    r = await admin.put(CURRENT, json={"name": "Alpha Two"})
    assert r.json()["logoUrl"] == slot["logoUrl"]
    r = await admin.put(CURRENT, json={"name": "Alpha Two", "logoUrl": None})
    assert r.json()["logoUrl"] is None
    async with tenant_session(org.schema_name, org.id) as s:
        settings = (await s.execute(select(OrganizationSettings))).scalar_one()
    assert settings.logo_url is None and settings.business_name == "Alpha Two"


@pytest.mark.parametrize(
    ("data", "status", "message"),
    [
        (
            b"%PDF-1.7 not an image",
            400,
            "Invalid file type. Please upload a PNG, JPEG, GIF or WebP image.",
        ),
        (
            b"<html><script>alert(1)</script></html>",
            400,
            "Invalid file type. Please upload a PNG, JPEG, GIF or WebP image.",
        ),
        (
            b'<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
            400,
            "SVG logos are not accepted. Please upload a PNG, JPEG, GIF or WebP image.",
        ),
        (b"", 400, "The file is empty. Please select an image to upload."),
        (
            b"\x89PNG\r\n\x1a\n" + b"\x00" * (2 * 1024 * 1024),
            413,
            "File too large. Please select an image smaller than 2MB.",
        ),
    ],
)
async def test_a_logo_that_is_not_an_acceptable_image_is_refused(login, org, data, status, message):
    admin = await login(org)
    slot, put = await upload(admin, data, "image/png")
    assert put.status_code == status
    assert put.json()["message"] == message
    # Nothing was kept: the logo URL cannot be set and serves nothing.
    r = await admin.put(CURRENT, json={"name": "Alpha Org", "logoUrl": slot["logoUrl"]})
    assert r.status_code == 400
    assert r.json()["message"] == "The logo has not been uploaded. Please upload the image again."
    assert await stored_settings(org) == ("Alpha Org", None)
    assert (await admin.get(slot["logoUrl"])).status_code == 404


async def test_a_2mb_logo_is_accepted(login, org):
    admin = await login(org)
    data = png()
    data += b"\x00" * (2 * 1024 * 1024 - len(data))
    _, put = await upload(admin, data)
    assert put.status_code == 200
    assert put.json()["size"] == 2 * 1024 * 1024


async def test_an_upload_url_works_once(login, org):
    admin = await login(org)
    slot, put = await upload(admin, png())
    assert put.status_code == 200
    again = await admin.put(slot["uploadURL"], content=IMAGES["image/gif"])
    assert again.status_code == 409


async def test_logos_of_another_organisation(login, org, other_org):
    admin_a = await login(org)
    slot, put = await upload(admin_a, png())
    assert put.status_code == 200
    admin_b = await login(other_org)
    before_b, _ = await stored_settings(other_org)
    # B cannot use A's upload slot, nor claim A's logo as its own.
    slot_b = await admin_b.post("/api/upload/logo")
    assert (await admin_b.put(slot["uploadURL"], content=png())).status_code == 404
    r = await admin_b.put(CURRENT, json={"name": "Beta Org", "logoUrl": slot["logoUrl"]})
    assert r.status_code == 400
    assert slot_b.status_code == 200
    assert await stored_settings(other_org) == (before_b, None)
    r = await admin_b.put(
        CURRENT,
        json={
            "name": "Beta Org",
            "logoUrl": slot["logoUrl"].replace(f"/{org.id}/", f"/{other_org.id}/"),
        },
    )
    assert r.status_code == 400
    assert await stored_settings(other_org) == (before_b, None)
    assert await stored_settings(org) == ("Alpha Org", None)


async def test_unknown_logo_paths(client, org):
    assert (await client.get(f"/api/logos/{org.id}/{'0' * 32}")).status_code == 404
    assert (await client.get(f"/api/logos/{org.id}/..%2F..%2Fetc")).status_code == 404
    assert (await client.get(f"/api/logos/{org.id}/not-an-id")).status_code == 404
