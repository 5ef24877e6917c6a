"""A new organisation's first administrator, by a set-up link instead of a shared password.

The shared Administrator sign-in's first password is the role followed by the organisation
code, which anyone can guess. With a set-up link the super admin instead makes an
administrator account for the e-mail address given (no usable password yet) and e-mails it a
single-use link to choose one; the shared Administrator sign-in starts switched off. The link
is a personal account's reset token (api/recovery), valid longer than a 'Forgot password'
link since the person may not read their mail at once; once it is used or expired, 'Forgot
password' with the same address gives a new one.
"""

import html
import logging
import uuid
from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy.ext.asyncio import AsyncSession

from api.core.db import enter_schema
from api.core.links import organization_address
from api.mail import send_mail
from api.organizations.models import Organization
from api.recovery.service import create_account_token, reset_link
from api.users.models import User

log = logging.getLogger("merit.platform")

SETUP_LINK_LIFETIME = timedelta(days=3)
MAIL_NOT_CONFIGURED = (
    "Set-up links are sent by e-mail, and e-mail is not configured on this server. Create the "
    "organisation without one and pass on its first passwords."
)


@dataclass
class SetupLink:
    email: str
    url: str


async def add_first_admin(db: AsyncSession, org: Organization, email: str) -> SetupLink:
    """The administrator account for `email`, without a password, and its set-up link, in the
    transaction of `db` (which also creates the organisation)."""
    await enter_schema(db, org.schema_name)
    user = User(
        id=str(uuid.uuid4()),
        email=email,
        role="admin",
        password_hash=None,
        # The password they choose through the link is their own: no change asked after it.
        force_password_change=False,
    )
    db.add(user)
    await db.flush()
    token = await create_account_token(
        db, organization_id=org.id, user_id=user.id, email=email, lifetime=SETUP_LINK_LIFETIME
    )
    return SetupLink(email=email, url=reset_link(org, token, setup=True))


async def send_setup_link(org: Organization, link: SetupLink) -> bool:
    """E-mail the link (after the organisation is committed). False when it could not go."""
    sent = await send_mail(to=link.email, **setup_mail(org, link))
    if not sent:
        log.warning("set-up link for %s could not be e-mailed; shown instead", org.subdomain)
    return sent


def setup_mail(org: Organization, link: SetupLink) -> dict[str, str]:
    address = organization_address(org.subdomain)
    days = SETUP_LINK_LIFETIME.days
    text = (
        f"Hello,\n\n"
        f"{org.name} now has its own place on Merit, and you are its administrator.\n"
        f"Open this link within {days} days to choose your password:\n\n{link.url}\n\n"
        f"The link works once. Afterwards, sign in at {address} (organization code "
        f"{org.subdomain}) with 'Sign in with your account', using this e-mail address and "
        f"your password. If the link has expired, use 'Forgot password' there.\n\n— Merit\n"
    )
    e = html.escape
    markup = (
        f"<p>Hello,</p><p><strong>{e(org.name)}</strong> now has its own place on Merit, and "
        f"you are its administrator.</p>"
        f'<p><a href="{e(link.url)}">Choose your password</a> (valid for {days} days, works '
        f"once).</p><p>Afterwards, sign in at {e(address)} (organization code "
        f"<strong>{e(org.subdomain)}</strong>) with <em>Sign in with your account</em>, using "
        f"this e-mail address. If the link has expired, use <em>Forgot password</em> there.</p>"
        f"<p>— Merit</p>"
    )
    return {"subject": f"Set up your Merit account for {org.name}", "body": text, "html": markup}
