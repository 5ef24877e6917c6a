"""Server-side sessions in public.sessions: an opaque id in an HttpOnly cookie (set on
replies by api/auth/cookies.py)."""

from datetime import timedelta
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from api.auth.models import Session
from api.core.config import get_settings
from api.core.db import utcnow
from api.core.security import new_token

COOKIE = "merit_sid"
PLATFORM_COOKIE = "merit_platform_sid"


async def load(db: AsyncSession, sid: str | None) -> Session | None:
    """The live session row for this id, or None if missing, forged or expired."""
    if not sid or len(sid) > 128:
        return None
    row = await db.get(Session, sid)
    if row is None or row.expire <= utcnow():
        return None
    return row


async def create(db: AsyncSession, data: dict[str, Any]) -> Session:
    hours = get_settings().session_hours
    row = Session(sid=new_token(32), sess=data, expire=utcnow() + timedelta(hours=hours))
    db.add(row)
    await db.flush()
    return row


async def rotate(db: AsyncSession, old_sid: str | None, data: dict[str, Any]) -> Session:
    """A fresh id at every sign-in, so a planted id never becomes an authenticated one."""
    if old_sid:
        await db.execute(delete(Session).where(Session.sid == old_sid))
    return await create(db, data)


async def update(db: AsyncSession, row: Session, **changes: Any) -> None:
    row.sess = {**row.sess, **changes}
    await db.flush()


async def destroy(db: AsyncSession, sid: str | None) -> None:
    if sid:
        await db.execute(delete(Session).where(Session.sid == sid))


async def end_role_sessions(
    db: AsyncSession, *, organization_id: int, role: str, keep_sid: str | None = None
) -> None:
    """Sign out everyone signed in with a role's shared password (personal accounts of that
    role are not), except the session `keep_sid`: the password they knew is no longer it."""
    query = delete(Session).where(
        Session.sess["organizationId"].as_integer() == organization_id,
        Session.sess["userRole"].as_string() == role,
        ~Session.sess.has_key("userId"),
    )
    if keep_sid:
        query = query.where(Session.sid != keep_sid)
    await db.execute(query)


async def purge_expired(db: AsyncSession) -> int:
    result = await db.execute(delete(Session).where(Session.expire <= utcnow()))
    return int(getattr(result, "rowcount", 0) or 0)


async def find(db: AsyncSession, sid: str) -> dict[str, Any] | None:
    row = (await db.execute(select(Session.sess).where(Session.sid == sid))).scalar_one_or_none()
    return row
