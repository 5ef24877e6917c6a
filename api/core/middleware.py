"""Pure ASGI middleware: request ids, the Origin check and security headers."""

import logging
import time
import uuid
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from api.core.config import get_settings

log = logging.getLogger("merit.http")
UNSAFE = {"POST", "PUT", "PATCH", "DELETE"}


def _origin_allowed(origin: str, host: str) -> bool:
    parts = urlsplit(origin)
    if parts.netloc and parts.netloc.lower() == host.lower():
        return True
    return origin.rstrip("/") in get_settings().allowed_origins


class RequestContextMiddleware:
    """Tags each request with an id (X-Request-ID), refuses cross-site state changes
    (the Origin must be the request's own host), and adds the security headers."""

    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        request_id = headers.get("x-request-id") or uuid.uuid4().hex
        request_id = request_id[:64]
        scope.setdefault("state", {})["request_id"] = request_id
        origin = headers.get("origin")
        if (
            scope["method"] in UNSAFE
            and origin
            and origin != "null"
            and not _origin_allowed(origin, headers.get("host", ""))
        ):
            reply = JSONResponse({"message": "Cross-site request refused"}, status_code=403)
            await reply(scope, receive, send)
            return
        if scope["method"] in UNSAFE and origin == "null":
            reply = JSONResponse({"message": "Cross-site request refused"}, status_code=403)
            await reply(scope, receive, send)
            return

        https = scope.get("scheme") == "https"
        started = time.perf_counter()

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                extra = [
                    (b"x-request-id", request_id.encode()),
                    (b"x-content-type-options", b"nosniff"),
                    (b"referrer-policy", b"strict-origin-when-cross-origin"),
                    (b"x-frame-options", b"DENY"),
                ]
                if https:
                    extra.append(
                        (b"strict-transport-security", b"max-age=31536000; includeSubDomains")
                    )
                message["headers"] = list(message.get("headers", [])) + extra
            await send(message)

        try:
            await self.app(scope, receive, send_with_headers)
        finally:
            elapsed = (time.perf_counter() - started) * 1000
            log.debug("%s %s %.1fms id=%s", scope["method"], scope["path"], elapsed, request_id)
