"""The FastAPI app: API routers plus the built web app with its client-side routes."""

import gc
import html
import importlib
import json
import pkgutil
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.middleware.gzip import GZipMiddleware
from starlette.types import ASGIApp, Message, Receive, Scope, Send

import api
from api.auth import sessions
from api.core.config import get_settings
from api.core.db import dispose_engine
from api.core.errors import ErrorBody, install_error_handlers
from api.core.middleware import (
    BodyLimitMiddleware,
    CompressionMiddleware,
    RateLimitMiddleware,
    RequestContextMiddleware,
)
from api.core.observability import configure_logging
from api.core.rate_limit import shared_store_url

# Requests are matched against the routes one by one, in order (about 100 of them), so the
# domains behind the busiest screens come first; the rest follow by name. No two domains share
# a path and method, so the order never changes which route answers.
BUSIEST_DOMAINS = ("employees", "reviews", "dashboard", "reminders", "notes", "auth")


def _route_order(name: str) -> tuple[int, str]:
    busy = BUSIEST_DOMAINS.index(name) if name in BUSIEST_DOMAINS else len(BUSIEST_DOMAINS)
    return busy, name


def domain_routers() -> list[APIRouter]:
    """Every api/<domain>/router.py that defines `router`, busiest first, then by name."""
    routers = []
    for info in sorted(pkgutil.iter_modules(api.__path__), key=lambda m: _route_order(m.name)):
        if info.ispkg and (Path(api.__path__[0]) / info.name / "router.py").is_file():
            module = importlib.import_module(f"api.{info.name}.router")
            routers.append(module.router)
    return routers


GC_YOUNG_THRESHOLD = 50_000


# Every operation may answer these with {"message": ...}; documented so clients and the
# schema fuzzer know them.
ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorBody, "description": text}
    for code, text in [
        (400, "Invalid input"),
        (401, "Not signed in"),
        (403, "Not allowed"),
        (404, "Not found"),
        (409, "Conflict"),
        (413, "Too large"),
        (429, "Too many requests"),
        (503, "Temporarily unavailable"),
    ]
}


@asynccontextmanager
async def lifespan(_: FastAPI):
    # Everything loaded at start-up (modules, routes, schemas) lives as long as the process:
    # keep it out of the collector's scans, and collect the young generation less often.
    # Each request allocates thousands of short-lived objects (ORM rows, models), and the
    # default threshold of 700 ran a collection several times per request.
    gc.collect()
    gc.freeze()
    gc.set_threshold(GC_YOUNG_THRESHOLD, *gc.get_threshold()[1:])
    yield
    await dispose_engine()


def create_app() -> FastAPI:
    settings = get_settings()
    configure_logging(settings)
    # The interactive docs need a CDN script the CSP refuses; production does without them,
    # and serves the route list (/openapi.json) only when MERIT_OPENAPI asks for it.
    # (`merit openapi` builds the document either way.)
    prod = settings.is_production
    app = FastAPI(
        title="Merit",
        version="0.1.0",
        lifespan=lifespan,
        responses=ERROR_RESPONSES,
        openapi_url="/openapi.json" if settings.serves_openapi else None,
        docs_url=None if prod else "/docs",
        redoc_url=None if prod else "/redoc",
    )
    install_error_handlers(app)
    # Added innermost first: request id, headers, Origin, metrics › rate limit › body limit ›
    # compression.
    app.add_middleware(CompressionMiddleware)
    app.add_middleware(
        BodyLimitMiddleware, default=settings.max_body_bytes, limits=settings.body_limits
    )
    app.add_middleware(
        RateLimitMiddleware,
        limit=settings.sign_in_rate_limit,
        patterns=settings.rate_limit_paths,
        redis_url=shared_store_url(settings),
    )
    app.add_middleware(RequestContextMiddleware)
    for router in domain_routers():
        app.include_router(router)

    @app.api_route(
        "/api/{rest:path}",
        methods=["GET", "POST", "PUT", "PATCH", "DELETE"],
        include_in_schema=False,
    )
    async def api_not_found(rest: str):
        return JSONResponse({"message": "Not found"}, status_code=404)

    _mount_web(app, get_settings().web_dist)
    return app


# The code a signed-in visit needs first (Vite manifest keys), and the dashboard's at "/".
SIGNED_IN_CODE = ("src/app/authenticated-app.tsx",)
DASHBOARD_CODE = ("src/app/routes/dashboard.tsx",)


def _preloads(dist: Path, keys: tuple[str, ...]) -> list[str]:
    """The files of these lazy chunks and of what they import, leaving out the entry's own
    (the page preloads those already), from the build's manifest; none without one."""
    try:
        manifest = json.loads((dist / ".vite" / "manifest.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    seen: set[str] = set()

    def closure(key: str) -> list[str]:
        if key in seen or key not in manifest:
            return []
        seen.add(key)
        found = [f for dep in manifest[key].get("imports", []) for f in closure(dep)]
        return [*found, manifest[key]["file"]]

    for key, item in manifest.items():
        if item.get("isEntry"):
            closure(key)
    return [f for key in keys for f in closure(key)]


def _page(index: Path, has_session_cookie: bool, preload: tuple[str, ...] = ()) -> str:
    """The web app's page, telling it the base domain: organisations live at `{code}.{base}`,
    and only the server knows where the code ends and the base begins (`acme.merit.example.com`
    or `acme.localhost`). Without a session cookie (which scripts cannot read) it says so too:
    the app then shows a visitor the landing page without first asking who is signed in. With
    one, the signed-in app's code is fetched along with the page's instead of after it."""
    base = html.escape(get_settings().base_domain.lower(), quote=True)
    tags = [f'<meta name="merit-base-domain" content="{base}" />']
    if not has_session_cookie:
        tags.append('<meta name="merit-session" content="none" />')
    else:
        for file in _preloads(index.parent, preload):
            tags.append(f'<link rel="modulepreload" crossorigin href="/{html.escape(file)}" />')
    head = "".join(f"    {tag}\n" for tag in tags)
    return index.read_text(encoding="utf-8").replace("</head>", f"{head}  </head>", 1)


IMMUTABLE = b"public, max-age=31536000, immutable"


class _Immutable:
    """Found files under /assets are kept by browsers for a year: the build names each one by
    a hash of its content, so a changed file always has a new name. Misses are not cached."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        async def send_cached(message: Message) -> None:
            if message["type"] == "http.response.start" and message["status"] in (200, 304):
                kept = message.get("headers", [])
                headers = [h for h in kept if h[0].lower() != b"cache-control"]
                headers.append((b"cache-control", IMMUTABLE))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_cached)


def _mount_web(app: FastAPI, dist: Path) -> None:
    """Serve the built SPA: real files as they are, every other path gets index.html."""
    index = dist / "index.html"
    if (dist / "assets").is_dir():
        # Compressed here so the first load is small even without a proxy in front.
        files = GZipMiddleware(StaticFiles(directory=dist / "assets"), minimum_size=1024)
        app.mount("/assets", _Immutable(files), name="assets")

    # A plain def: file-system checks run in the thread pool, off the event loop.
    # HEAD too: uptime monitors and link checkers ask with it.
    @app.api_route("/{path:path}", methods=["GET", "HEAD"], include_in_schema=False)
    def spa(path: str, request: Request):
        candidate = (dist / path).resolve()
        if path and candidate.is_file() and dist.resolve() in candidate.parents:
            return FileResponse(candidate)
        if index.is_file():
            # The CSP and the other security headers come from RequestContextMiddleware.
            preload = SIGNED_IN_CODE + (DASHBOARD_CODE if path in ("", "/") else ())
            page = _page(index, sessions.COOKIE in request.cookies, preload)
            return HTMLResponse(page, headers={"cache-control": "no-cache"})
        return JSONResponse(
            {"message": "The web app is not built. Run `make dev` or `npm run build`."},
            status_code=503,
        )
