"""Telling accounts what concerns them: one notice per event in the bell, mailed by the
notifications job (api/notifications/jobs.py) as each account chose."""

from collections.abc import Iterable
from dataclasses import asdict, dataclass

from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from api.notifications.models import Notification

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
    for chunk in (rows[start : start + BATCH] for start in range(0, len(rows), BATCH)):
        statement = (
            insert(Notification)
            .values([asdict(notice) for notice in chunk])
            .on_conflict_do_nothing(index_elements=[Notification.dedupe_key])
        )
        result = await session.execute(statement)
        added += result.rowcount  # type: ignore[attr-defined]
    return added
