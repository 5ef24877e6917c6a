"""Certifications benchmark: the certification types list with its counts on a big organisation.

Run with `uv run python tests/bench/certifications.py [--employees N] [--certifications N]`.
It starts its own embedded Postgres in a temporary MERIT_DATA_DIR (as tests/conftest.py
does), seeds with bulk INSERT ... SELECT generate_series, and prints figures (no timing
assertions):

- GET /api/certification-types on 10,000 employees holding 30,000 certifications of 20 types
  (target: p95 under 50 ms; the counts are one aggregate query), through the whole app, and
  the list query alone;
- a baseline: a signed-in call on an empty table (the fixed cost of the request stack);
- for scale, the other organisation-wide reads (the compliance overview, every employee
  certification) and the daily reminder job, first run and idempotent second run.
"""

import argparse
import asyncio
import logging
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

import httpx  # noqa: E402
from sqlalchemy import text  # noqa: E402

from api.auth import sessions  # noqa: E402
from api.certifications import service  # noqa: E402
from api.core.db import dispose_engine, get_engine, public_session, tenant_session  # noqa: E402
from api.main import create_app  # noqa: E402
from api.organizations.models import Organization  # noqa: E402
from tenants.migrate import migrate_all  # noqa: E402
from tenants.provision import NewTenant, create_tenant  # noqa: E402

TYPES = 20
DEPARTMENTS = "ARRAY['engineering','sales','marketing','human-resources','finance','operations']"


def seed_sql(schema: str, employees: int, certifications: int) -> list[str]:
    """2% of employees archived; certifications spread over the types (distinct per person),
    expiring from a year ago to two years ahead, one in ten without expiry, 5% inactive."""
    per_person = max(1, -(-certifications // employees))
    return [
        f"""INSERT INTO "{schema}".employees (employee_id, first_name, last_name, email,
              department, position, start_date, is_archived)
            SELECT 'E' || lpad(i::text, 6, '0'), 'First' || i, 'Last' || (i % 997),
                   'person' || i || '@bench.example', ({DEPARTMENTS})[1 + i % 6], 'Analyst',
                   current_date - (30 + i % 3000), i % 50 = 0
            FROM generate_series(1, {employees}) AS i""",
        f"""INSERT INTO "{schema}".certification_types (name, description, issuing_organization,
              validity_months, is_required)
            SELECT 'Certification ' || lpad(t::text, 2, '0'), 'Bench type ' || t, 'Bench Body',
                   CASE WHEN t % 4 = 0 THEN NULL ELSE 12 * (1 + t % 3) END, t % 5 = 0
            FROM generate_series(1, {TYPES}) AS t""",
        f"""INSERT INTO "{schema}".employee_certifications (employee_id, certification_type_id,
              issue_date, expiration_date, certificate_number, is_active)
            SELECT 1 + (n / {per_person}) % {employees},
                   1 + ((n / {per_person}) * 7 + n % {per_person}) % {TYPES},
                   current_date - 400 - n % 300,
                   CASE WHEN n % 10 = 0 THEN NULL ELSE current_date - 365 + (n * 37) % 1095 END,
                   'CN-' || n, n % 20 <> 0
            FROM generate_series(0, {certifications - 1}) AS n""",
        f'VACUUM ANALYZE "{schema}".employees',
        f'VACUUM ANALYZE "{schema}".certification_types',
        f'VACUUM ANALYZE "{schema}".employee_certifications',
    ]


async def seed(org: Organization, employees: int, certifications: int) -> None:
    engine = get_engine()
    statements = seed_sql(org.schema_name, employees, certifications)
    async with engine.begin() as conn:
        for sql in statements[:3]:
            await conn.execute(text(sql))
    # VACUUM cannot run inside a transaction block.
    async with engine.connect() as conn:
        conn = await conn.execution_options(isolation_level="AUTOCOMMIT")
        for sql in statements[3:]:
            await conn.execute(text(sql))


def p95(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[max(0, int(round(0.95 * len(ordered))) - 1)]


def summary(label: str, samples: list[float]) -> str:
    return (
        f"{label:<50} median {statistics.median(samples) * 1000:7.2f} ms   "
        f"p95 {p95(samples) * 1000:7.2f} ms   (n={len(samples)})"
    )


async def timed_gets(client: httpx.AsyncClient, url: str, requests: int) -> list[float]:
    samples: list[float] = []
    for n in range(requests + 10):
        started = time.perf_counter()
        r = await client.get(url)
        elapsed = time.perf_counter() - started
        assert r.status_code == 200, r.text
        if n >= 10:  # the first calls warm the pool and caches
            samples.append(elapsed)
    return samples


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--employees", type=int, default=10_000)
    parser.add_argument("--certifications", type=int, default=30_000)
    parser.add_argument("--requests", type=int, default=200)
    args = parser.parse_args()
    logging.disable(logging.INFO)
    report = await migrate_all()
    assert report.ok, report.failed
    try:
        org = await create_tenant(NewTenant(subdomain="bench-certs", name="Bench Certs"))
        started = time.perf_counter()
        await seed(org, args.employees, args.certifications)
        print(
            f"Seeded {args.employees:,} employees and {args.certifications:,} certifications "
            f"of {TYPES} types in {time.perf_counter() - started:.1f} s"
        )

        sql_samples: list[float] = []
        async with tenant_session(org.schema_name, org.id) as session:
            for n in range(args.requests + 10):
                started = time.perf_counter()
                types = await service.list_types(session=session)
                if n >= 10:
                    sql_samples.append(time.perf_counter() - started)
        held = sum(t.employee_count for t in types)
        expiring = sum(t.expiring_count for t in types)
        print(
            f"Types: {len(types)}; employeeCount total {held:,}; expiringCount total {expiring:,}"
        )

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
        async with httpx.AsyncClient(
            transport=httpx.ASGITransport(app=app), base_url="http://localhost"
        ) as client:
            client.cookies.set(sessions.COOKIE, row.sid)
            http_samples = await timed_gets(client, "/api/certification-types", args.requests)
            # The same stack (session, tenant, transaction) around an empty table: the fixed
            # cost of any signed-in call on this machine, to read the figure above against.
            baseline = await timed_gets(client, "/api/certifications", args.requests)
            print(summary("GET /api/certification-types (whole request)", http_samples))
            print(summary("certification types list query alone", sql_samples))
            print(summary("baseline: GET /api/certifications (empty)", baseline))
            load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
            print(
                f"Machine: {os.cpu_count()} CPUs, load average {load} (other work inflates these)"
            )
            figure = p95(http_samples) * 1000
            print(f"Target p95 < 50 ms: {'met' if figure < 50 else 'NOT met'} ({figure:.1f} ms)")
            print()
            compliance = await timed_gets(client, "/api/certification-compliance", 20)
            print(summary("GET /api/certification-compliance", compliance))
            everything = await timed_gets(client, "/api/employee-certifications", 10)
            print(summary("GET /api/employee-certifications (all ~30k rows)", everything))

        for label in ("first run", "second run (idempotent)"):
            started = time.perf_counter()
            async with tenant_session(org.schema_name, org.id) as session:
                counts = await service.create_reminders(session=session)
            print(f"Reminder job, {label}: {time.perf_counter() - started:.2f} s; {counts}")
    finally:
        await dispose_engine()


if __name__ == "__main__":
    asyncio.run(main())
