from typing import Annotated

from fastapi import APIRouter, Depends

from api.core.listing import json_response
from api.deps import CurrentPrincipal, TenantSession
from api.reminders import service
from api.reminders.models import Reminder
from api.reminders.schemas import MarkAllReadReply, ReminderRead, ReminderUpdate

router = APIRouter(tags=["reminders"])


async def valid_reminder(reminder_id: int, session: TenantSession) -> Reminder:
    return await service.get(session=session, reminder_id=reminder_id)


@router.get("/api/reminders", response_model=list[ReminderRead], operation_id="listReminders")
async def list_reminders(_: CurrentPrincipal, session: TenantSession):
    return json_response(await service.list_reminders(session=session))


@router.post(
    "/api/reminders/mark-all-read",
    response_model=MarkAllReadReply,
    operation_id="markAllRemindersRead",
)
async def mark_all_read(_: CurrentPrincipal, session: TenantSession):
    """Mark all read: every role may, as with Mark Read."""
    return MarkAllReadReply(updated=await service.update_all_read(session=session))


@router.put(
    "/api/reminders/{reminder_id}", response_model=ReminderRead, operation_id="updateReminder"
)
async def update_reminder(
    body: ReminderUpdate,
    _: CurrentPrincipal,
    reminder: Annotated[Reminder, Depends(valid_reminder)],
    session: TenantSession,
):
    """Mark Read: every role may mark reminders, as each sees the same list."""
    return await service.update_reminder(session=session, reminder=reminder, is_read=body.is_read)
