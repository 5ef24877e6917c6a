"""reviews.first_completed_at: the first completion, kept when a review is reopened

Revision ID: 0002_review_first_completed
Revises: 0001_tenant
Create Date: 2026-11-22 20:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002_review_first_completed"
down_revision: str | Sequence[str] | None = "0001_tenant"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column(
        "reviews", sa.Column("first_completed_at", sa.DateTime(timezone=True), nullable=True)
    )
    # Reviews completed before this revision moved the next review date when they were.
    op.execute(
        "UPDATE reviews SET first_completed_at = completed_at WHERE completed_at IS NOT NULL"
    )


def downgrade() -> None:
    op.drop_column("reviews", "first_completed_at")
