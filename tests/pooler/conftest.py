"""These tests need Merit behind PgBouncer: tests/pooler/run.py starts one and runs them. In
a plain pytest run (straight to Postgres) they are not collected."""

import os
from collections.abc import AsyncIterator

import pytest

from api.core.pg_connect import POOLERS, Pooler, behind_pooler

# The run's own setting: `transaction` through 1.18, `transaction-prepared` through 1.24.
POOLER: Pooler = next(
    (known for known in POOLERS if known == os.environ.get("MERIT_DB_POOLER")), "none"
)
if not behind_pooler(POOLER):
    collect_ignore_glob = ["test_*.py"]

# PgBouncer's `max_prepared_statements` in this run (tests/pooler/run.py): 0 on 1.18, which
# cannot carry a statement prepared by name from one server connection to another.
MAX_PREPARED = int(os.environ.get("MERIT_POOLER_MAX_PREPARED", "0"))


@pytest.fixture(params=["unnamed", "named"])
async def statements(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[str]:
    """How Merit prepares its statements behind the pooler, set as an operator sets it:
    "unnamed" is MERIT_DB_POOLER=transaction, "named" is MERIT_DB_POOLER=transaction-prepared
    (asyncpg's statement cache on, statements prepared under names, which only a PgBouncer
    with protocol-level prepared statements, 1.21 and later, can carry between server
    connections). The app's settings and engine are made again with that value for the
    test's length."""
    if request.param == "named" and MAX_PREPARED == 0:
        pytest.skip("this PgBouncer has no protocol-level prepared statements")
    from api.core.config import get_settings
    from api.core.db import dispose_engine

    value = "transaction" if request.param == "unnamed" else "transaction-prepared"
    await dispose_engine()
    monkeypatch.setenv("MERIT_DB_POOLER", value)
    get_settings.cache_clear()
    assert get_settings().db_pooler == value
    yield request.param
    await dispose_engine()
    monkeypatch.undo()
    get_settings.cache_clear()  # the next test gets the run's own settings and engine back
