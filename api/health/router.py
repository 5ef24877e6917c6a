"""Liveness (/healthz), readiness (/readyz) and Prometheus metrics (/metrics).

Kept out of the OpenAPI document: they are for load balancers, orchestrators and Prometheus,
not for the web client.
"""

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from api.core.observability import metrics_authorized, render_metrics
from api.health import service

router = APIRouter(tags=["health"])


@router.api_route("/healthz", methods=["GET", "HEAD"], include_in_schema=False)
async def healthz():
    """The process is up and serving; checks nothing else (a liveness probe)."""
    return {"status": "ok"}


@router.api_route("/readyz", methods=["GET", "HEAD"], include_in_schema=False)
async def readyz():
    """Postgres and Redis answer and every schema is migrated: send traffic here."""
    state = await service.get_readiness()
    body = {
        "status": "ok" if state.ok else "unavailable",
        "message": state.message,
        "checks": state.checks,
    }
    return JSONResponse(
        body, status_code=200 if state.ok else 503, headers={"cache-control": "no-store"}
    )


@router.get("/metrics", include_in_schema=False)
async def metrics(request: Request):
    if not metrics_authorized(request.headers.get("authorization")):
        return JSONResponse(
            {"message": "Not authenticated"},
            status_code=401,
            headers={"www-authenticate": "Bearer"},
        )
    await service.refresh_tenant_counts()
    body, content_type = render_metrics()
    return Response(body, headers={"content-type": content_type, "cache-control": "no-store"})
