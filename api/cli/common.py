"""What every command shares: starting the services, the settings, running a coroutine, failing
with a message. The app's own modules are imported inside the helpers that need them."""

import os
import signal
import socket
import threading
from collections.abc import Awaitable
from typing import TYPE_CHECKING, NoReturn, TypeVar

import typer

if TYPE_CHECKING:
    from api.core.config import Settings

T = TypeVar("T")


def run(coro: Awaitable[T]) -> T:
    """Run a coroutine to the end, then close the database engine it used."""
    import asyncio

    async def wrapper() -> T:
        from api.core.db import dispose_engine

        try:
            return await coro
        finally:
            await dispose_engine()

    return asyncio.run(wrapper())


def _exit_on_sigterm(signum: int, _frame: object) -> None:
    raise SystemExit(128 + signum)


def services(redis: bool = True) -> None:
    """Postgres (and Redis) ready: the configured ones, else the embedded ones started."""
    from api.core.embedded import EmbeddedRefused, ensure_services

    # SIGTERM (a service manager, `kill`) ends the command like Ctrl+C does: `finally` blocks
    # and the embedded servers' exit hooks run. Python's default would leave the embedded
    # Postgres and Redis running. (uvicorn takes SIGTERM while it serves, shuts down, then
    # raises the signal again, which lands here.)
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, _exit_on_sigterm)
    try:
        ensure_services(settings().data_dir, redis=redis)
    except EmbeddedRefused as exc:
        fail(str(exc))


def settings() -> "Settings":
    """The configuration, or a plain list of what is wrong with it and exit 1."""
    from pydantic import ValidationError

    from api.core.config import get_settings

    try:
        return get_settings()
    except ValidationError as exc:
        problems = [
            f"  {'.'.join(map(str, e['loc'])) + ': ' if e['loc'] else ''}"
            + e["msg"].removeprefix("Value error, ")
            for e in exc.errors()
        ]
        fail("The configuration is not valid:\n" + "\n".join(problems))


def links_name_port(port: int) -> None:
    """Outside production, links in e-mails name the port this process listens on unless
    MERIT_PUBLIC_URL says otherwise (production sits behind a proxy on the default port)."""
    from api.core.config import get_settings

    current = get_settings()
    if current.public_url is None and not current.is_production:
        os.environ["MERIT_PUBLIC_URL"] = f"http://{current.base_domain}:{port}"
        get_settings.cache_clear()


def listen(host: str, port: int) -> socket.socket:
    """A listening TCP socket on host:port (port 0: one the system picks), or exit 1."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        fail(f"Cannot listen on port {port}: {exc.strerror}.")
    sock.listen(2048)
    sock.set_inheritable(False)
    return sock


def fail(message: str) -> NoReturn:
    typer.secho(message, fg=typer.colors.RED, err=True)
    raise typer.Exit(code=1)


def report_failed(failed: dict[str, str]) -> None:
    for schema, error in failed.items():
        typer.secho(f"  {schema}: {error}", fg=typer.colors.RED, err=True)


async def migrate_all(quiet: bool = False) -> bool:
    """Migrate the catalog and every organisation; say so unless quiet and nothing changed."""
    from tenants.migrate import migrate_all

    report = await migrate_all()
    if not quiet or report.failed or report.upgraded:
        typer.echo(
            f"migrated: {len(report.upgraded)} upgraded, {len(report.current)} already at head, "
            f"{len(report.failed)} failed (head {report.head})"
        )
    report_failed(report.failed)
    return report.ok
