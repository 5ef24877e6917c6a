"""The worker's side, on the test session's real Redis: the delivery jobs the mailing job
queued, run as the worker runs them (by their arguments as stored in Redis), then removed."""

from arq.constants import default_queue_name, job_key_prefix
from arq.jobs import Job

from api.core.queue import get_queue
from api.mail.jobs import deliver_mail_batch


async def queued_batches() -> list[str]:
    queue = await get_queue()
    try:
        members = await queue.zrange(default_queue_name, 0, -1)
    finally:
        await queue.aclose()
    names = [m.decode() if isinstance(m, bytes) else str(m) for m in members]
    return [name for name in names if name.startswith("mail-batch:")]


async def run_delivery_jobs() -> int:
    """Run every queued mail batch once, as a worker would; returns how many ran."""
    queue = await get_queue()
    ran = 0
    try:
        for job_id in await queued_batches():
            info = await Job(job_id, queue).info()
            assert info is not None
            await deliver_mail_batch({"job_try": 1}, *info.args)
            await queue.delete(job_key_prefix + job_id)
            await queue.zrem(default_queue_name, job_id)
            ran += 1
    finally:
        await queue.aclose()
    return ran
