"""These tests need Merit behind PgBouncer: tests/pooler/run.py starts one and runs them. In
a plain pytest run (straight to Postgres) they are not collected."""

import os
from collections.abc import AsyncIterator
from typing import Any

import pytest

if os.environ.get("MERIT_DB_POOLER") != "transaction":
    collect_ignore_glob = ["test_*.py"]

# PgBouncer's `max_prepared_statements` in this run (tests/pooler/run.py): 0 on 1.18, which
# cannot carry a statement prepared by name from one server connection to another.
MAX_PREPARED = int(os.environ.get("MERIT_POOLER_MAX_PREPARED", "0"))


@pytest.fixture(params=["unnamed", "named"])
async def statements(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[str]:
    """How Merit prepares its statements behind the pooler. "unnamed" is what
    MERIT_DB_POOLER=transaction does. "named" keeps everything else of that mode (no
    search_path sent at connect) but turns asyncpg's statement cache back on, as it is
    straight to Postgres: statements prepared under names, which only a PgBouncer with
    protocol-level prepared statements (1.21 and later) can carry between server
    connections. Merit has no setting for that yet, so the app's engine is rebuilt here with
    those connection arguments for the test's length."""
    if request.param == "unnamed":
        yield request.param
        return
    if MAX_PREPARED == 0:
        pytest.skip("this PgBouncer has no protocol-level prepared statements")
    from api.core import db

    unnamed = db._connect_args

    def named(pooled: bool) -> dict[str, Any]:
        args = unnamed(pooled)
        args.pop("statement_cache_size", None)
        args.pop("connection_class", None)
        return args

    await db.dispose_engine()
    monkeypatch.setattr(db, "_connect_args", named)
    yield request.param
    await db.dispose_engine()  # the next test gets the app's own engine back
