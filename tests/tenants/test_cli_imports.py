"""`merit tenants create` loads what building an organisation needs (a few settings, asyncpg,
the kept schema script) and nothing of the server, the worker, the mail queue, the migration
tool, SQLAlchemy or pydantic-settings: every module loaded is compiled from source when no
bytecode is kept, so each one is start-up time of the command."""

import os
import re
import subprocess
import sys

from tests.conftest import unique_code

# What serving, queueing, sending mail or upgrading schemas needs, and creating an
# organisation does not. limits is left out only while no MERIT_RATE_LIMIT is set.
NEVER = (
    "aiosmtplib",
    "alembic",
    "arq",
    "authlib",
    "cryptography",
    "fastapi",
    "httpx",
    "jwt",
    "limits",
    "redis",
    "starlette",
    "uvicorn",
    "api.deps",
    "api.main",
    "api.worker",
    # The engine, the models and the Settings class: the catalog at head, the command
    # builds the schema from tenants/head_schema.sql over asyncpg alone.
    "sqlalchemy",
    "pydantic_settings",
    "api.models",
    "api.core.db",
    "api.core.config",
)
# A domain's service, router or jobs: the app's behaviour, not its data layer.
APP_LAYER = re.compile(r"^api\.\w+\.(service|router|jobs|schemas)$")

SCRIPT = """
import sys
sys.argv = ["merit", *sys.argv[1:]]
from api.cli import app
try:
    app()
except SystemExit as exc:
    if exc.code:
        raise
print(" ".join(sorted(sys.modules)))
"""


def loaded_by(*args: str) -> set[str]:
    env = {k: v for k, v in os.environ.items() if k != "MERIT_RATE_LIMIT"}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, *args],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 0, done.stderr
    assert "Created organisation" in done.stdout, done.stdout
    return set(done.stdout.strip().splitlines()[-1].split())


def test_tenants_create_loads_no_server_worker_mail_or_alembic_module():
    code = unique_code("imports")
    modules = loaded_by("tenants", "create", "--subdomain", code, "--name", "Imports Co")
    assert "tenants.quick_create" in modules and "asyncpg" in modules  # it did the work
    heavy = sorted(m for m in modules if any(m == p or m.startswith(p + ".") for p in NEVER))
    assert heavy == [], f"`merit tenants create` loaded {heavy}"
    app_layer = sorted(m for m in modules if APP_LAYER.match(m))
    assert app_layer == [], f"`merit tenants create` loaded {app_layer}"
