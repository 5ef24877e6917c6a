"""Who is signed in to the platform (the super-admin panel), for a request.

Platform sessions are rows in public.sessions marked {"platform": true}, reached through
their own cookie (merit_platform_sid). An organisation session never counts here, and a
platform session never counts as an organisation sign-in (it has no "authenticated" key).
"""

from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import Depends, Request
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from api.auth import sessions
from api.auth.models import PlatformAdmin, Session
from api.core.errors import Forbidden, Unauthorized
from api.deps import PublicDb

NOT_SIGNED_IN = "Please sign in as a platform administrator"
ACCESS_DENIED = "Access denied: {email} is not a platform administrator"


@dataclass(frozen=True)
class PlatformPrincipal:
    email: str
    name: str | None
    session_id: str
    method: str


async def platform_session(request: Request, db: AsyncSession) -> Session | None:
    """The live platform session row for this request's cookie (None if missing or forged)."""
    row = await sessions.load(db, request.cookies.get(sessions.PLATFORM_COOKIE))
    if row is None or not row.sess.get("platform"):
        return None
    return row


async def find_admin(db: AsyncSession, email: str) -> PlatformAdmin | None:
    return (
        await db.execute(select(PlatformAdmin).where(PlatformAdmin.email == email.lower()))
    ).scalar_one_or_none()


async def get_platform_admin(request: Request, db: PublicDb) -> PlatformPrincipal:
    """401 without a platform sign-in; 403 when the signed-in e-mail is not a platform admin.

    Membership is read from platform_admins on every call, so removing an admin takes
    effect at once, even for a session already open.
    """
    row = await platform_session(request, db)
    data: dict[str, Any] = row.sess if row else {}
    email = data.get("email")
    if row is None or not isinstance(email, str) or not email:
        raise Unauthorized(NOT_SIGNED_IN)
    if await find_admin(db, email) is None:
        raise Forbidden(ACCESS_DENIED.format(email=email))
    # Hand the connection back to the pool (the session takes one again if the endpoint uses
    # it): provisioning, migrating and backing up organisations use connections of their own,
    # and a request must not hold two at once (with the pool full they would wait on each other).
    await db.commit()
    return PlatformPrincipal(
        email=email,
        name=data.get("name"),
        session_id=row.sid,
        method=str(data.get("method") or "local"),
    )


PlatformAdminOnly = Annotated[PlatformPrincipal, Depends(get_platform_admin)]
