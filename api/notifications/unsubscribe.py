"""One-click unsubscribe: every notification e-mail carries a link that turns its kind of
e-mail off for its account, without signing in (RFC 8058: the same link is the message's
List-Unsubscribe, which mail programs POST to).

The token names the organisation, the account and the kind, signed with the app's secret: it
cannot be made for anyone else or altered, and a link forwarded does no more than its own
kind. It does not expire (a link in an old e-mail still works); using it twice changes nothing
the second time. A digest's link turns off every kind the account gets by digest.
"""

import base64
import binascii
import hashlib
import hmac

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from api.core.config import get_settings
from api.core.errors import BadRequest
from api.core.links import organization_address
from api.notifications.models import NOTIFICATION_KINDS, NotificationPreference
from api.notifications.preferences import DIGEST, label, save
from api.notifications.schemas import UnsubscribeReply
from api.users.models import User

PURPOSE = "notifications-unsubscribe"
INVALID = "This unsubscribe link is not valid"


def _signature(payload: bytes) -> str:
    digest = hmac.new(
        get_settings().secret_key.encode(), PURPOSE.encode() + b":" + payload, hashlib.sha256
    ).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def make_token(organization_id: int, user_id: str, kind: str) -> str:
    payload = f"{organization_id}:{user_id}:{kind}".encode()
    encoded = base64.urlsafe_b64encode(payload).rstrip(b"=").decode()
    return f"{encoded}.{_signature(payload)}"


def read_token(token: str) -> tuple[int, str, str]:
    """(organisation, account, kind) the token names; 400 when it is not one we signed."""
    encoded, _, signature = (token or "").partition(".")
    try:
        payload = base64.urlsafe_b64decode(encoded + "=" * (-len(encoded) % 4))
    except (binascii.Error, ValueError):
        raise BadRequest(INVALID) from None
    if not signature or not hmac.compare_digest(_signature(payload), signature):
        raise BadRequest(INVALID)
    org, _, rest = payload.decode("utf-8", "replace").partition(":")
    user_id, _, kind = rest.rpartition(":")
    if not org.isdigit() or not user_id or (kind not in NOTIFICATION_KINDS and kind != DIGEST):
        raise BadRequest(INVALID)
    return int(org), user_id, kind


def page_link(subdomain: str, organization_id: int, user_id: str, kind: str) -> str:
    """The web page that asks for one press of a button (a mail scanner fetching it changes
    nothing)."""
    token = make_token(organization_id, user_id, kind)
    return f"{organization_address(subdomain)}/unsubscribe?token={token}"


def one_click_link(subdomain: str, organization_id: int, user_id: str, kind: str) -> str:
    """The API call itself, for List-Unsubscribe (the mail program POSTs to it)."""
    token = make_token(organization_id, user_id, kind)
    return f"{organization_address(subdomain)}/api/notifications/unsubscribe?token={token}"


def headers(subdomain: str, organization_id: int, user_id: str, kind: str) -> dict[str, str]:
    return {
        "List-Unsubscribe": f"<{one_click_link(subdomain, organization_id, user_id, kind)}>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    }


async def unsubscribe(session: AsyncSession, user_id: str, kind: str) -> UnsubscribeReply:
    """Turn the kind's e-mail off for the account (the digest: every kind it gets by digest)."""
    if await session.get(User, user_id) is None:
        raise BadRequest(INVALID)
    if kind == DIGEST:
        turned = await session.execute(
            update(NotificationPreference)
            .where(
                NotificationPreference.user_id == user_id,
                NotificationPreference.delivery == DIGEST,
            )
            .values(delivery="off")
        )
        changed = bool(turned.rowcount)  # type: ignore[attr-defined]
        return UnsubscribeReply(kind=kind, label=label(kind), already_off=not changed)
    current = await session.scalar(
        select(NotificationPreference.delivery).where(
            NotificationPreference.user_id == user_id, NotificationPreference.kind == kind
        )
    )
    if current == "off":
        return UnsubscribeReply(kind=kind, label=label(kind), already_off=True)
    await save(session, user_id, {kind: "off"})
    return UnsubscribeReply(kind=kind, label=label(kind), already_off=False)
