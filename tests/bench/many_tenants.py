"""Many organisations on one Postgres: the same read mix spread over all of them, then
concentrated on a few, through `merit serve`.

Provisions N organisations (10,000 by default; `--smoke`: 300, quick enough for `make test`),
seeds each lightly (a few employees and reviews), then serves the read mix (employee list,
the Reviews screen's first page, dashboard stats, upcoming reviews, reminders) through a
fresh `merit serve` per phase: first concentrated on 50 organisations, then spread over all N,
then spread again with MERIT_DB_HOME_CONNECTIONS=false (connections taken in turn, the
baseline of api/core/home_pool.py).
For each phase it prints throughput, p50/p95/p99, the Postgres CPU per request (every
Postgres process's CPU from /proc, over the phase) and the server's backends' own memory
(the anonymous memory in /proc/PID/smaps_rollup of the server's connections in
pg_stat_activity), then the ratios.

    uv run python tests/bench/many_tenants.py [--smoke] [--orgs N] [--requests N]
        [--keep DIR] [--soak SECONDS] [--warm-all] [--pgbouncer HOMES] [--alternate PAIRS]
        [--shared-buffers SIZE] [--plan-cache-mode MODE]

It starts its own embedded Postgres in a temporary MERIT_DATA_DIR and removes it at the end;
with `--keep DIR` it uses DIR instead and leaves it, so a second run on the same DIR skips
provisioning and seeding (10,000 organisations take about six minutes to make). `--soak`
then serves the spread mix for that many seconds more, printing each minute the backends'
memory, to show whether the per-connection budget holds it. `--pgbouncer HOMES` serves the
phases through a PgBouncer in transaction mode instead: concentrated and spread with HOMES
home databases (MERIT_DB_POOLER_HOMES), then spread again with none (the baseline there).
Merit's own settings come from the environment, e.g. MERIT_DB_SCHEMA_IN_STATEMENTS=true
MERIT_DB_STATEMENT_CACHE=10000 for a statement per organisation (deploy/README.md).
"""

import argparse
import asyncio
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))


def _arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--smoke", action="store_true", help="300 organisations, fewer requests")
    parser.add_argument("--orgs", type=int, help="organisations (default 10,000; smoke 300)")
    parser.add_argument("--requests", type=int, help="measured requests per phase")
    parser.add_argument("--employees", type=int, default=12)
    parser.add_argument("--reviews", type=int, default=20)
    parser.add_argument("--keep", type=Path, help="data folder to reuse and leave in place")
    parser.add_argument("--soak", type=int, default=0, help="seconds of spread traffic after")
    parser.add_argument(
        "--shared-buffers",
        default="128MB",
        help="Postgres shared_buffers for the run (its default 128MB; a server sized as the "
        "deploy guide says has about a quarter of its memory: 6GB here)",
    )
    parser.add_argument(
        "--plan-cache-mode",
        choices=["auto", "force_generic_plan", "force_custom_plan"],
        default="auto",
        help="Postgres plan_cache_mode for the run (its default auto: a prepared statement's "
        "first five runs are planned for their values, later ones may reuse a generic plan)",
    )
    parser.add_argument(
        "--pgbouncer",
        type=int,
        default=0,
        metavar="HOMES",
        help="serve every phase through PgBouncer 1.24 in transaction mode (tests/bench/"
        "bouncer.py): concentrated and spread with HOMES home databases, then spread with none",
    )
    parser.add_argument(
        "--home-reserve",
        type=int,
        default=1,
        help="with --pgbouncer: server connections each home database adds after 20 ms",
    )
    parser.add_argument(
        "--alternate",
        type=int,
        default=0,
        metavar="PAIRS",
        help="then, on one server warmed on every organisation, PAIRS pairs of 20 s windows "
        "concentrated / spread, and the ratio of their medians (no phase-order bias)",
    )
    parser.add_argument(
        "--warm-all",
        action="store_true",
        help="warm up with one request to every organisation of the phase, as a server that "
        "has been up for a while has seen each (its catalog and pages in shared buffers)",
    )
    args = parser.parse_args()
    args.orgs = args.orgs or (300 if args.smoke else 10_000)
    args.requests = args.requests or (600 if args.smoke else 20_000)
    return args


ARGS = _arguments()
_DATA = ARGS.keep.resolve() if ARGS.keep else Path(tempfile.mkdtemp(prefix="merit-many-"))
_DATA.mkdir(parents=True, exist_ok=True)
os.environ["MERIT_DATA_DIR"] = str(_DATA)
os.environ.setdefault("MERIT_ENV", "test")
os.environ.setdefault("MERIT_WEB_DIST", str(_DATA / "no-web"))
os.environ.setdefault("MERIT_RATE_LIMIT", "1000000/minute")
for _key in ("DATABASE_URL", "REDIS_URL"):
    os.environ.pop(_key, None)

from api.core.config import get_settings  # noqa: E402
from api.core.embedded import ensure_services, restart_postgres, stop_services  # noqa: E402

ensure_services(get_settings().data_dir, redis=True)

import asyncpg  # noqa: E402
import httpx  # noqa: E402

from api.core.db import dispose_engine  # noqa: E402
from api.core.pg_connect import url_arguments  # noqa: E402
from tenants.migrate import migrate_all  # noqa: E402
from tenants.provision import NewTenant, create_tenant  # noqa: E402
from tests.bench.bouncer import Bouncer  # noqa: E402
from tests.bench.bouncer import start as bouncer_start  # noqa: E402
from tests.bench.harness import CALLERS, TIMEOUT, merit_serve, send  # noqa: E402
from tests.bench.harness import Req as Request  # noqa: E402
from tests.bench.pgproc import CpuWatch, own_memory_kb, parent  # noqa: E402
from tests.bench.stats import Sample, counted, errors, percentile  # noqa: E402

HOT = 50
MIX = [
    "/api/employees",
    "/api/reviews?sort=urgency&page=1&pageSize=25",
    "/api/dashboard/stats",
    "/api/reviews/upcoming",
    "/api/reminders",
]
SEED = """
INSERT INTO "{s}".employees (employee_id, first_name, last_name, email, department, position,
    start_date, review_schedule, next_review_date)
SELECT 'E' || lpad(i::text, 4, '0'), 'First' || i, 'Last' || i, 'person' || i || '@bench.example',
       (ARRAY['engineering','sales','marketing','finance'])[1 + i % 4], 'Analyst',
       current_date - 30 * i, 'quarterly', current_date + 3 * i - 10
FROM generate_series(1, {employees}) AS i;
INSERT INTO "{s}".reviews (employee_id, template_id, review_type, status, responses, due_date,
    completed_at)
SELECT 1 + i % {employees}, 1, 'quarterly', CASE WHEN i % 3 = 0 THEN 'pending' ELSE 'completed' END,
       '{{}}'::jsonb, current_date + i % 60 - 30,
       CASE WHEN i % 3 = 0 THEN NULL ELSE now() - make_interval(days => i) END
FROM generate_series(1, {reviews}) AS i;
ANALYZE "{s}".employees, "{s}".reviews;
"""
# One signed-in administrator per organisation, as a session row the API accepts.
SESSIONS = """
INSERT INTO public.sessions (sid, sess, expire)
SELECT md5(random()::text || o.id), jsonb_build_object('organizationId', o.id,
       'authenticated', true, 'userRole', 'admin', 'forcePasswordChange', false),
       now() + interval '1 day'
FROM public.organizations o ORDER BY o.id
RETURNING sid
"""


async def provision(count: int) -> float:
    """Seconds to provision `count` organisations, four at a time."""
    gate = asyncio.Semaphore(4)

    async def one(n: int) -> None:
        async with gate:
            await create_tenant(NewTenant(subdomain=f"many-{n:05d}", name=f"Many {n}"))

    started = time.perf_counter()
    await asyncio.gather(*(one(n) for n in range(count)))
    return time.perf_counter() - started


async def configure_postgres(dsn: str, shared_buffers: str, plan_cache_mode: str) -> None:
    """Sets shared_buffers and plan_cache_mode, restarting the embedded Postgres when
    shared_buffers changes."""
    conn = await asyncpg.connect(dsn)
    try:
        await conn.execute(f"ALTER SYSTEM SET shared_buffers = '{shared_buffers}'")
        await conn.execute(f"ALTER SYSTEM SET plan_cache_mode = '{plan_cache_mode}'")
        await conn.execute("SELECT pg_reload_conf()")
        pending = await conn.fetchval(
            "SELECT pending_restart FROM pg_settings WHERE name = 'shared_buffers'"
        )
    finally:
        await conn.close()
    if pending:
        restart_postgres()


async def kept_sessions(dsn: str, count: int) -> list[str]:
    """The sessions of an earlier run kept with --keep, renewed; empty when there is none
    (or it made a different number of organisations)."""
    conn = await asyncpg.connect(dsn)
    try:
        made = await conn.fetchval("SELECT count(*) FROM public.organizations")
        if made != count:
            if made:
                raise SystemExit(f"{_DATA} holds {made} organisations, not {count}")
            return []
        await conn.execute("DELETE FROM public.sessions")
        return [r[0] for r in await conn.fetch(SESSIONS)]
    finally:
        await conn.close()


async def seed(dsn: str, employees: int, reviews: int) -> tuple[list[str], float]:
    """Each organisation's few rows, a hundred organisations per transaction; the sessions."""
    started = time.perf_counter()
    conn = await asyncpg.connect(dsn)
    try:
        schemas = [r[0] for r in await conn.fetch("SELECT schema_name FROM public.organizations")]
        for i in range(0, len(schemas), 100):
            script = "".join(
                SEED.format(s=s, employees=employees, reviews=reviews) for s in schemas[i : i + 100]
            )
            async with conn.transaction():
                await conn.execute(script)
        sids = [r[0] for r in await conn.fetch(SESSIONS)]
        # Only what was seeded: a database-wide ANALYZE visits every table of every schema
        # (about 700,000 at 10,000 organisations) and ran for over 18 minutes.
        await conn.execute("ANALYZE public.organizations, public.sessions")
    finally:
        await conn.close()
    return sids, time.perf_counter() - started


@dataclass
class Phase:
    label: str
    samples: list[Sample]
    wall: float
    backends_cpu: float  # seconds, the client backends (the server's connections), over the phase
    background_cpu: float  # seconds, Postgres's own processes (autovacuum, checkpointer, ...)
    backends_kb: list[int]  # own (anonymous) memory of each of the server's connections, after
    misses: int  # blocks read into shared buffers (not found there), over the phase

    @property
    def rate(self) -> float:
        return len(self.samples) / self.wall

    def pct(self, p: float) -> float:
        return percentile(counted(self.samples, TIMEOUT), p) * 1000

    @property
    def cpu_ms(self) -> float:
        return (self.backends_cpu + self.background_cpu) * 1000 / len(self.samples)

    @property
    def backends_cpu_ms(self) -> float:
        return self.backends_cpu * 1000 / len(self.samples)

    @property
    def mean_mb(self) -> float:
        return sum(self.backends_kb) / max(1, len(self.backends_kb)) / 1024


async def blocks_read(monitor: asyncpg.Connection) -> int:
    """Blocks Postgres has read into shared buffers, not finding them there. A backend sends
    its counts at most once a second (and when it exits): wait for them first."""
    await asyncio.sleep(1.1)
    return int(await monitor.fetchval("SELECT sum(blks_read) FROM pg_stat_database"))


async def run_phase(
    label: str,
    sids: list[str],
    requests: int,
    monitor: asyncpg.Connection,
    postmaster: int,
    env: dict[str, str] | None = None,
) -> Phase:
    """A fresh `merit serve`, a warm-up over the same organisations, then `requests` reads."""
    env = {**os.environ, **(env or {})}
    server = await asyncio.to_thread(merit_serve, env, _DATA / "logs" / f"{label}.log")
    rng = random.Random(5)

    def request(_: int) -> Request:
        return Request("GET", rng.choice(MIX), rng.choice(sids))

    try:
        limits = httpx.Limits(max_connections=CALLERS + 4, max_keepalive_connections=CALLERS + 4)
        async with httpx.AsyncClient(base_url=server.base, timeout=TIMEOUT, limits=limits) as c:
            await _drive(c, request, max(len(MIX) * 4, requests // 10))
            if ARGS.warm_all:
                every = warm_up_order(sids)
                await _drive(c, lambda i: Request("GET", *every[i]), len(every))
            misses = await blocks_read(monitor)
            watch = CpuWatch(postmaster)
            watch.start()
            started = time.perf_counter()
            samples = await _drive(c, request, requests)
            wall = time.perf_counter() - started
            backends_cpu, background_cpu = await watch.stop()
            pids = await monitor.fetch(
                "SELECT pid FROM pg_stat_activity WHERE application_name = 'merit' "
                "AND backend_type = 'client backend'"
            )
            memory = [own_memory_kb(row[0]) for row in pids]  # while the server holds them
    finally:
        server.stop()
    misses = await blocks_read(monitor) - misses  # the server's backends have exited
    return Phase(label, samples, wall, backends_cpu, background_cpu, memory, misses)


async def servers_memory_mb(monitor: asyncpg.Connection) -> list[float]:
    """The own memory of each of the server's connections' backends, in MB."""
    pids = await monitor.fetch(
        "SELECT pid FROM pg_stat_activity WHERE application_name = 'merit' "
        "AND backend_type = 'client backend'"
    )
    return [own_memory_kb(row[0]) / 1024 for row in pids]


async def soak(
    sids: list[str],
    seconds: int,
    monitor: asyncpg.Connection,
    postmaster: int,
    env: dict[str, str] | None = None,
) -> None:
    """Spread traffic for `seconds` through one `merit serve`, and each minute the backends'
    own memory: with a per-connection budget (or a fixed share each) it levels off instead of
    growing."""
    env = {**os.environ, **(env or {})}
    server = await asyncio.to_thread(merit_serve, env, _DATA / "logs" / "soak.log")
    rng = random.Random(7)
    print(f"\nSoak: spread over {len(sids):,} organisations for {seconds} s")
    print(
        f"{'minute':>6}{'requests':>10}{'req/s':>8}{'errors':>7}{'backends ms/req':>17}"
        f"{'backends':>9}{'own MB mean':>17}{'max':>7}"
    )
    try:
        limits = httpx.Limits(max_connections=CALLERS + 4, max_keepalive_connections=CALLERS + 4)
        async with httpx.AsyncClient(base_url=server.base, timeout=TIMEOUT, limits=limits) as c:
            ends = time.perf_counter() + seconds
            minute = 0
            while time.perf_counter() < ends:
                minute += 1
                watch = CpuWatch(postmaster)
                watch.start()
                started = time.perf_counter()
                samples = await _drive_for(c, rng, sids, min(60.0, ends - started))
                wall = time.perf_counter() - started
                backends_cpu, _ = await watch.stop()
                mb = await servers_memory_mb(monitor)
                print(
                    f"{minute:>6}{len(samples):>10}{len(samples) / wall:>8.1f}"
                    f"{errors(samples):>7}{backends_cpu * 1000 / max(1, len(samples)):>17.2f}"
                    f"{len(mb):>9}{sum(mb) / max(1, len(mb)):>17.1f}{max(mb, default=0):>7.1f}"
                )
    finally:
        server.stop()


WINDOW_SECONDS = 20.0


def warm_up_order(sids: list[str]) -> list[tuple[str, str]]:
    """Every organisation's requests of the mix, one screen over all organisations at a
    time: the callers' requests in flight at once are then for different organisations,
    each taken to its home (an organisation's five at once would send four of them to
    other connections, warming backends that are not theirs)."""
    return [(path, sid) for path in MIX for sid in sids]


async def alternate(
    sids: list[str],
    pairs: int,
    monitor: asyncpg.Connection,
    postmaster: int,
    env: dict[str, str] | None = None,
) -> None:
    """Concentrated and spread traffic in turns on one `merit serve`, after one request of
    each kind to every organisation: both kinds then meet the same backends, caches and
    shared buffers, and neither pays for running first after a start."""
    env = {**os.environ, **(env or {})}
    server = await asyncio.to_thread(merit_serve, env, _DATA / "logs" / "alternate.log")
    rng = random.Random(11)
    print(f"\nAlternating {WINDOW_SECONDS:.0f} s windows, concentrated on {HOT} / spread")
    print(
        f"{'window':>6}{'kind':>14}{'requests':>10}{'req/s':>8}{'errors':>7}{'ms/req':>8}"
        f"{'own MB mean':>12}{'max':>6}"
    )
    costs: dict[str, list[float]] = {"concentrated": [], "spread": []}
    try:
        limits = httpx.Limits(max_connections=CALLERS + 4, max_keepalive_connections=CALLERS + 4)
        async with httpx.AsyncClient(base_url=server.base, timeout=TIMEOUT, limits=limits) as c:
            every = warm_up_order(sids)
            await _drive(c, lambda i: Request("GET", *every[i]), len(every))
            for window in range(2 * pairs):
                kind, of = ("concentrated", sids[:HOT]) if window % 2 == 0 else ("spread", sids)
                watch = CpuWatch(postmaster)
                watch.start()
                started = time.perf_counter()
                samples = await _drive_for(c, rng, of, WINDOW_SECONDS)
                wall = time.perf_counter() - started
                backends_cpu, _ = await watch.stop()
                cost = backends_cpu * 1000 / max(1, len(samples))
                costs[kind].append(cost)
                mb = await servers_memory_mb(monitor)
                print(
                    f"{window + 1:>6}{kind:>14}{len(samples):>10}{len(samples) / wall:>8.1f}"
                    f"{errors(samples):>7}{cost:>8.2f}"
                    f"{sum(mb) / max(1, len(mb)):>12.1f}{max(mb, default=0):>6.1f}"
                )
    finally:
        server.stop()
    hot, spread = (statistics.median(costs[k]) for k in ("concentrated", "spread"))
    print(
        f"median backends' CPU ms per request: concentrated {hot:.2f}, spread {spread:.2f}, "
        f"spread / concentrated {spread / hot:.2f}x"
    )


async def _drive_for(
    client: httpx.AsyncClient, rng: random.Random, sids: list[str], seconds: float
) -> list[Sample]:
    ends = time.perf_counter() + seconds
    samples: list[Sample] = []

    async def caller() -> None:
        while time.perf_counter() < ends:
            req = Request("GET", rng.choice(MIX), rng.choice(sids))
            samples.append((await send(client, req))[0])

    await asyncio.gather(*(caller() for _ in range(CALLERS)))
    return samples


async def _drive(client: httpx.AsyncClient, make, count: int) -> list[Sample]:  # type: ignore[no-untyped-def]
    numbers = iter(range(count))
    samples: list[Sample] = []

    async def caller() -> None:
        for i in numbers:
            samples.append((await send(client, make(i)))[0])

    await asyncio.gather(*(caller() for _ in range(CALLERS)))
    return samples


def report(phases: list[Phase]) -> None:
    print(
        f"\n{'':<28}{'n':>6}{'req/s':>8}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}{'errors':>7}"
        f"{'PG CPU ms/req':>15}{'of it backends':>16}{'misses/req':>11}{'backends':>9}"
        f"{'own MB each':>17}{'total':>8}"
    )
    for p in phases:
        print(
            f"{p.label:<28}{len(p.samples):>6}{p.rate:>8.1f}{p.pct(50):>9.1f}{p.pct(95):>9.1f}"
            f"{p.pct(99):>9.1f}{errors(p.samples):>7}{p.cpu_ms:>15.2f}{p.backends_cpu_ms:>16.2f}"
            f"{p.misses / len(p.samples):>11.1f}{len(p.backends_kb):>9}"
            f"{p.mean_mb:>17.1f}{sum(p.backends_kb) / 1024:>8.1f}"
        )
    hot, spread, shared = phases
    print(
        f"spread / concentrated: throughput {spread.rate / hot.rate:.2f}x, "
        f"p95 {spread.pct(95) / hot.pct(95):.2f}x, p99 {spread.pct(99) / hot.pct(99):.2f}x, "
        f"Postgres CPU per request {spread.cpu_ms / hot.cpu_ms:.2f}x "
        f"(backends {spread.backends_cpu_ms / hot.backends_cpu_ms:.2f}x), "
        f"backend own memory {spread.mean_mb / max(hot.mean_mb, 1e-9):.2f}x"
    )
    print(
        f"{shared.label} / concentrated: Postgres CPU per request "
        f"{shared.cpu_ms / hot.cpu_ms:.2f}x (backends "
        f"{shared.backends_cpu_ms / hot.backends_cpu_ms:.2f}x), p95 "
        f"{shared.pct(95) / hot.pct(95):.2f}x"
    )
    print(
        f"(merit serve, 1 worker, {CALLERS} callers; Postgres CPU = all its processes over the "
        "phase, of it backends = the connections serving requests, without autovacuum, "
        "checkpointer and the like; own memory = the anonymous memory of the server's connections (their caches) "
        "after the phase)"
    )


async def straight_to_postgres(
    args: argparse.Namespace, sids: list[str], monitor: asyncpg.Connection, postmaster: int
) -> list[Phase]:
    hot = await run_phase(f"concentrated on {HOT}", sids[:HOT], args.requests, monitor, postmaster)
    spread = await run_phase(f"spread over {args.orgs:,}", sids, args.requests, monitor, postmaster)
    # The same spread traffic on a pool whose connections are taken in turn: the baseline
    # the home connections (api/core/home_pool.py) are measured against.
    shared = await run_phase(
        "spread, no home connections",
        sids,
        args.requests,
        monitor,
        postmaster,
        env={"MERIT_DB_HOME_CONNECTIONS": "false"},
    )
    return [hot, spread, shared]


async def through_pgbouncer(
    args: argparse.Namespace,
    sids: list[str],
    dsn: str,
    monitor: asyncpg.Connection,
    postmaster: int,
) -> list[Phase]:
    """The three phases through PgBouncer, each on a PgBouncer of its own (so on backends of
    its own, as `merit serve`'s own connections are each phase straight to Postgres): with
    home databases, then spread over one database with as many server connections (the
    baseline of tenant_engine's home databases)."""
    homes = args.pgbouncer
    print(
        f"Through PgBouncer 1.24: {homes} home databases, 1 server connection each "
        f"+ {args.home_reserve} in reserve"
    )

    async def phase(label: str, of: list[str], homes_used: int) -> Phase:
        async with pgbouncer(args, dsn, monitor) as bouncer:
            return await run_phase(
                label, of, args.requests, monitor, postmaster, env=bouncer.env(homes_used)
            )

    hot = await phase(f"concentrated on {HOT}, {homes} homes", sids[:HOT], homes)
    spread = await phase(f"spread over {args.orgs:,}, {homes} homes", sids, homes)
    shared = await phase("spread, one database", sids, 0)
    return [hot, spread, shared]


@asynccontextmanager
async def pgbouncer(
    args: argparse.Namespace, dsn: str, monitor: asyncpg.Connection
) -> AsyncIterator[Bouncer]:
    """A PgBouncer of its own with --pgbouncer home databases, for the block."""
    user = url_arguments(dsn)["user"]
    # What deploy/README.md asks of a pooled deployment: connections start with no schema.
    await monitor.execute(f"ALTER ROLE \"{user}\" SET search_path = ''")
    bouncer = bouncer_start(dsn, args.pgbouncer, args.home_reserve)
    try:
        yield bouncer
    finally:
        bouncer.stop()
        await monitor.execute(f'ALTER ROLE "{user}" RESET search_path')


@asynccontextmanager
async def served_as_the_phases(
    args: argparse.Namespace, dsn: str, monitor: asyncpg.Connection
) -> AsyncIterator[dict[str, str]]:
    """`merit serve`'s settings for the runs after the phases: through a PgBouncer of their
    own with --pgbouncer (its home databases on), else straight to Postgres as they are."""
    if not args.pgbouncer:
        yield {}
        return
    async with pgbouncer(args, dsn, monitor) as bouncer:
        yield bouncer.env(args.pgbouncer)


async def main(args: argparse.Namespace) -> None:
    load = ", ".join(f"{v:.1f}" for v in os.getloadavg())
    print(f"Machine: {os.cpu_count()} CPUs, load average {load} (figures scale with load)")
    settings = get_settings()
    print(
        f"MERIT_DB_SCHEMAS_PER_CONNECTION={settings.db_schemas_per_connection}, "
        f"MERIT_DB_BACKEND_MEMORY_MB={settings.db_backend_memory_mb} (straight to Postgres, a "
        "connection is replaced past the megabytes, or past the count where they are not read)"
    )
    print(
        f"MERIT_DB_POOL_SIZE={settings.db_pool_size}, MERIT_DB_STATEMENT_CACHE="
        f"{settings.db_statement_cache}, MERIT_DB_SCHEMA_IN_STATEMENTS="
        f"{settings.db_schema_in_statements}"
    )
    dsn = (os.environ["DATABASE_URL"]).replace("postgresql+asyncpg://", "postgresql://")
    await configure_postgres(dsn, args.shared_buffers, args.plan_cache_mode)
    print(f"shared_buffers={args.shared_buffers}, plan_cache_mode={args.plan_cache_mode}")
    assert (await migrate_all()).ok
    await dispose_engine()
    sids = await kept_sessions(dsn, args.orgs)
    if sids:
        print(f"{args.orgs:,} organisations kept in {_DATA} from an earlier run")
    else:
        made_in = await provision(args.orgs)
        sids, seeded_in = await seed(dsn, args.employees, args.reviews)
        print(
            f"{args.orgs:,} organisations provisioned in {made_in:.1f} s "
            f"({made_in * 1000 / args.orgs:.0f} ms each, 4 at a time), seeded with "
            f"{args.employees} employees and {args.reviews} reviews each in {seeded_in:.1f} s"
        )
    await dispose_engine()  # from here on, the only 'merit' connections are the server's
    monitor = await asyncpg.connect(dsn, server_settings={"application_name": "merit-bench"})
    try:
        postmaster = parent(await monitor.fetchval("SELECT pg_backend_pid()"))
        if args.pgbouncer:
            hot, spread, shared = await through_pgbouncer(args, sids, dsn, monitor, postmaster)
        else:
            hot, spread, shared = await straight_to_postgres(args, sids, monitor, postmaster)
        report([hot, spread, shared])
        if args.soak or args.alternate:
            async with served_as_the_phases(args, dsn, monitor) as env:
                if args.alternate:
                    await alternate(sids, args.alternate, monitor, postmaster, env=env)
                if args.soak:
                    await soak(sids, args.soak, monitor, postmaster, env=env)
    finally:
        await monitor.close()
    failed = errors(hot.samples) + errors(spread.samples) + errors(shared.samples)
    if failed:  # `make test` runs the smoke form: every request must have answered
        raise SystemExit(f"{failed} requests failed")


if __name__ == "__main__":
    sys.stdout.reconfigure(line_buffering=True)  # progress shows when the output goes to a file
    try:
        asyncio.run(main(ARGS))
    finally:
        stop_services()
        if not ARGS.keep:
            shutil.rmtree(_DATA, ignore_errors=True)
