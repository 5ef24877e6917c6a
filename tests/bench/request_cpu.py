"""CPU per request of the load mix, in one process: a repeatable figure for comparing changes
to the request path (the full load test is too noisy on a shared 2-core machine for that).

Seeds the same organisations as tests/bench/load.py (fewer by default), signs in through the
API, then replays one fixed sequence of the load mix (same random seed every run) through the
ASGI app, a few callers at a time, and prints the process CPU per request (client included,
uvicorn not) and per route. Postgres runs in its own processes and is not counted.

    uv run python tests/bench/request_cpu.py [--orgs 50] [--big 10000] [--requests 4000]
"""

import argparse
import asyncio
import cProfile
import os
import pstats
import random
import shutil
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))

import load  # noqa: E402  (tests/bench/load.py: seeding, sign-in and the mix)


class PrepareCounter:
    """Counts the statements asyncpg asks Postgres to prepare (a parse and plan each), which a
    statement whose SQL differs per call, or a too-small cache, multiplies."""

    def __init__(self) -> None:
        import asyncpg.connection

        self.count = 0
        original = asyncpg.connection.Connection._get_statement
        counter = self

        async def counted(conn: Any, query: str, *args: Any, **kw: Any) -> Any:
            use_cache = kw.get("use_cache", True)
            key = (query, kw.get("record_class") or conn._protocol.get_record_class(), False)
            if not use_cache or conn._stmt_cache.get(key) is None:
                counter.count += 1
            return await original(conn, query, *args, **kw)

        asyncpg.connection.Connection._get_statement = counted  # type: ignore[method-assign]


PREPARES: PrepareCounter | None = None


async def replay(
    client: httpx.AsyncClient,
    mix: load.Mix,
    count: int,
    callers: int,
    only: str | None,
    profiled: bool,
) -> None:
    rng = random.Random(11)
    requests = [mix.pick(rng) for _ in range(count)]
    cpu_by_route: dict[str, list[float]] = defaultdict(list)
    failures = 0

    async def one(req: load.Req) -> None:
        nonlocal failures
        reply = await client.request(
            req.method, req.url, json=req.body, headers={"cookie": f"merit_sid={req.sid}"}
        )
        if reply.status_code != req.expect:
            failures += 1

    # Warm-up: every route and organisation once, so compile caches are filled.
    for req in requests[: count // 4]:
        await one(req)
    measured = requests[count // 4 :]
    if only:
        measured = [req for req in measured if req.label.startswith(only)]
    profile = cProfile.Profile() if only and profiled else None
    if profile:
        profile.enable()
    prepared_before = PREPARES.count if PREPARES else 0
    began_cpu, began = time.process_time(), time.perf_counter()
    for i in range(0, len(measured), callers):
        batch = measured[i : i + callers]
        cpu = time.process_time()
        await asyncio.gather(*(one(req) for req in batch))
        spent = (time.process_time() - cpu) / len(batch)
        for req in batch:
            cpu_by_route[req.label].append(spent)
    if profile:
        profile.disable()
        pstats.Stats(profile).sort_stats("tottime").print_stats(40)
        pstats.Stats(profile).sort_stats("cumulative").print_stats(60)
        if os.environ.get("CALLERS_OF"):
            pstats.Stats(profile).print_callers(os.environ["CALLERS_OF"])
    cpu_ms = (time.process_time() - began_cpu) * 1000 / len(measured)
    wall_ms = (time.perf_counter() - began) * 1000 / len(measured)
    print(f"n={len(measured)} requests, {callers} at a time: {cpu_ms:.2f} ms CPU per request "
          f"({wall_ms:.2f} ms wall), {failures} unexpected statuses")  # fmt: skip
    if PREPARES:
        prepared = PREPARES.count - prepared_before
        print(
            f"  statements prepared by Postgres: {prepared} ({prepared / len(measured):.2f} per request)"
        )
    print("  per route (ms CPU; with several callers, of the batches it was in):")
    print(f"    {'route':<44}{'n':>6}{'ms CPU':>8}")
    for label, values in sorted(cpu_by_route.items(), key=lambda kv: -sum(kv[1])):
        print(f"    {label:<44}{len(values):>6}{sum(values) * 1000 / len(values):>8.2f}")


async def amain(args: argparse.Namespace) -> None:
    data = Path(tempfile.mkdtemp(prefix="merit-cpu-"))
    os.environ["MERIT_DATA_DIR"] = str(data)
    os.environ["MERIT_WEB_DIST"] = str(data / "no-web")
    os.environ["MERIT_ENV"] = "production"
    os.environ["MERIT_SECRET_KEY"] = "x" * 64
    os.environ["MERIT_RATE_LIMIT"] = "100000/minute"
    os.environ["MERIT_METRICS_TOKEN"] = "x" * 32
    os.environ["MERIT_ALLOW_EMBEDDED_SERVICES"] = "true"
    # Called as http://localhost, which production accepts only as an allowed origin.
    os.environ["MERIT_ALLOWED_ORIGINS"] = '["http://localhost"]'
    for key in ("DATABASE_URL", "REDIS_URL"):
        os.environ.pop(key, None)

    from api.core.embedded import ensure_services, stop_services

    global PREPARES
    PREPARES = PrepareCounter()

    ensure_services(data, redis=True)
    import logging

    from api.core.db import dispose_engine
    from api.main import create_app
    from tenants.migrate import migrate_all

    assert (await migrate_all()).ok
    orgs = await load.create_orgs(args.orgs, args.big, random.Random(7))
    await load.seed(orgs, load.pg_dsn(os.environ["DATABASE_URL"]))
    await dispose_engine()
    app = create_app()
    for quiet in ("merit.access", "httpx"):
        logging.getLogger(quiet).setLevel(logging.WARNING)
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app, client=("127.0.0.1", 5000))
        async with httpx.AsyncClient(transport=transport, base_url="http://localhost") as client:
            for org in orgs:
                for role in ("admin", "manager"):
                    org.sids[role] = await load.sign_in(client, org, role)
            only = args.profile or args.only
            await replay(
                client, load.Mix(orgs), args.requests, args.callers, only, bool(args.profile)
            )
    await dispose_engine()
    stop_services()
    shutil.rmtree(data, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--orgs", type=int, default=50)
    parser.add_argument("--big", type=int, default=10000)
    parser.add_argument("--requests", type=int, default=4000)
    parser.add_argument(
        "--callers", type=int, default=1, help="concurrent requests (1: exact per-route CPU)"
    )
    parser.add_argument("--only", metavar="LABEL", help="measure only routes whose label starts so")
    parser.add_argument("--profile", metavar="LABEL", help="the same, under cProfile")
    asyncio.run(amain(parser.parse_args()))


if __name__ == "__main__":
    main()
