from datetime import date, datetime

from sqlalchemy import CheckConstraint, Date, DateTime, ForeignKey, Integer, String, Text, func
from sqlalchemy.orm import Mapped, mapped_column

from api.core.db import TenantBase

NOTE_CATEGORIES = ("recognition", "redirection")


class EmployeeNote(TenantBase):
    __tablename__ = "employee_notes"
    __table_args__ = (
        CheckConstraint("category in ('recognition', 'redirection')", name="category"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    employee_id: Mapped[int] = mapped_column(
        ForeignKey("employees.id", ondelete="CASCADE"), index=True
    )
    date: Mapped[date] = mapped_column(Date)
    category: Mapped[str] = mapped_column(String(20))
    note: Mapped[str] = mapped_column(Text)
    created_by: Mapped[str] = mapped_column(
        String(200), default="HR Admin", server_default="HR Admin"
    )
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
