"""Merit unchanged behind PgBouncer in transaction mode (run by tests/pooler/run.py): two
thousand concurrent requests over two organisations answer without an error and without a
row of the other organisation; no server connection is left with a statement named by the
app or with a search_path; the CLI, the worker's jobs and backups work through it. Through a
PgBouncer with protocol-level prepared statements the requests, jobs and backups run under
both MERIT_DB_POOLER values, once with Merit's statements prepared by name (conftest.py), and
the CLI runs with `transaction-prepared`."""

import asyncio
import os
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import asyncpg
import httpx

from api.backups.jobs import backup_organization
from api.core.config import get_settings
from api.organizations.models import Organization
from api.reminders.jobs import remind_all
from tenants.migrate import migrate_all
from tests.api.employees.factories import add, payload
from tests.pooler.conftest import MAX_PREPARED, POOLER
from tests.pooler.run import SERVER_CONNECTIONS

ROOT = Path(__file__).resolve().parents[2]
NO_SCHEMA = '""'  # what `ALTER ROLE ... SET search_path = ''` shows
REQUESTS = 2000
# In flight at once: six times the app's pool (8), sixteen times PgBouncer's server
# connections. More only queue for the pool, past its 10 s timeout on a busy machine.
IN_FLIGHT = 48

READS = [
    "/api/employees",
    "/api/employees?page=1&pageSize=20&sort=name",
    "/api/employees?search=staff",
    "/api/departments",
    "/api/reviews",
    "/api/dashboard/stats",
    "/api/analytics",
    "/api/templates",
    "/api/reminders",
    "/api/users",
    "/api/auth/user",
]


def _marker(org: Organization) -> str:
    return f"Mark{org.id}x"


async def _seed(client: httpx.AsyncClient, org: Organization) -> list[int]:
    mark = _marker(org)
    r = await client.post("/api/departments", json={"name": f"{mark} dept", "slug": mark.lower()})
    assert r.status_code == 201, r.text
    made = [
        await add(client, firstName=f"{mark}{n}", lastName="Staff", position=f"{mark} role")
        for n in range(5)
    ]
    return [e["id"] for e in made]


async def test_two_thousand_concurrent_requests_over_two_organisations(
    statements, login, org, other_org
):
    clients = {org.id: await login(org), other_org.id: await login(other_org)}
    ids = {o.id: await _seed(clients[o.id], o) for o in (org, other_org)}
    marks = {o.id: _marker(o) for o in (org, other_org)}
    errors: list[str] = []
    leaks: list[str] = []
    gate = asyncio.Semaphore(IN_FLIGHT)

    async def one(n: int) -> None:
        mine, theirs = (org, other_org) if n % 2 else (other_org, org)
        client = clients[mine.id]
        async with gate:
            if n % 10 in (0, 5):  # a write among the reads, half for each organisation
                r = await client.post(
                    "/api/employees", json=payload(firstName=f"{marks[mine.id]}w{n}")
                )
                expected = 201
            else:
                path = random.choice([*READS, f"/api/employees/{random.choice(ids[mine.id])}"])
                r = await client.get(path)
                expected = 200
        if r.status_code != expected:
            errors.append(
                f"{r.request.method} {r.request.url.path}: {r.status_code} {r.text[:300]}"
            )
        if marks[theirs.id] in r.text:
            leaks.append(f"{r.request.method} {r.request.url}")

    await asyncio.gather(*(one(n) for n in range(REQUESTS)))
    assert errors == [], f"{len(errors)} errors, e.g. {errors[:5]}"
    assert leaks == [], f"{len(leaks)} replies with the other's rows, e.g. {leaks[:5]}"
    for o in (org, other_org):  # and each sees all of its own
        listed = (await clients[o.id].get("/api/employees")).json()
        assert sum(marks[o.id] in e["firstName"] for e in listed) == 5 + REQUESTS // 10
    await _no_server_connection_keeps_state(named=statements == "named")


async def _no_server_connection_keeps_state(*, named: bool = False) -> None:
    """Every server connection PgBouncer has (holding as many transactions open at once as
    it has server connections puts each on its own): no schema, and no statement left under a
    name Merit chose. With protocol-level prepared statements PgBouncer itself keeps
    statements on its server connections, under its own names (PGBOUNCER_<n>, one per
    statement text, shared by every client) and at most `max_prepared_statements` of them per
    connection: that is bounded and belongs to no client. Through 1.18 nothing at all."""
    url = os.environ["DATABASE_URL"]
    conns = [await asyncpg.connect(url, statement_cache_size=0) for _ in range(SERVER_CONNECTIONS)]
    try:
        for conn in conns:
            await conn.execute("BEGIN")
        seen = [
            await conn.fetchrow(
                "SELECT pg_backend_pid() AS pid, current_setting('search_path') AS path,"
                " ARRAY(SELECT name FROM pg_prepared_statements) AS names"
            )
            for conn in conns
        ]
    finally:
        for conn in conns:
            await conn.close()
    assert len({row["pid"] for row in seen}) == SERVER_CONNECTIONS
    # No schema: '' as a connection parameter, '""' when the role's default ('' in SQL).
    assert [row["path"] for row in seen] == [NO_SCHEMA] * len(seen)
    names = [name for row in seen for name in row["names"]]
    assert [n for n in names if not re.fullmatch(r"PGBOUNCER_\d+", n)] == []
    assert max(len(row["names"]) for row in seen) <= MAX_PREPARED
    if named:  # Merit's statements did go through PgBouncer's prepared statements
        assert names, "no statement was prepared by name"


def _merit(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "api.cli", *args],
        cwd=ROOT,
        env=os.environ.copy(),
        capture_output=True,
        text=True,
        timeout=120,
    )


async def test_merit_migrate_and_tenants_create_through_pgbouncer(login):
    done = _merit("migrate")
    assert done.returncode == 0, done.stdout + done.stderr
    subdomain = f"pooled-{random.randrange(10**8)}"
    done = _merit("tenants", "create", "--subdomain", subdomain, "--name", "Pooled Org")
    assert done.returncode == 0, done.stdout + done.stderr
    report = await migrate_all()
    assert report.ok and subdomain not in str(report.failed)


async def test_the_worker_jobs_and_a_backup_through_pgbouncer(statements, login, org):
    admin = await login(org)
    await _seed(admin, org)
    report = await remind_all()  # the daily reminders job, over every organisation
    assert not report.failed, report.failed
    pending = (await admin.post("/api/backups/create")).json()["backup"]
    filename = await backup_organization({}, org.id, pending["id"], "manual")  # the worker's job
    assert filename == pending["filename"]
    r = await admin.post(f"/api/backups/{filename}/validate")
    assert r.json()["valid"] is True and r.json()["details"]["counts"]["employees"] == 5, r.text
    await admin.post("/api/employees", json=payload(firstName="After the backup"))
    r = await admin.post(f"/api/backups/{filename}/restore", json={"confirmRestore": True})
    assert r.status_code == 200, r.text
    names = [e["firstName"] for e in (await admin.get("/api/employees")).json()]
    assert len(names) == 5 and "After the backup" not in names
    await _no_server_connection_keeps_state(named=statements == "named")


def test_the_app_runs_through_pgbouncer() -> None:
    """What the other tests here rely on: the app's URL is the pooler's, in pooler mode, named
    statements only where this PgBouncer carries them."""
    settings: Any = get_settings()
    assert settings.db_pooler == POOLER
    assert (POOLER == "transaction-prepared") == (MAX_PREPARED > 0)
    assert settings.database_url == os.environ["DATABASE_URL"]
    assert os.environ["DATABASE_URL"] != os.environ["MERIT_POOLER_DIRECT_URL"]
