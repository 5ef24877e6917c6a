"""Platform sign-in: OpenID Connect when a provider is configured, else local platform admins."""

import hmac
import logging
import secrets
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
    await throttle.check(db, key)
    admin = await find_admin(db, address)
    if admin is None or not await verify_password_async(password, admin.password_hash):
        await throttle.record_failure(db, key)
        raise Unauthorized("Invalid credentials")
    await throttle.clear(db, key)
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


@dataclass
class OidcStart:
    session: Session
    redirect_to: str


async def start_oidc(
    db: AsyncSession, *, settings: Settings, old_sid: str | None, redirect_uri: str, return_to: str
) -> OidcStart:
    """Remember state, nonce and the PKCE verifier server-side; send the browser to the provider."""
    if not settings.oidc_enabled or not settings.oidc_issuer or not settings.oidc_client_id:
        raise NotFound(NOT_CONFIGURED)
    provider = await oidc.discover(settings.oidc_issuer)
    verifier, challenge = oidc.new_pkce_pair()
    state, nonce = secrets.token_urlsafe(24), secrets.token_urlsafe(24)
    if old_sid:
        await sessions.destroy(db, old_sid)
    row = Session(
        sid=new_token(32),
        sess={
            "platform": True,
            "oidc": {
                "state": state,
                "nonce": nonce,
                "verifier": verifier,
                "redirectUri": redirect_uri,
                "returnTo": safe_return_to(return_to),
            },
        },
        expire=utcnow() + timedelta(minutes=PENDING_MINUTES),
    )
    db.add(row)
    await db.flush()
    url = oidc.authorization_url(
        provider,
        client_id=settings.oidc_client_id,
        redirect_uri=redirect_uri,
        scope=settings.oidc_scopes,
        state=state,
        nonce=nonce,
        code_challenge=challenge,
    )
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
    pending = row.sess.get("oidc") if row is not None and row.sess.get("platform") else None
    if row is None or not isinstance(pending, dict):
        raise oidc.OidcError(EXPIRED)
    # Single use: whatever happens next, this state cannot be replayed.
    await db.execute(delete(Session).where(Session.sid == row.sid))
    if params.get("error"):
        detail = str(params.get("error_description") or params["error"])[:200]
        raise oidc.OidcError(f"The sign-in provider reported an error: {detail}")
    state, code = params.get("state"), params.get("code")
    # (compared as bytes: compare_digest refuses str with non-ASCII characters)
    if not isinstance(state, str) or not hmac.compare_digest(
        state.encode(), str(pending["state"]).encode()
    ):
        raise oidc.OidcError(oidc.VERIFY_FAILED)
    if not isinstance(code, str) or not code:
        raise oidc.OidcError(oidc.VERIFY_FAILED)
    if not settings.oidc_issuer or not settings.oidc_client_id:
        raise oidc.OidcError(NOT_CONFIGURED)
    provider = await oidc.discover(settings.oidc_issuer)
    tokens = await oidc.exchange_code(
        provider,
        code=code,
        redirect_uri=str(pending["redirectUri"]),
        code_verifier=str(pending["verifier"]),
        client_id=settings.oidc_client_id,
        client_secret=settings.oidc_client_secret,
    )
    claims = await oidc.verify_id_token(
        tokens.id_token,
        provider=provider,
        client_id=settings.oidc_client_id,
        nonce=str(pending["nonce"]),
    )
    person = await oidc.identity(provider, claims, tokens)
    email, name = person.email, person.name
    admin = await find_admin(db, email)
    if admin is not None and name and not admin.name:
        admin.name = name[:200]
    # A person the provider vouches for but who is not a platform admin still gets a session:
    # the panel then answers 403 (Access Denied with Sign Out) rather than 401 (sign in).
    session = await _start(db, None, email=email, name=name, method="oidc")
    if admin is None:
        log.warning("platform sign-in by %s refused: not a platform admin", email)
    return OidcFinish(
        session=session, return_to=str(pending["returnTo"]), is_admin=admin is not None
    )
