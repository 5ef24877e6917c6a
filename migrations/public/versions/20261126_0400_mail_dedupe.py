"""mail a job may write twice is written once

Revision ID: 0005_mail_dedupe
Revises: 0004_access_settings
Create Date: 2026-11-26 04:00:00

The notifications job writes its messages with a key (organisation, notice or digest): if it
runs again after a crash between writing the mail and marking the notices, the second write
is skipped instead of sending the mail twice.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005_mail_dedupe"
down_revision: str | Sequence[str] | None = "0004_access_settings"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("mail_outbox", sa.Column("dedupe_key", sa.String(200)), schema="public")
    op.create_unique_constraint(
        "uq_mail_outbox_dedupe_key", "mail_outbox", ["dedupe_key"], schema="public"
    )


def downgrade() -> None:
    op.drop_constraint("uq_mail_outbox_dedupe_key", "mail_outbox", schema="public")
    op.drop_column("mail_outbox", "dedupe_key", schema="public")
