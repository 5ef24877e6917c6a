"""What the notification calls read and answer."""

from datetime import datetime

from api.core.schemas import ApiModel, ReadModel


class NotificationRead(ReadModel):
    id: int
    kind: str
    title: str
    body: str
    # Where it leads inside the app ("/reviews/12"); None when nowhere in particular.
    link: str | None = None
    created_at: datetime
    read_at: datetime | None = None


class UnreadCount(ReadModel):
    count: int


class ReadAllReply(ReadModel):
    updated: int


class PreferenceRead(ReadModel):
    kind: str
    label: str
    # immediate | digest | off
    delivery: str


class PreferenceUpdate(ApiModel):
    # Checked by the service, which names the kind or delivery it does not know.
    kind: str
    delivery: str


class UnsubscribeReply(ReadModel):
    kind: str
    label: str
    # The link was used before (or the e-mails were already off): nothing changed.
    already_off: bool
