"""The daily reminders job, one job per organisation.

`reminders_dispatch` (cron) enqueues one `org_reminders` job per organisation with the
deterministic id `reminders:<org_id>:<date>`, so a day's run happens once per organisation
however often the dispatcher fires. `org_reminders` runs every task of ORG_TASKS in the
organisation's own transaction and is callable directly; `remind_all` runs every
organisation in-process (tests, benchmarks, the CLI), one failure never stopping the rest.

Adding reminders of another kind: write `async def task(session, today) -> dict[str, int]`
(counts of what it did, for the log) and append it to ORG_TASKS.
"""

import logging
from collections.abc import Awaitable, Callable
from datetime import date
from typing import Any

from arq import cron
from arq.worker import func
from sqlalchemy import func as sql
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from api.core.dates import day_or_today
from api.core.db import tenant_session
from api.organizations.models import Organization
from api.organizations.scheduled import (
    Report,
    enqueue_for_each_organization,
    for_each_organization,
    organization_job,
)
from api.reminders.service import review_reminders
from api.reviews.periodic import create_next_reviews

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


@organization_job("reminders", skipped={})
async def org_reminders(org: Organization, day: str | None = None) -> dict[str, int]:
    """The job for one organisation (arq function; also called directly)."""
    return await run_org_tasks(org, day_or_today(day))


async def reminders_dispatch(
    ctx: dict[str, Any], *, day: str | None = None, queue_name: str | None = None
) -> int:
    """Cron: enqueue one job per organisation for the day; already enqueued ones are skipped."""
    today = day_or_today(day)
    queued = await enqueue_for_each_organization(
        ctx["redis"],
        JOB_NAME,
        lambda org_id: job_id(org_id, today),
        today.isoformat(),
        queue_name=queue_name,
    )
    log.info("reminders dispatch day=%s: %d organisation jobs enqueued", today, queued)
    return queued


RunReport = Report[dict[str, int]]


async def remind_all(_ctx: dict[str, Any] | None = None, day: str | None = None) -> RunReport:
    """Every active organisation in-process, a few at a time; failures are reported."""
    today = day_or_today(day)

    async def one(org: Organization) -> dict[str, int]:
        return await run_org_tasks(org, today)

    return await for_each_organization(one, what="reminders", concurrency=CONCURRENCY)


FUNCTIONS = [
    func(org_reminders, name=JOB_NAME, keep_result=KEEP_RESULT_S),  # type: ignore[arg-type]
    reminders_dispatch,
]
# Several times a day: the first run of a day does the work, later ones pick up
# organisations created since (or a run missed while the worker was down).
CRON_JOBS = [
    cron(reminders_dispatch, hour={5, 11, 17, 23}, minute={15}, run_at_startup=False),  # type: ignore[arg-type]
]
