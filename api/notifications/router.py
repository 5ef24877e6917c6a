from typing import Annotated

from fastapi import APIRouter, Query, Request, Response

from api.access.scope import Scope
from api.core.db import public_session, tenant_session
from api.core.errors import BadRequest
from api.core.paging import PAGED_RESPONSES, PageParams, list_response
from api.deps import TenantSession, allowed, host_subdomain
from api.notifications import preferences, service, unsubscribe
from api.notifications.schemas import (
    NotificationRead,
    PreferenceRead,
    PreferenceUpdate,
    ReadAllReply,
    UnreadCount,
    UnsubscribeReply,
)
from tenants import registry

router = APIRouter(tags=["notifications"])

# Everyone signed in has a bell; a shared sign-in (no account of its own) has no notices.
UseNotifications = Annotated[Scope, allowed("notifications", "use")]


@router.get(
    "/api/notifications",
    response_model=list[NotificationRead],
    operation_id="listNotifications",
    responses=PAGED_RESPONSES,
)
async def list_notifications(scope: UseNotifications, session: TenantSession, paging: PageParams):
    """The reader's own notices, newest first; always one page (50 unless pageSize says
    otherwise), with how many there are in X-Total-Count."""
    body, total = await service.list_page(session, scope.user_id, paging)
    return list_response(body, total)


@router.get(
    "/api/notifications/unread-count",
    response_model=UnreadCount,
    operation_id="countUnreadNotifications",
)
async def unread_count(scope: UseNotifications, session: TenantSession):
    return UnreadCount(count=await service.unread_count(session, scope.user_id))


@router.post(
    "/api/notifications/read-all", response_model=ReadAllReply, operation_id="readAllNotifications"
)
async def read_all(scope: UseNotifications, session: TenantSession):
    return ReadAllReply(updated=await service.mark_all_read(session, scope.user_id))


@router.get(
    "/api/notifications/preferences",
    response_model=list[PreferenceRead],
    operation_id="getNotificationPreferences",
)
async def get_preferences(scope: UseNotifications, session: TenantSession):
    """How the reader gets each kind of notice by e-mail (every kind; immediately unless
    chosen otherwise)."""
    return await preferences.read(session, scope.user_id)


@router.put(
    "/api/notifications/preferences",
    response_model=list[PreferenceRead],
    operation_id="updateNotificationPreferences",
)
async def put_preferences(
    body: list[PreferenceUpdate], scope: UseNotifications, session: TenantSession
):
    """Set the kinds sent (immediate, digest or off); the others keep their choice."""
    return await preferences.update(session, scope.user_id, body)


@router.post(
    "/api/notifications/unsubscribe",
    response_model=UnsubscribeReply,
    operation_id="unsubscribeNotifications",
)
async def unsubscribe_by_link(request: Request, token: Annotated[str, Query(max_length=500)] = ""):
    """The e-mails' one-click link (no sign-in: the signed token is the proof): that kind of
    e-mail stops for the account. Also what mail programs POST to (List-Unsubscribe-Post)."""
    organization_id, user_id, kind = unsubscribe.read_token(token)
    sub = host_subdomain(request)
    # The catalog's connection goes back before the organisation's is taken (never two).
    async with public_session() as db:
        org = await registry.get_by_id(db, organization_id)
    # A token is good on its own organisation's address only.
    if org is None or not org.is_active or (sub is not None and sub != org.subdomain):
        raise BadRequest(unsubscribe.INVALID)
    async with tenant_session(org.schema_name, org.id) as session:
        return await unsubscribe.unsubscribe(session, user_id, kind)


@router.post(
    "/api/notifications/{notification_id}/read",
    status_code=204,
    response_class=Response,
    operation_id="readNotification",
)
async def read_one(notification_id: int, scope: UseNotifications, session: TenantSession):
    """Mark one of the reader's own notices read; anyone else's answers 404."""
    await service.mark_read(session, scope.user_id, notification_id)
    return Response(status_code=204)
