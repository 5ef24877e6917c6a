"""Pure ASGI middleware: request ids and the access log, the Origin check, security headers
and cookie flags, request body limits, and the sign-in rate limit."""

import logging
import re
import time
import uuid
from fnmatch import fnmatchcase

import anyio.to_thread
from starlette.datastructures import Headers, MutableHeaders
from starlette.exceptions import HTTPException
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from zlib_ng import zlib_ng

from api.core import request_context
from api.core.config import MB, get_settings
from api.core.observability import BODY_TOO_LARGE, RATE_LIMITED, record_request, request_id_var
from api.core.origins import cross_site, host_allowed
from api.core.rate_limit import RateLimiter

log = logging.getLogger("merit.http")
access_log = logging.getLogger("merit.access")

# Strict, and the built app works under it: no inline scripts, no eval. Images may come from
# any https URL because organisation logos and profile photos are URLs the users give.
CSP = (
    "default-src 'self'; img-src 'self' data: blob: https:; style-src 'self' 'unsafe-inline'; "
    "script-src 'self'; connect-src 'self'; font-src 'self' data:; object-src 'none'; "
    "base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
)
PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=()"
# FastAPI's interactive docs load their script from a CDN; they are off in production.
CSP_EXEMPT = ("/docs", "/redoc")
# Probes and scrapes would drown the access log; they are logged at DEBUG.
QUIET_PATHS = {"/healthz", "/readyz", "/metrics"}
_REQUEST_ID = re.compile(r"^[A-Za-z0-9._:-]{1,64}$")


def _harden_cookie(value: bytes, secure: bool) -> bytes:
    """Adds HttpOnly, SameSite=Lax and (when due) Secure to a Set-Cookie value lacking them."""
    text = value.decode("latin-1")
    attrs = {part.strip().split("=", 1)[0].lower() for part in text.split(";")[1:]}
    if "httponly" not in attrs:
        text += "; HttpOnly"
    if "samesite" not in attrs:
        text += "; SameSite=lax"
    if secure and "secure" not in attrs:
        text += "; Secure"
    return text.encode("latin-1")


def _security_headers(
    headers: list[tuple[bytes, bytes]], *, path: str, https: bool
) -> list[tuple[bytes, bytes]]:
    settings = get_settings()
    secure_cookies = (
        settings.cookie_secure
        if settings.cookie_secure is not None
        else https or settings.is_production
    )
    out: list[tuple[bytes, bytes]] = []
    has_csp = has_cache_rule = False
    for name, value in headers:
        lower = name.lower()
        if lower == b"set-cookie":
            value = _harden_cookie(value, secure_cookies)
        elif lower == b"content-security-policy":
            has_csp = True
        elif lower == b"cache-control":
            has_cache_rule = True
        out.append((name, value))
    # API replies hold people's records: no browser or proxy keeps a copy (a shared computer's
    # cache, a back button after sign-out) unless the route says otherwise (logos do).
    if not has_cache_rule and path.startswith("/api/"):
        out.append((b"cache-control", b"no-store"))
    if not has_csp and not path.startswith(CSP_EXEMPT):
        out.append((b"content-security-policy", CSP.encode()))
    out += [
        (b"x-content-type-options", b"nosniff"),
        (b"referrer-policy", b"strict-origin-when-cross-origin"),
        (b"x-frame-options", b"DENY"),
        (b"permissions-policy", PERMISSIONS_POLICY.encode()),
    ]
    # Browsers ignore HSTS received over plain HTTP, so production sends it regardless: a proxy
    # that forgets X-Forwarded-Proto then still gets it to the browser over TLS.
    if https or settings.is_production:
        out.append((b"strict-transport-security", b"max-age=31536000; includeSubDomains"))
    return out


class RequestContextMiddleware:
    """Tags each request with an id (X-Request-ID, also on every log line written while it
    runs), refuses cross-site state changes (the Origin must be the request's own host), adds
    the security headers and cookie flags, writes the access log and the request metrics.
    Outermost of ours, so it also sees the guards' refusals."""

    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        incoming = headers.get("x-request-id", "")
        request_id = incoming if _REQUEST_ID.match(incoming) else uuid.uuid4().hex
        scope.setdefault("state", {})["request_id"] = request_id
        token = request_id_var.set(request_id)
        client = scope.get("client")
        context = request_context.begin(client[0] if client else None, request_id)
        path = scope["path"]
        https = scope.get("scheme") == "https"
        started = time.perf_counter()
        status = 500

        async def send_with_headers(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                message["headers"] = [
                    *_security_headers(list(message.get("headers", [])), path=path, https=https),
                    (b"x-request-id", request_id.encode()),
                ]
            await send(message)

        refusal = _refusal(scope, headers)
        try:
            if refusal is not None:
                await refusal(scope, receive, send_with_headers)
            else:
                await self.app(scope, receive, send_with_headers)
        except BaseException:
            # The request id stays set so the error handler's log line carries it; each
            # request runs in a task of its own, so it cannot leak into the next one.
            _log_access(scope, 500, started, request_id)
            record_request(scope, 500, time.perf_counter() - started)
            raise
        _log_access(scope, status, started, request_id)
        record_request(scope, status, time.perf_counter() - started)
        request_id_var.reset(token)
        request_context.end(context)


def _refusal(scope: Scope, headers: Headers) -> JSONResponse | None:
    """A Host that is not ours (400), before any handler can build something from it; a
    cross-site change (403). Probes are exempt from the Host check: orchestrators call them
    by IP address, and they answer nothing built from the Host."""
    if scope["path"] not in QUIET_PATHS and not host_allowed(headers.get("host", "")):
        return JSONResponse({"message": "Invalid Host header"}, status_code=400)
    if cross_site(scope["method"], scope["path"], headers, scheme=scope.get("scheme", "http")):
        return JSONResponse({"message": "Cross-site request refused"}, status_code=403)
    return None


def _log_access(scope: Scope, status: int, started: float, request_id: str) -> None:
    path = scope["path"]
    level = logging.INFO
    if path in QUIET_PATHS:
        level = logging.DEBUG
    elif status >= 500:
        level = logging.ERROR
    if not access_log.isEnabledFor(level):
        return
    client = scope.get("client")
    access_log.log(
        level,
        "%s %s %d",
        scope["method"],
        path,
        status,
        extra={
            "method": scope["method"],
            "path": path,
            "status": status,
            "duration_ms": round((time.perf_counter() - started) * 1000, 1),
            "client": client[0] if client else None,
            "request_id": request_id,
        },
    )


# ----------------------------------------------------------------------------- body limits


class BodyTooLarge(HTTPException):
    """Raised from receive(); FastAPI passes HTTPExceptions through, so the app's one error
    handler answers it as JSON {"message": ...} with 413."""

    def __init__(self, limit: int):
        size = f"{limit / MB:.1f}".removesuffix(".0")
        super().__init__(413, f"The request is too large (the limit is {size} MB).")


class BodyLimitMiddleware:
    """Refuses request bodies above a limit chosen by path prefix (the longest matching prefix
    in `limits`, else `default`): at once when Content-Length says so, and while streaming
    otherwise, so chunked bodies are counted too and never buffered whole."""

    def __init__(self, app: ASGIApp, *, default: int, limits: dict[str, int]):
        self.app = app
        self.default = default
        self.prefixes = sorted(limits.items(), key=lambda kv: len(kv[0]), reverse=True)

    def limit_for(self, path: str) -> int:
        for prefix, limit in self.prefixes:
            if path.startswith(prefix):
                return limit
        return self.default

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.limit_for(scope["path"])
        declared = Headers(scope=scope).get("content-length")
        if declared and declared.isdigit() and int(declared) > limit:
            BODY_TOO_LARGE.inc()
            error = BodyTooLarge(limit)
            reply = JSONResponse({"message": error.detail}, status_code=413)
            await reply(scope, receive, send)
            return

        received = 0
        started = False

        async def limited_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    BODY_TOO_LARGE.inc()
                    raise BodyTooLarge(limit)
            return message

        async def tracking_send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, limited_receive, tracking_send)
        except BodyTooLarge as exc:
            # Only reached when something between here and the router let it through.
            if started:
                raise
            reply = JSONResponse({"message": exc.detail}, status_code=413)
            await reply(scope, receive, send)


# ------------------------------------------------------------------------------ rate limit


class RateLimitMiddleware:
    """A per-client limit (e.g. 20/minute per IP address) on the sign-in and reset endpoints,
    a moving window (api.core.rate_limit): counts live in this process, or in Redis when
    `redis_url` is given; if Redis fails, this process counts alone for a while (fail open),
    so a Redis outage never locks anyone out. The client address is the one uvicorn resolved
    (X-Forwarded-For from trusted proxies: FORWARDED_ALLOW_IPS)."""

    def __init__(
        self, app: ASGIApp, *, limit: str, patterns: list[str], redis_url: str | None = None
    ):
        self.app = app
        self.patterns = patterns
        self.limiter = RateLimiter(limit, redis_url=redis_url)

    def rule_for(self, path: str) -> str | None:
        for pattern in self.patterns:
            if fnmatchcase(path, pattern):
                return pattern
        return None

    async def _hit(self, rule: str, client: str) -> tuple[bool, float]:
        """(allowed, seconds until a slot frees) for one request."""
        return await self.limiter.hit(rule, client)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] == "OPTIONS":
            await self.app(scope, receive, send)
            return
        rule = self.rule_for(scope["path"])
        if rule is None:
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        allowed, wait = await self._hit(rule, client[0] if client else "unknown")
        if allowed:
            await self.app(scope, receive, send)
            return
        RATE_LIMITED.labels(rule).inc()
        seconds = int(wait + 0.999)
        reply = JSONResponse(
            {"message": f"Too many attempts. Please try again in {seconds} seconds."},
            status_code=429,
            headers={"retry-after": str(seconds)},
        )
        await reply(scope, receive, send)


# ----------------------------------------------------------------------------- compression

# Whole replies of 1 KB or more go gzipped to clients that accept it (browsers do): JSON
# shrinks 8-17 times (a 300-person organisation's review list, each review embedding its
# employee and its template: 1.3 MB -> about 90 KB). Level 1, nginx's default, by zlib-ng:
# a 900 KB list takes 0.6 ms there against 2.8 ms with the standard library's zlib, for
# output about a fifth larger; compression was a tenth of the server's CPU under the load
# test's mix. From 1 MB on, in a thread, off the event loop. Streamed replies (downloads of
# documents, backups and logos) go as they are, with their Content-Length: a browser shows
# download progress from it, and most such files are compressed already.
COMPRESS_MIN_BYTES = 1024
COMPRESS_LEVEL = 1
COMPRESS_IN_THREAD_BYTES = 1024 * 1024
_COMPRESSIBLE = re.compile(r"^(application/(json|javascript)|text/[a-z-]+|image/svg\+xml)\b")


def accepts_gzip(accept_encoding: str) -> bool:
    """Whether an Accept-Encoding header admits gzip (`gzip;q=0` refuses it)."""
    for part in accept_encoding.lower().split(","):
        coding, _, params = part.partition(";")
        if coding.strip() in ("gzip", "*"):
            q = params.strip().removeprefix("q=").strip()
            return q == "" or q.strip("0.") != ""
    return False


def _gzip(body: bytes) -> bytes:
    return zlib_ng.compress(body, COMPRESS_LEVEL, wbits=31)  # 31: the gzip format


class CompressionMiddleware:
    """gzip for whole replies (see above); the reply's bytes are otherwise untouched."""

    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not accepts_gzip(
            Headers(scope=scope).get("accept-encoding", "")
        ):
            await self.app(scope, receive, send)
            return
        start: Message | None = None

        async def send_compressed(message: Message) -> None:
            nonlocal start
            if message["type"] == "http.response.start":
                start = message  # held until the body shows whether to compress
                return
            if start is None:  # the rest of a streamed reply
                await send(message)
                return
            first, start = start, None
            body = message.get("body", b"")
            headers = MutableHeaders(raw=first.setdefault("headers", []))
            if (
                not message.get("more_body", False)
                and len(body) >= COMPRESS_MIN_BYTES
                and "content-encoding" not in headers
                and _COMPRESSIBLE.match(headers.get("content-type", ""))
            ):
                if len(body) >= COMPRESS_IN_THREAD_BYTES:
                    body = await anyio.to_thread.run_sync(_gzip, body)
                else:
                    body = _gzip(body)
                headers["content-encoding"] = "gzip"
                headers["content-length"] = str(len(body))
                headers.add_vary_header("Accept-Encoding")
                message["body"] = body
            await send(first)
            await send(message)

        await self.app(scope, receive, send_compressed)
