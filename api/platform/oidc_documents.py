"""Reading an OpenID Connect provider's JSON documents (discovery, keys) from an address
that may be an administrator's typing: only http(s), a time limit, a size limit, and no
redirect followed. FetchFailed says what went wrong in words an administrator can act on."""

import json
from typing import Any

import httpx

HTTP_TIMEOUT = 10.0
# A discovery document or key set is a few kilobytes; an address that streams more is not one.
MAX_DOCUMENT_BYTES = 1_000_000


class FetchFailed(ValueError):
    """A provider document could not be read; the text says why."""


def is_web_address(value: Any) -> bool:
    return isinstance(value, str) and value.lower().startswith(("https://", "http://"))


async def _read_body(url: str) -> bytes:
    # Redirects are not followed: a provider's documents live at the addresses it names, and
    # a redirect could lead a request of ours anywhere (another scheme, another host).
    async with (
        httpx.AsyncClient(timeout=HTTP_TIMEOUT, follow_redirects=False) as client,
        client.stream("GET", url, headers={"accept": "application/json"}) as reply,
    ):
        if reply.is_redirect:
            target = reply.headers.get("location", "")[:200]
            raise FetchFailed(f"{url} answered with a redirect to {target} (not followed)")
        if not reply.is_success:
            raise FetchFailed(f"{url} answered HTTP {reply.status_code}")
        body = bytearray()
        async for chunk in reply.aiter_bytes():
            body += chunk
            if len(body) > MAX_DOCUMENT_BYTES:
                raise FetchFailed(f"{url} answered more than {MAX_DOCUMENT_BYTES} bytes")
    return bytes(body)


async def get_json(url: str) -> dict[str, Any]:
    """One of the provider's JSON documents; FetchFailed says why it could not be read."""
    if not is_web_address(url):
        raise FetchFailed(f"{url[:200]} is not an http(s) address")
    try:
        body = await _read_body(url)
    except httpx.TimeoutException as exc:
        raise FetchFailed(f"{url} did not answer within {HTTP_TIMEOUT:g} seconds") from exc
    except (httpx.HTTPError, httpx.InvalidURL) as exc:
        raise FetchFailed(f"{url} could not be reached ({type(exc).__name__})") from exc
    try:
        data = json.loads(body)
    except ValueError as exc:
        raise FetchFailed(f"{url} did not answer JSON") from exc
    if not isinstance(data, dict):
        raise FetchFailed(f"{url} did not answer a JSON object")
    return data
