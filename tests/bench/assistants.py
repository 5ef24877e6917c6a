"""Benchmark: assistant answer latency without an LLM (retrieval over the help corpus).

Run: uv run python tests/bench/assistants.py   (a throw-away embedded Postgres under a temporary
MERIT_DATA_DIR unless DATABASE_URL is set; prints figures, asserts nothing)

Target: p95 under 100 ms. Each question is a full HTTP call (session check, rate limit,
validation, full-text search, passage ranking, answer composition), in process over ASGI and
through `merit serve` on 127.0.0.1, 1 and 16 callers, cold apart from warm
(tests/bench/harness.py); every figure with its n and errors.
"""

import asyncio
import itertools
import os
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.bench.harness import (  # noqa: E402
    WARMUP,
    Req,
    Route,
    compare,
    embedded_postgres,
    session_ids,
    target_line,
)

os.environ.setdefault("MERIT_LOG_LEVEL", "WARNING")  # figures only, not one log line per call
for name in ("LLM_BASE_URL", "LLM_MODEL", "LLM_API_KEY"):
    os.environ.pop(name, None)
_DATA = embedded_postgres()

from api.assistants import service  # noqa: E402
from api.assistants.corpus import sync_articles  # noqa: E402
from api.core.db import dispose_engine  # noqa: E402
from api.main import create_app  # noqa: E402
from tenants.migrate import migrate_all  # noqa: E402
from tenants.provision import NewTenant, create_tenant  # noqa: E402
from tests.api.assistants.test_retrieval_quality import HR_QUESTIONS, PRODUCT_QUESTIONS  # noqa: E402

ROUNDS = 10  # each question asked this many times per row
PER_SESSION = service.QUESTIONS_PER_MINUTE - 1  # questions one session asks, under its limit


async def main() -> None:
    await migrate_all()
    await sync_articles()
    org = await create_tenant(NewTenant(subdomain=f"bench-{os.getpid()}", name="Bench Org"))
    paths = (
        ("/api/admin/ai-assistant", PRODUCT_QUESTIONS),
        ("/api/review-assistant", HR_QUESTIONS),
    )
    requests = ROUNDS * len(PRODUCT_QUESTIONS)
    # Each person may ask QUESTIONS_PER_MINUTE questions a minute: the questions go out under
    # many sessions, each asking fewer than that, so every call is answered, not refused, and
    # the limiter's own cost stays in the figures.
    asked = 2 * len(paths) * (1 + WARMUP + 2 * requests)
    sids = await session_ids(org.id, "manager", asked // PER_SESSION + 1)
    sent = itertools.count()

    def ask(path: str, questions: Sequence[tuple[str, object]]) -> Route:
        def make(i: int) -> Req:
            sid = sids[next(sent) // PER_SESSION]
            return Req("POST", path, sid, {"message": questions[i % len(questions)][0]})

        return Route(f"POST {path}", make)

    routes = [ask(path, questions) for path, questions in paths]
    print(
        f"Each assistant in process and through merit serve ({requests} warm questions per row, "
        f"{len(PRODUCT_QUESTIONS)} different ones; no LLM):"
    )
    results = await compare(
        routes,
        requests=requests,
        app=create_app(),
        env=dict(os.environ),
        logs=_DATA / "logs",
    )
    for route in routes:
        print(target_line(results, route.label, 95, 100))
    await dispose_engine()


if __name__ == "__main__":
    asyncio.run(main())
