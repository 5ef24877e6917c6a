"""The e-mails notices become: one per notice, or one digest a day listing each. Plain text:
what happened, the link into the app at the organisation's own address, and the link that
stops this kind of e-mail (also sent as List-Unsubscribe, for the mail program's own button).
"""

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime

from api.core.links import organization_address
from api.mail.batch import Outgoing
from api.notifications import unsubscribe
from api.notifications.preferences import DIGEST, label
from api.organizations.models import Organization


@dataclass(frozen=True)
class PendingNotice:
    id: int
    user_id: str
    email: str
    first_name: str | None
    kind: str
    title: str
    body: str
    link: str | None
    created_at: datetime


def notice_key(organization_id: int, notice_id: int) -> str:
    return f"org:{organization_id}:notice:{notice_id}"


def digest_key(organization_id: int, user_id: str, day: date) -> str:
    return f"org:{organization_id}:digest:{user_id}:{day.isoformat()}"


def _greeting(first_name: str | None) -> str:
    return f"Hello {first_name}," if first_name else "Hello,"


def _app_link(org: Organization, link: str | None) -> str:
    return organization_address(org.subdomain) + (link if link and link.startswith("/") else "/")


def _footer(org: Organization, user_id: str, kind: str) -> str:
    stop = unsubscribe.page_link(org.subdomain, org.id, user_id, kind)
    what = "the daily digest" if kind == DIGEST else f'e-mails about "{label(kind)}"'
    return (
        "--\n"
        f"You get this e-mail from Merit for {org.name}.\n"
        f"Stop {what}: {stop}\n"
        f"Choose how you get notifications: {organization_address(org.subdomain)}/notifications\n"
    )


def notice_mail(org: Organization, notice: PendingNotice) -> Outgoing:
    text = (
        f"{_greeting(notice.first_name)}\n\n"
        f"{notice.title}\n\n"
        f"{notice.body}\n\n"
        f"Open it in Merit: {_app_link(org, notice.link)}\n\n"
        f"{_footer(org, notice.user_id, notice.kind)}"
    )
    return Outgoing(
        to=notice.email,
        subject=notice.title,
        body=text,
        dedupe_key=notice_key(org.id, notice.id),
        headers=unsubscribe.headers(org.subdomain, org.id, notice.user_id, notice.kind),
    )


def digest_mail(org: Organization, day: date, notices: Sequence[PendingNotice]) -> Outgoing:
    """One account's notices of the day before, oldest first, each with its link."""
    first = notices[0]
    count = len(notices)
    items = "\n\n".join(
        f"* {notice.title}\n  {notice.body}\n  {_app_link(org, notice.link)}" for notice in notices
    )
    text = (
        f"{_greeting(first.first_name)}\n\n"
        f"Your Merit digest for {org.name}: {count} "
        f"notification{'s' if count != 1 else ''}.\n\n"
        f"{items}\n\n"
        f"{_footer(org, first.user_id, DIGEST)}"
    )
    return Outgoing(
        to=first.email,
        subject=f"Your Merit digest: {count} notification{'s' if count != 1 else ''}",
        body=text,
        dedupe_key=digest_key(org.id, first.user_id, day),
        headers=unsubscribe.headers(org.subdomain, org.id, first.user_id, DIGEST),
    )
