"""drop login_failures: failed sign-ins are counted by the rate limiter now

Revision ID: 0003_drop_login_failures
Revises: 0002_tenant_schemas
Create Date: 2026-11-25 18:00:00

The failed sign-in throttle counts in the rate limiter's store (this process, or Redis shared by
every process), so a failure counts even though its request rolls back and a sign-in needs no
second pooled connection. Nothing reads or writes this table any more.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003_drop_login_failures"
down_revision: str | Sequence[str] | None = "0002_tenant_schemas"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.drop_index("ix_login_failures_key_at", table_name="login_failures", schema="public")
    op.drop_table("login_failures", schema="public")


def downgrade() -> None:
    op.create_table(
        "login_failures",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("key", sa.String(length=300), nullable=False),
        sa.Column(
            "at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_login_failures")),
        schema="public",
    )
    op.create_index(
        "ix_login_failures_key_at", "login_failures", ["key", "at"], unique=False, schema="public"
    )
