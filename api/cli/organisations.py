"""`merit tenants`: creating, listing, migrating, deleting and restoring organisations."""

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from api.cli.common import fail, report_failed, run, services

if TYPE_CHECKING:
    from api.backups.service import DisabledAccount
    from api.organizations.models import Organization

app = typer.Typer(help="Organisation (tenant) lifecycle.", no_args_is_help=True)


@app.command("create")
def tenants_create(
    subdomain: str = typer.Option(..., help="Organization code: 3-63 of a-z, 0-9 and '-'."),
    name: str = typer.Option(..., help="Display name (2-100 characters)."),
    admin_email: str | None = typer.Option(None, help="Administrator's e-mail address."),
) -> None:
    """Create an organisation and its schema."""
    import asyncio

    import asyncpg

    from api.core.setting_values import setting
    from tenants.quick_create import create, pooler
    from tenants.registration import NewTenant, TenantError

    # A command run for one organisation spends most of its time loading modules: this one
    # reads the few settings it needs (as the Settings class reads them) and talks to Postgres
    # with asyncpg alone. Without DATABASE_URL the embedded Postgres is started as every
    # command starts it, and a pooler setting the settings would refuse is reported by them.
    if not setting("DATABASE_URL") or pooler() is None:
        services(redis=False)
    url, chosen = setting("DATABASE_URL"), pooler()
    assert url is not None and chosen is not None  # else services() has said what is wrong
    data = NewTenant(subdomain=subdomain, name=name, admin_email=admin_email)
    try:
        org = asyncio.run(create(data, url, chosen))
    except TenantError as exc:
        fail(str(exc))
    except (OSError, asyncpg.PostgresError) as exc:  # rolled back: nothing was made
        fail(f"The organisation was not created: {exc}")
    typer.echo(
        f"Created organisation '{org.name}' (code {org.subdomain}, id {org.id}, "
        f"schema {org.schema_name}). First passwords: admin{org.subdomain} / "
        f"manager{org.subdomain}"
    )


@app.command("restore-final")
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
    services(redis=False)
    import asyncio

    from api.backups.archive import InvalidBackup
    from api.backups.service import restore_final_backup
    from tenants.migrate import migrate_public
    from tenants.provision import NewTenant, TenantError, create_tenant, delete_tenant

    async def go() -> "tuple[Organization, list[DisabledAccount]]":
        await migrate_public()  # the catalog at head; the new schema is built at head
        org = await create_tenant(NewTenant(subdomain=subdomain, name=name))
        try:
            disabled = await restore_final_backup(org, backup_file)
        except BaseException:
            await delete_tenant(org.subdomain)
            raise
        await asyncio.to_thread(_bring_back_files, backup_file, org.schema_name)
        return org, disabled

    try:
        org, disabled = run(go())
    except (TenantError, InvalidBackup) as exc:
        fail(str(exc))
    typer.echo(
        f"Restored '{backup_file.name}' as a new organisation (code {org.subdomain}, "
        f"id {org.id}). First passwords: admin{org.subdomain} / manager{org.subdomain}"
    )
    for account in disabled:
        typer.echo(f"  disabled until an admin enables it: {account.email}")


def _bring_back_files(backup_file: Path, schema: str) -> None:
    """The uploads kept beside a final backup (`<backup>-files/`) go to the new schema's."""
    import shutil

    from api.core.config import get_settings

    kept = Path(str(backup_file.with_suffix("")) + "-files")
    if kept.is_dir():
        shutil.copytree(kept, get_settings().data_dir / "files" / schema, dirs_exist_ok=True)


@app.command("list")
def tenants_list() -> None:
    """List organisations, each with the migration its schema is at."""
    services(redis=False)
    from api.core.db import get_engine, public_session
    from tenants.registry import list_all, schema_revisions

    async def go() -> "tuple[list[Organization], dict[str, str | None]]":
        async with public_session() as db:
            orgs = await list_all(db)
        async with get_engine().connect() as conn:
            return orgs, await schema_revisions(conn)

    orgs, revisions = run(go())
    if not orgs:
        typer.echo("No organisations yet.")
    for org in orgs:
        state = "active" if org.is_active else "inactive"
        revision = revisions.get(org.schema_name) or "?"
        typer.echo(
            f"{org.id:>5}  {org.subdomain:<30} {org.schema_name:<12} {state:<8} "
            f"{revision:<24} {org.name}"
        )


@app.command("migrate")
def tenants_migrate(
    concurrency: int = typer.Option(4, min=1, help="Schemas upgraded at once."),
) -> None:
    """Upgrade the catalog and every organisation schema to head."""
    services(redis=False)
    from tenants.migrate import migrate_all as upgrade_all

    report = run(upgrade_all(concurrency=concurrency))
    typer.echo(
        f"{len(report.upgraded)} upgraded, {len(report.current)} already at head, "
        f"{len(report.failed)} failed (head {report.head})"
    )
    report_failed(report.failed)
    if report.failed:
        raise typer.Exit(code=1)


@app.command("delete")
def tenants_delete(
    subdomain: str = typer.Argument(..., help="Organization code to delete."),
    yes: bool = typer.Option(False, "--yes", help="Do not ask for confirmation."),
) -> None:
    """Delete an organisation and all of its data."""
    services(redis=False)
    from tenants.provision import TenantError, delete_tenant

    if not yes and sys.stdin.isatty():
        typer.confirm(f"Delete '{subdomain}' and all of its data?", abort=True)
    try:
        org_id = run(delete_tenant(subdomain))
    except TenantError as exc:
        fail(str(exc))
    typer.echo(f"Deleted organisation '{subdomain}' (id {org_id}).")
