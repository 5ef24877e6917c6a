"""Whole JSON replies go gzipped to clients that accept it; the bytes a client reads are the
same either way, and streamed downloads keep their length."""

import gzip

import httpx
import pytest

from api.core.middleware import (
    COMPRESS_IN_THREAD_BYTES,
    COMPRESS_MIN_BYTES,
    CompressionMiddleware,
    accepts_gzip,
)
from tests.api.documents.factories import add_document
from tests.api.hardening.test_headers import assert_security_headers
from tests.api.notes.factories import add_employee

GZIP = {"accept-encoding": "gzip"}
IDENTITY = {"accept-encoding": "identity"}


async def raw_get(client: httpx.AsyncClient, path: str, headers: dict[str, str]) -> httpx.Response:
    """The reply as sent, not decoded by httpx."""
    async with client.stream("GET", path, headers=headers) as r:
        r._content = b"".join([chunk async for chunk in r.aiter_raw()])
    return r


async def test_a_list_goes_gzipped_and_reads_the_same(login, org):
    for n in range(30):
        await add_employee(org, first_name=f"Person{n}", position="Senior Software Engineer")
    admin = await login(org)

    plain = await raw_get(admin, "/api/employees", IDENTITY)
    packed = await raw_get(admin, "/api/employees", GZIP)

    assert plain.status_code == packed.status_code == 200
    assert len(plain.content) > COMPRESS_MIN_BYTES
    assert "content-encoding" not in plain.headers
    assert packed.headers["content-encoding"] == "gzip"
    assert "accept-encoding" in packed.headers["vary"].lower()
    assert int(packed.headers["content-length"]) == len(packed.content)
    assert len(packed.content) < len(plain.content) / 4
    assert gzip.decompress(packed.content) == plain.content
    assert packed.headers["content-type"] == "application/json"
    assert_security_headers(packed)


async def test_small_replies_and_clients_that_refuse_gzip_get_plain_bytes(login, org):
    for n in range(30):
        await add_employee(org, first_name=f"Person{n}")
    admin = await login(org)

    small = await raw_get(admin, "/api/auth/user", GZIP)
    assert small.status_code == 200
    assert len(small.content) < COMPRESS_MIN_BYTES
    assert "content-encoding" not in small.headers
    assert small.json()["role"] == "admin"

    refused = await raw_get(admin, "/api/employees", {"accept-encoding": "gzip;q=0, br"})
    assert "content-encoding" not in refused.headers
    assert len(refused.json()) == 30


async def test_a_downloaded_document_goes_as_it_is_with_its_length(login, org):
    emp = await add_employee(org)
    admin = await login(org)
    text = ("Signed offer letter, page after page. " * 200).encode()
    doc = await add_document(admin, emp, data=text, ext="txt", fileName="Offer.txt")

    r = await raw_get(admin, doc["filePath"], GZIP)

    assert r.status_code == 200
    assert "content-encoding" not in r.headers
    assert r.headers["content-length"] == str(len(text))
    assert r.content == text


async def test_a_reply_big_enough_to_be_compressed_in_a_thread_reads_the_same():
    body = (
        b"[" + b",".join(b'{"id": %d, "name": "Person %d"}' % (n, n) for n in range(60_000)) + b"]"
    )
    assert len(body) > COMPRESS_IN_THREAD_BYTES

    async def big_list(scope, receive, send):
        headers = [(b"content-type", b"application/json")]
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": body})

    transport = httpx.ASGITransport(app=CompressionMiddleware(big_list))
    async with httpx.AsyncClient(transport=transport, base_url="http://t") as client:
        r = await raw_get(client, "/", GZIP)

    assert r.headers["content-encoding"] == "gzip"
    assert int(r.headers["content-length"]) == len(r.content) < len(body) / 4
    assert gzip.decompress(r.content) == body


@pytest.mark.parametrize(
    "header,accepted",
    [
        ("gzip, deflate, br", True),
        ("br;q=1.0, gzip;q=0.8", True),
        ("GZIP", True),
        ("*", True),
        ("gzip;q=0", False),
        ("gzip;q=0.000", False),
        ("deflate, br", False),
        ("identity", False),
        ("", False),
    ],
)
def test_accept_encoding_is_read_with_its_quality(header, accepted):
    assert accepts_gzip(header) is accepted
