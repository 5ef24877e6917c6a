"""Review cycles benchmark: launching a cycle for a whole large organisation, and following it.

Run with `uv run python tests/bench/cycles.py [--employees N] [--progress-calls N]`. It starts
its own embedded Postgres in a temporary MERIT_DATA_DIR (tests/bench/harness.py), seeds N
employees (10,000 by default) with INSERT ... SELECT, one in ten of them a manager of ten
others with a personal account, and then runs its sections in order, each printing its figures:

- launch: a cycle of everyone with a self-review stage is made and launched, timed as one
  request (target: under 5 s): one review per person, a review_assigned notice per reviewer
  and a self_review_requested notice per employee with an account, in one transaction;
- progress: the reviews are moved through the stages (some self-reviews in, some reviews
  completed, shared and acknowledged), then GET /api/cycles/{id}/progress is called
  --progress-calls times one after another (target: p95 under 100 ms), and the reviews list's
  first page for comparison;
- notification mail: the launch's notices topped up to 10,000 pending, then the mailing job
  (outbox rows written, delivery jobs queued; target: under 10 s), run twice.

Requests go in process (httpx.ASGITransport), one at a time, as the admin of the organisation.
A section is an async function of `Bench` appended to SECTIONS: later parts (the notifications
job, say) add theirs to the same script. It asserts nothing about timing.
"""

import argparse
import asyncio
import logging
import sys
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.bench.harness import (  # noqa: E402
    COOKIE,
    embedded_postgres,
    machine_line,
    run_seed,
    session_ids,
)
from tests.bench.stats import Sample, counted, latency_header, latency_line, percentile  # noqa: E402

_DATA = embedded_postgres()

import httpx  # noqa: E402

from api.core.db import dispose_engine  # noqa: E402
from api.main import create_app  # noqa: E402
from api.organizations.models import Organization  # noqa: E402
from tenants.migrate import migrate_all  # noqa: E402
from tenants.provision import NewTenant, create_tenant  # noqa: E402

DEPARTMENTS = "ARRAY['engineering','sales','marketing','human-resources','finance','operations']"
TIMEOUT = 60.0


def code(expression: str) -> str:
    return f"'C' || lpad(({expression})::text, 6, '0')"


def seed_sql(schema: str, employees: int) -> list[str]:
    """Employee i has employeeId C00000i; i > 1 reports to 1 + (i - 2) / 10, so employees
    1..N/10 are managers, each with an active manager account linked to them. One in fifty
    is archived (in no cycle)."""
    managers = max(1, employees // 10)
    return [
        f"""INSERT INTO "{schema}".employees (employee_id, first_name, last_name, email,
              department, position, start_date, review_schedule, is_archived, manager_id)
            SELECT {code("i")}, 'First' || i, 'Last' || (i % 997),
                   'person' || i || '@cycles.bench', ({DEPARTMENTS})[1 + i % 6], 'Analyst',
                   current_date - (30 + i % 3000), 'annual', i % 50 = 0 AND i > {managers},
                   CASE WHEN i = 1 THEN NULL ELSE {code("1 + (i - 2) / 10")} END
            FROM generate_series(1, {employees}) AS i""",
        f"""INSERT INTO "{schema}".users (id, email, first_name, last_name, role, employee_id,
              is_active, force_password_change)
            SELECT 'bench-' || e.id, 'manager' || e.id || '@cycles.bench', e.first_name,
                   e.last_name, 'manager', e.id, true, false
            FROM "{schema}".employees e
            WHERE e.employee_id <= {code(str(managers))}""",
        f'VACUUM ANALYZE "{schema}".employees',
        f'VACUUM ANALYZE "{schema}".users',
    ]


@dataclass
class Bench:
    app: Any
    org: Organization
    client: httpx.AsyncClient
    employees: int
    progress_calls: int
    # What one section leaves for the next (the launched cycle's id, ...).
    found: dict[str, Any] = field(default_factory=dict)


Section = Callable[[Bench], Awaitable[None]]


def target(label: str, value_ms: float, limit_ms: float) -> str:
    verdict = "met" if value_ms < limit_ms else "MISSED"
    return f"  target {label}: {value_ms:,.0f} ms against {limit_ms:,.0f} ms: {verdict}"


async def count(bench: Bench, sql: str) -> int:
    from sqlalchemy import text

    from api.core.db import tenant_session

    async with tenant_session(bench.org.schema_name, bench.org.id) as session:
        return int(await session.scalar(text(sql)) or 0)


async def launch(bench: Bench) -> None:
    today = date.today()
    body = {
        "name": "Annual review 2026",
        "reviewType": "annual",
        "templateId": 1,
        "population": {"kind": "everyone"},
        "selfDue": (today + timedelta(days=7)).isoformat(),
        "feedbackDue": (today + timedelta(days=14)).isoformat(),
        "reviewDue": (today + timedelta(days=30)).isoformat(),
        "acknowledgeDue": (today + timedelta(days=45)).isoformat(),
    }
    made = await bench.client.post("/api/cycles", json=body)
    assert made.status_code == 201, made.text
    cycle_id = made.json()["id"]
    started = time.perf_counter()
    reply = await bench.client.post(f"/api/cycles/{cycle_id}/launch", timeout=TIMEOUT)
    took = (time.perf_counter() - started) * 1000
    assert reply.status_code == 200, reply.text[:300]
    reviews = await count(bench, f"SELECT count(*) FROM reviews WHERE cycle_id = {cycle_id}")
    notices = await count(bench, "SELECT count(*) FROM notifications")
    print(f"\nLaunch: {reviews:,} reviews and {notices:,} notices in {took:,.0f} ms")
    print(target("launch", took, 5000))
    bench.found["cycle"] = cycle_id


# The stages the reviews are moved through before progress is timed, by review id modulo 10:
# 0-2 self-review, 3-5 feedback, 6-7 sharing, 8 acknowledging, 9 done.
_STAGED = [
    'UPDATE "{s}".reviews SET self_submitted_at = now() WHERE cycle_id = {c} AND id % 10 >= 3',
    """UPDATE "{s}".reviews SET status = 'completed', rating = 1 + id % 5, completed_at = now()
       WHERE cycle_id = {c} AND id % 10 >= 6""",
    'UPDATE "{s}".reviews SET shared_at = now() WHERE cycle_id = {c} AND id % 10 >= 8',
    'UPDATE "{s}".reviews SET acknowledged_at = now() WHERE cycle_id = {c} AND id % 10 = 9',
    'VACUUM ANALYZE "{s}".reviews',
]


async def progress(bench: Bench) -> None:
    cycle_id = bench.found["cycle"]
    await run_seed([sql.format(s=bench.org.schema_name, c=cycle_id) for sql in _STAGED])
    first = (await bench.client.get(f"/api/cycles/{cycle_id}/progress")).json()
    print(
        f"\nProgress of {first['total']:,} reviews: {first['byStage']}, "
        f"{len(first['byDepartment'])} departments, {len(first['byReviewer'])} reviewers"
    )
    print(latency_header(48))
    calls = (
        ("GET /api/cycles/{id}/progress", "progress", bench.progress_calls),
        ("GET /api/cycles/{id}/reviews first page", "reviews?page=1&pageSize=50", 50),
    )
    for label, tail, n in calls:
        samples = await timed(bench.client, f"/api/cycles/{cycle_id}/{tail}", n)
        print(latency_line(label, samples, TIMEOUT))
        if tail == "progress":
            bench.found["progress_p95_ms"] = percentile(counted(samples, TIMEOUT), 95) * 1000
    print(target("progress p95", bench.found["progress_p95_ms"], 100))


async def timed(client: httpx.AsyncClient, url: str, calls: int) -> list[Sample]:
    samples = []
    for _ in range(calls):
        started = time.perf_counter()
        reply = await client.get(url, timeout=TIMEOUT)
        error = None if reply.status_code == 200 else f"HTTP {reply.status_code}"
        samples.append(Sample(time.perf_counter() - started, error))
    return samples


# Pending notices the notification job is timed on: the launch's, topped up to this many.
PENDING_NOTICES = 10_000


def top_up_sql(schema: str, missing: int) -> list[str]:
    """`missing` more pending notices, spread over the organisation's accounts."""
    return [
        f"""INSERT INTO "{schema}".notifications (user_id, kind, title, body, link, dedupe_key)
            SELECT u.id, 'review_due_soon', 'Bench notice ' || n, 'Something is due soon',
                   '/my-reviews', 'bench-mail:' || n
            FROM generate_series(1, {missing}) AS n
            JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM "{schema}".users) u
              ON u.k = n % (SELECT count(*) FROM "{schema}".users)""",
        f'VACUUM ANALYZE "{schema}".notifications',
    ]


async def notification_mail(bench: Bench) -> None:
    """The mailing job (api/notifications/outbound.py) on PENDING_NOTICES pending notices: the
    outbox rows written and the delivery jobs queued (target: under 10 s). SMTP names a server
    that is never reached (delivery is the worker's, not timed here); the jobs go to an
    embedded Redis."""
    import os

    from api.core.config import get_settings
    from api.core.embedded import ensure_services
    from api.notifications.outbound import mail_pending

    os.environ.update(SMTP_HOST="127.0.0.1", SMTP_PORT="9")
    get_settings.cache_clear()
    ensure_services(get_settings().data_dir, redis=True)
    pending_sql = "SELECT count(*) FROM notifications WHERE mail_state = 'pending'"
    missing = PENDING_NOTICES - await count(bench, pending_sql)
    if missing > 0:
        await run_seed(top_up_sql(bench.org.schema_name, missing))
    pending = await count(bench, pending_sql)
    for label in ("first run", "second run (nothing pending)"):
        started = time.perf_counter()
        done = await mail_pending(bench.org)
        took = (time.perf_counter() - started) * 1000
        print(f"\nNotification mail, {label}: {pending:,} pending, {done} in {took:,.0f} ms")
        if label == "first run":
            print(target("notification mail", took, 10_000))
        pending = await count(bench, pending_sql)


SECTIONS: list[Section] = [launch, progress, notification_mail]


async def main(employees: int, progress_calls: int) -> None:
    print(machine_line())
    report = await migrate_all()
    assert report.ok, report.failed
    org = await create_tenant(NewTenant(subdomain="bench-cycles", name="Bench Cycles"))
    started = time.perf_counter()
    await run_seed(seed_sql(org.schema_name, employees))
    print(
        f"Seeded {employees:,} employees ({employees // 10:,} managers with accounts) in "
        f"{time.perf_counter() - started:.1f} s"
    )
    app = create_app()
    for noisy in ("merit", "httpx", "alembic"):
        logging.getLogger(noisy).setLevel(logging.WARNING)
    (sid,) = await session_ids(org.id, "admin")
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://localhost") as client:
        client.cookies.set(COOKIE, sid)
        bench = Bench(app, org, client, employees, progress_calls)
        for section in SECTIONS:
            await section(bench)
    print(machine_line())
    await dispose_engine()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--employees", type=int, default=10_000)
    parser.add_argument("--progress-calls", type=int, default=200)
    args = parser.parse_args()
    asyncio.run(main(args.employees, args.progress_calls))
