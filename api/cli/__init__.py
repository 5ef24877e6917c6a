"""The `merit` command: serve, worker, dev, demo, tenants and platform admins.

Each command group is a module of its own; a module imports only typer and the standard
library at the top, and what a command needs (settings, the database, the app) inside it, so
`merit --help` answers without loading the app.
"""

import typer

from api.cli import dev, organisations, platform_admin, server

app = typer.Typer(help="Merit: multi-tenant employee performance and HR.", no_args_is_help=True)
for command in (
    server.serve,
    server.worker,
    server.migrate,
    dev.demo,
    dev.dev,
    server.openapi,
):
    app.command()(command)
app.add_typer(organisations.app, name="tenants")
app.add_typer(platform_admin.app, name="platform-admin")
