"""Telling accounts what concerns them: one notice per event in the bell, mailed by the
notifications job (api/notifications/jobs.py) as each account chose."""

import logging
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from datetime import UTC, datetime, timedelta

from pydantic import TypeAdapter
from sqlalchemy import exists, func, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from api.core.db import after_commit
from api.core.errors import NotFound
from api.core.paging import DEFAULT_PAGE_SIZE, Paging
from api.core.queue import QUEUE_ERRORS, open_queue
from api.notifications.models import Notification
from api.notifications.schemas import NotificationRead

log = logging.getLogger("merit.notifications")

# The organisation's mailing job (api/notifications/jobs.py), asked for when notices are made.
MAIL_JOB = "notifications_mail"
# Rows per INSERT: a cycle of ten thousand people is ten statements, not ten thousand.
BATCH = 1000


@dataclass(frozen=True)
class Notice:
    user_id: str
    kind: str
    title: str
    body: str
    # The same key is never notified twice: events repeated and jobs run again add nothing.
    dedupe_key: str
    link: str | None = None
    review_id: int | None = None


async def notify(session: AsyncSession, notices: Iterable[Notice]) -> int:
    """Adds the notices in the caller's transaction (they exist only if its change commits);
    those already made (same dedupe key) are skipped. Returns how many were added."""
    rows = list(notices)
    added = 0
    # One statement compiled once and sent with each batch's values (executemany): a VALUES
    # list of a thousand rows compiled anew per batch took seconds for a cycle's launch.
    statement = (
        insert(Notification)
        .on_conflict_do_nothing(index_elements=[Notification.dedupe_key])
        .returning(Notification.id)
    )
    for chunk in (rows[start : start + BATCH] for start in range(0, len(rows), BATCH)):
        result = await session.execute(statement, [asdict(notice) for notice in chunk])
        added += len(result.all())
    organization_id = session.info.get("organization_id")
    if added and organization_id is not None:
        after_commit(session, lambda _session: wake_mailer(organization_id))
    return added


async def wake_mailer(organization_id: int) -> None:
    """Ask for the organisation's mailing run at the end of this minute: the notices of one
    minute go out together, within a minute, and an organisation with nothing to tell costs
    no job at all. A queue that cannot be reached delays the mail to the daily run."""
    now = datetime.now(UTC)
    minute_end = now.replace(second=0, microsecond=0) + timedelta(minutes=1)
    try:
        async with open_queue() as queue:
            await queue.enqueue_job(
                MAIL_JOB,
                organization_id,
                _job_id=f"notify-mail:{organization_id}:{minute_end:%Y-%m-%dT%H:%M}",
                _defer_until=minute_end,
            )
    except QUEUE_ERRORS as exc:
        log.warning(
            "notices of org=%s wait for the daily run: queue unreachable (%s)", organization_id, exc
        )


# -- the bell: an account's own notices ---------------------------------------------------

NOT_FOUND = "Notification not found"
# The bell's list is always paged: an account's notices grow without end.
FIRST_PAGE = Paging(page=1, size=DEFAULT_PAGE_SIZE)
_NOTICES = TypeAdapter(list[NotificationRead])


async def list_page(
    session: AsyncSession, user_id: str | None, paging: Paging | None
) -> tuple[bytes, int]:
    """One page of the account's notices, newest first, as JSON, and how many it has. A shared
    sign-in (no account) has none."""
    paging = paging or FIRST_PAGE
    if user_id is None:
        return _NOTICES.dump_json([]), 0
    rows = list(
        await session.scalars(
            select(Notification)
            .where(Notification.user_id == user_id)
            .order_by(Notification.created_at.desc(), Notification.id.desc())
            .offset(paging.offset)
            .limit(paging.size)
        )
    )
    total = len(rows) + paging.offset
    if len(rows) == paging.size or (not rows and paging.offset):
        count = select(func.count()).where(Notification.user_id == user_id)
        total = int(await session.scalar(count) or 0)
    notices = [NotificationRead.model_validate(row) for row in rows]
    return _NOTICES.dump_json(notices, by_alias=True), total


async def unread_count(session: AsyncSession, user_id: str | None) -> int:
    if user_id is None:
        return 0
    count = select(func.count()).where(
        Notification.user_id == user_id, Notification.read_at.is_(None)
    )
    return int(await session.scalar(count) or 0)


async def mark_read(session: AsyncSession, user_id: str | None, notification_id: int) -> None:
    """Mark one of the account's own notices read (again: no change); any other id is 404,
    whoever's it is."""
    if user_id is None or not 0 < notification_id < 2**63:
        raise NotFound(NOT_FOUND)
    owned = (Notification.id == notification_id, Notification.user_id == user_id)
    marked = await session.execute(
        update(Notification)
        .where(*owned, Notification.read_at.is_(None))
        .values(read_at=func.now())
        .returning(Notification.id)
    )
    if marked.first() is None and not await session.scalar(select(exists().where(*owned))):
        raise NotFound(NOT_FOUND)


async def mark_all_read(session: AsyncSession, user_id: str | None) -> int:
    if user_id is None:
        return 0
    result = await session.execute(
        update(Notification)
        .where(Notification.user_id == user_id, Notification.read_at.is_(None))
        .values(read_at=func.now())
    )
    return int(result.rowcount or 0)  # type: ignore[attr-defined]
