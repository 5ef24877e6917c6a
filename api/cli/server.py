"""Running Merit: the API server, the worker, migrations and the OpenAPI document."""

import typer

from api.cli.common import fail, links_name_port, migrate_all, run, services


def serve(
    host: str = typer.Option("0.0.0.0", help="Interface to listen on."),
    port: int = typer.Option(8000, help="Port to listen on."),
    workers: int = typer.Option(1, help="Server processes (needs DATABASE_URL for > 1)."),
) -> None:
    """Serve the API and the built web app."""
    import uvicorn

    services()
    links_name_port(port)
    if not run(migrate_all(quiet=True)):
        fail("Some organisations failed to migrate; see above.")
    uvicorn.run(
        "api.main:create_app",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        proxy_headers=True,
        log_level="info",
    )


def worker() -> None:
    """Run the arq worker with its cron jobs (it waits through Redis outages)."""
    services()
    from api.worker import run as run_worker

    run_worker()


def migrate() -> None:
    """Migrate the platform catalog and every organisation schema."""
    services(redis=False)
    if not run(migrate_all()):
        raise typer.Exit(code=1)


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
