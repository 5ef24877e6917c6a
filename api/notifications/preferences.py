"""How each account wants each kind of notice by e-mail: immediately, in a daily digest, or not
at all. No row means immediately; the bell shows every notice whatever the choice."""

from collections.abc import Iterable, Sequence

from sqlalchemy import func, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from api.core.errors import AppError
from api.notifications.models import DELIVERIES, NOTIFICATION_KINDS, NotificationPreference
from api.notifications.schemas import PreferenceRead, PreferenceUpdate

LABELS = {
    "review_assigned": "A review is assigned to you",
    "self_review_requested": "Your self-review is requested",
    "feedback_requested": "Your feedback is requested",
    "review_due_soon": "Something of yours is due soon",
    "review_overdue": "Something of yours is overdue",
    "review_shared": "Your review is shared with you",
    "review_acknowledged": "A review you wrote is acknowledged",
    "certification_expiring": "Your certification expires soon",
}
DIGEST = "digest"
DIGEST_LABEL = "Daily digest"
DEFAULT = "immediate"
NO_ACCOUNT = (
    "Notification settings belong to personal accounts: sign in with your own account "
    "to choose them"
)


def label(kind: str) -> str:
    return DIGEST_LABEL if kind == DIGEST else LABELS.get(kind, kind)


async def deliveries(session: AsyncSession, user_ids: Iterable[str]) -> dict[tuple[str, str], str]:
    """(account, kind) -> delivery, for the choices made (the rest are immediate)."""
    ids = sorted(set(user_ids))
    if not ids:
        return {}
    rows = await session.execute(
        select(
            NotificationPreference.user_id,
            NotificationPreference.kind,
            NotificationPreference.delivery,
        ).where(NotificationPreference.user_id.in_(ids))
    )
    return {(user, kind): delivery for user, kind, delivery in rows.tuples()}


async def read(session: AsyncSession, user_id: str | None) -> list[PreferenceRead]:
    """Every kind, in a fixed order, with its label and the account's choice."""
    if user_id is None:
        return []
    chosen = await deliveries(session, [user_id])
    return [
        PreferenceRead(kind=kind, label=LABELS[kind], delivery=chosen.get((user_id, kind), DEFAULT))
        for kind in NOTIFICATION_KINDS
    ]


def _checked(changes: Sequence[PreferenceUpdate]) -> dict[str, str]:
    found: dict[str, str] = {}
    for change in changes:
        if change.kind not in NOTIFICATION_KINDS:
            raise AppError(
                f"Unknown notification kind '{change.kind[:40]}'. Known kinds: "
                + ", ".join(NOTIFICATION_KINDS),
                422,
            )
        if change.delivery not in DELIVERIES:
            raise AppError(
                f"Delivery for '{change.kind}' must be immediate, digest or off, "
                f"not '{change.delivery[:40]}'",
                422,
            )
        found[change.kind] = change.delivery
    return found


async def save(session: AsyncSession, user_id: str, changes: dict[str, str]) -> None:
    if not changes:
        return
    statement = insert(NotificationPreference).values(
        [{"user_id": user_id, "kind": kind, "delivery": value} for kind, value in changes.items()]
    )
    await session.execute(
        statement.on_conflict_do_update(
            index_elements=[NotificationPreference.user_id, NotificationPreference.kind],
            set_={"delivery": statement.excluded.delivery, "updated_at": func.now()},
        )
    )


async def update(
    session: AsyncSession, user_id: str | None, changes: Sequence[PreferenceUpdate]
) -> list[PreferenceRead]:
    """Set the kinds sent (others keep their choice); a kind or delivery not known → 422."""
    checked = _checked(changes)
    if user_id is None:
        raise AppError(NO_ACCOUNT, 409)
    await save(session, user_id, checked)
    return await read(session, user_id)
