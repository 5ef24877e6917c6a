"""reviews.questions: a completed review keeps the questions it was answered against

Revision ID: 0003_review_questions
Revises: 0002_review_first_completed
Create Date: 2026-11-23 01:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0003_review_questions"
down_revision: str | Sequence[str] | None = "0002_review_first_completed"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column(
        "review_templates",
        sa.Column("questions_version", sa.Integer(), server_default="1", nullable=False),
    )
    op.add_column(
        "reviews",
        sa.Column("questions", postgresql.JSONB(astext_type=sa.Text()), nullable=True),
    )
    op.add_column("reviews", sa.Column("questions_version", sa.Integer(), nullable=True))
    # Reviews completed before this revision were answered against some earlier state of their
    # template, which is gone; its questions as they are now are the best copy there is.
    op.execute(
        "UPDATE reviews SET questions = t.questions, questions_version = t.questions_version "
        "FROM review_templates t "
        "WHERE t.id = reviews.template_id AND reviews.status = 'completed' "
        "AND reviews.questions IS NULL"
    )


def downgrade() -> None:
    op.drop_column("reviews", "questions_version")
    op.drop_column("reviews", "questions")
    op.drop_column("review_templates", "questions_version")
