"""Audit trail benchmark: what recording an event adds to a write.

Run with `uv run python tests/bench/audit.py [--pairs N]`. It starts its own embedded Postgres
in a temporary MERIT_DATA_DIR, creates one organisation with a few employees, and times the
same write with the trail on and with it off (api.audit.trail.paused, used only here), in one
run, interleaved pair by pair (the order alternating) so drift and noise fall on both alike:

- the request `PUT /api/employees/{id}` (a changed position), in process, one caller;
- the write alone: an ORM change and its commit in a tenant session of a signed-in person.

It prints the median and p95 of each, the median of the pairs' differences and the difference
of the medians. It asserts nothing about timing; the target is under 1 ms more at the median.
"""

import argparse
import asyncio
import logging
import sys
import time
import uuid
from collections.abc import Awaitable, Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.bench.harness import (  # noqa: E402
    COOKIE,
    TIMEOUT,
    embedded_postgres,
    machine_line,
    session_ids,
)

_DATA = embedded_postgres()

import httpx  # noqa: E402
from sqlalchemy import func, select  # noqa: E402

from api.audit import trail  # noqa: E402
from api.audit.models import AuditEvent  # noqa: E402
from api.auth.principal import Principal  # noqa: E402
from api.core.db import dispose_engine, tenant_session  # noqa: E402
from api.employees.models import Employee  # noqa: E402
from api.main import create_app  # noqa: E402
from api.organizations.models import Organization  # noqa: E402
from tenants.migrate import migrate_all  # noqa: E402
from tenants.provision import NewTenant, create_tenant  # noqa: E402
from tests.bench.stats import Sample, latency_header, latency_line, percentile  # noqa: E402

WARMUP = 30
PEOPLE = 20

Timed = Callable[[int], Awaitable[None]]


async def seed(org: Organization) -> list[int]:
    async with tenant_session(org.schema_name, org.id) as session:
        people = [
            Employee(
                employee_id=f"EMP{n:04d}",
                first_name="Bench",
                last_name=f"Person {n}",
                email=f"bench.{n}@example.com",
                position="Engineer",
            )
            for n in range(1, PEOPLE + 1)
        ]
        session.add_all(people)
        await session.flush()
        return [p.id for p in people]


async def paired(audited: Timed, unaudited: Timed, pairs: int) -> tuple[list[float], list[float]]:
    """Seconds of each, pair by pair, the one going first alternating."""
    on: list[float] = []
    off: list[float] = []

    async def timed(call: Timed, i: int, into: list[float], quiet: bool) -> None:
        started = time.perf_counter()
        if quiet:
            with trail.paused():
                await call(i)
        else:
            await call(i)
        into.append(time.perf_counter() - started)

    for i in range(WARMUP + pairs):
        first_on = i % 2 == 0
        order = [(audited, on, False), (unaudited, off, True)]
        for call, into, quiet in order if first_on else order[::-1]:
            await timed(call, i, into, quiet)
    return on[WARMUP:], off[WARMUP:]


def _verdict(gap_ms: float) -> str:
    return "met" if gap_ms < 1.0 else "NOT met"


def report(title: str, on: list[float], off: list[float]) -> None:
    print(f"\n{title}")
    print(latency_header(40))
    print(latency_line("  audited", [Sample(s) for s in on], TIMEOUT, 40))
    print(latency_line("  not audited (trail paused)", [Sample(s) for s in off], TIMEOUT, 40))
    # Each pair ran back to back, so its difference is what the trail added to that write; the
    # median of those differences is the typical cost. The difference of the two medians is
    # shown too: on a busy machine it moves with whatever else ran.
    paired_gap = percentile([a - b for a, b in zip(on, off, strict=True)], 50) * 1000
    median_gap = (percentile(on, 50) - percentile(off, 50)) * 1000
    p95_gap = (percentile(on, 95) - percentile(off, 95)) * 1000
    print(
        f"  more with the trail: {paired_gap:.3f} ms (median of the pairs' differences), "
        f"{median_gap:.3f} ms (difference of the medians), {p95_gap:.3f} ms (of the p95s)"
    )
    for label, gap in (("pairs' median", paired_gap), ("medians' difference", median_gap)):
        print(f"  Target under 1 ms more at the median, by the {label}: {_verdict(gap)}")


# Each of a pair writes a value of its own, so neither finds its change made already (a write
# that changes nothing records nothing).
def request_write(client: httpx.AsyncClient, people: list[int], tag: str) -> Timed:
    async def call(i: int) -> None:
        person = people[i % len(people)]
        body = {"position": f"Engineer {i}{tag}"}
        r = await client.put(f"/api/employees/{person}", json=body)
        r.raise_for_status()

    return call


def session_write(org: Organization, people: list[int], tag: str) -> Timed:
    principal = Principal(
        organization=org, role="admin", session_id="bench", force_password_change=False
    )

    async def call(i: int) -> None:
        async with tenant_session(org.schema_name, org.id) as session:
            session.info["principal"] = principal
            employee = await session.get(Employee, people[i % len(people)])
            assert employee is not None
            employee.position = f"Analyst {i}{tag}"
            await session.flush()

    return call


async def main(pairs: int) -> None:
    report_ = await migrate_all()
    assert report_.ok, report_.failed
    org = await create_tenant(NewTenant(subdomain=f"bench-{uuid.uuid4().hex[:8]}", name="Bench"))
    people = await seed(org)
    (sid,) = await session_ids(org.id)
    app = create_app()
    for noisy in ("merit", "httpx", "alembic"):
        logging.getLogger(noisy).setLevel(logging.WARNING)
    print(machine_line())
    print(f"organisation {org.subdomain}: {PEOPLE} employees; {pairs} pairs after {WARMUP} warm-up")
    transport = httpx.ASGITransport(app=app)
    async with (
        app.router.lifespan_context(app),
        httpx.AsyncClient(transport=transport, base_url="http://localhost", timeout=TIMEOUT) as c,
    ):
        c.cookies.set(COOKIE, sid)
        on, off = await paired(request_write(c, people, "a"), request_write(c, people, "b"), pairs)
        report("PUT /api/employees/{id} (in process, 1 caller)", on, off)
    on, off = await paired(session_write(org, people, "a"), session_write(org, people, "b"), pairs)
    report("The write alone: ORM change and commit in a tenant session", on, off)
    async with tenant_session(org.schema_name, org.id) as session:
        recorded = await session.scalar(select(func.count()).select_from(AuditEvent))
    print(f"\nEvents recorded: {recorded} (expected {2 * (WARMUP + pairs)}: one per audited write)")
    await dispose_engine()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pairs", type=int, default=500)
    args = parser.parse_args()
    asyncio.run(main(args.pairs))
