"""The Reviews and Employees screens at 10,000 employees and 50,000 reviews, as a person sees
them: `merit serve` with the built web app, Chromium opening each screen, the time until the
first page's items are on screen (target: under 1 s). Needs `npm run build` first.

    uv run python tests/bench/screens.py [--employees N] [--reviews N] [--visits N]
"""

import argparse
import asyncio
import os
import re
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(tempfile.mkdtemp(prefix="merit-screens-"))
os.environ.update(MERIT_DATA_DIR=str(DATA), MERIT_ENV="test", MERIT_RATE_LIMIT="1000/minute")
for key in ("DATABASE_URL", "REDIS_URL"):
    os.environ.pop(key, None)
sys.path.insert(0, str(ROOT))

from api.core.config import get_settings  # noqa: E402
from api.core.embedded import ensure_services, stop_services  # noqa: E402


async def prepare(employees: int, reviews: int) -> str:
    from tenants.migrate import migrate_all
    from tenants.provision import NewTenant, create_tenant
    from tests.bench.reviews import seed

    await migrate_all()
    org = await create_tenant(NewTenant(subdomain="screens", name="Screens Co"))
    await seed(org, employees, reviews)
    return org.subdomain


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--employees", type=int, default=10_000)
    parser.add_argument("--reviews", type=int, default=50_000)
    parser.add_argument("--visits", type=int, default=5)
    args = parser.parse_args()
    if not (ROOT / "web" / "dist" / "index.html").is_file():
        raise SystemExit("web/dist is missing: run npm run build first")
    ensure_services(get_settings().data_dir, redis=True)
    try:
        code = asyncio.run(prepare(args.employees, args.reviews))
        print(f"Seeded {args.employees:,} employees and {args.reviews:,} reviews")
        env = {**os.environ, "MERIT_WEB_DIST": str(ROOT / "web" / "dist"),
               "MERIT_WORKER_METRICS_PORT": "0"}  # fmt: skip
        server = subprocess.Popen(
            [sys.executable, "-m", "api.cli", "serve", "--host", "127.0.0.1", "--port", "0"],
            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        )  # fmt: skip
        try:
            base = None
            assert server.stdout is not None
            for line in server.stdout:
                if found := re.search(r"running on http://127\.0\.0\.1:(\d+)", line):
                    base = f"http://localhost:{found.group(1)}"
                    break
            if base is None:
                raise SystemExit("merit serve did not start")
            # Its access log keeps coming: read it away so a full pipe never stalls the server.
            threading.Thread(target=server.stdout.read, daemon=True).start()
            subprocess.run(
                ["node", str(ROOT / "tests" / "bench" / "screens.mjs"), base, code,
                 f"admin{code}", str(args.visits)],
                check=True, cwd=ROOT,
            )  # fmt: skip
        finally:
            server.terminate()
            server.wait(timeout=20)
    finally:
        stop_services()


if __name__ == "__main__":
    main()
