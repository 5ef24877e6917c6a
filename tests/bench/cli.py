"""Benchmark: how fast the `merit` command answers, from a cold and from a warm start.

    uv run python tests/bench/cli.py [--orgs N] [--runs N]

Provisions N organisations first (2,000 by default; 0 skips it) in a throw-away embedded
Postgres, which this process keeps running, as a deployed Postgres would be, so the figures
are the command's own. Then times `merit --help` and `merit tenants create --subdomain X
--name Y` (a new organisation each run), each `--runs` times:

- cold: PYTHONDONTWRITEBYTECODE=1 and no bytecode of the checkout or the virtualenv, so each
  of their modules is compiled from source at every start, as on a machine that keeps none
  (the interpreter's own standard library keeps its precompiled bytecode, as installed);
- warm: a bytecode cache filled by one run before the timed ones.

The warm cache lives under PYTHONPYCACHEPREFIX in a temporary directory, so the checkout and
the virtualenv are left without bytecode; should they hold some (__pycache__ directories), it
says so, as the cold figures are then not cold. Prints wall and CPU (user + system) seconds:
p50, min, max; asserts nothing.
"""

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

_DATA = Path(tempfile.mkdtemp(prefix="merit-bench-cli-"))
os.environ["MERIT_DATA_DIR"] = str(_DATA)
for _key in ("DATABASE_URL", "REDIS_URL", "MERIT_RATE_LIMIT"):
    os.environ.pop(_key, None)

from api.core.config import get_settings  # noqa: E402
from api.core.embedded import ensure_services, stop_services  # noqa: E402

ensure_services(get_settings().data_dir, redis=False)

from api.cli.common import run  # noqa: E402
from tenants.migrate import migrate_all  # noqa: E402
from tenants.provision import NewTenant, create_tenant  # noqa: E402
from tests.bench.stats import percentile  # noqa: E402


def command(*args: str) -> list[str]:
    """`merit ...`, as the tests run it: `python -m api.cli` from this checkout."""
    return [sys.executable, "-m", "api.cli", *args]


async def provision(count: int) -> None:
    await migrate_all()
    for _ in range(count):
        await create_tenant(NewTenant(subdomain=f"many-{uuid.uuid4().hex[:10]}", name="Many"))


def timed(args: list[str], env: dict[str, str]) -> tuple[float, float]:
    """One run: (wall seconds, CPU seconds of the process and its children)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(
        args, env=env, cwd=ROOT, capture_output=True, text=True, stdin=subprocess.DEVNULL
    )
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(args)} failed ({done.returncode}):\n{done.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def environment(cache: Path | None) -> dict[str, str]:
    """Cold without a cache (nothing written, nothing found), warm with one."""
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    env.pop("PYTHONPYCACHEPREFIX", None)
    if cache is not None:
        env["PYTHONPYCACHEPREFIX"] = str(cache)
        del env["PYTHONDONTWRITEBYTECODE"]
    return env


def kept_bytecode() -> int:
    """__pycache__ directories of the checkout's Python code and of the virtualenv."""
    places = [ROOT / "api", ROOT / "tenants", ROOT / "migrations", Path(sys.prefix)]
    return sum(1 for place in places for _ in place.rglob("__pycache__"))


def create_args() -> list[str]:
    code = f"cli-{uuid.uuid4().hex[:10]}"
    return command("tenants", "create", "--subdomain", code, "--name", "Bench CLI")


def measure(label: str, make_args, runs: int, cold: bool) -> None:  # type: ignore[no-untyped-def]
    cache = None if cold else Path(tempfile.mkdtemp(prefix="merit-pycache-", dir=_DATA))
    env = environment(cache)
    if cache is not None:
        timed(make_args(), env)  # fills the cache
    walls, cpus = [], []
    for _ in range(runs):
        wall, cpu = timed(make_args(), env)
        walls.append(wall)
        cpus.append(cpu)
    print(
        f"{label:<32} {'cold' if cold else 'warm'}: wall p50 {percentile(walls, 50):.2f} s "
        f"(min {min(walls):.2f}, max {max(walls):.2f}), CPU p50 {percentile(cpus, 50):.2f} s "
        f"(n={runs})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--orgs", type=int, default=2000, help="organisations made first")
    parser.add_argument("--runs", type=int, default=5, help="timed runs of each command")
    cli = parser.parse_args()
    try:
        run(provision(cli.orgs))
        print(f"{cli.orgs} organisations provisioned; load average {os.getloadavg()[0]:.2f}")
        if found := kept_bytecode():
            print(f"  {found} __pycache__ directories in the checkout or virtualenv: not cold")
        for cold in (True, False):
            measure("merit --help", lambda: command("--help"), cli.runs, cold)
            measure("merit tenants create", create_args, cli.runs, cold)
    finally:
        stop_services()
        shutil.rmtree(_DATA, ignore_errors=True)


if __name__ == "__main__":
    main()
