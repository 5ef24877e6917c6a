"""The daily reminders job (DESIGN §2 fan-out).

`reminders_dispatch` (cron) enqueues one `org_reminders` job per organisation with the
deterministic id `reminders:<org_id>:<date>`, so a day's run happens once per organisation
however often the dispatcher fires. `org_reminders` runs every task of ORG_TASKS in the
organisation's own transaction and is callable directly; `remind_all` runs every
organisation in-process (tests, benchmarks, the CLI), one failure never stopping the rest.

Adding reminders of another kind: write `async def task(session, today) -> dict[str, int]`
(counts of what it did, for the log) and append it to ORG_TASKS.
"""

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from arq import cron
from arq.worker import func
from sqlalchemy import func as sql
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from api.core.dates import local_today
from api.core.db import public_session, tenant_session
from api.organizations.models import Organization
from api.reminders.service import review_reminders
from api.reviews.periodic import create_next_reviews
from tenants import registry

log = logging.getLogger("merit.reminders")

OrgTask = Callable[[AsyncSession, date], Awaitable[dict[str, int]]]

# Order matters: reviews created first get their due-soon reminders in the same run.
ORG_TASKS: list[OrgTask] = [create_next_reviews, review_reminders]

JOB_NAME = "org_reminders"
CONCURRENCY = 8
# Job results are kept a day so the id `reminders:<org>:<date>` is not enqueued twice.
KEEP_RESULT_S = 26 * 3600


class ReminderJobError(RuntimeError):
    """Some tasks failed for an organisation; the others were committed."""


def job_id(organization_id: int, day: date) -> str:
    return f"reminders:{organization_id}:{day.isoformat()}"


def _day(day: date | str | None) -> date:
    if day is None:
        return local_today()
    return day if isinstance(day, date) else date.fromisoformat(day)


async def run_org_tasks(org: Organization, today: date) -> dict[str, int]:
    """Every task in one transaction of the organisation's schema, each in a savepoint."""
    counts: dict[str, int] = {}
    errors: list[str] = []
    async with tenant_session(org.schema_name, org.id) as session:
        # Two runs for the same organisation at once would each see "no open review".
        await session.execute(select(sql.pg_advisory_xact_lock(sql.hashtext(org.schema_name))))
        for task in ORG_TASKS:
            try:
                async with session.begin_nested():
                    counts.update(await task(session, today))
            except Exception as exc:  # one task failing must not lose the others' work
                log.exception("reminders org=%s task=%s failed", org.id, task.__name__)
                errors.append(f"{task.__name__}: {exc.__class__.__name__}: {exc}")
    summary = ", ".join(f"{k}={v}" for k, v in counts.items()) or "nothing to do"
    log.info("reminders org=%s (%s) day=%s: %s", org.id, org.subdomain, today, summary)
    if errors:
        raise ReminderJobError("; ".join(errors))
    return counts


async def org_reminders(
    _ctx: dict[str, Any], organization_id: int, day: str | None = None
) -> dict[str, int]:
    """The job for one organisation (arq function; also called directly)."""
    today = _day(day)
    async with public_session() as db:
        org = await registry.get_by_id(db, organization_id)
    if org is None or not org.is_active:
        log.info("reminders org=%s skipped: missing or inactive", organization_id)
        return {}
    return await run_org_tasks(org, today)


async def _active_organizations() -> list[Organization]:
    async with public_session() as db:
        return [org for org in await registry.list_all(db) if org.is_active]


async def reminders_dispatch(
    ctx: dict[str, Any], *, day: str | None = None, queue_name: str | None = None
) -> int:
    """Cron: enqueue one job per organisation for the day; already enqueued ones are skipped."""
    today = _day(day)
    queued = 0
    for org in await _active_organizations():
        options: dict[str, Any] = {"_job_id": job_id(org.id, today)}
        if queue_name:
            options["_queue_name"] = queue_name
        job = await ctx["redis"].enqueue_job(JOB_NAME, org.id, today.isoformat(), **options)
        queued += job is not None
    log.info("reminders dispatch day=%s: %d organisation jobs enqueued", today, queued)
    return queued


@dataclass
class RunReport:
    counts: dict[int, dict[str, int]] = field(default_factory=dict)
    failed: dict[int, str] = field(default_factory=dict)


async def remind_all(_ctx: dict[str, Any] | None = None, day: str | None = None) -> RunReport:
    """Every active organisation in-process, a few at a time; failures are reported."""
    today = _day(day)
    report = RunReport()
    gate = asyncio.Semaphore(CONCURRENCY)

    async def one(org: Organization) -> None:
        async with gate:
            try:
                report.counts[org.id] = await run_org_tasks(org, today)
            except Exception as exc:
                log.error("reminders org=%s failed: %s", org.id, exc)
                report.failed[org.id] = str(exc)

    await asyncio.gather(*(one(org) for org in await _active_organizations()))
    return report


FUNCTIONS = [
    func(org_reminders, name=JOB_NAME, keep_result=KEEP_RESULT_S),  # type: ignore[arg-type]
    reminders_dispatch,
]
# Several times a day: the first run of a day does the work, later ones pick up
# organisations created since (or a run missed while the worker was down).
CRON_JOBS = [
    cron(reminders_dispatch, hour={5, 11, 17, 23}, minute={15}, run_at_startup=False),  # type: ignore[arg-type]
]
