"""The FastAPI app: API routers plus the built web app with its client-side routes."""

import importlib
import logging
import pkgutil
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import APIRouter, FastAPI
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles

import api
from api.core.config import get_settings
from api.core.db import dispose_engine
from api.core.errors import install_error_handlers
from api.core.middleware import RequestContextMiddleware


def domain_routers() -> list[APIRouter]:
    """Every api/<domain>/router.py that defines `router`, in a stable order."""
    routers = []
    for info in sorted(pkgutil.iter_modules(api.__path__), key=lambda m: m.name):
        if info.ispkg and (Path(api.__path__[0]) / info.name / "router.py").is_file():
            module = importlib.import_module(f"api.{info.name}.router")
            routers.append(module.router)
    return routers


# Strict, and the built app works under it (no inline scripts, no eval).
CSP = (
    "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; "
    "script-src 'self'; connect-src 'self'; font-src 'self' data:; object-src 'none'; "
    "base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
)


@asynccontextmanager
async def lifespan(_: FastAPI):
    yield
    await dispose_engine()


def create_app() -> FastAPI:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s %(message)s")
    app = FastAPI(title="Merit", version="0.1.0", lifespan=lifespan)
    install_error_handlers(app)
    app.add_middleware(RequestContextMiddleware)
    for router in domain_routers():
        app.include_router(router)

    @app.get("/healthz", include_in_schema=False)
    async def healthz():
        return {"status": "ok"}

    @app.api_route(
        "/api/{rest:path}",
        methods=["GET", "POST", "PUT", "PATCH", "DELETE"],
        include_in_schema=False,
    )
    async def api_not_found(rest: str):
        return JSONResponse({"message": "Not found"}, status_code=404)

    _mount_web(app, get_settings().web_dist)
    return app


def _mount_web(app: FastAPI, dist: Path) -> None:
    """Serve the built SPA: real files as they are, every other path gets index.html."""
    index = dist / "index.html"
    if (dist / "assets").is_dir():
        app.mount("/assets", StaticFiles(directory=dist / "assets"), name="assets")

    # A plain def: file-system checks run in the thread pool, off the event loop.
    @app.get("/{path:path}", include_in_schema=False)
    def spa(path: str):
        candidate = (dist / path).resolve()
        if path and candidate.is_file() and dist.resolve() in candidate.parents:
            return FileResponse(candidate)
        if index.is_file():
            return FileResponse(
                index, headers={"content-security-policy": CSP, "cache-control": "no-cache"}
            )
        return JSONResponse(
            {"message": "The web app is not built. Run `make dev` or `npm run build`."},
            status_code=503,
        )
