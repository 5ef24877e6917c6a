"""Password recovery: e-mailed 'Forgot password' links (1 hour) and the super admin's reset
links (2 hours). Tokens are random, kept only as SHA-256 digests, and work once.

Two stores: public.password_reset_tokens for the role sign-ins (admin, manager), and
public.account_reset_tokens for personal accounts. The e-mailed link opens the reset-with-token
screen (/reset-password?token=...); the super admin's link names the role as well
(/reset-password?token=...&role=admin).
"""

import html
import logging
import re
from dataclasses import dataclass
from datetime import timedelta
from urllib.parse import urlencode

from email_validator import EmailNotValidError, validate_email
from sqlalchemy import and_, delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from api.audit import signins
from api.auth import sessions, throttle
from api.auth.models import PasswordResetToken
from api.auth.passwords import check_new_password
from api.core.db import public_session, utcnow
from api.core.errors import BadRequest, TooManyRequests
from api.core.links import organization_address
from api.core.security import hash_password_async, new_token, token_digest
from api.mail import send_mail
from api.organizations.models import Organization
from api.recovery.models import AccountResetToken
from api.users import service as users
from tenants import registry

log = logging.getLogger("merit.recovery")

ROLES = ("admin", "manager")
EMAIL_LINK_LIFETIME = timedelta(hours=1)
LINK_LIFETIME = timedelta(hours=2)
# At most this many reset e-mails per address and organisation in throttle.WINDOW_MINUTES.
MAX_REQUESTS = 5

REQUEST_SENT = (
    "If an account exists for that email address, we have sent a link to reset its password. "
    "The link is valid for 1 hour."
)
INVALID_TOKEN = "This reset token is invalid or has expired. Please request a new one."
TOKEN_USED = (
    "This link has already been used. Sign in with the password you chose, or use "
    "'Forgot password' for a new link."
)
INVALID_LINK = "This reset link has expired or has already been used."
TOKEN_REQUIRED = "Reset token is required"
RESET_DONE = "Your password has been reset. You can now sign in with your new password."
ROLE_LABELS = {"admin": "Administrator", "manager": "Manager"}


def normalise_email(value: str) -> str:
    text = (value or "").strip()
    if not text or len(text) > 255:
        raise BadRequest("Please enter a valid email address")
    try:
        return validate_email(text, check_deliverability=False).normalized.lower()
    except EmailNotValidError:
        raise BadRequest("Please enter a valid email address") from None


def check_token_form_password(password: str) -> None:
    """The reset-with-token form: 8+ characters, a letter, a digit and a special character."""
    check_new_password(password)
    if not re.search(r"[^A-Za-z0-9]", password):
        raise BadRequest("Password must contain at least one special character")


def check_link_password(password: str) -> None:
    """The reset-link page: 8-128 characters with a digit, lowercase, uppercase and special."""
    check_token_form_password(password)
    if not re.search(r"[a-z]", password):
        raise BadRequest("Password must contain at least one lowercase letter")
    if not re.search(r"[A-Z]", password):
        raise BadRequest("Password must contain at least one uppercase letter")


# -- making tokens ------------------------------------------------------------------------


async def create_reset_token(
    db: AsyncSession,
    *,
    organization_id: int,
    role: str,
    email: str | None,
    requested_by: str | None,
    lifetime: timedelta = LINK_LIFETIME,
) -> str:
    """A new single-use reset token for a role sign-in; returns the token (only its digest is
    stored). Earlier unused tokens for the same organisation and role stop working."""
    if role not in ROLES:
        raise ValueError(f"reset tokens exist for admin and manager only, not {role!r}")
    await db.execute(
        update(PasswordResetToken)
        .where(
            PasswordResetToken.organization_id == organization_id,
            PasswordResetToken.role == role,
            PasswordResetToken.used_at.is_(None),
            PasswordResetToken.is_active,
        )
        .values(is_active=False)
    )
    token = new_token(32)
    db.add(
        PasswordResetToken(
            organization_id=organization_id,
            role=role,
            token_hash=token_digest(token),
            email=email,
            requested_by=requested_by,
            expires_at=utcnow() + lifetime,
        )
    )
    await db.flush()
    return token


async def revoke_role_tokens(db: AsyncSession, *, organization_id: int) -> None:
    """Unused admin and manager reset links of an organisation stop working: they went to
    its admin e-mail, and that address has changed (its former owner must not use one)."""
    await db.execute(
        update(PasswordResetToken)
        .where(
            PasswordResetToken.organization_id == organization_id,
            PasswordResetToken.used_at.is_(None),
            PasswordResetToken.is_active,
        )
        .values(is_active=False)
    )


async def create_account_token(
    db: AsyncSession,
    *,
    organization_id: int,
    user_id: str,
    email: str,
    lifetime: timedelta = EMAIL_LINK_LIFETIME,
) -> str:
    """A new single-use token for a personal account (1 hour unless `lifetime` says
    otherwise); earlier ones stop working."""
    await db.execute(
        delete(AccountResetToken).where(
            AccountResetToken.organization_id == organization_id,
            AccountResetToken.user_id == user_id,
            AccountResetToken.used_at.is_(None),
        )
    )
    token = new_token(32)
    db.add(
        AccountResetToken(
            organization_id=organization_id,
            user_id=user_id,
            token_hash=token_digest(token),
            email=email,
            expires_at=utcnow() + lifetime,
        )
    )
    await db.flush()
    return token


def reset_link(
    org: Organization, token: str, role: str | None = None, *, setup: bool = False
) -> str:
    """The page at the organisation's own address that consumes a token: with a role, the
    super admin's link for a shared sign-in; with `setup`, a new account's first password
    (the same page, which may word itself for a first password)."""
    query = {
        "token": token,
        **({"role": role} if role else {}),
        **({"setup": "1"} if setup else {}),
    }
    return f"{organization_address(org.subdomain)}/reset-password?{urlencode(query)}"


# -- Forgot password ----------------------------------------------------------------------


async def get_organization(
    db: AsyncSession,
    *,
    organization_id: int | None,
    subdomain: str | None,
    fallback: Organization | None,
) -> Organization | None:
    if organization_id is not None:
        return await registry.get_by_id(db, organization_id)
    if subdomain and subdomain.strip():
        return await registry.get_by_subdomain(db, subdomain)
    return fallback


async def send_reset_links(*, organization_id: int, email: str) -> int:
    """Runs after the reply (so a known and an unknown address answer alike): e-mail a link
    for every account this address identifies. Returns how many were sent."""
    key = throttle.key_for("reset-request", organization_id, email)
    mails: list[tuple[str, str]] = []
    async with public_session() as db:
        try:
            await throttle.check(key)
        except TooManyRequests:
            log.warning("reset request for %s in organisation %s throttled", email, organization_id)
            return 0
        await throttle.record_failure(key)
        org = await registry.get_by_id(db, organization_id)
        if org is None or not org.is_active:
            return 0
        user = await users.get_user_by_email(db=db, org=org, email=email)
        if user is not None:
            token = await create_account_token(
                db, organization_id=org.id, user_id=user.id, email=user.email
            )
            mails.append((users.full_name(user), reset_link(org, token)))
        if org.admin_email and org.admin_email.strip().lower() == email:
            token = await create_reset_token(
                db,
                organization_id=org.id,
                role="admin",
                email=email,
                requested_by="forgot-password",
                lifetime=EMAIL_LINK_LIFETIME,
            )
            mails.append((f"{ROLE_LABELS['admin']} sign-in", reset_link(org, token)))
    for account, link in mails:
        await send_mail(to=email, **reset_mail(org_name=org.name, account=account, link=link))
    return len(mails)


def reset_mail(*, org_name: str, account: str, link: str) -> dict[str, str]:
    subject = f"Reset your Merit password for {org_name}"
    text = (
        f"Hello,\n\n"
        f"Someone (hopefully you) asked to reset the password of {account} at {org_name}.\n"
        f"Open this link within 1 hour to choose a new password:\n\n{link}\n\n"
        f"The link works once. If you did not ask for this, ignore this e-mail: "
        f"your password stays as it is.\n\n— Merit\n"
    )
    e = html.escape
    markup = (
        f"<p>Hello,</p><p>Someone (hopefully you) asked to reset the password of "
        f"<strong>{e(account)}</strong> at <strong>{e(org_name)}</strong>.</p>"
        f'<p><a href="{e(link)}">Choose a new password</a> (valid for 1 hour, works once).</p>'
        f"<p>If you did not ask for this, ignore this e-mail: your password stays as it is.</p>"
        f"<p>— Merit</p>"
    )
    return {"subject": subject, "body": text, "html": markup}


# -- using tokens -------------------------------------------------------------------------


def _live_role_token(token_hash: str, role: str | None = None):  # type: ignore[no-untyped-def]
    conditions = [
        PasswordResetToken.token_hash == token_hash,
        PasswordResetToken.is_active,
        PasswordResetToken.used_at.is_(None),
        PasswordResetToken.expires_at > utcnow(),
    ]
    if role is not None:
        conditions.append(PasswordResetToken.role == role)
    return and_(*conditions)


async def _set_role_password(db: AsyncSession, *, org_id: int, role: str, password: str) -> None:
    new_hash = await hash_password_async(password)
    await db.execute(
        update(Organization)
        .where(Organization.id == org_id)
        .values(
            {
                f"{role}_password_hash": new_hash,
                f"{role}_last_password_change": utcnow(),
                f"{role}_force_password_change": False,
            }
        )
    )
    # Whoever was signed in with the old password is signed out.
    await sessions.end_role_sessions(db, organization_id=org_id, role=role)


async def _use_role_token(
    db: AsyncSession, token: str, role: str | None
) -> PasswordResetToken | None:
    """Atomically mark a live role token used; None when unknown, expired, used or revoked."""
    result = await db.execute(
        update(PasswordResetToken)
        .where(_live_role_token(token_digest(token), role))
        .values(used_at=utcnow(), is_active=False)
        .returning(PasswordResetToken)
    )
    return result.scalar_one_or_none()


async def confirm_reset(db: AsyncSession, *, token: str, new_password: str) -> None:
    """Reset with a token (the e-mailed link, or any live role token)."""
    token = (token or "").strip()
    if not token:
        raise BadRequest(TOKEN_REQUIRED)
    check_token_form_password(new_password)
    now = utcnow()
    used = await db.execute(
        update(AccountResetToken)
        .where(
            AccountResetToken.token_hash == token_digest(token),
            AccountResetToken.used_at.is_(None),
            AccountResetToken.expires_at > now,
        )
        .values(used_at=now)
        .returning(AccountResetToken.organization_id, AccountResetToken.user_id)
    )
    account = used.one_or_none()
    if account is not None:
        org = await registry.get_by_id(db, account.organization_id)
        if org is None or not org.is_active:
            raise BadRequest(INVALID_TOKEN)
        if not await users.set_password(db=db, org=org, user_id=account.user_id, new=new_password):
            raise BadRequest(INVALID_TOKEN)
        await signins.password_reset(db, org, user_id=account.user_id)
        return
    row = await _use_role_token(db, token, None)
    org = await registry.get_by_id(db, row.organization_id) if row is not None else None
    if row is None and await _was_used(db, token):
        raise BadRequest(TOKEN_USED)
    if row is None or org is None or not org.is_active:
        raise BadRequest(INVALID_TOKEN)
    await _set_role_password(db, org_id=org.id, role=row.role, password=new_password)
    await signins.password_reset(db, org, role=row.role)


async def _was_used(db: AsyncSession, token: str) -> bool:
    """Whether this token worked once already: a second try is told so, not that it expired."""
    digest = token_digest(token)
    for table in (AccountResetToken, PasswordResetToken):
        found = await db.scalar(
            select(table.id).where(table.token_hash == digest, table.used_at.is_not(None))
        )
        if found is not None:
            return True
    return False


@dataclass
class LinkCheck:
    valid: bool
    role: str | None
    organization: Organization | None
    message: str


async def validate_link(db: AsyncSession, *, token: str, role: str) -> LinkCheck:
    """Is this super-admin link still good? (Reading it does not use it up.)"""
    token, role = (token or "").strip(), (role or "").strip().lower()
    if not token:
        raise BadRequest(TOKEN_REQUIRED)
    if role not in ROLES:
        raise BadRequest("Role must be admin or manager")
    row = (
        await db.execute(select(PasswordResetToken).where(_live_role_token(token_digest(token))))
    ).scalar_one_or_none()
    org = await registry.get_by_id(db, row.organization_id) if row is not None else None
    if row is None or row.role != role or org is None or not org.is_active:
        return LinkCheck(False, None, None, INVALID_LINK)
    return LinkCheck(True, row.role, org, "Reset link is valid")


async def reset_with_link(
    db: AsyncSession, *, token: str, role: str, new_password: str
) -> Organization:
    """Use a super-admin link: set the role's password; returns the organisation."""
    token, role = (token or "").strip(), (role or "").strip().lower()
    if not token:
        raise BadRequest(TOKEN_REQUIRED)
    if role not in ROLES:
        raise BadRequest("Role must be admin or manager")
    check_link_password(new_password)
    row = await _use_role_token(db, token, role)
    org = await registry.get_by_id(db, row.organization_id) if row is not None else None
    if row is None or org is None or not org.is_active:
        raise BadRequest(INVALID_LINK)
    await _set_role_password(db, org_id=org.id, role=role, password=new_password)
    await signins.password_reset(db, org, role=role)
    return org
