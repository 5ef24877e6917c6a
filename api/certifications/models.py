from datetime import date, datetime

from sqlalchemy import (
    Boolean,
    CheckConstraint,
    Date,
    DateTime,
    ForeignKey,
    Integer,
    String,
    Text,
    func,
)
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.orm import Mapped, mapped_column

from api.core.db import TenantBase

DEFAULT_REMINDER_DAYS = (90, 60, 30, 7)


class CertificationType(TenantBase):
    __tablename__ = "certification_types"
    __table_args__ = (
        CheckConstraint("validity_months between 1 and 120", name="validity_months_range"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(100), unique=True)
    description: Mapped[str | None] = mapped_column(String(1000))
    issuing_organization: Mapped[str | None] = mapped_column(String(100))
    validity_months: Mapped[int | None] = mapped_column(Integer)
    is_required: Mapped[bool] = mapped_column(Boolean, default=False, server_default="false")
    # Days before expiry at which the holder is told (and told again on the day it expires).
    reminder_days: Mapped[list[int]] = mapped_column(
        ARRAY(Integer), default=lambda: list(DEFAULT_REMINDER_DAYS), server_default="{90,60,30,7}"
    )
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class EmployeeCertification(TenantBase):
    __tablename__ = "employee_certifications"
    __table_args__ = (
        CheckConstraint(
            "expiration_date is null or expiration_date >= issue_date", name="expiry_after_issue"
        ),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    employee_id: Mapped[int] = mapped_column(
        ForeignKey("employees.id", ondelete="CASCADE"), index=True
    )
    certification_type_id: Mapped[int] = mapped_column(
        ForeignKey("certification_types.id", ondelete="CASCADE"), index=True
    )
    issue_date: Mapped[date] = mapped_column(Date)
    expiration_date: Mapped[date | None] = mapped_column(Date, index=True)
    certificate_number: Mapped[str | None] = mapped_column(String(50))
    attachment_url: Mapped[str | None] = mapped_column(String(500))
    is_active: Mapped[bool] = mapped_column(Boolean, default=True, server_default="true")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class Certification(TenantBase):
    """The free-form variant: a certification that is not of a managed type."""

    __tablename__ = "certifications"
    __table_args__ = (
        CheckConstraint(
            "expiration_date is null or issue_date is null or expiration_date >= issue_date",
            name="expiry_after_issue",
        ),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    employee_id: Mapped[int] = mapped_column(
        ForeignKey("employees.id", ondelete="CASCADE"), index=True
    )
    name: Mapped[str] = mapped_column(String(100))
    issuing_organization: Mapped[str | None] = mapped_column(String(100))
    issue_date: Mapped[date | None] = mapped_column(Date)
    expiration_date: Mapped[date | None] = mapped_column(Date)
    certificate_number: Mapped[str | None] = mapped_column(String(50))
    description: Mapped[str | None] = mapped_column(Text)
    attachment_url: Mapped[str | None] = mapped_column(String(500))
    is_active: Mapped[bool] = mapped_column(Boolean, default=True, server_default="true")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
