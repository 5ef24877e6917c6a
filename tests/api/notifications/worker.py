"""The worker's side, for real: an arq worker in burst mode with every function `merit worker`
has, on the test session's Redis, on a queue of this module's own (so it runs no other test's
jobs, and no other worker runs these)."""

import uuid

from arq.connections import create_pool
from arq.worker import Worker

from api.core.queue import redis_settings

QUEUE = f"test-notify-mail-{uuid.uuid4().hex[:8]}"


async def run_worker() -> int:
    """Run every job queued on QUEUE (and those they queue), then stop; how many ran."""
    from api.worker import WorkerSettings

    pool = await create_pool(redis_settings())
    worker = Worker(
        functions=WorkerSettings.functions,
        redis_pool=pool,
        queue_name=QUEUE,
        burst=True,
        poll_delay=0.05,
        handle_signals=False,
        max_jobs=4,
    )
    try:
        await worker.main()
        return worker.jobs_complete
    finally:
        await worker.close()
