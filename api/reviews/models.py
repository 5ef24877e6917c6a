from datetime import date, datetime
from typing import Any

from sqlalchemy import (
    Boolean,
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
from sqlalchemy.orm import Mapped, mapped_column, relationship

from api.core.db import TenantBase
from api.employees.models import Employee

REVIEW_TYPES = ("quarterly", "annual", "probation", "promotion", "performance_improvement")
REVIEW_STATUSES = ("pending", "in_progress", "completed")


class ReviewTemplate(TenantBase):
    __tablename__ = "review_templates"
    __table_args__ = (
        CheckConstraint("char_length(name) between 3 and 100", name="name_length"),
        # At most one default template per organisation.
        Index(
            "uq_review_templates_default",
            "is_default",
            unique=True,
            postgresql_where=text("is_default"),
        ),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(100))
    description: Mapped[str | None] = mapped_column(String(500))
    questions: Mapped[list[dict[str, Any]]] = mapped_column(JSONB)
    # Goes up by one whenever the questions change. A completed review keeps a copy of the
    # questions with their version (Review.questions): lists tell from the version alone, without
    # reading the copy, whether a review's questions are still its template's own.
    questions_version: Mapped[int] = mapped_column(Integer, default=1, server_default="1")
    # The template the reminder job uses for the next periodic review.
    is_default: Mapped[bool] = mapped_column(Boolean, default=False, server_default="false")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    updated_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), server_default=func.now(), onupdate=func.now()
    )


class Review(TenantBase):
    __tablename__ = "reviews"
    __table_args__ = (
        CheckConstraint(
            "review_type in ('quarterly', 'annual', 'probation', 'promotion', "
            "'performance_improvement')",
            name="review_type",
        ),
        CheckConstraint("status in ('pending', 'in_progress', 'completed')", name="status"),
        CheckConstraint("rating between 1 and 5", name="rating_range"),
        Index("ix_reviews_status_due_date", "status", "due_date"),
        # Completed reviews by when: the dashboard's "Completed Reviews" counts them with an
        # index-only scan, and the activity feed reads the newest first.
        Index(
            "ix_reviews_completed_at",
            "completed_at",
            postgresql_where=text("status = 'completed'"),
        ),
        # Open work by due date: dashboard "Reviews Due" (an index-only scan, with the employee
        # for its "not archived"), upcoming list, reminder job.
        Index(
            "ix_reviews_open_due_date",
            "due_date",
            postgresql_include=["employee_id"],
            postgresql_where=text("status <> 'completed'"),
        ),
        # "Has this employee an open review?" (reminder job) without touching completed rows.
        Index(
            "ix_reviews_open_employee",
            "employee_id",
            postgresql_where=text("status <> 'completed'"),
        ),
        # Average rating and rating distribution as index-only scans.
        Index(
            "ix_reviews_completed_rating", "rating", postgresql_where=text("status = 'completed'")
        ),
        # One review per person per cycle: launching twice cannot make a second.
        UniqueConstraint("cycle_id", "employee_id", name="uq_reviews_cycle_employee"),
        Index(
            "ix_reviews_reviewer",
            "reviewer_user_id",
            postgresql_where=text("reviewer_user_id is not null"),
        ),
        CheckConstraint(
            "acknowledged_at is null or shared_at is not null", name="acknowledged_when_shared"
        ),
    )
    # updated_at comes back in the UPDATE's RETURNING: saving a review needs no read after it.
    __mapper_args__ = {"eager_defaults": True}

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    employee_id: Mapped[int] = mapped_column(
        ForeignKey("employees.id", ondelete="CASCADE"), index=True
    )
    template_id: Mapped[int] = mapped_column(
        ForeignKey("review_templates.id", ondelete="RESTRICT"), index=True
    )
    review_type: Mapped[str] = mapped_column(String(30))
    status: Mapped[str] = mapped_column(String(20), default="pending", server_default="pending")
    responses: Mapped[dict[str, Any]] = mapped_column(JSONB, default=dict, server_default="{}")
    rating: Mapped[int | None] = mapped_column(SmallInteger)
    reviewer_notes: Mapped[str | None] = mapped_column(Text)
    due_date: Mapped[date] = mapped_column(Date)
    completed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # The first completion, kept when an admin reopens the review (completed_at is then null):
    # completing it again does not move the employee's next review date a second time.
    first_completed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # The questions the review was answered against, copied from its template when it is
    # completed, with the template's questions_version then: a completed review is a record,
    # and editing the template (ids are renumbered, questions removed or reordered) must not
    # change what it shows next to its answers. Null until the review is first completed:
    # pending and in-progress reviews follow their template as it is now. The copy stays when
    # an admin reopens the review, so answering it again cannot attach the old answers to
    # other questions. Reads show the copy when there is one, the template's questions otherwise.
    questions: Mapped[list[dict[str, Any]] | None] = mapped_column(JSONB)
    questions_version: Mapped[int | None] = mapped_column(Integer)
    # A review launched with a cycle, and the stages it goes through there. Reviews made one at
    # a time have none of these.
    cycle_id: Mapped[int | None] = mapped_column(
        ForeignKey("review_cycles.id", ondelete="RESTRICT")
    )
    # The account that writes the review (by default the one linked to the employee's manager).
    reviewer_user_id: Mapped[str | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL")
    )
    self_responses: Mapped[dict[str, Any] | None] = mapped_column(JSONB)
    self_submitted_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    shared_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # Acknowledged by the employee: the review is locked (only an admin reopens it, with a reason).
    acknowledged_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    acknowledgement_comment: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    updated_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), server_default=func.now(), onupdate=func.now()
    )

    # Review replies embed both; lazy="raise" keeps every load explicit under asyncio.
    employee: Mapped[Employee] = relationship(lazy="raise")
    template: Mapped[ReviewTemplate] = relationship(lazy="raise")
