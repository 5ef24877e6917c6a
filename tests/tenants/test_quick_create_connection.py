"""`merit tenants create` reaches Postgres the way the engine does, without SQLAlchemy or the
Settings class: DATABASE_URL read from the same places (environment, .env, /run/secrets),
turned into the same asyncpg arguments as SQLAlchemy's asyncpg dialect makes, and connected
with the engine's own connection arguments (for each MERIT_DB_POOLER value). libpq's `sslmode`
in the URL reaches both as asyncpg's `ssl`."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import ValidationError
from sqlalchemy import text
from sqlalchemy.dialects.postgresql.asyncpg import dialect
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import create_async_engine

from api.core import db
from api.core.config import Settings, get_settings
from api.core.embedded import to_asyncpg_url
from api.core.pg_connect import (
    POOLERS,
    UnnamedStatements,
    connect,
    connection_arguments,
    url_arguments,
)
from api.core.setting_values import raw_values
from tenants.quick_create import pooler
from tests.conftest import unique_code

URLS = [
    "postgresql://merit:s3cret@pgbouncer:6432/merit",
    "postgresql+asyncpg://u:p%40ss%2Fw%3Ard@db.example:5432/app?ssl=require",
    "postgres://u@/db?host=/var/run/postgresql",
    "postgresql://postgres:@/postgres?host=/tmp/pg",
    "postgresql://u:p@[::1]:5433/db?ssl=verify-full&application_name=x",
    "postgresql://u:p@h/db?host=a:5432&host=b:5433",
    "postgresql://u:p@h/db?host=a,b&port=1,2",
    "postgresql://u:p@/db?host=a:5999",
    "postgresql://u:p@/db?port=6000",
    "postgresql://u:p@h:1/db?prepared_statement_cache_size=7&ssl=disable&direct_tls=true",
    "postgresql://u:p@h/my%20db",
    "postgresql://h",
    "postgresql://u:p@h/db?sslmode=require&application_name=x",
]


@pytest.mark.parametrize("url", URLS)
def test_a_database_url_gives_asyncpg_the_arguments_the_engine_gives_it(url):
    url = to_asyncpg_url(url)
    _, engine = dialect().create_connect_args(make_url(url))
    # The engine's own statement cache setting, which SQLAlchemy takes before asyncpg sees it.
    engine.pop("prepared_statement_cache_size", None)
    assert url_arguments(url) == engine


# libpq's names for TLS, which DATABASE_URLs copied from a provider's console carry; asyncpg
# takes the same values as `ssl` and refuses `sslmode` (a TypeError at every connect).
SSLMODES = ["disable", "allow", "prefer", "require", "verify-ca", "verify-full"]


@pytest.mark.parametrize("mode", SSLMODES)
def test_libpqs_sslmode_reaches_asyncpg_as_its_ssl_argument(mode):
    url = to_asyncpg_url(f"postgresql://u:p%26q@h:5432/db?application_name=a%26b&sslmode={mode}")
    _, engine = dialect().create_connect_args(make_url(url))
    command = url_arguments(url)
    for received in (engine, command):
        assert received["ssl"] == mode and "sslmode" not in received
        assert received["application_name"] == "a&b" and received["password"] == "p&q"


def test_asyncpgs_own_ssl_wins_over_sslmode():
    url = to_asyncpg_url("postgresql://u@h/db?sslmode=disable&ssl=verify-full&port=1")
    assert url_arguments(url) == {"user": "u", "host": "h", "database": "db", "port": 1} | {
        "ssl": "verify-full"
    }


async def test_an_engine_and_the_command_connect_with_sslmode_in_the_url():
    url = get_settings().database_url or ""
    url = to_asyncpg_url(url + ("&" if "?" in url else "?") + "sslmode=disable")
    engine = create_async_engine(url, connect_args=db._connect_args(get_settings().db_pooler))
    try:
        async with engine.connect() as conn:
            assert await conn.scalar(text("SELECT 1")) == 1
    finally:
        await engine.dispose()
    conn = await connect(url, pooler=get_settings().db_pooler)
    try:
        assert await conn.fetchval("SELECT 1") == 1
    finally:
        await conn.close()


@pytest.mark.parametrize("pooler", POOLERS)
def test_the_command_connects_with_the_engines_own_arguments(pooler):
    engine = db._connect_args(pooler)
    assert engine.pop("prepared_statement_cache_size") >= 0
    assert connection_arguments(pooler) == engine
    if pooler == "none":
        assert engine["server_settings"]["search_path"] == ""
    else:  # a pooler refuses a search_path sent at connect
        assert "search_path" not in engine["server_settings"]
    if pooler == "transaction":  # nothing a server connection keeps beyond the message
        assert engine["statement_cache_size"] == 0
        assert engine["connection_class"] is UnnamedStatements
    else:  # asyncpg's own statement cache, statements prepared by name
        assert "statement_cache_size" not in engine and "connection_class" not in engine


@pytest.fixture
def elsewhere(tmp_path, monkeypatch) -> Path:
    """A working directory of its own, without DATABASE_URL or MERIT_DB_POOLER set."""
    for name in ("DATABASE_URL", "MERIT_DB_POOLER"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "secrets").mkdir()
    return tmp_path


def read_both(folder: Path, name: str) -> tuple[object, object]:
    """A setting as the command reads it and as the Settings class reads it."""
    settings = Settings(_secrets_dir=folder / "secrets")  # type: ignore[call-arg]
    return raw_values(".env", folder / "secrets").get(name.lower()), getattr(
        settings, {"DATABASE_URL": "database_url", "MERIT_DB_POOLER": "db_pooler"}[name]
    )


def test_the_command_and_the_settings_read_a_setting_from_the_same_place(elsewhere, monkeypatch):
    secrets = elsewhere / "secrets"
    (secrets / "DATABASE_URL").write_text("postgresql://from-a-secret/db\n")
    assert read_both(elsewhere, "DATABASE_URL") == ("postgresql://from-a-secret/db",) * 2
    (elsewhere / ".env").write_text(
        "database_url=postgresql://from-dotenv/db\nMERIT_DB_POOLER=transaction\n"
    )
    assert read_both(elsewhere, "DATABASE_URL") == ("postgresql://from-dotenv/db",) * 2
    assert read_both(elsewhere, "MERIT_DB_POOLER") == ("transaction",) * 2
    monkeypatch.setenv("Database_Url", "postgresql://from-the-environment/db")
    assert read_both(elsewhere, "DATABASE_URL") == ("postgresql://from-the-environment/db",) * 2


@pytest.mark.parametrize("value", [*POOLERS, "session", "Transaction", ""])
def test_the_command_takes_the_pooler_values_the_settings_take(elsewhere, monkeypatch, value):
    monkeypatch.setenv("MERIT_DB_POOLER", value)
    try:
        taken = Settings().db_pooler
    except ValidationError:
        taken = None
    assert pooler() == taken


def test_a_secret_link_leading_outside_its_folder_is_not_read(elsewhere):
    (elsewhere / "outside").write_text("postgresql://outside/db")
    (elsewhere / "secrets" / "DATABASE_URL").symlink_to(elsewhere / "outside")
    assert read_both(elsewhere, "DATABASE_URL") == (None, None)


def merit_create(**env: str) -> subprocess.CompletedProcess[str]:
    code = unique_code("conn")
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "api.cli",
            "tenants",
            "create",
            "--subdomain",
            code,
            "--name",
            "Conn Co",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, **env},
        stdin=subprocess.DEVNULL,
    )


@pytest.mark.parametrize("pooler", ["transaction", "transaction-prepared"])
def test_the_command_runs_with_the_pooler_setting(pooler):
    done = merit_create(MERIT_DB_POOLER=pooler)
    assert done.returncode == 0, done.stderr


def test_a_pooler_setting_the_settings_refuse_is_reported_as_every_command_reports_it():
    done = merit_create(MERIT_DB_POOLER="session")
    assert done.returncode == 1
    assert "The configuration is not valid" in done.stderr and "MERIT_DB_POOLER" in done.stderr


def test_an_unreachable_database_is_a_message_not_a_traceback(tmp_path):
    done = merit_create(DATABASE_URL=f"postgresql://nobody@/none?host={tmp_path}&port=1")
    assert done.returncode == 1
    assert "The organisation was not created" in done.stderr and "Traceback" not in done.stderr
