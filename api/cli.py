"""The `merit` command: serve, worker, dev, demo, tenants and platform admins."""

import asyncio
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Awaitable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import typer
from pydantic import ValidationError

from api.core.config import Settings, get_settings
from api.core.embedded import EmbeddedRefused, ensure_services, stop_services

app = typer.Typer(help="Merit: multi-tenant employee performance and HR.", no_args_is_help=True)
tenants_app = typer.Typer(help="Organisation (tenant) lifecycle.", no_args_is_help=True)
admins_app = typer.Typer(help="Platform super admins.", no_args_is_help=True)
app.add_typer(tenants_app, name="tenants")
app.add_typer(admins_app, name="platform-admin")

T = TypeVar("T")


def _run(coro: Awaitable[T]) -> T:
    async def wrapper() -> T:
        from api.core.db import dispose_engine

        try:
            return await coro
        finally:
            await dispose_engine()

    return asyncio.run(wrapper())


def _exit_on_sigterm(signum: int, _frame: object) -> None:
    raise SystemExit(128 + signum)


def _services(redis: bool = True) -> None:
    # SIGTERM (a service manager, `kill`) ends the command like Ctrl+C does: `finally` blocks
    # and the embedded servers' exit hooks run. Python's default would leave the embedded
    # Postgres and Redis running. (uvicorn takes SIGTERM while it serves, shuts down, then
    # raises the signal again, which lands here.)
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, _exit_on_sigterm)
    try:
        ensure_services(_settings().data_dir, redis=redis)
    except EmbeddedRefused as exc:
        _fail(str(exc))


def _settings() -> Settings:
    """The configuration, or a plain list of what is wrong with it and exit 1."""
    try:
        return get_settings()
    except ValidationError as exc:
        problems = [
            f"  {'.'.join(map(str, e['loc'])) + ': ' if e['loc'] else ''}"
            + e["msg"].removeprefix("Value error, ")
            for e in exc.errors()
        ]
        _fail("The configuration is not valid:\n" + "\n".join(problems))
        raise


def _links_name_port(port: int) -> None:
    """Outside production, links in e-mails name the port this process listens on unless
    MERIT_PUBLIC_URL says otherwise (production sits behind a proxy on the default port)."""
    settings = get_settings()
    if settings.public_url is None and not settings.is_production:
        os.environ["MERIT_PUBLIC_URL"] = f"http://{settings.base_domain}:{port}"
        get_settings.cache_clear()


def _listen(host: str, port: int) -> socket.socket:
    """A listening TCP socket on host:port (port 0: one the system picks), or exit 1."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        _fail(f"Cannot listen on port {port}: {exc.strerror}.")
    sock.listen(2048)
    sock.set_inheritable(False)
    return sock


def _fail(message: str) -> None:
    typer.secho(message, fg=typer.colors.RED, err=True)
    raise typer.Exit(code=1)


async def _migrate(quiet: bool = False) -> bool:
    from tenants.migrate import migrate_all

    report = await migrate_all()
    if not quiet or report.failed or report.upgraded:
        typer.echo(
            f"migrated: {len(report.upgraded)} upgraded, {len(report.current)} already at head, "
            f"{len(report.failed)} failed (head {report.head})"
        )
    for schema, error in report.failed.items():
        typer.secho(f"  {schema}: {error}", fg=typer.colors.RED, err=True)
    return report.ok


@app.command()
def serve(
    host: str = typer.Option("0.0.0.0", help="Interface to listen on."),
    port: int = typer.Option(8000, help="Port to listen on."),
    workers: int = typer.Option(1, help="Server processes (needs DATABASE_URL for > 1)."),
) -> None:
    """Serve the API and the built web app."""
    import uvicorn

    _services()
    _links_name_port(port)
    if not _run(_migrate(quiet=True)):
        _fail("Some organisations failed to migrate; see above.")
    uvicorn.run(
        "api.main:create_app",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        proxy_headers=True,
        log_level="info",
    )


@app.command()
def worker() -> None:
    """Run the arq worker with its cron jobs (it waits through Redis outages)."""
    _services()
    from api.worker import run

    run()


@app.command()
def migrate() -> None:
    """Migrate the platform catalog and every organisation schema."""
    _services(redis=False)
    if not _run(_migrate()):
        raise typer.Exit(code=1)


@app.command()
def demo() -> None:
    """Seed (or re-seed) the `demo` organisation with realistic data."""
    _services(redis=False)
    from tenants.demo import seed_demo

    async def go() -> Any:
        from api.assistants.corpus import sync_articles

        await _migrate(quiet=True)
        await sync_articles()
        return await seed_demo()

    summary = _run(go())
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


@app.command()
def dev(
    port: int = typer.Option(8000, help="Port to listen on (0: any free port, named below)."),
) -> None:
    """Everything for local development: services, migrations, demo data, API, worker."""
    # Signing in many times from one address is what developing looks like; `merit serve`
    # keeps the real limit.
    os.environ.setdefault("MERIT_RATE_LIMIT", "1000/minute")
    get_settings.cache_clear()
    # The listening socket is taken first and handed to the server, so a port in use is said
    # at once, and with --port 0 the port the system picked is known (and printed below)
    # without ever being released for someone else to take.
    listener = _listen("0.0.0.0", port)
    port = listener.getsockname()[1]
    _services()
    _links_name_port(port)
    from tenants.demo import demo_exists, seed_demo

    async def prepare() -> None:
        from api.assistants.corpus import sync_articles

        await _migrate()
        await sync_articles()
        if not await demo_exists():
            typer.echo(await seed_demo())

    _run(prepare())
    # The worker rides out Redis outages itself; should it exit for another reason, it is
    # started again.
    command = [sys.executable, "-m", "api.cli", "worker"]
    worker_proc = Restarting("worker", command, dict(os.environ)).start()
    base = get_settings().base_domain
    typer.secho(
        f"\nMerit is running at http://localhost:{port} and http://demo.{base}:{port}\n"
        f"  Organization code: demo\n"
        f"  Administrator password (first sign-in): admindemo\n"
        f"  Manager password (first sign-in): managerdemo\n"
        f"  Super admin: `merit platform-admin create --email you@example.com`\n"
        f"  Data: {get_settings().data_dir.resolve()}   Stop with Ctrl+C\n",
        fg=typer.colors.GREEN,
    )
    try:
        import uvicorn

        config = uvicorn.Config("api.main:create_app", factory=True, host="0.0.0.0", port=port)
        uvicorn.Server(config).run(sockets=[listener])
    finally:
        worker_proc.stop()
        stop_services()  # the worker is gone: nothing of ours still uses them


@app.command()
def openapi(out: str = typer.Option("-", help="File to write, or - for stdout.")) -> None:
    """Print the OpenAPI document (the web client's types are generated from it)."""
    import json

    from api.main import create_app

    text = json.dumps(create_app().openapi(), indent=2)
    if out == "-":
        typer.echo(text)
    else:
        with open(out, "w") as fh:
            fh.write(text + "\n")


@tenants_app.command("create")
def tenants_create(
    subdomain: str = typer.Option(..., help="Organization code: 3-63 of a-z, 0-9 and '-'."),
    name: str = typer.Option(..., help="Display name (2-100 characters)."),
    admin_email: str | None = typer.Option(None, help="Administrator's e-mail address."),
) -> None:
    """Create an organisation and its schema."""
    _services(redis=False)
    from tenants.provision import NewTenant, TenantError, create_tenant

    async def go() -> Any:
        await _migrate(quiet=True)
        return await create_tenant(
            NewTenant(subdomain=subdomain, name=name, admin_email=admin_email)
        )

    try:
        org = _run(go())
    except TenantError as exc:
        _fail(str(exc))
        return
    typer.echo(
        f"Created organisation '{org.name}' (code {org.subdomain}, id {org.id}, "
        f"schema {org.schema_name}). First passwords: admin{org.subdomain} / "
        f"manager{org.subdomain}"
    )


@tenants_app.command("restore-final")
def tenants_restore_final(
    backup_file: Path = typer.Argument(
        ..., exists=True, dir_okay=False, help="A final backup, from MERIT_DATA_DIR/final-backups."
    ),
    subdomain: str = typer.Option(..., help="Code of the new organisation it comes back as."),
    name: str = typer.Option(
        "Restored organization", help="Name until the backup's own name and settings load."
    ),
) -> None:
    """Bring a deleted organisation back from its final backup, as a new organisation
    with its name, settings and data (uploads too, when kept beside the backup).

    The backup is checked completely (a rolled-back restore) before it is loaded; should
    either fail, the new organisation is removed again. Accounts come back disabled, for an
    admin to enable."""
    _services(redis=False)
    from api.backups.archive import InvalidBackup
    from api.backups.service import restore_final_backup
    from tenants.provision import NewTenant, TenantError, create_tenant, delete_tenant

    async def go() -> Any:
        await _migrate(quiet=True)
        org = await create_tenant(NewTenant(subdomain=subdomain, name=name))
        try:
            disabled = await restore_final_backup(org, backup_file)
        except BaseException:
            await delete_tenant(org.subdomain)
            raise
        await asyncio.to_thread(_bring_back_files, backup_file, org.schema_name)
        return org, disabled

    try:
        org, disabled = _run(go())
    except (TenantError, InvalidBackup) as exc:
        _fail(str(exc))
        return
    typer.echo(
        f"Restored '{backup_file.name}' as a new organisation (code {org.subdomain}, "
        f"id {org.id}). First passwords: admin{org.subdomain} / manager{org.subdomain}"
    )
    for account in disabled:
        typer.echo(f"  disabled until an admin enables it: {account.email}")


def _bring_back_files(backup_file: Path, schema: str) -> None:
    """The uploads kept beside a final backup (`<backup>-files/`) go to the new schema's."""
    import shutil

    kept = Path(str(backup_file.with_suffix("")) + "-files")
    if kept.is_dir():
        shutil.copytree(kept, get_settings().data_dir / "files" / schema, dirs_exist_ok=True)


@tenants_app.command("list")
def tenants_list() -> None:
    """List organisations."""
    _services(redis=False)
    from api.core.db import public_session
    from tenants.registry import list_all

    async def go() -> Any:
        async with public_session() as db:
            return await list_all(db)

    orgs = _run(go())
    if not orgs:
        typer.echo("No organisations yet.")
    for org in orgs:
        state = "active" if org.is_active else "inactive"
        typer.echo(f"{org.id:>5}  {org.subdomain:<30} {org.schema_name:<12} {state:<8} {org.name}")


@tenants_app.command("migrate")
def tenants_migrate(
    concurrency: int = typer.Option(4, min=1, help="Schemas upgraded at once."),
) -> None:
    """Upgrade the catalog and every organisation schema to head."""
    _services(redis=False)
    from tenants.migrate import migrate_all

    report = _run(migrate_all(concurrency=concurrency))
    typer.echo(
        f"{len(report.upgraded)} upgraded, {len(report.current)} already at head, "
        f"{len(report.failed)} failed (head {report.head})"
    )
    for schema, error in report.failed.items():
        typer.secho(f"  {schema}: {error}", fg=typer.colors.RED, err=True)
    if report.failed:
        raise typer.Exit(code=1)


@tenants_app.command("delete")
def tenants_delete(
    subdomain: str = typer.Argument(..., help="Organization code to delete."),
    yes: bool = typer.Option(False, "--yes", help="Do not ask for confirmation."),
) -> None:
    """Delete an organisation and all of its data."""
    _services(redis=False)
    from tenants.provision import TenantError, delete_tenant

    if not yes and sys.stdin.isatty():
        typer.confirm(f"Delete '{subdomain}' and all of its data?", abort=True)
    try:
        org_id = _run(delete_tenant(subdomain))
    except TenantError as exc:
        _fail(str(exc))
        return
    typer.echo(f"Deleted organisation '{subdomain}' (id {org_id}).")


@admins_app.command("create")
def platform_admin_create(
    email: str = typer.Option(..., help="E-mail of the super admin."),
    password: str | None = typer.Option(None, help="Local password (omit for OIDC-only)."),
) -> None:
    """Create (or update) a platform super admin."""
    _services(redis=False)
    from api.platform.admins import PlatformAdminError, upsert_admin

    async def go() -> Any:
        await _migrate(quiet=True)
        return await upsert_admin(email=email, password=password)

    try:
        created = _run(go())
    except PlatformAdminError as exc:
        _fail(str(exc))
        return
    typer.echo(f"{'Created' if created else 'Updated'} platform admin {email.strip().lower()}.")


if __name__ == "__main__":
    app()
