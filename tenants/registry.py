"""Reading the tenant registry (public.organizations)."""

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from api.organizations.models import Organization


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
