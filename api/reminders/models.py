from datetime import date, datetime

from sqlalchemy import (
    Boolean,
    CheckConstraint,
    Date,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    func,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from api.core.db import TenantBase
from api.employees.models import Employee

REMINDER_TYPES = (
    "review_due",
    "review_overdue",
    "certification_expiring",
    "certification_expired",
)


class Reminder(TenantBase):
    __tablename__ = "reminders"
    __table_args__ = (
        CheckConstraint(
            "type in ('review_due', 'review_overdue', 'certification_expiring', "
            "'certification_expired')",
            name="type",
        ),
        # One reminder of a kind per review or certification: the job can run twice safely.
        Index(
            "uq_reminders_type_subject",
            "type",
            "review_id",
            "certification_id",
            unique=True,
            postgresql_nulls_not_distinct=True,
        ),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    employee_id: Mapped[int] = mapped_column(
        ForeignKey("employees.id", ondelete="CASCADE"), index=True
    )
    review_id: Mapped[int | None] = mapped_column(
        ForeignKey("reviews.id", ondelete="CASCADE"), index=True
    )
    certification_id: Mapped[int | None] = mapped_column(
        ForeignKey("employee_certifications.id", ondelete="CASCADE"), index=True
    )
    type: Mapped[str] = mapped_column(String(30))
    message: Mapped[str] = mapped_column(Text)
    due_date: Mapped[date | None] = mapped_column(Date)
    is_read: Mapped[bool] = mapped_column(Boolean, default=False, server_default="false")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())

    employee: Mapped[Employee] = relationship(lazy="raise")
