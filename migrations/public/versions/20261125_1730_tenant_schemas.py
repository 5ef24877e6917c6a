"""tenant_schemas: which revision each organisation schema is at, in the catalog

Revision ID: 0002_tenant_schemas
Revises: 0001_public
Create Date: 2026-11-25 17:30:00

Readiness, `merit tenants list` and migrate's search for schemas behind head read this one
table instead of every schema's own alembic_version (a query per schema, slow with thousands).
Each schema's upgrade writes its row in the same transaction, so the two never disagree.
The rows are filled here once from each schema's alembic_version.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002_tenant_schemas"
down_revision: str | Sequence[str] | None = "0001_public"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

BACKFILL = """
DO $$
DECLARE
    s text;
    v text;
BEGIN
    FOR s IN SELECT o.schema_name FROM public.organizations o
             JOIN pg_namespace n ON n.nspname = o.schema_name LOOP
        IF to_regclass(format('%I.alembic_version', s)) IS NOT NULL THEN
            EXECUTE format('SELECT version_num FROM %I.alembic_version LIMIT 1', s) INTO v;
            IF v IS NOT NULL THEN
                INSERT INTO public.tenant_schemas (schema_name, revision) VALUES (s, v);
            END IF;
        END IF;
    END LOOP;
END $$
"""


def upgrade() -> None:
    op.create_table(
        "tenant_schemas",
        sa.Column("schema_name", sa.String(length=63), nullable=False),
        sa.Column("revision", sa.String(length=32), nullable=False),
        sa.Column(
            "migrated_at",
            sa.DateTime(timezone=True),
            server_default=sa.text("now()"),
            nullable=False,
        ),
        sa.ForeignKeyConstraint(
            ["schema_name"],
            ["public.organizations.schema_name"],
            name=op.f("fk_tenant_schemas_schema_name_organizations"),
            ondelete="CASCADE",
            onupdate="CASCADE",
        ),
        sa.PrimaryKeyConstraint("schema_name", name=op.f("pk_tenant_schemas")),
        schema="public",
    )
    op.create_index(
        op.f("ix_tenant_schemas_revision"),
        "tenant_schemas",
        ["revision"],
        unique=False,
        schema="public",
    )
    op.execute(BACKFILL)


def downgrade() -> None:
    op.drop_index(op.f("ix_tenant_schemas_revision"), table_name="tenant_schemas", schema="public")
    op.drop_table("tenant_schemas", schema="public")
