"""Certifications benchmark: the certification types list with its counts on a big organisation.

Run with `uv run python tests/bench/certifications.py [--employees N] [--certifications N]`.
It starts its own embedded Postgres in a temporary MERIT_DATA_DIR (as tests/conftest.py
does), seeds with bulk INSERT ... SELECT generate_series, and prints figures (no timing
assertions):

- GET /api/certification-types on 10,000 employees holding 30,000 certifications of 20 types
  (target: p95 under 50 ms; the counts are one aggregate query), through the whole app in
  process and through `merit serve`, 1 and 16 callers, cold and warm (tests/bench/harness.py),
  and the list query alone;
- a baseline: a signed-in call on an empty table (the fixed cost of the request stack);
- for scale, the other organisation-wide reads (the compliance overview, every employee
  certification) and the daily reminder job, first run and idempotent second run.
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

from api.access.policy import ALL  # noqa: E402
from api.access.scope import Scope  # noqa: E402
from api.certifications import service  # noqa: E402
from api.core.db import dispose_engine, tenant_session  # noqa: E402
from api.main import create_app  # noqa: E402
from tenants.migrate import migrate_all  # noqa: E402
from tenants.provision import NewTenant, create_tenant  # noqa: E402
from tests.bench.stats import Sample, latency_header, latency_line  # noqa: E402

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
        await run_seed(seed_sql(org.schema_name, args.employees, args.certifications))
        print(
            f"Seeded {args.employees:,} employees and {args.certifications:,} certifications "
            f"of {TYPES} types in {time.perf_counter() - started:.1f} s"
        )

        found: list[Any] = []
        async with tenant_session(org.schema_name, org.id) as session:

            async def query() -> None:
                found.append(await service.list_types(session=session, scope=Scope(ALL, None)))

            alone = [Sample(t) for t in await sequential(query, args.requests, skip=10)]
        types = found[-1]
        held = sum(t.employee_count for t in types)
        expiring = sum(t.expiring_count for t in types)
        print(
            f"Types: {len(types)}; employeeCount total {held:,}; expiringCount total {expiring:,}"
        )

        (sid,) = await session_ids(org.id)

        types_route = "GET /api/certification-types"
        fixed_cost = "GET /api/certifications (empty: the fixed cost)"
        all_rows = "GET /api/employee-certifications (all rows)"
        routes = [
            get_route("/api/certification-types", sid),
            # The same stack (session, tenant, transaction) around an empty table: the fixed
            # cost of any signed-in call on this machine, to read the figure above against.
            get_route("/api/certifications", sid, fixed_cost),
            # For scale, the other organisation-wide reads, fewer times.
            get_route("/api/certification-compliance", sid, count=20),
            get_route("/api/employee-certifications", sid, all_rows, count=10),
        ]
        print(
            f"\nEach route in process and through merit serve ({args.requests} warm requests "
            f"per row unless n says otherwise):"
        )
        results = await compare(
            routes,
            requests=args.requests,
            app=create_app(),
            env=dict(os.environ),
            logs=_DATA / "logs",
        )
        print("\n" + latency_header(50))
        print(latency_line("certification types list query alone", alone, TIMEOUT, 50))
        print(machine_line())
        print(target_line(results, types_route, 95, 50))
        print()

        for label in ("first run", "second run (idempotent)"):
            started = time.perf_counter()
            async with tenant_session(org.schema_name, org.id) as session:
                counts = await service.create_reminders(session=session)
            print(f"Reminder job, {label}: {time.perf_counter() - started:.2f} s (n=1); {counts}")
    finally:
        await dispose_engine()


if __name__ == "__main__":
    asyncio.run(main())
