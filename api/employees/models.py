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
    func,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column

from api.core.db import TenantBase

REVIEW_SCHEDULES = ("monthly", "quarterly", "biannual", "annual")


class Employee(TenantBase):
    __tablename__ = "employees"
    __table_args__ = (
        CheckConstraint(
            "review_schedule in ('monthly', 'quarterly', 'biannual', 'annual')",
            name="review_schedule",
        ),
        CheckConstraint("char_length(employee_id) between 3 and 20", name="employee_id_length"),
        CheckConstraint("manager_id is distinct from employee_id", name="not_own_manager"),
        Index("ix_employees_last_first", "last_name", "first_name"),
        # The few archived people, for the dashboard's figures (its predicate is the query's own:
        # `IS TRUE`, which an index on `WHERE is_archived` would not serve).
        Index("ix_employees_archived", "id", postgresql_where=text("is_archived IS TRUE")),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    employee_id: Mapped[str] = mapped_column(String(20), unique=True)
    first_name: Mapped[str] = mapped_column(String(50))
    last_name: Mapped[str] = mapped_column(String(50))
    email: Mapped[str | None] = mapped_column(String(255), unique=True)
    # Renaming a department slug follows through; deleting one in use is refused.
    department: Mapped[str | None] = mapped_column(
        ForeignKey("departments.slug", onupdate="CASCADE", ondelete="RESTRICT"), index=True
    )
    position: Mapped[str | None] = mapped_column(String(100))
    start_date: Mapped[date | None] = mapped_column(Date)
    # An employeeId string; removing the manager leaves the report without one.
    manager_id: Mapped[str | None] = mapped_column(
        ForeignKey("employees.employee_id", onupdate="CASCADE", ondelete="SET NULL"), index=True
    )
    review_schedule: Mapped[str] = mapped_column(
        String(20), default="quarterly", server_default="quarterly"
    )
    next_review_date: Mapped[date | None] = mapped_column(Date)
    profile_photo_url: Mapped[str | None] = mapped_column(String(500))
    is_archived: Mapped[bool] = mapped_column(Boolean, default=False, server_default="false")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
