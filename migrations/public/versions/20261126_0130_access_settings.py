"""organisations choose who sees what, their shared sign-ins, audit retention and their own SSO

Revision ID: 0004_access_settings
Revises: 0003_drop_login_failures
Create Date: 2026-11-26 01:30:00

Every existing organisation keeps today's behaviour: visibility "open", both shared sign-ins on,
two years of audit trail, no single sign-on.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004_access_settings"
down_revision: str | Sequence[str] | None = "0003_drop_login_failures"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    add = op.add_column
    add(
        "organizations",
        sa.Column("visibility", sa.String(20), server_default="open", nullable=False),
        schema="public",
    )
    for role in ("admin", "manager"):
        add(
            "organizations",
            sa.Column(f"shared_{role}_sign_in", sa.Boolean, server_default="true", nullable=False),
            schema="public",
        )
    add(
        "organizations",
        sa.Column("audit_retention_days", sa.Integer, server_default="730", nullable=False),
        schema="public",
    )
    op.create_check_constraint(
        op.f("ck_organizations_visibility"),
        "organizations",
        "visibility in ('open', 'need_to_know')",
        schema="public",
    )
    op.create_check_constraint(
        op.f("ck_organizations_audit_retention"),
        "organizations",
        "audit_retention_days between 30 and 3650",
        schema="public",
    )
    op.create_table(
        "organization_sso",
        sa.Column(
            "organization_id",
            sa.Integer,
            sa.ForeignKey("public.organizations.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("display_name", sa.String(100), nullable=False),
        sa.Column("issuer", sa.String(500), nullable=False),
        sa.Column("client_id", sa.String(255), nullable=False),
        sa.Column("client_secret_encrypted", sa.Text, nullable=False),
        sa.Column("unknown_emails", sa.String(20), server_default="refuse", nullable=False),
        sa.Column("enabled", sa.Boolean, server_default="false", nullable=False),
        sa.Column(
            "updated_at", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False
        ),
        sa.CheckConstraint(
            "unknown_emails in ('refuse', 'create')",
            name=op.f("ck_organization_sso_unknown_emails"),
        ),
        schema="public",
    )


def downgrade() -> None:
    op.drop_table("organization_sso", schema="public")
    op.drop_constraint(op.f("ck_organizations_audit_retention"), "organizations", schema="public")
    op.drop_constraint(op.f("ck_organizations_visibility"), "organizations", schema="public")
    for column in (
        "audit_retention_days",
        "shared_manager_sign_in",
        "shared_admin_sign_in",
        "visibility",
    ):
        op.drop_column("organizations", column, schema="public")
