"""What the request benchmarks share: a server process on 127.0.0.1 whose port is the one it
bound itself, and, for the in-process benchmarks, each route timed four ways so that no single
favourable setting stands for the whole:

- in process (httpx.ASGITransport: no sockets, no HTTP parsing) and through `merit serve`
  (a real uvicorn process, called over loopback);
- with 1 caller (one request at a time) and with CALLERS callers (each sends its next request
  as soon as its last one answered);
- cold (the first call of each route after the app or server started, its per-process caches
  empty; Postgres's own caches are warm by then) apart from warm (after WARMUP calls per route).

A request that fails (an exception, or a status other than the one expected) counts in the
percentiles as the client's timeout and in the errors column (tests/bench/stats.py).
"""

import asyncio
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

from tests.bench.stats import Sample, counted, latency_header, latency_line, percentile

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 60.0  # seconds; a failed request counts as this long
CALLERS = 16
WARMUP = 5
COOKIE = "merit_sid"

# uvicorn names the port it bound when it starts (a port 0 asked for included).
_LISTENING = re.compile(r"Uvicorn running on https?://[^\s:]+:(\d+)")


# -------------------------------------------------------------------------- set-up


def embedded_postgres() -> Path:
    """A throw-away MERIT_DATA_DIR for this run, and an embedded Postgres in it unless
    DATABASE_URL names a server; returns the folder.

    Call it before importing any app module: settings are read from the environment set here.
    The app's modules are therefore imported inside these set-up functions, not at the top.
    """
    data = Path(tempfile.mkdtemp(prefix="merit-bench-"))
    os.environ["MERIT_DATA_DIR"] = str(data)
    os.environ.setdefault("MERIT_ENV", "test")
    os.environ.setdefault("MERIT_WEB_DIST", str(data / "no-web"))
    from api.core.config import get_settings
    from api.core.embedded import ensure_services

    ensure_services(get_settings().data_dir, redis=False)
    return data


async def run_seed(statements: list[str]) -> None:
    """The seed statements in one transaction, then the VACUUM ones on their own, since
    VACUUM cannot run inside a transaction block."""
    from sqlalchemy import text

    from api.core.db import get_engine

    vacuums = [sql for sql in statements if sql.startswith("VACUUM")]
    async with get_engine().begin() as conn:
        for sql in statements:
            if sql not in vacuums:
                await conn.execute(text(sql))
    async with get_engine().connect() as conn:
        conn = await conn.execution_options(isolation_level="AUTOCOMMIT")
        for sql in vacuums:
            await conn.execute(text(sql))


async def session_ids(organization_id: int, role: str = "admin", count: int = 1) -> list[str]:
    """Cookies of `count` people signed in to the organisation with `role`."""
    from api.auth import sessions
    from api.core.db import public_session

    data = {
        "organizationId": organization_id,
        "authenticated": True,
        "userRole": role,
        "forcePasswordChange": False,
    }
    async with public_session() as db:
        return [(await sessions.create(db, dict(data))).sid for _ in range(count)]


def machine_line() -> str:
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    return f"Machine: {os.cpu_count()} CPUs, load average {load} (other work inflates the figures)"


# -------------------------------------------------------------------------- server process


@dataclass
class ServerProcess:
    name: str
    proc: subprocess.Popen[bytes]
    base: str
    log: Path

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)  # its own process group only
                self.proc.wait(timeout=10)


def start_server(
    name: str, cmd: list[str], env: dict[str, str], log: Path, wait: float = 90
) -> ServerProcess:
    """Starts `cmd` (a uvicorn server told to bind port 0 on 127.0.0.1), reads the port it
    got from its log and waits for /healthz. The port is never chosen here: a port found free
    and closed again could be taken by another process before the server binds it."""
    with open(log, "wb") as out:
        proc = subprocess.Popen(
            cmd, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
    deadline = time.monotonic() + wait
    base = None
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"{name} exited at start; see {log}:\n{log.read_text()[-3000:]}")
        if base is None:
            found = _LISTENING.search(log.read_text(errors="replace"))
            if found:
                base = f"http://127.0.0.1:{found[1]}"
        if base is not None:
            try:
                if httpx.get(f"{base}/healthz", timeout=2).status_code == 200:
                    return ServerProcess(name, proc, base, log)
            except httpx.HTTPError:
                pass
        time.sleep(0.2)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(timeout=10)
    raise SystemExit(f"{name} did not answer /healthz in {wait:g} s; see {log}")


def merit_serve(env: dict[str, str], log: Path, workers: int = 1) -> ServerProcess:
    """`merit serve` on 127.0.0.1, on a port of its own choosing."""
    log.parent.mkdir(parents=True, exist_ok=True)
    cmd = [sys.executable, "-m", "api.cli", "serve", "--host", "127.0.0.1", "--port", "0",
           "--workers", str(workers)]  # fmt: skip
    return start_server("merit serve", cmd, {**env, "PYTHONPATH": str(ROOT)}, log)


# ------------------------------------------------------------------------------- requests


@dataclass
class Req:
    method: str
    url: str
    sid: str  # the session cookie the request carries
    json: Any = None
    expect: int = 200


@dataclass
class Route:
    label: str
    make: Callable[[int], Req]  # the i-th request of this route
    count: int | None = None  # warm requests per mode, when not the benchmark's --requests


def get_route(url: str, sid: str, label: str | None = None, count: int | None = None) -> Route:
    """GET `url` as the person of session `sid`, labelled "GET <url>" unless `label` says."""
    return Route(label or f"GET {url}", lambda i: Req("GET", url, sid), count)


async def send(client: httpx.AsyncClient, req: Req) -> tuple[Sample, httpx.Response | None]:
    started = time.perf_counter()
    try:
        reply = await client.request(
            req.method, req.url, json=req.json, headers={"cookie": f"{COOKIE}={req.sid}"}
        )
        await reply.aread()
    except httpx.HTTPError as exc:
        return Sample(time.perf_counter() - started, f"{type(exc).__name__}: {exc}"), None
    elapsed = time.perf_counter() - started
    error = None
    if reply.status_code != req.expect:
        error = f"{reply.status_code} {reply.text[:200]}"
    return Sample(elapsed, error), reply


async def drive(
    client: httpx.AsyncClient, route: Route, count: int, callers: int, first: int = 0
) -> tuple[list[Sample], float]:
    """`count` requests of `route` (numbered from `first`), `callers` at a time; the samples
    and the wall time they took."""
    samples: list[Sample] = []
    numbers = iter(range(first, first + count))

    async def caller() -> None:
        for i in numbers:
            samples.append((await send(client, route.make(i)))[0])

    started = time.perf_counter()
    await asyncio.gather(*(caller() for _ in range(min(callers, count))))
    return samples, time.perf_counter() - started


Results = dict[tuple[str, str], list[Sample]]
COLD, ONE, MANY = "cold: 1st call after start", "warm, 1 caller", f"warm, {CALLERS} callers"


async def _modes(
    client: httpx.AsyncClient, where: str, routes: list[Route], requests: int
) -> tuple[Results, dict[tuple[str, str], float]]:
    results: Results = {}
    rates: dict[tuple[str, str], float] = {}
    for route in routes:
        results[(route.label, f"{where}, {COLD}")] = (await drive(client, route, 1, 1))[0]
    for route in routes:
        await drive(client, route, WARMUP, 1, first=1)
    at = 1 + WARMUP
    for mode, callers in ((ONE, 1), (MANY, CALLERS)):
        for route in routes:
            count = route.count or requests
            samples, wall = await drive(client, route, count, callers, first=at)
            results[(route.label, f"{where}, {mode}")] = samples
            rates[(route.label, f"{where}, {mode}")] = count / wall
        at += max(route.count or requests for route in routes)
    return results, rates


async def compare(
    routes: list[Route],
    *,
    requests: int,
    app: Any,
    env: dict[str, str],
    logs: Path,
    then: Callable[[httpx.AsyncClient], Awaitable[None]] | None = None,
) -> Results:
    """Each route in process (through `app`, under its lifespan as `merit serve` runs it) and
    through a `merit serve` process started with `env`; prints one table, grouped by route.
    `then`, if given, runs in process after the routes (with the same client)."""
    results: Results = {}
    rates: dict[tuple[str, str], float] = {}
    transport = httpx.ASGITransport(app=app)
    async with (
        app.router.lifespan_context(app),
        httpx.AsyncClient(transport=transport, base_url="http://localhost", timeout=TIMEOUT) as c,
    ):
        found, speed = await _modes(c, "in process", routes, requests)
        results |= found
        rates |= speed
        if then is not None:
            await then(c)
    started = time.perf_counter()
    server = await asyncio.to_thread(merit_serve, env, logs / "merit-serve.log")
    print(f"(merit serve on {server.base}: serving after {time.perf_counter() - started:.1f} s)")
    try:
        limits = httpx.Limits(max_connections=CALLERS + 4, max_keepalive_connections=CALLERS + 4)
        async with httpx.AsyncClient(base_url=server.base, timeout=TIMEOUT, limits=limits) as c:
            found, speed = await _modes(c, "merit serve", routes, requests)
            results |= found
            rates |= speed
    finally:
        server.stop()
    print_results(routes, results, rates)
    return results


def print_results(
    routes: Iterable[Route], results: Results, rates: dict[tuple[str, str], float]
) -> None:
    width = 44
    print(latency_header(width + 2) + "   throughput")
    for route in routes:
        print(route.label)
        for (label, mode), samples in results.items():
            if label != route.label:
                continue
            rate = rates.get((label, mode))
            tail = f"   {rate:7.1f} req/s" if rate else ""
            print("  " + latency_line(mode, samples, TIMEOUT, width) + tail)
    print(
        f"  (ms; a failed request counts as {TIMEOUT:g} s; 'in process' = httpx.ASGITransport in "
        f"this process, 'merit serve' = a uvicorn process over 127.0.0.1; throughput = requests "
        f"over the wall time of that row)"
    )


def target_line(results: Results, label: str, pct: float, limit_ms: float) -> str:
    """Whether each warm mode of `label` meets p`pct` < `limit_ms`, every mode named."""
    parts = []
    for (route, mode), samples in results.items():
        if route != label or COLD in mode:
            continue
        value = percentile(counted(samples, TIMEOUT), pct) * 1000
        verdict = "met" if value < limit_ms else "NOT met"
        parts.append(f"{mode} {verdict} ({value:.1f} ms, n={len(samples)})")
    return f"Target p{pct:g} < {limit_ms:g} ms for {label}: " + "; ".join(parts)


async def sequential(call: Callable[[], Awaitable[Any]], count: int, skip: int = 0) -> list[float]:
    """Seconds of `count` awaited calls of `call` after `skip` uncounted ones."""
    times = []
    for n in range(skip + count):
        started = time.perf_counter()
        await call()
        if n >= skip:
            times.append(time.perf_counter() - started)
    return times
