"""Local development: `merit dev` (everything in one process tree) and `merit demo`."""

import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Sequence

import typer

from api.cli.common import links_name_port, listen, migrate_all, run, services


def demo() -> None:
    """Seed (or re-seed) the `demo` organisation with realistic data."""
    services(redis=False)
    from tenants.demo import seed_demo

    async def go() -> str:
        from api.assistants.corpus import sync_articles

        await migrate_all(quiet=True)
        await sync_articles()
        return await seed_demo()

    summary = run(go())
    typer.echo(summary)


class Restarting:
    """A child process started again whenever it exits with an error, until `stop()`.

    An exit with status 0 means it was asked to stop (the worker's answer to SIGINT/SIGTERM,
    e.g. Ctrl+C reaching the whole process group), so it is not restarted. The pause between
    restarts doubles from `delay` up to 30 s and starts over once a run lasted a minute.
    """

    def __init__(self, name: str, args: Sequence[str], env: dict[str, str], delay: float = 2.0):
        self.name, self.args, self.env, self.delay = name, list(args), env, delay
        self.restarts = 0
        self.proc: subprocess.Popen[bytes] | None = None
        self._stopping = threading.Event()
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._keep, name="restarting", daemon=True)

    def start(self) -> "Restarting":
        self._thread.start()
        return self

    def _keep(self) -> None:
        pause = self.delay
        while True:
            with self._lock:
                if self._stopping.is_set():
                    return
                self.proc = proc = subprocess.Popen(self.args, env=self.env)
            began = time.monotonic()
            code = proc.wait()
            if code == 0 or self._stopping.is_set():
                return
            pause = self.delay if time.monotonic() - began > 60 else pause
            typer.secho(
                f"The {self.name} exited with status {code}; starting it again in {pause:g} s",
                fg=typer.colors.YELLOW,
                err=True,
            )
            if self._stopping.wait(pause):
                return
            self.restarts += 1
            pause = min(pause * 2, 30.0)

    def stop(self, timeout: float = 10) -> None:
        """SIGINT to the running child (then SIGKILL after `timeout`); no more restarts."""
        with self._lock:
            self._stopping.set()
            proc = self.proc
        if proc is not None and proc.poll() is None:
            proc.send_signal(signal.SIGINT)
            try:
                proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        self._thread.join(timeout=timeout)


def dev(
    port: int = typer.Option(8000, help="Port to listen on (0: any free port, named below)."),
) -> None:
    """Everything for local development: services, migrations, demo data, API, worker."""
    from api.core.config import get_settings
    from api.core.embedded import stop_services

    # Signing in many times from one address is what developing looks like; `merit serve`
    # keeps the real limit.
    os.environ.setdefault("MERIT_RATE_LIMIT", "1000/minute")
    get_settings.cache_clear()
    # The listening socket is taken first and handed to the server, so a port in use is said
    # at once, and with --port 0 the port the system picked is known (and printed below)
    # without ever being released for someone else to take.
    listener = listen("0.0.0.0", port)
    port = listener.getsockname()[1]
    services()
    links_name_port(port)
    run(_prepare())
    # The worker rides out Redis outages itself; should it exit for another reason, it is
    # started again.
    command = [sys.executable, "-m", "api.cli", "worker"]
    worker_proc = Restarting("worker", command, dict(os.environ)).start()
    _say_where(port)
    try:
        import uvicorn

        config = uvicorn.Config("api.main:create_app", factory=True, host="0.0.0.0", port=port)
        uvicorn.Server(config).run(sockets=[listener])
    finally:
        worker_proc.stop()
        stop_services()  # the worker is gone: nothing of ours still uses them


async def _prepare() -> None:
    """Migrations, the help articles, and the demo organisation the first time."""
    from api.assistants.corpus import sync_articles
    from tenants.demo import demo_exists, demo_sign_in, seed_demo

    await migrate_all()
    await sync_articles()
    if not await demo_exists():
        typer.echo(await seed_demo())
    elif help_text := await demo_sign_in():
        typer.echo(help_text)


def _say_where(port: int) -> None:
    from api.core.config import get_settings

    settings = get_settings()
    typer.secho(
        f"\nMerit is running at http://localhost:{port} and http://demo.{settings.base_domain}:"
        f"{port}\n"
        f"  Organization code: demo\n"
        f"  Administrator password (first sign-in): admindemo\n"
        f"  Manager password (first sign-in): managerdemo\n"
        f"  Super admin: `merit platform-admin create --email you@example.com`\n"
        f"  Data: {settings.data_dir.resolve()}   Stop with Ctrl+C\n",
        fg=typer.colors.GREEN,
    )
