"""`merit platform-admin`: the platform's super admins."""

import typer

from api.cli.common import fail, migrate_all, run, services

app = typer.Typer(help="Platform super admins.", no_args_is_help=True)


@app.command("create")
def platform_admin_create(
    email: str = typer.Option(..., help="E-mail of the super admin."),
    password: str | None = typer.Option(None, help="Local password (omit for OIDC-only)."),
) -> None:
    """Create (or update) a platform super admin."""
    services(redis=False)
    from api.platform.admins import PlatformAdminError, upsert_admin

    async def go() -> bool:
        await migrate_all(quiet=True)
        return await upsert_admin(email=email, password=password)

    try:
        created = run(go())
    except PlatformAdminError as exc:
        fail(str(exc))
    typer.echo(f"{'Created' if created else 'Updated'} platform admin {email.strip().lower()}.")
