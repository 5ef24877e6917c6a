"""Benchmark: assistant answer latency without an LLM (retrieval over the help corpus).

Run: uv run python tests/bench/assistants.py   (a throw-away embedded Postgres under a temporary
MERIT_DATA_DIR unless DATABASE_URL is set; prints figures, asserts nothing)

Target: p95 under 100 ms. Each question is a full HTTP call through the app (session check,
validation, full-text search, passage ranking, answer composition) over ASGI, so the figure
is what the dialog waits for minus the network.
"""

import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("MERIT_DATA_DIR", tempfile.mkdtemp(prefix="merit-bench-"))
os.environ.setdefault("MERIT_LOG_LEVEL", "WARNING")  # figures only, not one log line per call
os.environ.setdefault("MERIT_WEB_DIST", str(Path(os.environ["MERIT_DATA_DIR"]) / "no-web"))
for name in ("LLM_BASE_URL", "LLM_MODEL", "LLM_API_KEY"):
    os.environ.pop(name, None)

from api.core.config import get_settings  # noqa: E402
from api.core.embedded import ensure_services  # noqa: E402

ensure_services(get_settings().data_dir, redis=False)

import httpx  # noqa: E402

from api.assistants import service  # noqa: E402
from api.assistants.corpus import sync_articles  # noqa: E402
from api.auth import sessions  # noqa: E402
from api.core.db import dispose_engine, public_session  # noqa: E402
from api.core.rate_limit import RateLimiter  # noqa: E402
from api.main import create_app  # noqa: E402
from tenants.migrate import migrate_all  # noqa: E402
from tenants.provision import NewTenant, create_tenant  # noqa: E402
from tests.api.assistants.test_retrieval_quality import HR_QUESTIONS, PRODUCT_QUESTIONS  # noqa: E402

ROUNDS = 10


def percentile(values: list[float], pct: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(pct / 100 * len(ordered) + 0.5) - 1))
    return ordered[index]


async def main() -> None:
    await migrate_all()
    await sync_articles()
    org = await create_tenant(NewTenant(subdomain=f"bench-{os.getpid()}", name="Bench Org"))
    async with public_session() as db:
        row = await sessions.create(
            db,
            {
                "organizationId": org.id,
                "authenticated": True,
                "userRole": "manager",
                "forcePasswordChange": False,
            },
        )
    service.limiter = RateLimiter("1000000000/minute")  # measuring, not rate limiting
    app = create_app()
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app), base_url="http://localhost"
    ) as client:
        client.cookies.set(sessions.COOKIE, row.sid)
        for path, questions in (
            ("/api/admin/ai-assistant", PRODUCT_QUESTIONS),
            ("/api/review-assistant", HR_QUESTIONS),
        ):
            for question, _ in questions[:5]:  # warm-up: connections, statement caches
                await client.post(path, json={"message": question})
            timings: list[float] = []
            for _ in range(ROUNDS):
                for question, _ in questions:
                    started = time.perf_counter()
                    reply = await client.post(path, json={"message": question})
                    timings.append((time.perf_counter() - started) * 1000)
                    assert reply.status_code == 200, reply.text
            print(
                f"{path}: {len(timings)} answers, p50 {statistics.median(timings):.1f} ms, "
                f"p95 {percentile(timings, 95):.1f} ms, p99 {percentile(timings, 99):.1f} ms, "
                f"max {max(timings):.1f} ms (target p95 < 100 ms, no LLM)"
            )
    await dispose_engine()


if __name__ == "__main__":
    asyncio.run(main())
