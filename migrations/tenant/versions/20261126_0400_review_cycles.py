"""review cycles, named reviewers, self-review and feedback, notifications

Revision ID: 0006_review_cycles
Revises: 0005_accounts_and_audit
Create Date: 2026-11-26 04:00:00

Reviews made one at a time keep working as before: every new column of reviews is nullable.
Certification types get the days before expiry at which holders are told (90, 60, 30, 7).
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0006_review_cycles"
down_revision: str | Sequence[str] | None = "0005_accounts_and_audit"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

KINDS = (
    "kind in ('review_assigned', 'self_review_requested', 'feedback_requested', "
    "'review_due_soon', 'review_overdue', 'review_shared', 'review_acknowledged', "
    "'certification_expiring')"
)


def _timestamp(name: str, *, now: bool = False) -> sa.Column:
    if now:
        return sa.Column(
            name, sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False
        )
    return sa.Column(name, sa.DateTime(timezone=True))


def _cycles() -> None:
    op.create_table(
        "review_cycles",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("review_type", sa.String(30), nullable=False),
        sa.Column("template_id", sa.Integer, nullable=False),
        sa.Column("self_template_id", sa.Integer),
        sa.Column("population", postgresql.JSONB, nullable=False),
        sa.Column("self_due", sa.Date),
        sa.Column("feedback_due", sa.Date),
        sa.Column("review_due", sa.Date, nullable=False),
        sa.Column("acknowledge_due", sa.Date),
        sa.Column("status", sa.String(20), server_default="draft", nullable=False),
        _timestamp("launched_at"),
        _timestamp("closed_at"),
        sa.Column("created_by_user_id", sa.String(64)),
        _timestamp("created_at", now=True),
        _timestamp("updated_at", now=True),
        sa.CheckConstraint(
            "char_length(name) between 3 and 100", name=op.f("ck_review_cycles_name_length")
        ),
        sa.CheckConstraint(
            "status in ('draft', 'active', 'closed')", name=op.f("ck_review_cycles_status")
        ),
        sa.CheckConstraint(
            "review_type in ('quarterly', 'annual', 'probation', 'promotion', "
            "'performance_improvement')",
            name=op.f("ck_review_cycles_review_type"),
        ),
        sa.CheckConstraint(
            "(self_due is null or self_due <= review_due) "
            "and (feedback_due is null or feedback_due <= review_due) "
            "and (acknowledge_due is null or acknowledge_due >= review_due)",
            name=op.f("ck_review_cycles_stage_dates_in_order"),
        ),
        sa.ForeignKeyConstraint(
            ["template_id"],
            ["review_templates.id"],
            name=op.f("fk_review_cycles_template_id_review_templates"),
            ondelete="RESTRICT",
        ),
        sa.ForeignKeyConstraint(
            ["self_template_id"],
            ["review_templates.id"],
            name=op.f("fk_review_cycles_self_template_id_review_templates"),
            ondelete="RESTRICT",
        ),
        sa.ForeignKeyConstraint(
            ["created_by_user_id"],
            ["users.id"],
            name=op.f("fk_review_cycles_created_by_user_id_users"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_review_cycles")),
        sa.UniqueConstraint("name", name=op.f("uq_review_cycles_name")),
    )
    op.create_index(op.f("ix_review_cycles_template_id"), "review_cycles", ["template_id"])


def _review_columns() -> None:
    op.add_column("reviews", sa.Column("cycle_id", sa.Integer))
    op.add_column("reviews", sa.Column("reviewer_user_id", sa.String(64)))
    op.add_column("reviews", sa.Column("self_responses", postgresql.JSONB))
    op.add_column("reviews", _timestamp("self_submitted_at"))
    op.add_column("reviews", _timestamp("shared_at"))
    op.add_column("reviews", _timestamp("acknowledged_at"))
    op.add_column("reviews", sa.Column("acknowledgement_comment", sa.Text))
    op.create_foreign_key(
        op.f("fk_reviews_cycle_id_review_cycles"),
        "reviews",
        "review_cycles",
        ["cycle_id"],
        ["id"],
        ondelete="RESTRICT",
    )
    op.create_foreign_key(
        op.f("fk_reviews_reviewer_user_id_users"),
        "reviews",
        "users",
        ["reviewer_user_id"],
        ["id"],
        ondelete="SET NULL",
    )
    op.create_unique_constraint("uq_reviews_cycle_employee", "reviews", ["cycle_id", "employee_id"])
    op.create_index(
        "ix_reviews_reviewer",
        "reviews",
        ["reviewer_user_id"],
        postgresql_where=sa.text("reviewer_user_id is not null"),
    )
    op.create_check_constraint(
        op.f("ck_reviews_acknowledged_when_shared"),
        "reviews",
        "acknowledged_at is null or shared_at is not null",
    )


def _feedback_requests() -> None:
    op.create_table(
        "feedback_requests",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("review_id", sa.Integer, nullable=False),
        sa.Column("employee_id", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(10), nullable=False),
        sa.Column("requested_by_user_id", sa.String(64)),
        _timestamp("requested_at", now=True),
        _timestamp("answered_at"),
        sa.Column("rating", sa.SmallInteger),
        sa.Column("comment", sa.Text),
        sa.CheckConstraint("kind in ('peer', 'upward')", name=op.f("ck_feedback_requests_kind")),
        sa.CheckConstraint(
            "rating between 1 and 5", name=op.f("ck_feedback_requests_rating_range")
        ),
        sa.CheckConstraint(
            "(answered_at is null) = (rating is null)",
            name=op.f("ck_feedback_requests_answered_with_rating"),
        ),
        sa.ForeignKeyConstraint(
            ["review_id"],
            ["reviews.id"],
            name=op.f("fk_feedback_requests_review_id_reviews"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["employee_id"],
            ["employees.id"],
            name=op.f("fk_feedback_requests_employee_id_employees"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["requested_by_user_id"],
            ["users.id"],
            name=op.f("fk_feedback_requests_requested_by_user_id_users"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_feedback_requests")),
        sa.UniqueConstraint(
            "review_id", "employee_id", name="uq_feedback_requests_review_employee"
        ),
    )
    op.create_index(
        "ix_feedback_requests_open_employee",
        "feedback_requests",
        ["employee_id"],
        postgresql_where=sa.text("answered_at is null"),
    )


def _notifications() -> None:
    op.create_table(
        "notifications",
        sa.Column("id", sa.BigInteger, sa.Identity(always=True), primary_key=True),
        sa.Column("user_id", sa.String(64), nullable=False),
        sa.Column("kind", sa.String(40), nullable=False),
        sa.Column("title", sa.String(200), nullable=False),
        sa.Column("body", sa.String(1000), nullable=False),
        sa.Column("link", sa.String(300)),
        sa.Column("review_id", sa.Integer),
        sa.Column("dedupe_key", sa.String(200), nullable=False),
        _timestamp("created_at", now=True),
        _timestamp("read_at"),
        sa.Column("mail_state", sa.String(10), server_default="pending", nullable=False),
        _timestamp("mailed_at"),
        sa.CheckConstraint(KINDS, name=op.f("ck_notifications_kind")),
        sa.CheckConstraint(
            "mail_state in ('pending', 'sent', 'skipped')", name=op.f("ck_notifications_mail_state")
        ),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_notifications_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["review_id"],
            ["reviews.id"],
            name=op.f("fk_notifications_review_id_reviews"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_notifications")),
        sa.UniqueConstraint("dedupe_key", name=op.f("uq_notifications_dedupe_key")),
    )
    op.create_index("ix_notifications_user_created", "notifications", ["user_id", "created_at"])
    op.create_index(
        "ix_notifications_unread",
        "notifications",
        ["user_id"],
        postgresql_where=sa.text("read_at is null"),
    )
    op.create_index(
        "ix_notifications_mail_pending",
        "notifications",
        ["created_at"],
        postgresql_where=sa.text("mail_state = 'pending'"),
    )
    op.create_index(op.f("ix_notifications_review_id"), "notifications", ["review_id"])
    op.create_table(
        "notification_preferences",
        sa.Column("user_id", sa.String(64), nullable=False),
        sa.Column("kind", sa.String(40), nullable=False),
        sa.Column("delivery", sa.String(10), nullable=False),
        _timestamp("updated_at", now=True),
        sa.CheckConstraint(KINDS, name=op.f("ck_notification_preferences_kind")),
        sa.CheckConstraint(
            "delivery in ('immediate', 'digest', 'off')",
            name=op.f("ck_notification_preferences_delivery"),
        ),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_notification_preferences_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("user_id", "kind", name=op.f("pk_notification_preferences")),
    )


def upgrade() -> None:
    _cycles()
    _review_columns()
    _feedback_requests()
    _notifications()
    op.add_column(
        "certification_types",
        sa.Column(
            "reminder_days",
            postgresql.ARRAY(sa.Integer),
            server_default="{90,60,30,7}",
            nullable=False,
        ),
    )


def downgrade() -> None:
    op.drop_column("certification_types", "reminder_days")
    op.drop_table("notification_preferences")
    op.drop_table("notifications")
    op.drop_table("feedback_requests")
    op.drop_constraint("ck_reviews_acknowledged_when_shared", "reviews")
    op.drop_index("ix_reviews_reviewer", "reviews")
    op.drop_constraint("uq_reviews_cycle_employee", "reviews")
    op.drop_constraint("fk_reviews_reviewer_user_id_users", "reviews")
    op.drop_constraint("fk_reviews_cycle_id_review_cycles", "reviews")
    for column in (
        "acknowledgement_comment",
        "acknowledged_at",
        "shared_at",
        "self_submitted_at",
        "self_responses",
        "reviewer_user_id",
        "cycle_id",
    ):
        op.drop_column("reviews", column)
    op.drop_table("review_cycles")
