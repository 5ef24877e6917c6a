"""Platform sign-in: OpenID Connect when a provider is configured, else local platform admins."""

import logging
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from sqlalchemy import delete
from sqlalchemy.ext.asyncio import AsyncSession

from api.auth import sessions, throttle
from api.auth.models import Session
from api.core.config import Settings
from api.core.db import utcnow
from api.core.errors import BadRequest, NotFound, Unauthorized
from api.core.security import new_token, verify_password_async
from api.platform import oidc
from api.platform.deps import find_admin

log = logging.getLogger("merit.platform")

PANEL = "/super-admin"
PENDING_MINUTES = 10
USE_EXTERNAL = "Platform sign-in uses your external account. Use the sign-in button instead."
NOT_CONFIGURED = "Sign-in with an external account is not configured on this server."
EXPIRED = "Your sign-in took too long or was already used. Please try again."


def safe_return_to(value: str | None) -> str:
    """Only paths inside the panel, so the callback can never redirect off-site."""
    if value and value.startswith(PANEL) and "//" not in value and "\\" not in value:
        return value[:300]
    return PANEL


async def local_sign_in(
    db: AsyncSession,
    *,
    settings: Settings,
    old_sid: str | None,
    email: str,
    password: str,
    client: str,
) -> Session:
    """E-mail and password of a local platform admin (only when no provider is configured)."""
    if settings.oidc_enabled:
        raise BadRequest(USE_EXTERNAL)
    address = (email or "").strip().lower()
    if not address or not password:
        raise BadRequest("Please enter your e-mail address and password")
    key = throttle.key_for("platform", address, client)
    await throttle.check(key)
    admin = await find_admin(db, address)
    if admin is None or not await verify_password_async(password, admin.password_hash):
        await throttle.record_failure(key)
        raise Unauthorized("Invalid credentials")
    await throttle.clear(key)
    return await _start(db, old_sid, email=admin.email, name=admin.name, method="local")


async def _start(
    db: AsyncSession, old_sid: str | None, *, email: str, name: str | None, method: str
) -> Session:
    """A fresh platform session (new id at every sign-in, so a planted id is worthless)."""
    return await sessions.rotate(
        db,
        old_sid,
        {"platform": True, "email": email, "name": name, "method": method},
    )


def _client_config(settings: Settings, redirect_uri: str) -> oidc.ClientConfig | None:
    """The platform's OpenID Connect client, when one is configured."""
    if not settings.oidc_enabled or not settings.oidc_issuer or not settings.oidc_client_id:
        return None
    return oidc.ClientConfig(
        issuer=settings.oidc_issuer,
        client_id=settings.oidc_client_id,
        client_secret=settings.oidc_client_secret,
        redirect_uri=redirect_uri,
        scope=settings.oidc_scopes,
    )


@dataclass
class OidcStart:
    session: Session
    redirect_to: str


async def start_oidc(
    db: AsyncSession, *, settings: Settings, old_sid: str | None, redirect_uri: str, return_to: str
) -> OidcStart:
    """Remember state, nonce and the PKCE verifier server-side; send the browser to the provider."""
    config = _client_config(settings, redirect_uri)
    if config is None:
        raise NotFound(NOT_CONFIGURED)
    url, pending = await oidc.begin(config)
    if old_sid:
        await sessions.destroy(db, old_sid)
    row = Session(
        sid=new_token(32),
        sess={
            "platform": True,
            "oidc": {
                "state": pending.state,
                "nonce": pending.nonce,
                "verifier": pending.code_verifier,
                "redirectUri": pending.redirect_uri,
                "returnTo": safe_return_to(return_to),
            },
        },
        expire=utcnow() + timedelta(minutes=PENDING_MINUTES),
    )
    db.add(row)
    await db.flush()
    return OidcStart(session=row, redirect_to=url)


@dataclass
class OidcFinish:
    session: Session
    return_to: str
    is_admin: bool


async def finish_oidc(
    db: AsyncSession,
    *,
    settings: Settings,
    sid: str | None,
    params: dict[str, Any],
) -> OidcFinish:
    """Check the provider's answer and open the platform session. Raises oidc.OidcError."""
    row = await sessions.load(db, sid)
    kept = row.sess.get("oidc") if row is not None and row.sess.get("platform") else None
    if row is None or not isinstance(kept, dict):
        raise oidc.OidcError(EXPIRED)
    # Single use: whatever happens next, this state cannot be replayed.
    await db.execute(delete(Session).where(Session.sid == row.sid))
    pending = oidc.PendingSignIn(
        state=str(kept["state"]),
        nonce=str(kept["nonce"]),
        code_verifier=str(kept["verifier"]),
        redirect_uri=str(kept["redirectUri"]),
    )
    config = _client_config(settings, pending.redirect_uri)
    if config is None:
        raise oidc.OidcError(NOT_CONFIGURED)
    person = await oidc.finish(config, pending, params)
    admin = await find_admin(db, person.email)
    if admin is not None and person.name and not admin.name:
        admin.name = person.name[:200]
    # A person the provider vouches for but who is not a platform admin still gets a session:
    # the panel then answers 403 (Access Denied with Sign Out) rather than 401 (sign in).
    session = await _start(db, None, email=person.email, name=person.name, method="oidc")
    if admin is None:
        log.warning("platform sign-in by %s refused: not a platform admin", person.email)
    return OidcFinish(session=session, return_to=str(kept["returnTo"]), is_admin=admin is not None)
