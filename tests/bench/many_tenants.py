"""Many organisations on one Postgres: the same read mix spread over all of them, then
concentrated on a few, through `merit serve`.

Provisions N organisations (10,000 by default; `--smoke`: 300, quick enough for `make test`),
seeds each lightly (a few employees and reviews), then serves the read mix (employee list,
the Reviews screen's first page, dashboard stats, upcoming reviews, reminders) through a
fresh `merit serve` per phase: first concentrated on 50 organisations, then spread over all N.
For each phase it prints throughput, p50/p95/p99, the Postgres CPU per request (every
Postgres process's CPU from /proc, over the phase) and the server's backends' private memory
(/proc/PID/smaps_rollup of the server's connections in pg_stat_activity), then the ratios.

    uv run python tests/bench/many_tenants.py [--smoke] [--orgs N] [--requests N]

It starts its own embedded Postgres in a temporary MERIT_DATA_DIR and removes it at the end.
"""

import argparse
import asyncio
import os
import random
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

_DATA = Path(tempfile.mkdtemp(prefix="merit-many-"))
os.environ["MERIT_DATA_DIR"] = str(_DATA)
os.environ.setdefault("MERIT_ENV", "test")
os.environ.setdefault("MERIT_WEB_DIST", str(_DATA / "no-web"))
os.environ.setdefault("MERIT_RATE_LIMIT", "1000000/minute")
for _key in ("DATABASE_URL", "REDIS_URL"):
    os.environ.pop(_key, None)

from api.core.config import get_settings  # noqa: E402
from api.core.embedded import ensure_services, stop_services  # noqa: E402

ensure_services(get_settings().data_dir, redis=True)

import asyncpg  # noqa: E402
import httpx  # noqa: E402

from api.core.db import dispose_engine  # noqa: E402
from tenants.migrate import migrate_all  # noqa: E402
from tenants.provision import NewTenant, create_tenant  # noqa: E402
from tests.bench.harness import CALLERS, TIMEOUT, merit_serve, send  # noqa: E402
from tests.bench.harness import Req as Request  # noqa: E402
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


# ------------------------------------------------------------------ Postgres from /proc


def _cpu_seconds(pid: int) -> float:
    """user + system CPU of one process; 0 if it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _parent(pid: int) -> int:
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])


def _children(parent: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if _parent(int(entry.name)) == parent:
                    found.append(int(entry.name))
            except (OSError, ValueError):
                continue
    return found


def _exited_children_cpu(pid: int) -> float:
    """cutime + cstime: the CPU of the children it has reaped (backends that have exited,
    such as connections retired over their schema budget)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[13]) + int(fields[14])) / os.sysconf("SC_CLK_TCK")


def postgres_cpu(postmaster: int) -> dict[int, float]:
    """CPU seconds of every Postgres process (the postmaster's children and itself), with
    those of exited children under the key -1."""
    cpu = {pid: _cpu_seconds(pid) for pid in [postmaster, *_children(postmaster)]}
    cpu[-1] = _exited_children_cpu(postmaster)
    return cpu


def private_kb(pid: int) -> int:
    """Private_Clean + Private_Dirty of one process, in kB."""
    total = 0
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith(("Private_Clean:", "Private_Dirty:")):
                total += int(line.split()[1])
    except OSError:
        pass
    return total


@dataclass
class Phase:
    label: str
    samples: list[Sample]
    wall: float
    pg_cpu: float  # seconds, all Postgres processes, over the phase
    backends_kb: list[int]  # private memory of each of the server's connections, after

    @property
    def rate(self) -> float:
        return len(self.samples) / self.wall

    def pct(self, p: float) -> float:
        return percentile(counted(self.samples, TIMEOUT), p) * 1000

    @property
    def cpu_ms(self) -> float:
        return self.pg_cpu * 1000 / len(self.samples)

    @property
    def mean_mb(self) -> float:
        return sum(self.backends_kb) / max(1, len(self.backends_kb)) / 1024


async def run_phase(
    label: str, sids: list[str], requests: int, monitor: asyncpg.Connection, postmaster: int
) -> Phase:
    """A fresh `merit serve`, a warm-up over the same organisations, then `requests` reads."""
    server = await asyncio.to_thread(merit_serve, dict(os.environ), _DATA / "logs" / f"{label}.log")
    rng = random.Random(5)

    def request(_: int) -> Request:
        return Request("GET", rng.choice(MIX), rng.choice(sids))

    try:
        limits = httpx.Limits(max_connections=CALLERS + 4, max_keepalive_connections=CALLERS + 4)
        async with httpx.AsyncClient(base_url=server.base, timeout=TIMEOUT, limits=limits) as c:
            await _drive(c, request, max(len(MIX) * 4, requests // 10))
            before = postgres_cpu(postmaster)
            started = time.perf_counter()
            samples = await _drive(c, request, requests)
            wall = time.perf_counter() - started
            after = postgres_cpu(postmaster)
            pids = await monitor.fetch(
                "SELECT pid FROM pg_stat_activity WHERE application_name = 'merit' "
                "AND backend_type = 'client backend'"
            )
            memory = [private_kb(row[0]) for row in pids]  # while the server holds them
    finally:
        server.stop()
    spent = sum(cpu - before.get(pid, 0.0) for pid, cpu in after.items())
    return Phase(label, samples, wall, spent, memory)


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
        f"{'PG CPU ms/req':>15}{'backends':>9}{'private MB each':>17}{'total':>8}"
    )
    for p in phases:
        print(
            f"{p.label:<28}{len(p.samples):>6}{p.rate:>8.1f}{p.pct(50):>9.1f}{p.pct(95):>9.1f}"
            f"{p.pct(99):>9.1f}{errors(p.samples):>7}{p.cpu_ms:>15.2f}{len(p.backends_kb):>9}"
            f"{p.mean_mb:>17.1f}{sum(p.backends_kb) / 1024:>8.1f}"
        )
    hot, spread = phases
    print(
        f"spread / concentrated: throughput {spread.rate / hot.rate:.2f}x, "
        f"p95 {spread.pct(95) / hot.pct(95):.2f}x, p99 {spread.pct(99) / hot.pct(99):.2f}x, "
        f"Postgres CPU per request {spread.cpu_ms / hot.cpu_ms:.2f}x, "
        f"backend private memory {spread.mean_mb / max(hot.mean_mb, 1e-9):.2f}x"
    )
    print(
        f"(merit serve, 1 worker, {CALLERS} callers; Postgres CPU = all its processes over the "
        "phase; private memory = Private_Clean + Private_Dirty of the server's connections "
        "after the phase)"
    )


async def main(args: argparse.Namespace) -> None:
    load = ", ".join(f"{v:.1f}" for v in os.getloadavg())
    print(f"Machine: {os.cpu_count()} CPUs, load average {load} (figures scale with load)")
    budget = get_settings().db_schemas_per_connection
    print(f"MERIT_DB_SCHEMAS_PER_CONNECTION={budget} (a connection is replaced after that many)")
    assert (await migrate_all()).ok
    made_in = await provision(args.orgs)
    await dispose_engine()  # from here on, the only 'merit' connections are the server's
    dsn = (os.environ["DATABASE_URL"]).replace("postgresql+asyncpg://", "postgresql://")
    sids, seeded_in = await seed(dsn, args.employees, args.reviews)
    print(
        f"{args.orgs:,} organisations provisioned in {made_in:.1f} s "
        f"({made_in * 1000 / args.orgs:.0f} ms each, 4 at a time), seeded with "
        f"{args.employees} employees and {args.reviews} reviews each in {seeded_in:.1f} s"
    )
    monitor = await asyncpg.connect(dsn, server_settings={"application_name": "merit-bench"})
    try:
        postmaster = _parent(await monitor.fetchval("SELECT pg_backend_pid()"))
        hot = await run_phase(
            f"concentrated on {HOT}", sids[:HOT], args.requests, monitor, postmaster
        )
        spread = await run_phase(
            f"spread over {args.orgs:,}", sids, args.requests, monitor, postmaster
        )
    finally:
        await monitor.close()
    report([hot, spread])


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--smoke", action="store_true", help="300 organisations, fewer requests")
    parser.add_argument("--orgs", type=int, help="organisations (default 10,000; smoke 300)")
    parser.add_argument("--requests", type=int, help="measured requests per phase")
    parser.add_argument("--employees", type=int, default=12)
    parser.add_argument("--reviews", type=int, default=20)
    cli = parser.parse_args()
    sys.stdout.reconfigure(line_buffering=True)  # progress shows when the output goes to a file
    cli.orgs = cli.orgs or (300 if cli.smoke else 10_000)
    cli.requests = cli.requests or (600 if cli.smoke else 20_000)
    try:
        asyncio.run(main(cli))
    finally:
        stop_services()
        shutil.rmtree(_DATA, ignore_errors=True)
