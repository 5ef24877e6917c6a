"""Benchmark: tenant provisioning, migrating 200 schemas, and the first-load JS size.

Run: uv run python tests/bench/tenants.py [--peer]   (uses a throw-away embedded Postgres
unless DATABASE_URL is set; prints figures, asserts nothing). `--peer` also measures
django-tenants creating one tenant on this machine, in the same run
(/work/shared/bench/django-tenants/run: its own venv under /tmp and its own embedded Postgres),
and prints both figures and their ratio.
"""

import argparse
import asyncio
import gzip
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("MERIT_DATA_DIR", tempfile.mkdtemp(prefix="merit-bench-"))

from api.core.config import get_settings  # noqa: E402
from api.core.embedded import ensure_services  # noqa: E402

ensure_services(get_settings().data_dir, redis=False)

from api.core.db import dispose_engine, get_engine  # noqa: E402
from tenants.ddl import tenant_ddl  # noqa: E402
from tenants.migrate import migrate_all, migrate_tenants  # noqa: E402
from tenants.provision import NewTenant, create_tenant  # noqa: E402
from tenants.revisions import TENANT_SCRIPTS, head_revision  # noqa: E402
from tests.bench.stats import percentile  # noqa: E402

PEER = Path(os.environ.get("MERIT_PEER_BENCH", "/work/shared/bench/django-tenants/run"))

NEW_REVISION = '''"""bench: add a column"""
import sqlalchemy as sa
from alembic import op

revision = "bench0000001"
down_revision = "{down}"


def upgrade() -> None:
    op.add_column("employees", sa.Column("bench_note", sa.String(40), nullable=True))
    op.create_index("ix_employees_bench_note", "employees", ["bench_note"])
'''


async def provision_ms(n: int = 20) -> list[float]:
    times = []
    for _ in range(n):
        started = time.perf_counter()
        await create_tenant(NewTenant(subdomain=f"bench-{uuid.uuid4().hex[:10]}", name="Bench"))
        times.append((time.perf_counter() - started) * 1000)
    return times


async def raw_ddl_floor_ms(n: int = 20) -> list[float]:
    """The same DDL replayed by hand in one transaction: the floor for provisioning."""
    times = []
    for i in range(n):
        schema = f"floor_{i}_{uuid.uuid4().hex[:6]}"
        started = time.perf_counter()
        async with get_engine().begin() as conn:
            raw = await conn.get_raw_connection()
            await raw.driver_connection.execute(  # type: ignore[union-attr]
                f'CREATE SCHEMA "{schema}"; SET LOCAL search_path TO "{schema}";' + tenant_ddl()
            )
        times.append((time.perf_counter() - started) * 1000)
    return times


async def migrate_200() -> tuple[float, float, float]:
    async with get_engine().connect() as conn:
        existing = (
            await conn.exec_driver_sql("SELECT count(*) FROM public.organizations")
        ).scalar() or 0
    for _ in range(max(0, 200 - int(existing))):
        await create_tenant(NewTenant(subdomain=f"mig-{uuid.uuid4().hex[:10]}", name="Migrate"))
    scripts = Path(tempfile.mkdtemp()) / "tenant"
    shutil.copytree(TENANT_SCRIPTS, scripts)
    (scripts / "versions" / "29990101_0000_bench.py").write_text(
        NEW_REVISION.format(down=head_revision())
    )
    started = time.perf_counter()
    report = await migrate_tenants(script_location=scripts)
    upgrade_s = time.perf_counter() - started
    assert not report.failed, report.failed
    started = time.perf_counter()
    again = await migrate_tenants(script_location=scripts)
    noop_s = time.perf_counter() - started
    assert not again.upgraded
    return upgrade_s, noop_s, float(len(report.upgraded))


def peer_create_ms(n: int = 20) -> float | None:
    """django-tenants' median milliseconds to create one tenant, or None if it did not run."""
    if not PEER.is_file():
        print(f"  django-tenants: {PEER} not found")
        return None
    done = subprocess.run(
        [str(PEER), "--tenants", str(n)], capture_output=True, text=True, timeout=1800
    )
    found = re.search(r"median=([\d.]+) ms", done.stdout)
    if done.returncode != 0 or not found:
        print(f"  django-tenants did not report (exit {done.returncode}): {done.stderr[-500:]}")
        return None
    return float(found[1])


def first_load_js_gzip_kb() -> float | None:
    dist = ROOT / "web" / "dist"
    index = dist / "index.html"
    if not index.is_file():
        return None
    html = index.read_text()
    refs = re.findall(r'(?:src|href)="(/assets/[^"]+\.js)"', html)
    total = sum(len(gzip.compress((dist / ref.lstrip("/")).read_bytes(), 9)) for ref in refs)
    return total / 1024


async def main(peer: bool) -> None:
    await migrate_all()
    await provision_ms(3)  # warm-up: imports, hashing, the compiled DDL
    # One of each in turn, so that both see the same load on a shared machine.
    ours, floor = [], []
    for _ in range(20):
        ours += await provision_ms(1)
        floor += await raw_ddl_floor_ms(1)
    p50, floor_p50 = percentile(ours, 50), percentile(floor, 50)
    print(
        f"provision one tenant: p50 {p50:.1f} ms, p95 {percentile(ours, 95):.1f} "
        f"ms (min {min(ours):.1f}, max {max(ours):.1f}; n={len(ours)}; target < 100 ms)"
    )
    print(
        f"  floor, same DDL by hand in one transaction, measured in turn with ours: p50 "
        f"{floor_p50:.1f} ms "
        f"(n={len(floor)}); Merit = {p50 / floor_p50:.2f}x the floor (target <= 1.3x)"
    )
    if peer:
        theirs = await asyncio.to_thread(peer_create_ms)
        if theirs is not None:
            print(
                f"  django-tenants, same machine, same run: median {theirs:.0f} ms "
                f"(n=20); Merit = {p50 / theirs:.2f}x django-tenants"
            )
    upgrade_s, noop_s, count = await migrate_200()
    print(
        f"migrate {int(count)} tenant schemas with one new migration: {upgrade_s:.2f} s "
        f"(n=1; target < 5 s)"
    )
    print(f"  migrate again with nothing to do: {noop_s:.3f} s (n=1)")
    size = first_load_js_gzip_kb()
    if size is None:
        print("first-load JS: web/dist not built (run `npm run build`)")
    else:
        print(f"first-load JS (gzip): {size:.1f} KB (target < 250 KB)")
    await dispose_engine()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--peer", action="store_true", help="also measure django-tenants")
    asyncio.run(main(parser.parse_args().peer))
