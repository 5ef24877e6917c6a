"""Reviews benchmark: dashboard stats on a big organisation, and the reminders job over many.

Run with `uv run python tests/bench/reviews.py [--employees N] [--reviews N] [--orgs N]`.
It starts its own embedded Postgres in a temporary MERIT_DATA_DIR (as tests/conftest.py
does), seeds with bulk INSERT ... SELECT generate_series, and prints figures:

- GET /api/dashboard/stats on one organisation with 10,000 employees and 50,000 reviews
  (target: p95 under 50 ms), through the whole app in process and through `merit serve`,
  1 and 16 callers, cold and warm (tests/bench/harness.py), and the stats query alone;
- the Reviews screen's first page (GET /api/reviews paged, filtered, sorted; target: p95
  under 60 ms) on the same organisation, the same four ways;
- the reminders job (`remind_all`) over 100 organisations (target: under 10 s), first run
  and an idempotent second run.
"""

import argparse
import asyncio
import logging
import os
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.bench.harness import (  # noqa: E402
    TIMEOUT,
    compare,
    embedded_postgres,
    get_route,
    machine_line,
    run_seed,
    sequential,
    session_ids,
    target_line,
)

_DATA = embedded_postgres()

from api.core.dates import local_today  # noqa: E402
from api.core.db import dispose_engine, tenant_session  # noqa: E402
from api.dashboard import service as dashboard  # noqa: E402
from api.main import create_app  # noqa: E402
from api.organizations.models import Organization  # noqa: E402
from api.reminders import jobs  # noqa: E402
from tenants.migrate import migrate_all  # noqa: E402
from tenants.provision import NewTenant, create_tenant  # noqa: E402
from tests.bench.stats import Sample, latency_header, latency_line  # noqa: E402

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


async def bench_dashboard(employees: int, reviews: int, requests: int) -> None:
    org = await create_tenant(NewTenant(subdomain="bench-big", name="Bench Big"))
    started = time.perf_counter()
    await run_seed(seed_sql(org.schema_name, employees, reviews))
    print(
        f"Seeded {employees:,} employees and {reviews:,} reviews "
        f"in {time.perf_counter() - started:.1f} s"
    )

    (sid,) = await session_ids(org.id)
    stats_route = "GET /api/dashboard/stats"
    routes = [
        get_route("/api/dashboard/stats", sid),
        get_route("/api/organization/current", sid, "GET /api/organization/current (a light call)"),
        *(get_route(url, sid, label) for label, url in FIRST_PAGES),
    ]
    print(f"\nEach route in process and through merit serve ({requests} warm requests per row):")
    results = await compare(
        routes,
        requests=requests,
        app=create_app(),
        env=dict(os.environ),
        logs=_DATA / "logs",
    )

    found: list[Any] = []
    async with tenant_session(org.schema_name, org.id) as session:

        async def query() -> None:
            found.append(await dashboard.get_stats(session=session, today=local_today()))

        alone = [Sample(t) for t in await sequential(query, requests, skip=10)]
    print("\n" + latency_header(48))
    print(latency_line("dashboard stats query alone (1 round trip)", alone, TIMEOUT, 48))
    print(f"Stats: {found[-1].model_dump(by_alias=True)}")
    print(target_line(results, stats_route, 95, 50))
    for label, _ in FIRST_PAGES:
        print(target_line(results, label, 95, 60))


# The Reviews screen's first page as it asks for it (target: p95 under 60 ms), unfiltered and
# with its filters and another sort.
FIRST_PAGES = [
    ("GET /api/reviews first page", "/api/reviews?sort=urgency&page=1&pageSize=25"),
    (
        "GET /api/reviews first page, filtered",
        "/api/reviews?status=pending&reviewType=quarterly&overdue=true&sort=-dueDate&pageSize=25",
    ),
    (
        "GET /api/reviews first page, searched",
        "/api/reviews?search=last99&sort=employee&pageSize=25",
    ),
]


async def bench_reminders(orgs: int, employees: int, reviews: int) -> None:
    started = time.perf_counter()
    made: list[Organization] = []
    gate = asyncio.Semaphore(8)

    async def make(n: int) -> None:
        async with gate:
            org = await create_tenant(NewTenant(subdomain=f"bench-{n:03d}", name=f"Bench {n}"))
            await run_seed(seed_sql(org.schema_name, employees, reviews))
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
            f"{label}: {elapsed:.2f} s (n=1); {total}; failed: {len(report.failed)}"
        )
        if label == "first run":
            print(f"Target < 10 s: {'met' if elapsed < 10 else 'NOT met'} (n=1)")


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
    print(machine_line())
    report = await migrate_all()
    assert report.ok, report.failed
    try:
        await bench_dashboard(args.employees, args.reviews, args.requests)
        await bench_reminders(args.orgs, args.org_employees, args.org_reviews)
    finally:
        await dispose_engine()


if __name__ == "__main__":
    asyncio.run(main())
