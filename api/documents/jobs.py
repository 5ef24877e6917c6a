"""Hourly clean-up of uploads that were never saved as a document (their files included)."""

import logging
from typing import Any

from arq import cron

from api.core.db import public_session, tenant_session
from api.core.storage import get_storage
from api.documents import service
from tenants import registry

log = logging.getLogger("merit.documents")


async def purge_stale_uploads(_ctx: dict[str, Any]) -> int:
    """Each organisation in its own transaction; one failure does not stop the rest."""
    async with public_session() as db:
        orgs = [(o.id, o.schema_name) for o in await registry.list_all(db)]
    removed = 0
    for org_id, schema in orgs:
        try:
            async with tenant_session(schema, org_id) as session:
                removed += await service.purge_stale_uploads(
                    session=session, storage=get_storage(), organization_id=org_id
                )
        except Exception:
            log.exception("purging stale uploads failed for organisation %s", org_id)
    log.info("purged %d stale uploads", removed)
    return removed


FUNCTIONS = [purge_stale_uploads]
CRON_JOBS = [cron(purge_stale_uploads, minute={17}, unique=True)]  # type: ignore[arg-type]
