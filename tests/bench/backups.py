"""Benchmark: backup and restore of an organisation with 10,000 employees and 50,000 reviews.

Run: uv run python tests/bench/backups.py   (a throw-away embedded Postgres under a temporary
MERIT_DATA_DIR unless DATABASE_URL is set; prints figures, asserts nothing)

Targets: backup under 5 s, restore under 10 s. The backup runs in a fresh Python process, as
the arq worker would, so its peak memory is the worker's own.
"""

import asyncio
import json
import os
import subprocess
import sys
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from tests.bench.harness import embedded_postgres  # noqa: E402

embedded_postgres()

from sqlalchemy import select, text  # noqa: E402

from api.backups import service  # noqa: E402
from api.backups.models import Backup  # noqa: E402
from api.core.db import dispose_engine, get_engine, tenant_session  # noqa: E402
from tenants.migrate import migrate_all  # noqa: E402
from tenants.provision import NewTenant, create_tenant  # noqa: E402

EMPLOYEES = 10_000
REVIEWS = 50_000

# Run in a child process: one backup through the worker's job function, then its figures.
WORKER = """
import asyncio, json, resource, sys, time
from api.backups.jobs import backup_organization
from api.core.db import dispose_engine

def rss_kb():
    with open("/proc/self/status") as fh:
        return next(int(l.split()[1]) for l in fh if l.startswith("VmRSS:"))

async def main():
    before = rss_kb()
    started = time.perf_counter()
    filename = await backup_organization({}, int(sys.argv[1]), None, "manual")
    seconds = time.perf_counter() - started
    await dispose_engine()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({"filename": filename, "seconds": seconds, "before_kb": before, "peak_kb": peak}))

asyncio.run(main())
"""


async def seed(schema: str) -> None:
    """Bulk INSERT ... SELECT: 10,000 employees under managers, 50,000 reviews with answers."""
    async with get_engine().begin() as conn:
        await conn.execute(text(f'SET LOCAL search_path TO "{schema}"'))
        await conn.execute(
            text(
                "INSERT INTO employees (employee_id, first_name, last_name, email, department, "
                "position, start_date, manager_id, review_schedule, next_review_date, is_archived) "
                "SELECT 'E' || lpad(i::text, 6, '0'), 'First' || i, 'Last ' || i || ' Ünïcode', "
                "'person' || i || '@example.com', "
                "(ARRAY['engineering','sales','marketing','finance','operations'])[1 + i % 5], "
                "'Software Engineer', date '2020-01-01' + (i % 1500), "
                "CASE WHEN i % 10 = 0 THEN NULL ELSE 'E' || lpad((i - i % 10)::text, 6, '0') END, "
                "'quarterly', current_date + (i % 90), i % 50 = 0 "
                "FROM generate_series(0, :n - 1) AS i"
            ),
            {"n": EMPLOYEES},
        )
        template = (await conn.execute(text("SELECT min(id) FROM review_templates"))).scalar()
        await conn.execute(
            text(
                "INSERT INTO reviews (employee_id, template_id, review_type, status, responses, "
                "rating, reviewer_notes, due_date, completed_at) "
                "SELECT 1 + i % :e, :t, 'quarterly', "
                "CASE WHEN i % 3 = 0 THEN 'pending' ELSE 'completed' END, "
                "jsonb_build_object('q1', 1 + i % 5, 'q2', 'Delivered the roadmap items on time "
                "and mentored two new joiners.', 'q3', 'Focus on cross-team communication.', "
                "'q4', 1 + i % 4, 'q5', 'yes'), "
                "CASE WHEN i % 3 = 0 THEN NULL ELSE 1 + i % 5 END, "
                "'Solid quarter with clear progress on goals.', current_date - (i % 700), "
                "CASE WHEN i % 3 = 0 THEN NULL ELSE now() - (i % 700) * interval '1 day' END "
                "FROM generate_series(1, :n) AS i"
            ),
            {"e": EMPLOYEES, "t": template, "n": REVIEWS},
        )
        await conn.execute(text("ANALYZE"))


async def counts(schema: str) -> dict[str, int]:
    async with get_engine().connect() as conn:
        return {
            t: (await conn.execute(text(f'SELECT count(*) FROM "{schema}".{t}'))).scalar_one()
            for t in ("employees", "reviews", "departments", "review_templates")
        }


def run_worker(org_id: int) -> dict:
    out = subprocess.run(
        [sys.executable, "-c", WORKER, str(org_id)],
        cwd=ROOT,
        env=dict(os.environ),
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


async def main() -> None:
    report = await migrate_all()
    assert report.ok, report.failed
    org = await create_tenant(NewTenant(subdomain=f"bench-{uuid.uuid4().hex[:8]}", name="Bench"))
    started = time.perf_counter()
    await seed(org.schema_name)
    seeded = time.perf_counter() - started
    original = await counts(org.schema_name)
    print(
        f"seeded {original['employees']:,} employees and {original['reviews']:,} reviews "
        f"in {seeded:.1f} s (n=1)"
    )

    await dispose_engine()  # the child process gets the database to itself
    worker = await asyncio.to_thread(run_worker, org.id)
    async with tenant_session(org.schema_name, org.id) as session:
        backup = (
            await session.execute(select(Backup).where(Backup.filename == worker["filename"]))
        ).scalar_one()
    size_mb = backup.size_bytes / 1024 / 1024
    print(
        f"backup:  {worker['seconds']:.2f} s (n=1; target < 5 s), file {size_mb:.1f} MB, "
        f"status {backup.status}"
    )
    print(
        f"worker peak memory (n=1): {worker['peak_kb'] / 1024:.0f} MB RSS "
        f"({worker['before_kb'] / 1024:.0f} MB once the worker's code is loaded, so "
        f"+{(worker['peak_kb'] - worker['before_kb']) / 1024:.0f} MB for the backup itself)"
    )

    # Change the data, then restore: the whole call (validate, safety backup, load).
    async with get_engine().begin() as conn:
        await conn.execute(text(f'DELETE FROM "{org.schema_name}".reviews WHERE id % 2 = 0'))
    path = service.backup_path(org.schema_name, backup.filename)
    started = time.perf_counter()
    await service.validate(org, backup)  # the restore, into a scratch schema, rolled back
    validate_s = time.perf_counter() - started
    started = time.perf_counter()
    safety = (await service.restore(org, backup, confirm=True)).safety
    restore_s = time.perf_counter() - started
    started = time.perf_counter()
    await service.load(org, path)
    load_s = time.perf_counter() - started
    restored = await counts(org.schema_name)
    print(
        f"restore: {restore_s:.2f} s (n=1; target < 10 s) for the whole call: validation, a safety "
        f"backup ({safety.size_bytes / 1024 / 1024:.1f} MB) and the load in one transaction"
    )
    print(
        f"         validate (a rolled-back load) {validate_s:.2f} s, load alone {load_s:.2f} s "
        "(n=1 each)"
    )
    print(
        f"round trip: {'identical row counts' if restored == original else 'MISMATCH'} {restored}"
    )
    await dispose_engine()


if __name__ == "__main__":
    asyncio.run(main())
