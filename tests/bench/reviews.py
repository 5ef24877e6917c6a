"""Reviews benchmark: dashboard stats on a big organisation, and the reminders job over many.

Run with `uv run python tests/bench/reviews.py [--employees N] [--reviews N] [--orgs N]`.
It starts its own embedded Postgres in a temporary MERIT_DATA_DIR (as tests/conftest.py
does), seeds with bulk INSERT ... SELECT generate_series, and prints figures:

- GET /api/dashboard/stats on one organisation with 10,000 employees and 50,000 reviews
  (target: p95 under 50 ms), through the whole app, and the stats query alone;
- the reminders job (`remind_all`) over 100 organisations (target: under 10 s), first run
  and an idempotent second run.
"""

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

_DATA = Path(tempfile.mkdtemp(prefix="merit-bench-"))
os.environ["MERIT_DATA_DIR"] = str(_DATA)
os.environ.setdefault("MERIT_ENV", "test")
os.environ.setdefault("MERIT_WEB_DIST", str(_DATA / "no-web"))

from api.core.config import get_settings  # noqa: E402
from api.core.embedded import ensure_services  # noqa: E402

ensure_services(get_settings().data_dir, redis=False)

import logging  # noqa: E402
from datetime import date  # noqa: E402

import httpx  # noqa: E402
from sqlalchemy import text  # noqa: E402

from api.auth import sessions  # noqa: E402
from api.core.db import dispose_engine, get_engine, public_session, tenant_session  # noqa: E402
from api.dashboard import service as dashboard  # noqa: E402
from api.main import create_app  # noqa: E402
from api.organizations.models import Organization  # noqa: E402
from api.reminders import jobs  # noqa: E402
from tenants.migrate import migrate_all  # noqa: E402
from tenants.provision import NewTenant, create_tenant  # noqa: E402

DEPARTMENTS = "ARRAY['engineering','sales','marketing','human-resources','finance','operations']"
SCHEDULES = "ARRAY['monthly','quarterly','biannual','annual']"
TYPES = "ARRAY['quarterly','annual','probation','promotion','performance_improvement']"


def seed_sql(schema: str, employees: int, reviews: int) -> list[str]:
    """Employees with next review dates around today; reviews 80% completed over two years,
    the rest open and due from two weeks ago to two months ahead."""
    return [
        f"""INSERT INTO "{schema}".employees (employee_id, first_name, last_name, email,
              department, position, start_date, review_schedule, next_review_date, is_archived)
            SELECT 'E' || lpad(i::text, 6, '0'), 'First' || i, 'Last' || (i % 997),
                   'person' || i || '@bench.example', ({DEPARTMENTS})[1 + i % 6], 'Analyst',
                   current_date - (30 + i % 3000), ({SCHEDULES})[1 + i % 4],
                   current_date + (i % 120) - 20, i % 50 = 0
            FROM generate_series(1, {employees}) AS i""",
        f"""INSERT INTO "{schema}".reviews (employee_id, template_id, review_type, status,
              responses, rating, due_date, completed_at)
            SELECT 1 + (i % {employees}), 1, ({TYPES})[1 + i % 5],
                   CASE WHEN i % 5 = 0 THEN (ARRAY['pending','in_progress'])[1 + i % 2]
                        ELSE 'completed' END,
                   '{{}}'::jsonb,
                   CASE WHEN i % 5 = 0 THEN NULL ELSE 1 + (i * 7) % 5 END,
                   CASE WHEN i % 5 = 0 THEN current_date + (i % 75) - 14
                        ELSE current_date - (i % 730) END,
                   CASE WHEN i % 5 = 0 THEN NULL
                        ELSE now() - make_interval(days => i % 730) END
            FROM generate_series(1, {reviews}) AS i""",
        f'VACUUM ANALYZE "{schema}".employees',
        f'VACUUM ANALYZE "{schema}".reviews',
    ]


async def seed(org: Organization, employees: int, reviews: int) -> None:
    engine = get_engine()
    statements = seed_sql(org.schema_name, employees, reviews)
    async with engine.begin() as conn:
        for sql in statements[:2]:
            await conn.execute(text(sql))
    # VACUUM cannot run inside a transaction block.
    async with engine.connect() as conn:
        conn = await conn.execution_options(isolation_level="AUTOCOMMIT")
        for sql in statements[2:]:
            await conn.execute(text(sql))


def summary(label: str, samples: list[float]) -> str:
    ordered = sorted(samples)
    p95 = ordered[max(0, int(round(0.95 * len(ordered))) - 1)]
    return (
        f"{label:<44} median {statistics.median(ordered) * 1000:7.2f} ms   "
        f"p95 {p95 * 1000:7.2f} ms   (n={len(ordered)})"
    )


async def bench_dashboard(employees: int, reviews: int, requests: int) -> None:
    org = await create_tenant(NewTenant(subdomain="bench-big", name="Bench Big"))
    started = time.perf_counter()
    await seed(org, employees, reviews)
    print(
        f"Seeded {employees:,} employees and {reviews:,} reviews "
        f"in {time.perf_counter() - started:.1f} s"
    )

    sql_samples: list[float] = []
    async with tenant_session(org.schema_name, org.id) as session:
        for _ in range(requests):
            t = time.perf_counter()
            stats = await dashboard.stats(session=session, today=date.today())
            sql_samples.append(time.perf_counter() - t)
    print(f"Stats: {stats.model_dump(by_alias=True)}")

    async with public_session() as db:
        row = await sessions.create(
            db,
            {
                "organizationId": org.id,
                "authenticated": True,
                "userRole": "admin",
                "forcePasswordChange": False,
            },
        )
    app = create_app()
    http_samples: list[float] = []
    baseline: list[float] = []
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app), base_url="http://localhost"
    ) as client:
        client.cookies.set(sessions.COOKIE, row.sid)
        for n in range(requests + 10):
            # Interleaved, so both see the same machine load.
            for url, samples in (
                ("/api/dashboard/stats", http_samples),
                ("/api/organization/current", baseline),
            ):
                t = time.perf_counter()
                r = await client.get(url)
                elapsed = time.perf_counter() - t
                assert r.status_code == 200, r.text
                if n >= 10:  # the first calls warm the pool and caches
                    samples.append(elapsed)
    print(summary("GET /api/dashboard/stats (whole request)", http_samples))
    print(summary("GET /api/organization/current (baseline)", baseline))
    print(summary("dashboard stats query alone (1 round trip)", sql_samples))
    p95 = sorted(http_samples)[int(0.95 * len(http_samples)) - 1] * 1000
    print(f"Target p95 < 50 ms: {'met' if p95 < 50 else 'NOT met'} ({p95:.1f} ms)")


async def bench_reminders(orgs: int, employees: int, reviews: int) -> None:
    started = time.perf_counter()
    made: list[Organization] = []
    gate = asyncio.Semaphore(8)

    async def make(n: int) -> None:
        async with gate:
            org = await create_tenant(NewTenant(subdomain=f"bench-{n:03d}", name=f"Bench {n}"))
            await seed(org, employees, reviews)
            made.append(org)

    await asyncio.gather(*(make(n) for n in range(orgs)))
    print(
        f"\nProvisioned and seeded {orgs} organisations ({employees} employees, "
        f"{reviews} reviews each) in {time.perf_counter() - started:.1f} s"
    )

    for label in ("first run", "second run (idempotent)"):
        t = time.perf_counter()
        report = await jobs.remind_all({})
        elapsed = time.perf_counter() - t
        total: dict[str, int] = {}
        for counts in report.counts.values():
            for key, value in counts.items():
                total[key] = total.get(key, 0) + value
        print(
            f"Reminders job, {len(report.counts) + len(report.failed)} organisations, "
            f"{label}: {elapsed:.2f} s; {total}; failed: {len(report.failed)}"
        )
        if label == "first run":
            print(f"Target < 10 s: {'met' if elapsed < 10 else 'NOT met'}")


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--employees", type=int, default=10_000)
    parser.add_argument("--reviews", type=int, default=50_000)
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--orgs", type=int, default=100)
    parser.add_argument("--org-employees", type=int, default=100)
    parser.add_argument("--org-reviews", type=int, default=400)
    args = parser.parse_args()
    logging.disable(logging.INFO)  # the job logs one line per organisation
    load = ", ".join(f"{v:.1f}" for v in os.getloadavg())
    print(f"Machine: {os.cpu_count()} CPUs, load average {load} (figures scale with load)")
    report = await migrate_all()
    assert report.ok, report.failed
    try:
        await bench_dashboard(args.employees, args.reviews, args.requests)
        await bench_reminders(args.orgs, args.org_employees, args.org_reviews)
    finally:
        await dispose_engine()


if __name__ == "__main__":
    asyncio.run(main())
