"""Signing in to an organisation with its own OpenID Connect provider: the authorization code
flow with PKCE of api/platform/oidc.py, with the organisation's client.

`start` keeps state, nonce and code verifier in the browser's (not yet signed-in) session,
server-side, and sends the browser to the provider. `finish` takes them out of the session
first, in a transaction of its own, so a callback can be used once whatever happens next;
then the provider's answer is checked (state, code exchange with the verifier, the ID token's
signature, issuer, audience, expiry and nonce) and the person's account is found, or made when
the organisation says so. No database connection is held while the provider is asked.
"""

import time
import uuid
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from api.auth import sessions
from api.auth.models import Session
from api.auth.principal import ORG_NOT_FOUND
from api.auth.service import DEACTIVATED, create_user_session
from api.core.db import enter_schema, public_session, utcnow
from api.employees.models import Employee
from api.organizations.models import Organization, OrganizationSso
from api.platform import oidc
from api.sso import crypto
from api.sso.addresses import PrivateAddress, require_public
from api.sso.service import provider_endpoints
from api.users.models import User
from api.users.service import full_name
from tenants import registry

PENDING_SECONDS = 600

CHOOSE_ORGANIZATION = "Please enter your organization code first."
NOT_SET_UP = "Single sign-on is not switched on for this organization."
EXPIRED = "Your sign-in took too long or was already used. Please try again."
OTHER_ORGANIZATION = "This sign-in was started for another organization. Please start again."
SECRET_UNREADABLE = (
    "Single sign-on cannot be used until an administrator enters the client secret again."
)
# Stricter than the platform's sign-in: a provider that says nothing of the address is not
# taken at its word, since the address alone picks the account.
UNVERIFIED = oidc.UNVERIFIED
UNKNOWN_REFUSED = (
    "No Merit account of this organization uses {email}. Ask your administrator to add one."
)
NO_EMPLOYEE = (
    "No employee of this organization has the e-mail address {email}. Ask your administrator "
    "to add it to your employee record."
)
SEVERAL_EMPLOYEES = (
    "More than one employee of this organization has the e-mail address {email}. Ask your "
    "administrator to correct it."
)
ALREADY_LINKED = (
    "Your employee record already has a Merit account with another e-mail address. Sign in "
    "with that account, or ask your administrator."
)
DISABLED = "Your Merit account is disabled. Ask your administrator to enable it."
TRY_AGAIN = "Your sign-in could not be completed. Please try again."


class SsoError(Exception):
    """A sign-in that cannot go on; the message is for the person. `subdomain` names the
    organisation whose sign-in screen to show it on, when one is known."""

    def __init__(self, message: str, subdomain: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.subdomain = subdomain


@dataclass(frozen=True)
class Started:
    sid: str
    redirect_to: str


@dataclass(frozen=True)
class Finished:
    sid: str
    subdomain: str


async def _organization(db: AsyncSession, subdomain: str | None, sid: str | None) -> Organization:
    """The organisation the address names, else the one chosen at org-login."""
    if subdomain is not None:
        org = await registry.get_by_subdomain(db, subdomain)
        if org is None:
            raise SsoError(ORG_NOT_FOUND)
    else:
        row = await sessions.load(db, sid)
        chosen = row.sess.get("organizationId") if row is not None else None
        org = await registry.get_by_id(db, int(chosen)) if chosen else None
        if org is None:
            raise SsoError(CHOOSE_ORGANIZATION)
    if not org.is_active:
        raise SsoError(DEACTIVATED, org.subdomain)
    return org


async def _client(
    db: AsyncSession, org: Organization, redirect_uri: str
) -> tuple[oidc.ClientConfig, str]:
    """The organisation's client and its policy for unknown e-mail addresses."""
    row = await db.get(OrganizationSso, org.id)
    if row is None or not row.enabled:
        raise SsoError(NOT_SET_UP, org.subdomain)
    secret = crypto.decrypt(row.client_secret_encrypted)
    if secret is None:
        raise SsoError(SECRET_UNREADABLE, org.subdomain)
    config = oidc.ClientConfig(
        issuer=row.issuer,
        client_id=row.client_id,
        client_secret=secret,
        redirect_uri=redirect_uri,
    )
    return config, row.unknown_emails


async def _require_public_provider(issuer: str, org: Organization) -> None:
    """Every address a sign-in will send requests to, checked before the first one is sent."""
    try:
        await require_public(issuer)
        provider = await oidc.discover(issuer)
        for endpoint in provider_endpoints(provider):
            await require_public(endpoint)
    except PrivateAddress as exc:
        raise SsoError(f"Single sign-on is not available: {exc}.", org.subdomain) from exc
    except oidc.OidcError as exc:
        raise SsoError(str(exc), org.subdomain) from exc


async def start(*, subdomain: str | None, sid: str | None, redirect_uri: str) -> Started:
    """A fresh, not yet signed-in session holding the pending sign-in; where to send the
    browser."""
    async with public_session() as db:
        org = await _organization(db, subdomain, sid)
        config, _ = await _client(db, org, redirect_uri)
    await _require_public_provider(config.issuer, org)
    try:
        url, pending = await oidc.begin(config)
    except oidc.OidcError as exc:
        raise SsoError(str(exc), org.subdomain) from exc
    kept = {
        "state": pending.state,
        "nonce": pending.nonce,
        "verifier": pending.code_verifier,
        "redirectUri": pending.redirect_uri,
        "expires": time.time() + PENDING_SECONDS,
    }
    async with public_session() as db:
        row = await sessions.rotate(
            db, sid, {"organizationId": org.id, "authenticated": False, "sso": kept}
        )
    return Started(sid=row.sid, redirect_to=url)


async def _take_pending(sid: str | None) -> tuple[dict[str, Any] | None, int | None]:
    """The pending sign-in of this session, removed from it for good (committed at once), and
    the session's organisation. The row lock makes a second callback racing this one wait,
    then find nothing."""
    if not sid or len(sid) > 128:
        return None, None
    async with public_session() as db:
        row = await db.get(Session, sid, with_for_update=True)
        if row is None or row.expire <= utcnow():
            return None, None
        chosen = row.sess.get("organizationId")
        organization_id = int(chosen) if chosen else None
        kept = row.sess.get("sso")
        if not isinstance(kept, dict):
            return None, organization_id
        row.sess = {name: value for name, value in row.sess.items() if name != "sso"}
        return kept, organization_id


async def _used_up(subdomain: str | None, organization_id: int | None) -> SsoError:
    """No pending sign-in: said on the sign-in screen of the organisation the address or
    the session names."""
    if subdomain is None and organization_id is not None:
        async with public_session() as db:
            org = await registry.get_by_id(db, organization_id)
        subdomain = org.subdomain if org is not None else None
    return SsoError(EXPIRED, subdomain)


async def _verified_identity(
    subdomain: str | None, sid: str | None, params: dict[str, str]
) -> tuple[Organization, str, oidc.Identity]:
    """Who the provider vouches for, for the organisation whose pending sign-in this is."""
    kept, organization_id = await _take_pending(sid)
    if kept is None or organization_id is None:
        raise await _used_up(subdomain, organization_id)
    async with public_session() as db:
        org = await registry.get_by_id(db, organization_id)
        if org is None:
            raise SsoError(EXPIRED)
        if subdomain is not None and subdomain != org.subdomain:
            raise SsoError(OTHER_ORGANIZATION, subdomain)
        if float(kept.get("expires") or 0) < time.time():
            raise SsoError(EXPIRED, org.subdomain)
        if not org.is_active:
            raise SsoError(DEACTIVATED, org.subdomain)
        config, policy = await _client(db, org, str(kept["redirectUri"]))
    await _require_public_provider(config.issuer, org)
    pending = oidc.PendingSignIn(
        state=str(kept["state"]),
        nonce=str(kept["nonce"]),
        code_verifier=str(kept["verifier"]),
        redirect_uri=str(kept["redirectUri"]),
    )
    try:
        person = await oidc.finish(config, pending, params)
    except oidc.OidcError as exc:
        raise SsoError(str(exc), org.subdomain) from exc
    if person.email_verified is not True:
        raise SsoError(UNVERIFIED, org.subdomain)
    return org, policy, person


async def finish(*, subdomain: str | None, sid: str | None, params: dict[str, str]) -> Finished:
    """Check the provider's callback and sign the person in to their account."""
    org, policy, person = await _verified_identity(subdomain, sid, params)
    async with public_session() as db:
        user = await _account(db, org, policy, person.email)
        row = await create_user_session(
            db,
            old_sid=sid,
            org=org,
            user_id=user.id,
            role=user.role,
            name=full_name(user),
            # The provider vouched for the person: no password of Merit's is involved.
            force_password_change=False,
            employee_id=user.employee_id,
        )
    return Finished(sid=row.sid, subdomain=org.subdomain)


async def _account(db: AsyncSession, org: Organization, policy: str, email: str) -> User:
    """The active account with this e-mail address (any case), or a new 'user' account of
    the employee with it when the organisation creates them."""
    await enter_schema(db, org.schema_name)
    user = (
        (await db.execute(select(User).where(func.lower(User.email) == email).limit(1)))
        .scalars()
        .first()
    )
    if user is not None:
        if not user.is_active:
            raise SsoError(DISABLED, org.subdomain)
        return user
    if policy != "create":
        raise SsoError(UNKNOWN_REFUSED.format(email=email), org.subdomain)
    return await _create_account(db, org, email)


async def _create_account(db: AsyncSession, org: Organization, email: str) -> User:
    employees = list(
        (
            await db.execute(
                select(Employee)
                .where(func.lower(Employee.email) == email, Employee.is_archived.is_not(True))
                .limit(2)
            )
        ).scalars()
    )
    if not employees:
        raise SsoError(NO_EMPLOYEE.format(email=email), org.subdomain)
    if len(employees) > 1:
        raise SsoError(SEVERAL_EMPLOYEES.format(email=email), org.subdomain)
    employee = employees[0]
    if await db.scalar(select(User.id).where(User.employee_id == employee.id)) is not None:
        raise SsoError(ALREADY_LINKED, org.subdomain)
    user = User(
        id=str(uuid.uuid4()),
        email=email,
        first_name=employee.first_name,
        last_name=employee.last_name,
        role="user",
        employee_id=employee.id,
        # No password: the account signs in through the provider.
        password_hash=None,
        is_active=True,
        force_password_change=False,
    )
    try:
        async with db.begin_nested():
            db.add(user)
            await db.flush()
    except IntegrityError as exc:  # a sign-in at the same moment made it first
        raise SsoError(TRY_AGAIN, org.subdomain) from exc
    return user
