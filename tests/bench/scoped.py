"""Scoped-reader benchmark: a manager under "need to know" beside hr, on one big organisation.

Run with `uv run python tests/bench/scoped.py [--employees N] [--reviews N] [--requests N]`.
It starts its own embedded Postgres in a temporary MERIT_DATA_DIR (as tests/conftest.py
does), seeds 10,000 employees and 50,000 reviews with bulk INSERT ... SELECT, and builds a
reporting line of 500 people under one manager M over three levels below them (10 direct
reports, 70 beneath those, 420 beneath those); everyone else sits in other lines. The
organisation is switched to "need to know"; M's personal account and an hr account sign in
through "Sign in with your account", and each calls the same screens' first requests:

- GET /api/employees first page (target: p95 under 60 ms);
- GET /api/dashboard/stats (target: p95 under 50 ms);
- GET /api/reviews first page (the Reviews screen's paged list) and GET /api/reviews/all
  (unpaged: every review the reader reaches, fewer requests).

Each route is timed four ways (tests/bench/harness.py: in process and through `merit serve`,
1 and 16 callers, cold apart from warm). Before timing it prints what each reader is served
(totals), so a list still unscoped shows up as the manager getting hr's figures. It asserts
nothing about timing.
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
    COOKIE,
    compare,
    embedded_postgres,
    get_route,
    machine_line,
    run_seed,
    target_line,
)

_DATA = embedded_postgres()

import httpx  # noqa: E402
from sqlalchemy import text, update  # noqa: E402

from api.core.db import dispose_engine, public_session, tenant_session  # noqa: E402
from api.core.security import hash_password  # noqa: E402
from api.main import create_app  # noqa: E402
from api.organizations.models import Organization  # noqa: E402
from api.users.models import User  # noqa: E402
from tenants.migrate import migrate_all  # noqa: E402
from tenants.provision import NewTenant, create_tenant  # noqa: E402

PASSWORD = "Bench-Scoped-2026!"
DEPARTMENTS = "ARRAY['engineering','sales','marketing','human-resources','finance','operations']"
TYPES = "ARRAY['quarterly','annual','probation','promotion','performance_improvement']"
LINE_SIZE = 500  # employees 2..501: M's reports, direct and indirect
EMPLOYEES_FIRST_PAGE = "/api/employees?page=1&pageSize=24"
REVIEWS_FIRST_PAGE = "/api/reviews?sort=urgency&page=1&pageSize=25"


def code(expression: str) -> str:
    return f"'E' || lpad(({expression})::text, 6, '0')"


def seed_sql(schema: str, employees: int, reviews: int) -> list[str]:
    """Employee i has employeeId E00000i. M is employee 1: employees 2-11 report to M, 12-81
    to those (7 each), 82-501 to those (6 each). From 512 on, nine in ten report to someone
    in 502.. (other lines). One in fifty is archived (never M). Reviews as
    tests/bench/reviews.py seeds them: 80% completed over two years, the rest open and due from
    two weeks ago to two months ahead."""
    manager = f"""CASE WHEN i = 1 THEN NULL
                       WHEN i <= 11 THEN 'E000001'
                       WHEN i <= 81 THEN {code("2 + (i - 12) / 7")}
                       WHEN i <= {LINE_SIZE + 1} THEN {code("12 + (i - 82) / 6")}
                       WHEN i < 512 OR i % 10 = 0 THEN NULL
                       ELSE {code("502 + (i - 502) / 10")} END"""
    return [
        f"""INSERT INTO "{schema}".employees (employee_id, first_name, last_name, email,
              department, position, start_date, review_schedule, next_review_date,
              is_archived, manager_id)
            SELECT {code("i")}, 'First' || i, 'Last' || (i % 997),
                   'person' || i || '@bench.example', ({DEPARTMENTS})[1 + i % 6], 'Analyst',
                   current_date - (30 + i % 3000), 'quarterly',
                   current_date + (i % 120) - 20, i % 50 = 0, {manager}
            FROM generate_series(1, {employees}) AS i""",
        f"""INSERT INTO "{schema}".reviews (employee_id, template_id, review_type, status,
              responses, rating, due_date, completed_at)
            SELECT e.id, 1, ({TYPES})[1 + i % 5],
                   CASE WHEN i % 5 = 0 THEN (ARRAY['pending','in_progress'])[1 + i % 2]
                        ELSE 'completed' END,
                   '{{}}'::jsonb,
                   CASE WHEN i % 5 = 0 THEN NULL ELSE 1 + (i * 7) % 5 END,
                   CASE WHEN i % 5 = 0 THEN current_date + (i % 75) - 14
                        ELSE current_date - (i % 730) END,
                   CASE WHEN i % 5 = 0 THEN NULL
                        ELSE now() - make_interval(days => i % 730) END
            FROM generate_series(1, {reviews}) AS i
            JOIN "{schema}".employees e ON e.employee_id = {code(f"1 + i % {employees}")}""",
        f'VACUUM ANALYZE "{schema}".employees',
        f'VACUUM ANALYZE "{schema}".reviews',
    ]


async def line_depths(org: Organization, manager_pk: int) -> list[int]:
    """How many people sit at each level below the manager."""
    async with tenant_session(org.schema_name, org.id) as session:
        rows = await session.execute(
            text(
                """WITH RECURSIVE line(id, code, depth) AS (
                       SELECT id, employee_id, 1 FROM employees WHERE manager_id =
                           (SELECT employee_id FROM employees WHERE id = :m)
                       UNION SELECT e.id, e.employee_id, line.depth + 1
                       FROM employees e JOIN line ON e.manager_id = line.code)
                   SELECT depth, count(*) FROM line GROUP BY depth ORDER BY depth"""
            ),
            {"m": manager_pk},
        )
        return [n for _, n in rows]


async def add_accounts(org: Organization) -> int:
    """M's personal manager account and an hr account; M's employee id."""
    async with tenant_session(org.schema_name, org.id) as session:
        manager_pk = int(
            await session.scalar(text("SELECT id FROM employees WHERE employee_id = 'E000001'"))
        )
        hashed = hash_password(PASSWORD)
        for account, role, linked in (("manager", "manager", manager_pk), ("hr", "hr", None)):
            session.add(
                User(
                    id=f"bench-{account}",
                    email=f"{account}@bench.example",
                    first_name="Bench",
                    last_name=account.title(),
                    role=role,
                    employee_id=linked,
                    password_hash=hashed,
                    force_password_change=False,
                )
            )
    async with public_session() as db:
        await db.execute(
            update(Organization).where(Organization.id == org.id).values(visibility="need_to_know")
        )
    return manager_pk


async def sign_in(app: Any, org: Organization, account: str) -> str:
    """The session cookie of `account` signed in with its own e-mail and password."""
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://localhost") as c:
        r = await c.post("/api/auth/org-login", json={"subdomain": org.subdomain})
        r.raise_for_status()
        body = {"email": f"{account}@bench.example", "password": PASSWORD}
        (await c.post("/api/auth/user-login", json=body)).raise_for_status()
        return str(c.cookies[COOKIE])


async def served(app: Any, sid: str) -> dict[str, Any]:
    """What one reader is served: the totals each call reports."""
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://localhost") as c:
        c.cookies.set(COOKIE, sid)
        employees = await c.get(EMPLOYEES_FIRST_PAGE)
        stats = await c.get("/api/dashboard/stats")
        reviews = await c.get(REVIEWS_FIRST_PAGE)
        every = await c.get("/api/reviews/all")
    for reply in (employees, stats, reviews, every):
        assert reply.status_code == 200, (reply.request.url, reply.status_code, reply.text[:200])
    return {
        "employees (X-Total-Count)": int(employees.headers.get("x-total-count", -1)),
        "dashboard totalEmployees": stats.json()["totalEmployees"],
        "dashboard reviewsDue + reviewsOverdue": stats.json()["reviewsDue"]
        + stats.json()["reviewsOverdue"],
        "reviews (X-Total-Count)": int(reviews.headers.get("x-total-count", -1)),
        "reviews/all (items)": len(every.json()),
    }


def print_served(manager: dict[str, Any], hr: dict[str, Any]) -> None:
    print(f"\n{'What each reader is served':<42}{'manager M':>12}{'hr':>10}   scoped?")
    for key, value in manager.items():
        verdict = "yes" if value < hr[key] else "NO: the manager gets hr's figure"
        print(f"  {key:<40}{value:>12,}{hr[key]:>10,}   {verdict}")


async def main(employees: int, reviews: int, requests: int, all_requests: int) -> None:
    print(machine_line())
    report = await migrate_all()
    assert report.ok, report.failed
    org = await create_tenant(NewTenant(subdomain="bench-scoped", name="Bench Scoped"))
    started = time.perf_counter()
    await run_seed(seed_sql(org.schema_name, employees, reviews))
    manager_pk = await add_accounts(org)
    depths = await line_depths(org, manager_pk)
    print(
        f"Seeded {employees:,} employees and {reviews:,} reviews in "
        f"{time.perf_counter() - started:.1f} s; M's reporting line: {sum(depths):,} people, "
        f"by level {depths}; the organisation is under need to know"
    )
    app = create_app()
    for noisy in ("merit", "httpx", "alembic"):
        logging.getLogger(noisy).setLevel(logging.WARNING)
    sids = {"manager M": await sign_in(app, org, "manager"), "hr": await sign_in(app, org, "hr")}
    print_served(await served(app, sids["manager M"]), await served(app, sids["hr"]))

    calls = [
        ("GET /api/employees first page", EMPLOYEES_FIRST_PAGE, None),
        ("GET /api/dashboard/stats", "/api/dashboard/stats", None),
        ("GET /api/reviews first page", REVIEWS_FIRST_PAGE, None),
        ("GET /api/reviews/all", "/api/reviews/all", all_requests),
    ]
    routes = [
        get_route(url, sid, f"{reader}: {label}", count)
        for label, url, count in calls
        for reader, sid in sids.items()
    ]
    print(f"\nEach route in process and through merit serve ({requests} warm requests per row):")
    results = await compare(
        routes, requests=requests, app=app, env=dict(os.environ), logs=_DATA / "logs"
    )
    for reader in sids:
        print(target_line(results, f"{reader}: GET /api/employees first page", 95, 60))
        print(target_line(results, f"{reader}: GET /api/dashboard/stats", 95, 50))
    print(machine_line())
    await dispose_engine()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--employees", type=int, default=10_000)
    parser.add_argument("--reviews", type=int, default=50_000)
    parser.add_argument("--requests", type=int, default=100)
    parser.add_argument(
        "--all-requests", type=int, default=10, help="warm requests of GET /api/reviews/all"
    )
    args = parser.parse_args()
    asyncio.run(main(args.employees, args.reviews, args.requests, args.all_requests))
