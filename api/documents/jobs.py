"""Hourly clean-up of uploads that were never saved as a document (their files included)."""

import logging
from typing import Any

from arq import cron
from sqlalchemy.ext.asyncio import AsyncSession

from api.core.storage import get_storage
from api.documents import service
from api.organizations.models import Organization
from api.organizations.scheduled import for_each_organization, in_tenant_session

log = logging.getLogger("merit.documents")


async def _purge(session: AsyncSession, org: Organization) -> int:
    return await service.purge_stale_uploads(
        session=session, storage=get_storage(), organization_id=org.id
    )


async def purge_stale_uploads(_ctx: dict[str, Any]) -> int:
    """Each organisation (deactivated ones too: their files still take space) in its own
    transaction; one failure does not stop the rest."""
    report = await for_each_organization(
        in_tenant_session(_purge), what="purging stale uploads", include_inactive=True
    )
    removed = sum(report.counts.values())
    log.info("purged %d stale uploads", removed)
    return removed


FUNCTIONS = [purge_stale_uploads]
CRON_JOBS = [cron(purge_stale_uploads, minute={17}, unique=True)]  # type: ignore[arg-type]
