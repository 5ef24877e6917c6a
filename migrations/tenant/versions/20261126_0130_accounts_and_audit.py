"""accounts belong to employees; the audit trail

Revision ID: 0005_accounts_and_audit
Revises: 0004_dashboard_indexes
Create Date: 2026-11-26 01:30:00

users.employee_id links an account to the employee it belongs to (one account per employee;
removing a linked employee is refused). audit_events is append-only: triggers refuse every
UPDATE and TRUNCATE, and every DELETE but the retention purge's.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0005_accounts_and_audit"
down_revision: str | Sequence[str] | None = "0004_dashboard_indexes"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("users", sa.Column("employee_id", sa.Integer, nullable=True))
    op.create_foreign_key(
        "fk_users_employee_id_employees",
        "users",
        "employees",
        ["employee_id"],
        ["id"],
        ondelete="RESTRICT",
    )
    op.create_unique_constraint("uq_users_employee_id", "users", ["employee_id"])
    op.create_table(
        "audit_events",
        sa.Column("id", sa.BigInteger, sa.Identity(always=True), primary_key=True),
        sa.Column("at", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False),
        sa.Column("actor_user_id", sa.String(64)),
        sa.Column("actor_name", sa.String(200), nullable=False),
        sa.Column("actor_role", sa.String(20)),
        sa.Column("action", sa.String(40), nullable=False),
        sa.Column("resource", sa.String(40), nullable=False),
        sa.Column("record_id", sa.String(64)),
        sa.Column("employee_id", sa.Integer),
        sa.Column("summary", sa.String(300)),
        sa.Column("changes", postgresql.JSONB),
        sa.Column("ip", sa.String(64)),
        sa.Column("request_id", sa.String(64)),
    )
    op.create_index("ix_audit_events_at", "audit_events", ["at"])
    op.create_index("ix_audit_events_employee_at", "audit_events", ["employee_id", "at"])
    op.create_index("ix_audit_events_record", "audit_events", ["resource", "record_id"])
    op.create_index("ix_audit_events_actor_at", "audit_events", ["actor_user_id", "at"])
    op.execute(
        "CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ "
        "BEGIN "
        "IF TG_OP = 'DELETE' AND current_setting('merit.audit_purge', true) = 'on' THEN "
        "RETURN OLD; END IF; "
        "RAISE EXCEPTION 'audit_events is append-only'; "
        "END $$"
    )
    op.execute(
        "CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit_events "
        "FOR EACH ROW EXECUTE FUNCTION audit_events_append_only()"
    )
    op.execute(
        "CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events "
        "FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only()"
    )


def downgrade() -> None:
    op.drop_table("audit_events")
    op.execute("DROP FUNCTION audit_events_append_only()")
    op.drop_constraint("uq_users_employee_id", "users")
    op.drop_constraint("fk_users_employee_id_employees", "users")
    op.drop_column("users", "employee_id")
