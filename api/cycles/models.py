"""Review cycles: one launch makes a review for each person in it, and the colleagues asked for
feedback on those reviews."""

from datetime import date, datetime
from typing import Any

from sqlalchemy import (
    CheckConstraint,
    Date,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    SmallInteger,
    String,
    Text,
    UniqueConstraint,
    func,
    text,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from api.core.db import TenantBase

CYCLE_STATUSES = ("draft", "active", "closed")
FEEDBACK_KINDS = ("peer", "upward")


class ReviewCycle(TenantBase):
    __tablename__ = "review_cycles"
    __table_args__ = (
        CheckConstraint("char_length(name) between 3 and 100", name="name_length"),
        CheckConstraint("status in ('draft', 'active', 'closed')", name="status"),
        CheckConstraint(
            "review_type in ('quarterly', 'annual', 'probation', 'promotion', "
            "'performance_improvement')",
            name="review_type",
        ),
        # The stages follow each other: a stage never ends after the next one.
        CheckConstraint(
            "(self_due is null or self_due <= review_due) "
            "and (feedback_due is null or feedback_due <= review_due) "
            "and (acknowledge_due is null or acknowledge_due >= review_due)",
            name="stage_dates_in_order",
        ),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(100), unique=True)
    review_type: Mapped[str] = mapped_column(String(30))
    template_id: Mapped[int] = mapped_column(
        ForeignKey("review_templates.id", ondelete="RESTRICT"), index=True
    )
    # The self-review's questions; null asks the employee the review's own template.
    self_template_id: Mapped[int | None] = mapped_column(
        ForeignKey("review_templates.id", ondelete="RESTRICT")
    )
    # Who is in it: {"kind": "everyone" | "departments" | "employees" | "start_dates",
    # "departmentIds": [...], "employeeIds": [...], "startFrom": date, "startTo": date}.
    population: Mapped[dict[str, Any]] = mapped_column(JSONB)
    # Each stage is optional (null = the cycle has no such stage) but the manager's review.
    self_due: Mapped[date | None] = mapped_column(Date)
    feedback_due: Mapped[date | None] = mapped_column(Date)
    review_due: Mapped[date] = mapped_column(Date)
    acknowledge_due: Mapped[date | None] = mapped_column(Date)
    status: Mapped[str] = mapped_column(String(20), default="draft", server_default="draft")
    launched_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    closed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    created_by_user_id: Mapped[str | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL")
    )
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    updated_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), server_default=func.now(), onupdate=func.now()
    )

    @property
    def has_self_review(self) -> bool:
        return self.self_due is not None

    @property
    def has_feedback(self) -> bool:
        return self.feedback_due is not None

    @property
    def has_acknowledgement(self) -> bool:
        return self.acknowledge_due is not None


class FeedbackRequest(TenantBase):
    """A colleague asked for feedback on one review. Who answered what is never shown: readers
    get the answers together, without names, once enough of them are in."""

    __tablename__ = "feedback_requests"
    __table_args__ = (
        UniqueConstraint("review_id", "employee_id", name="uq_feedback_requests_review_employee"),
        CheckConstraint("kind in ('peer', 'upward')", name="kind"),
        CheckConstraint("rating between 1 and 5", name="rating_range"),
        CheckConstraint("(answered_at is null) = (rating is null)", name="answered_with_rating"),
        # What each colleague still has to answer ("My reviews").
        Index(
            "ix_feedback_requests_open_employee",
            "employee_id",
            postgresql_where=text("answered_at is null"),
        ),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    review_id: Mapped[int] = mapped_column(ForeignKey("reviews.id", ondelete="CASCADE"))
    # The colleague asked.
    employee_id: Mapped[int] = mapped_column(ForeignKey("employees.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(10))
    requested_by_user_id: Mapped[str | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL")
    )
    requested_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), server_default=func.now()
    )
    answered_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    rating: Mapped[int | None] = mapped_column(SmallInteger)
    comment: Mapped[str | None] = mapped_column(Text)
