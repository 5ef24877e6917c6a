"""Reading the tenant registry (public.organizations) and the revision each schema is at
(public.tenant_schemas)."""

from sqlalchemy import Column, DateTime, ForeignKey, String, Table, func, select, text
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession

from api.core.db import PublicBase
from api.organizations.models import Organization

# One row per organisation schema: the tenant migration it is at. Written in the same
# transaction as the schema's own alembic_version (at provisioning and at each upgrade), so
# "which schemas are behind" is one small indexed read instead of a query per schema.
tenant_schemas = Table(
    "tenant_schemas",
    PublicBase.metadata,
    Column(
        "schema_name",
        String(63),
        ForeignKey("public.organizations.schema_name", ondelete="CASCADE", onupdate="CASCADE"),
        primary_key=True,
    ),
    Column("revision", String(32), nullable=False, index=True),
    Column("migrated_at", DateTime(timezone=True), nullable=False, server_default=func.now()),
)

# asyncpg's own placeholders: run on the raw connection inside a schema's upgrade.
RECORD_REVISION = (
    "INSERT INTO public.tenant_schemas (schema_name, revision) VALUES ($1, $2) "
    "ON CONFLICT (schema_name) DO UPDATE SET revision = EXCLUDED.revision, migrated_at = now()"
)

_REVISIONS = text(
    "SELECT o.schema_name, t.revision FROM public.organizations o "
    "LEFT JOIN public.tenant_schemas t ON t.schema_name = o.schema_name ORDER BY o.id"
)
# Every record names an organisation (foreign key), so the organisations without one are the
# difference of two counts: no join over all organisations.
_REVISION_COUNTS = text(
    "SELECT revision, count(*) FROM public.tenant_schemas GROUP BY revision UNION ALL "
    "SELECT NULL, (SELECT count(*) FROM public.organizations)"
    " - (SELECT count(*) FROM public.tenant_schemas)"
)


async def get_by_subdomain(session: AsyncSession, subdomain: str) -> Organization | None:
    result = await session.execute(
        select(Organization).where(Organization.subdomain == subdomain.strip().lower())
    )
    return result.scalar_one_or_none()


async def get_by_id(session: AsyncSession, organization_id: int) -> Organization | None:
    return await session.get(Organization, organization_id)


async def list_all(session: AsyncSession) -> list[Organization]:
    result = await session.execute(select(Organization).order_by(Organization.id))
    return list(result.scalars())


async def schema_revisions(conn: AsyncConnection) -> dict[str, str | None]:
    """Every organisation's schema and the revision the catalog has for it (None: none
    recorded, e.g. made by a release from before the catalog kept them)."""
    return {row[0]: row[1] for row in await conn.execute(_REVISIONS)}


async def revision_counts(conn: AsyncConnection) -> dict[str | None, int]:
    """How many schemas are at each revision, None counting those with none recorded."""
    counts = {row[0]: int(row[1]) for row in await conn.execute(_REVISION_COUNTS)}
    return {revision: n for revision, n in counts.items() if n}
