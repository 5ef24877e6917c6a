"""Daily certification reminders, one job per organisation.

`certification_reminders_dispatch` (cron) enqueues one `certification_reminders` job per
active organisation with the deterministic id `cert-reminders:<org>:<date>`, so a day's run
happens once per organisation however often the dispatcher fires. The job is idempotent too:
it inserts with ON CONFLICT DO NOTHING against the reminders' unique index on (type,
review_id, certification_id), so a rerun only fills in what is missing.

`certification_reminder_task(session, today)` has the shape of api/reminders' ORG_TASKS, so
it can also run inside that job's transaction.
"""

import logging
from datetime import date
from typing import Any

from arq import cron
from arq.worker import func
from sqlalchemy.ext.asyncio import AsyncSession

from api.certifications import service
from api.core.dates import day_or_today
from api.core.db import tenant_session
from api.organizations.models import Organization
from api.organizations.scheduled import enqueue_for_each_organization, organization_job

log = logging.getLogger("merit.certifications")

JOB_NAME = "certification_reminders"
# Results are kept a day so the id `cert-reminders:<org>:<date>` is not enqueued twice.
KEEP_RESULT_S = 26 * 3600


def job_id(organization_id: int, day: date) -> str:
    return f"cert-reminders:{organization_id}:{day.isoformat()}"


async def certification_reminder_task(session: AsyncSession, today: date) -> dict[str, int]:
    """Expiring (within 30 days) and expired reminders of one organisation's schema."""
    return await service.create_reminders(session=session, on=today)


@organization_job("certification reminders", skipped={})
async def certification_reminders(org: Organization, day: str | None = None) -> dict[str, int]:
    """The job for one organisation (arq function; also called directly)."""
    today = day_or_today(day)
    async with tenant_session(org.schema_name, org.id) as session:
        counts = await certification_reminder_task(session, today)
    log.info("certification reminders org=%s day=%s: %s", org.id, today, counts)
    return counts


async def certification_reminders_dispatch(
    ctx: dict[str, Any], *, day: str | None = None, queue_name: str | None = None
) -> int:
    """Cron: enqueue one job per active organisation for the day; queued ones are skipped."""
    today = day_or_today(day)
    queued = await enqueue_for_each_organization(
        ctx["redis"],
        JOB_NAME,
        lambda org_id: job_id(org_id, today),
        today.isoformat(),
        queue_name=queue_name,
    )
    log.info("certification reminders dispatch day=%s: %d jobs enqueued", today, queued)
    return queued


FUNCTIONS = [
    func(certification_reminders, name=JOB_NAME, keep_result=KEEP_RESULT_S),  # type: ignore[arg-type]
    certification_reminders_dispatch,
]
# Several times a day: the first run of a day does the work, later ones pick up
# organisations created since (or a run missed while the worker was down).
CRON_JOBS = [
    cron(certification_reminders_dispatch, hour={5, 11, 17, 23}, minute={20}),  # type: ignore[arg-type]
]
