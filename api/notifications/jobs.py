"""The notifications' jobs.

Daily, per organisation (`notifications_daily`, queued by `notifications_daily_dispatch`
under the id `notices:<org>:<date>` as the reminders are): the notices no one's action makes,
due-soon and overdue stages of reviews and expiring certifications (api/notifications/due.py,
expiry.py), whose keys make a second run add nothing; then the day's digests and whatever
mail is still pending.

When notices are made (api/notifications/service.py notify), per organisation
(`notifications_mail`, at the end of that minute): pending notices become e-mail
(api/notifications/outbound.py), delivered by api/mail's batch jobs, fifty messages a job.
Only organisations with something to tell run it: at ten thousand organisations a timer over
all of them would open ten thousand schemas every few minutes for nothing.
"""

import logging
from collections.abc import Awaitable, Callable
from datetime import date
from typing import Any

from arq import cron
from arq.worker import func
from sqlalchemy.ext.asyncio import AsyncSession

from api.core.dates import day_or_today
from api.core.db import tenant_session
from api.notifications.due import review_deadlines
from api.notifications.expiry import certification_expiry
from api.notifications.outbound import mail_pending
from api.notifications.service import MAIL_JOB
from api.organizations.models import Organization
from api.organizations.scheduled import (
    Report,
    enqueue_for_each_organization,
    for_each_organization,
    organization_job,
)

log = logging.getLogger("merit.notifications")

DAILY_JOB = "notifications_daily"
CONCURRENCY = 4
# Kept a day, so the id `notices:<org>:<date>` is not queued twice.
KEEP_DAILY_S = 26 * 3600
# Kept past its minute, so a minute's job is queued once.
KEEP_MAIL_S = 15 * 60

DailyTask = Callable[[AsyncSession, date], Awaitable[dict[str, int]]]
DAILY_TASKS: list[DailyTask] = [review_deadlines, certification_expiry]


class NoticeJobError(RuntimeError):
    """Some daily tasks failed for an organisation; the others were committed."""


async def daily_notices(org: Organization, today: date) -> dict[str, int]:
    """Every daily task in one transaction of the organisation's schema, each in a savepoint."""
    counts: dict[str, int] = {}
    errors: list[str] = []
    async with tenant_session(org.schema_name, org.id) as session:
        for task in DAILY_TASKS:
            try:
                async with session.begin_nested():
                    counts.update(await task(session, today))
            except Exception as exc:  # one task failing must not lose the others' work
                log.exception("notices org=%s task=%s failed", org.id, task.__name__)
                errors.append(f"{task.__name__}: {exc.__class__.__name__}: {exc}")
    log.info("notices org=%s day=%s: %s", org.id, today, counts)
    if errors:
        raise NoticeJobError("; ".join(errors))
    return counts


@organization_job("daily notices", skipped={})
async def notifications_daily(org: Organization, day: str | None = None) -> dict[str, int]:
    counts = await daily_notices(org, day_or_today(day))
    # The digests (written from their hour on, which the first dispatch of the day follows)
    # and any mail whose wake-up was lost to an unreachable queue.
    return counts | await mail_pending(org)


@organization_job("notification mail", skipped={})
async def notifications_mail(org: Organization, queue_name: str | None = None) -> dict[str, int]:
    return await mail_pending(org, queue_name=queue_name)


async def notifications_daily_dispatch(
    ctx: dict[str, Any], *, day: str | None = None, queue_name: str | None = None
) -> int:
    today = day_or_today(day)
    return await enqueue_for_each_organization(
        ctx["redis"],
        DAILY_JOB,
        lambda org_id: f"notices:{org_id}:{today.isoformat()}",
        today.isoformat(),
        queue_name=queue_name,
    )


async def notices_all(day: str | None = None) -> Report[dict[str, int]]:
    """Every active organisation's daily notices in-process (tests, benchmarks)."""
    today = day_or_today(day)

    async def one(org: Organization) -> dict[str, int]:
        return await daily_notices(org, today)

    return await for_each_organization(one, what="daily notices", concurrency=CONCURRENCY)


FUNCTIONS = [
    func(notifications_daily, name=DAILY_JOB, keep_result=KEEP_DAILY_S),  # type: ignore[arg-type]
    func(notifications_mail, name=MAIL_JOB, keep_result=KEEP_MAIL_S),  # type: ignore[arg-type]
    notifications_daily_dispatch,
]
CRON_JOBS = [
    # As the reminders: the first run of a day does the work, later ones pick up what was
    # missed. The first is after the digests' hour (api/notifications/outbound.py).
    cron(notifications_daily_dispatch, hour={6, 11, 17, 23}, minute={25}),  # type: ignore[arg-type]
]
