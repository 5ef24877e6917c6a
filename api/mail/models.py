"""The mail outbox: every message the app sends, and what became of it."""

from datetime import datetime

from sqlalchemy import CheckConstraint, DateTime, Index, Integer, String, Text, func
from sqlalchemy.orm import Mapped, mapped_column

from api.core.db import PublicBase

# logged: no SMTP configured, the message only went to the log (development).
# queued: handed to the worker; sent / failed: what the worker made of it.
MAIL_STATUSES = ("logged", "queued", "sent", "failed")


class MailOutbox(PublicBase):
    __tablename__ = "mail_outbox"
    __table_args__ = (
        CheckConstraint("status in ('logged', 'queued', 'sent', 'failed')", name="status"),
        Index("ix_mail_outbox_created_at", "created_at"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    to_address: Mapped[str] = mapped_column(String(255))
    subject: Mapped[str] = mapped_column(String(300))
    body_text: Mapped[str] = mapped_column(Text)
    body_html: Mapped[str | None] = mapped_column(Text)
    status: Mapped[str] = mapped_column(String(20))
    attempts: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    last_error: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    sent_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # Set for mail a job may try to write twice (notifications): the second write is skipped.
    dedupe_key: Mapped[str | None] = mapped_column(String(200), unique=True)
