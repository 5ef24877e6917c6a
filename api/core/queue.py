"""arq's Redis settings from REDIS_URL (including the embedded unix-socket URL), and the pools
the API and the worker talk to Redis through."""

from arq.connections import ArqRedis, RedisSettings

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
    """The job queue for an API request; close it (`aclose`) when done."""
    return pool_with_read_timeout(redis_settings(), API_READ_TIMEOUT_S)
