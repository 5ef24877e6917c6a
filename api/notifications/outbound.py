"""Mailing the notices of one organisation: each pending notice becomes an e-mail at once, a
line of its account's daily digest, or nothing, as the account chose for its kind.

Three steps, none of them in a transaction with another (no transaction spans the catalog and
an organisation's schema): read the pending notices; write their mail to the outbox, each
under its own key, and hand it to the worker; mark the notices mailed (or skipped). A run that
stops between the second and third step leaves the notices pending: the next run writes the
same keys again, which adds nothing, hands on whatever is still undelivered, and marks them.

Digests: the digest of a day holds the notices made before DIGEST_HOUR that day, and is
written from DIGEST_HOUR plus a margin on. A run that day finds the same notices every time
(their keys are the day's), and later notices wait for the next day's. The margin lets a
transaction that made notices just before the hour commit before the digest is written.
"""

import logging
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta

from sqlalchemy import BigInteger, any_, func, literal, select, update
from sqlalchemy.dialects.postgresql import ARRAY

from api.core.db import tenant_session
from api.mail import batch
from api.notifications.mail import PendingNotice, digest_mail, notice_mail
from api.notifications.models import Notification
from api.notifications.preferences import DEFAULT, DIGEST, deliveries
from api.organizations.models import Organization
from api.users.models import User

log = logging.getLogger("merit.notifications")

DIGEST_HOUR = time(6, 0)
DIGEST_MARGIN = timedelta(minutes=15)
# Notices taken per run; more wait for the next run.
PER_RUN = 50_000


@dataclass
class Plan:
    mails: list[batch.Outgoing] = field(default_factory=list)
    mailed: list[int] = field(default_factory=list)
    skipped: list[int] = field(default_factory=list)
    waiting: int = 0


def digest_window(now: datetime) -> tuple[date, datetime]:
    """The day whose digest may be written now, and the moment its notices were made before
    (until the margin past the hour, that is the day before's)."""
    local = now.astimezone()
    day = local.date()
    if local < datetime.combine(day, DIGEST_HOUR).astimezone() + DIGEST_MARGIN:
        day -= timedelta(days=1)
    return day, datetime.combine(day, DIGEST_HOUR).astimezone()


async def _pending(
    org: Organization,
) -> tuple[list[PendingNotice], list[int], dict[tuple[str, str], str]]:
    """Pending notices of active accounts (oldest first), those of inactive ones, and the
    accounts' choices."""
    async with tenant_session(org.schema_name, org.id, reads_only=True) as session:
        rows = (
            await session.execute(
                select(
                    Notification.id,
                    Notification.user_id,
                    User.email,
                    User.first_name,
                    Notification.kind,
                    Notification.title,
                    Notification.body,
                    Notification.link,
                    Notification.created_at,
                    User.is_active,
                )
                .join(User, User.id == Notification.user_id)
                .where(Notification.mail_state == "pending")
                .order_by(Notification.created_at, Notification.id)
                .limit(PER_RUN)
            )
        ).all()
        chosen = await deliveries(session, {row.user_id for row in rows})
    active = [PendingNotice(*row[:9]) for row in rows if row.is_active]
    inactive = [row.id for row in rows if not row.is_active]
    return active, inactive, chosen


def plan(
    org: Organization,
    notices: list[PendingNotice],
    chosen: dict[tuple[str, str], str],
    now: datetime,
) -> Plan:
    work = Plan()
    day, cutoff = digest_window(now)
    digests: dict[str, list[PendingNotice]] = defaultdict(list)
    for notice in notices:
        delivery = chosen.get((notice.user_id, notice.kind), DEFAULT)
        if delivery == "off":
            work.skipped.append(notice.id)
        elif delivery == DIGEST:
            if notice.created_at < cutoff:
                digests[notice.user_id].append(notice)
            else:
                work.waiting += 1
        else:
            work.mails.append(notice_mail(org, notice))
            work.mailed.append(notice.id)
    for listed in digests.values():
        work.mails.append(digest_mail(org, day, listed))
        work.mailed.extend(notice.id for notice in listed)
    return work


async def _mark(org: Organization, ids: list[int], state: str) -> None:
    if not ids:
        return
    async with tenant_session(org.schema_name, org.id) as session:
        await session.execute(
            update(Notification)
            .where(
                Notification.id == any_(literal(ids, ARRAY(BigInteger))),
                Notification.mail_state == "pending",
            )
            .values(mail_state=state, mailed_at=func.now() if state == "sent" else None)
        )


async def mail_pending(
    org: Organization, *, now: datetime | None = None, queue_name: str | None = None
) -> dict[str, int]:
    """Mail the organisation's pending notices (see the module's description); the delivery
    jobs go to the worker's queue, or `queue_name` (tests)."""
    notices, inactive, chosen = await _pending(org)
    work = plan(org, notices, chosen, now or datetime.now().astimezone())
    deliveries_ = await batch.write_batch(work.mails)
    jobs = await batch.enqueue(deliveries_, queue_name=queue_name)
    await _mark(org, work.mailed, "sent")
    await _mark(org, work.skipped + inactive, "skipped")
    counts = {
        "mails": len(work.mails),
        "notices_mailed": len(work.mailed),
        "skipped": len(work.skipped) + len(inactive),
        "waiting_for_digest": work.waiting,
        "delivery_jobs": jobs,
    }
    if work.mails or work.skipped or inactive:
        log.info("notification mail org=%s: %s", org.id, counts)
    return counts
