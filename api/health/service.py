"""Readiness checks: Postgres answers, Redis answers, every schema's migrations at head.

Each check has a short timeout and they run side by side, so a probe never hangs. The
migration check reads how many schemas the catalog has at each revision (one query on one
small table, however many organisations there are), and a passing result is kept for a short
while (schemas only move forward, and only at a deploy), so frequent probes cost one
`SELECT 1` and one Redis PING.
"""

import asyncio
import logging
import time
from collections.abc import Awaitable
from dataclasses import dataclass, field
from functools import lru_cache

import redis.asyncio as aioredis
from alembic.script import ScriptDirectory
from sqlalchemy import text

from api.core.config import get_settings
from api.core.db import get_engine
from api.core.observability import set_tenant_counts
from tenants.ddl import script_directory
from tenants.registry import revision_counts
from tenants.revisions import PUBLIC_SCRIPTS, TENANT_SCRIPTS

log = logging.getLogger("merit.health")
CHECK_TIMEOUT = 2.0
MIGRATIONS_OK_FOR = 30.0
_migrations_ok_until = 0.0


class NotReady(Exception):
    """A check's short, public reason for failing."""


@dataclass
class Readiness:
    checks: dict[str, str] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return all(v == "ok" for v in self.checks.values())

    @property
    def message(self) -> str:
        failed = [f"{name} {reason}" for name, reason in self.checks.items() if reason != "ok"]
        return "Ready" if not failed else "Not ready: " + "; ".join(failed)


@lru_cache
def _public_script() -> ScriptDirectory:
    return ScriptDirectory(str(PUBLIC_SCRIPTS))


def _behind(script: ScriptDirectory, version: str | None, head: str) -> bool:
    """True when a schema needs migrating. A revision this code does not know is newer (a
    later release migrated it first, as during a rolling upgrade): not behind."""
    if version == head:
        return False
    if version is None:
        return True
    try:
        return script.get_revision(version) is not None
    except Exception:
        return False


async def check_postgres() -> None:
    try:
        async with get_engine().connect() as conn:
            await conn.execute(text("SELECT 1"))
    except Exception as exc:
        log.warning("readiness: postgres unreachable: %s", exc)
        raise NotReady("unreachable") from exc


async def check_redis() -> None:
    url = get_settings().redis_url or "redis://localhost:6379"
    client = aioredis.from_url(url, socket_connect_timeout=1, socket_timeout=1)
    try:
        await client.ping()
    except Exception as exc:
        log.warning("readiness: redis unreachable: %s", exc)
        raise NotReady("unreachable") from exc
    finally:
        await client.aclose()


async def check_migrations() -> None:
    global _migrations_ok_until
    if time.monotonic() < _migrations_ok_until:
        return
    public_script = _public_script()
    public_head = public_script.get_current_head()
    tenant_script = script_directory(str(TENANT_SCRIPTS))
    head = tenant_script.get_current_head()
    assert head
    async with get_engine().connect() as conn:
        public = (
            await conn.execute(text("SELECT version_num FROM public.alembic_version LIMIT 1"))
        ).scalar()
        if public_head and _behind(public_script, public, public_head):
            raise NotReady("platform catalog not at head; run `merit migrate`")
        counts = await revision_counts(conn)
    behind = {v: n for v, n in counts.items() if _behind(tenant_script, v, head)}
    if behind:
        log.warning("readiness: schemas behind head %s, by revision: %s", head, behind)
        raise NotReady(
            f"{sum(behind.values())} organisation schema(s) not at head; run `merit migrate`"
        )
    _migrations_ok_until = time.monotonic() + MIGRATIONS_OK_FOR


def forget_migration_check() -> None:
    """Run the migration check in full on the next probe."""
    global _migrations_ok_until
    _migrations_ok_until = 0.0


async def _run(check: Awaitable[None]) -> str:
    try:
        await asyncio.wait_for(check, CHECK_TIMEOUT)
    except NotReady as exc:
        return str(exc)
    except TimeoutError:
        return "timed out"
    except Exception as exc:  # e.g. the catalog has no version table yet
        log.warning("readiness check failed: %s", exc)
        return "check failed"
    return "ok"


async def get_readiness() -> Readiness:
    async def database() -> tuple[str, str]:
        postgres = await _run(check_postgres())
        if postgres != "ok":
            return postgres, "not checked"
        return postgres, await _run(check_migrations())

    (postgres, migrations), redis_state = await asyncio.gather(database(), _run(check_redis()))
    return Readiness({"postgres": postgres, "redis": redis_state, "migrations": migrations})


async def refresh_tenant_counts() -> None:
    """The organisation gauge, read at each scrape (one small query); kept if it fails."""

    async def count() -> None:
        async with get_engine().connect() as conn:
            rows = await conn.execute(
                text("SELECT is_active, count(*) FROM public.organizations GROUP BY is_active")
            )
            counts = {bool(active): int(n) for active, n in rows}
        set_tenant_counts(counts.get(True, 0), counts.get(False, 0))

    try:
        await asyncio.wait_for(count(), CHECK_TIMEOUT)
    except Exception as exc:
        log.warning("tenant count for metrics failed: %s", exc)
