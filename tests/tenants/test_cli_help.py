"""`merit --help` answers without loading the app: the command modules import typer and the
standard library, and each command imports what it needs when it runs."""

import subprocess
import sys

# What a command loads when it runs, and the help never needs.
HEAVY = (
    "api.core",
    "api.main",
    "api.models",
    "tenants",
    "pydantic_settings",
    "sqlalchemy",
    "asyncpg",
    "alembic",
    "arq",
    "redis",
    "fastapi",
    "starlette",
    "authlib",
    "uvicorn",
)

SCRIPT = f"""
import sys
sys.argv = ["merit", *sys.argv[1:]]
from api.cli import app
try:
    app()
except SystemExit:
    pass
print(sorted(m for m in sys.modules if m.startswith({HEAVY!r})))
"""


def test_help_loads_no_app_module():
    for args in (
        [],
        ["--help"],
        ["tenants", "--help"],
        ["tenants", "create", "--help"],
        ["platform-admin", "create", "--help"],
    ):
        done = subprocess.run(
            [sys.executable, "-c", SCRIPT, *args],
            capture_output=True,
            text=True,
            timeout=60,
            stdin=subprocess.DEVNULL,
        )
        assert "Usage: merit" in done.stdout, done.stderr
        loaded = done.stdout.strip().splitlines()[-1]
        assert loaded == "[]", f"`merit {' '.join(args)}` loaded {loaded}"
