"""What an account is told: the in-app bell and the e-mail behind it."""

from datetime import datetime

from sqlalchemy import (
    BigInteger,
    CheckConstraint,
    DateTime,
    ForeignKey,
    Identity,
    Index,
    String,
    func,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column

from api.core.db import TenantBase

NOTIFICATION_KINDS = (
    "review_assigned",
    "self_review_requested",
    "feedback_requested",
    "review_due_soon",
    "review_overdue",
    "review_shared",
    "review_acknowledged",
    "certification_expiring",
)
DELIVERIES = ("immediate", "digest", "off")
MAIL_STATES = ("pending", "sent", "skipped")

_KINDS_SQL = ", ".join(f"'{kind}'" for kind in NOTIFICATION_KINDS)


class Notification(TenantBase):
    __tablename__ = "notifications"
    __table_args__ = (
        CheckConstraint(f"kind in ({_KINDS_SQL})", name="kind"),
        CheckConstraint("mail_state in ('pending', 'sent', 'skipped')", name="mail_state"),
        Index("ix_notifications_user_created", "user_id", "created_at"),
        # The bell's unread count.
        Index("ix_notifications_unread", "user_id", postgresql_where=text("read_at is null")),
        # The mail job's work list.
        Index(
            "ix_notifications_mail_pending",
            "created_at",
            postgresql_where=text("mail_state = 'pending'"),
        ),
    )

    id: Mapped[int] = mapped_column(BigInteger, Identity(always=True), primary_key=True)
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(40))
    title: Mapped[str] = mapped_column(String(200))
    body: Mapped[str] = mapped_column(String(1000))
    # Where the bell and the mail lead, inside the app ("/reviews/12").
    link: Mapped[str | None] = mapped_column(String(300))
    review_id: Mapped[int | None] = mapped_column(
        ForeignKey("reviews.id", ondelete="CASCADE"), index=True
    )
    # The same notice is never made twice ("review_due_soon:review:12:2026-12-01"): a job that
    # runs again, or an event repeated, adds nothing.
    dedupe_key: Mapped[str] = mapped_column(String(200), unique=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    read_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    mail_state: Mapped[str] = mapped_column(String(10), default="pending", server_default="pending")
    mailed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class NotificationPreference(TenantBase):
    """How an account gets one kind of notice by e-mail; no row means immediately."""

    __tablename__ = "notification_preferences"
    __table_args__ = (
        CheckConstraint(f"kind in ({_KINDS_SQL})", name="kind"),
        CheckConstraint("delivery in ('immediate', 'digest', 'off')", name="delivery"),
    )

    user_id: Mapped[str] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    kind: Mapped[str] = mapped_column(String(40), primary_key=True)
    delivery: Mapped[str] = mapped_column(String(10))
    updated_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), server_default=func.now(), onupdate=func.now()
    )
