from typing import Annotated

from fastapi import APIRouter, Depends

from api.access.scope import Scope
from api.core.listing import json_response
from api.deps import TenantSession, allowed
from api.reminders import service
from api.reminders.models import Reminder
from api.reminders.schemas import MarkAllReadReply, ReminderRead, ReminderUpdate

router = APIRouter(tags=["reminders"])

# Each route names its one rule of the access table (api/access/policy.py).
ReadReminders = Annotated[Scope, allowed("reminders", "read")]
MarkReminders = Annotated[Scope, allowed("reminders", "mark")]


async def valid_reminder(
    reminder_id: int, scope: MarkReminders, session: TenantSession
) -> Reminder:
    return await service.get(session=session, reminder_id=reminder_id, scope=scope)


@router.get("/api/reminders", response_model=list[ReminderRead], operation_id="listReminders")
async def list_reminders(scope: ReadReminders, session: TenantSession):
    return json_response(await service.list_reminders(session=session, scope=scope))


@router.post(
    "/api/reminders/mark-all-read",
    response_model=MarkAllReadReply,
    operation_id="markAllRemindersRead",
)
async def mark_all_read(scope: MarkReminders, session: TenantSession):
    """Mark all read: the unread reminders the reader sees, as with Mark Read."""
    return MarkAllReadReply(updated=await service.update_all_read(session=session, scope=scope))


@router.put(
    "/api/reminders/{reminder_id}", response_model=ReminderRead, operation_id="updateReminder"
)
async def update_reminder(
    body: ReminderUpdate,
    _: MarkReminders,
    reminder: Annotated[Reminder, Depends(valid_reminder)],
    session: TenantSession,
):
    """Mark Read: a reminder the reader does not see answers 404, as an unknown one."""
    return await service.update_reminder(session=session, reminder=reminder, is_read=body.is_read)
