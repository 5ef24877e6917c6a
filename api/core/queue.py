"""arq's Redis settings from REDIS_URL (including the embedded unix-socket URL)."""

from arq.connections import ArqRedis, RedisSettings, create_pool

from api.core.config import get_settings


def redis_settings(url: str | None = None) -> RedisSettings:
    url = url or get_settings().redis_url or "redis://localhost:6379"
    if url.startswith("unix://"):
        return RedisSettings(unix_socket_path=url[len("unix://") :], conn_timeout=2)
    return RedisSettings.from_dsn(url)


async def get_queue() -> ArqRedis:
    return await create_pool(redis_settings())
