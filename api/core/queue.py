"""arq's Redis settings from REDIS_URL (including the embedded unix-socket URL), the pools the
API and the worker talk to Redis through, and the one way a request sends jobs: after its
transaction has committed (transaction_with_jobs)."""

from collections.abc import AsyncIterator, Awaitable
from contextlib import AbstractAsyncContextManager, AsyncExitStack, asynccontextmanager
from dataclasses import dataclass
from typing import Any

from arq.connections import ArqRedis, RedisSettings
from redis.exceptions import RedisError
from sqlalchemy.ext.asyncio import AsyncSession

from api.core.config import get_settings

# arq's RedisSettings has no read timeout and redis-py waits for a reply for ever by default:
# a connection that hangs without an RST (a network partition) would stall the worker, or an
# API request queueing a job. With a timeout redis-py raises its TimeoutError (a RedisError).
READ_TIMEOUT_S = 5.0
# Backups have a queue of their own (and their own worker in `merit worker`): a night of long
# exports never delays reminders, mail or the other jobs on arq's default queue, nor they it.
BACKUP_QUEUE = "arq:queue:backups"
# An API request waits less: it answers 503 (or falls back) rather than keep the caller waiting.
API_READ_TIMEOUT_S = 2.0


def redis_settings(url: str | None = None) -> RedisSettings:
    url = url or get_settings().redis_url or "redis://localhost:6379"
    if url.startswith("unix://"):
        return RedisSettings(unix_socket_path=url[len("unix://") :], conn_timeout=2)
    return RedisSettings.from_dsn(url)


def pool_with_read_timeout(s: RedisSettings, read_timeout: float = READ_TIMEOUT_S) -> ArqRedis:
    """The pool arq's create_pool makes from `s` (no Sentinel: REDIS_URL never asks for it),
    plus the read timeout. It connects when first used, so a Redis that is down or hung shows
    as an error of the first command."""
    return ArqRedis(
        host=s.host,
        port=s.port,
        unix_socket_path=s.unix_socket_path,
        db=s.database,
        username=s.username,
        password=s.password,
        ssl=s.ssl,
        ssl_keyfile=s.ssl_keyfile,
        ssl_certfile=s.ssl_certfile,
        ssl_cert_reqs=s.ssl_cert_reqs,
        ssl_ca_certs=s.ssl_ca_certs,
        ssl_ca_data=s.ssl_ca_data,
        ssl_check_hostname=s.ssl_check_hostname,
        retry=s.retry,
        retry_on_timeout=s.retry_on_timeout,
        retry_on_error=s.retry_on_error,
        max_connections=s.max_connections,
        socket_connect_timeout=s.conn_timeout,
        socket_timeout=read_timeout,
        encoding="utf8",
    )


async def get_queue() -> ArqRedis:
    """The job queue for an API request; close it (`aclose`) when done, or use open_queue."""
    return pool_with_read_timeout(redis_settings(), API_READ_TIMEOUT_S)


# Every error a queue that is down, refuses connections or hangs raises on the API side.
QUEUE_ERRORS = (OSError, RedisError, TimeoutError)


class QueueUnavailable(Exception):
    """The job queue could not be reached, so the jobs asked for were not sent. `committed`
    says whether the transaction that asked for them committed all the same."""

    def __init__(self, message: str, *, committed: bool):
        super().__init__(message)
        self.committed = committed


@asynccontextmanager
async def open_queue() -> AsyncIterator[ArqRedis]:
    """The API's queue for the length of the block, closed after it."""
    queue = await get_queue()
    try:
        yield queue
    finally:
        await queue.aclose()


@dataclass(frozen=True)
class _Job:
    function: str
    args: tuple[Any, ...]
    options: dict[str, Any]


_JOBS = "jobs_after_commit"


def enqueue_after_commit(session: AsyncSession, function: str, *args: Any, **options: Any) -> None:
    """Ask for a job (arq's enqueue_job arguments) that is sent only once `session` has
    committed, and never if it rolls back. The session must come from transaction_with_jobs."""
    jobs = session.info.get(_JOBS)
    if jobs is None:
        raise RuntimeError("this session sends no jobs: open it with transaction_with_jobs")
    jobs.append(_Job(function, args, options))


@asynccontextmanager
async def transaction_with_jobs(
    transaction: AbstractAsyncContextManager[AsyncSession], *, reach_queue_first: bool = True
) -> AsyncIterator[AsyncSession]:
    """Run `transaction` (public_session() or tenant_session(...), which commit when the block
    ends without error) and send the jobs its block asked for with enqueue_after_commit once
    it has committed: a worker never picks up a job whose rows it cannot see yet, and a block
    that raises sends nothing.

    With `reach_queue_first` the queue is asked for a reply before the commit: when it is
    down, nothing is committed and QueueUnavailable is raised, so no row waits for a job that
    was never sent. Should the queue fail between that reply and the sending, the commit
    stands and QueueUnavailable (committed=True) is raised: undoing what the jobs were for is
    then the caller's decision."""
    jobs: list[_Job] = []
    async with AsyncExitStack() as stack:
        async with transaction as session:
            session.info[_JOBS] = jobs
            try:
                yield session
            finally:
                session.info.pop(_JOBS, None)
            # A block that asked for no job costs nothing: the queue is opened only for jobs.
            queue = await stack.enter_async_context(open_queue()) if jobs else None
            if queue is not None and reach_queue_first:
                await _send(queue.ping(), committed=False)
        for job in jobs:
            assert queue is not None
            await _send(queue.enqueue_job(job.function, *job.args, **job.options), committed=True)


async def _send(command: Awaitable[Any], *, committed: bool) -> None:
    try:
        await command
    except QUEUE_ERRORS as exc:
        raise QueueUnavailable(str(exc) or type(exc).__name__, committed=committed) from exc
