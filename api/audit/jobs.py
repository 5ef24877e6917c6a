"""The daily purge of audit events older than each organisation keeps them."""

import logging
from typing import Any

from arq import cron

from api.audit import service
from api.core.db import tenant_session
from api.organizations.models import Organization
from api.organizations.scheduled import Report, for_each_organization

log = logging.getLogger("merit.audit")

CONCURRENCY = 4


async def purge_organization(org: Organization) -> int:
    """One organisation's purge, in a transaction of its own schema."""
    async with tenant_session(org.schema_name, org.id) as session:
        removed = await service.purge(session=session, retention_days=org.audit_retention_days)
    if removed:
        log.info("audit purge org=%s: %d events older than %d days removed",
                 org.id, removed, org.audit_retention_days)  # fmt: skip
    return removed


async def purge_audit_trails(_ctx: dict[str, Any] | None = None) -> Report[int]:
    """Cron: every organisation's purge (deactivated ones too: their trail ages as well);
    one failing never stops the others."""
    return await for_each_organization(
        purge_organization, what="audit purge", include_inactive=True, concurrency=CONCURRENCY
    )


FUNCTIONS = [purge_audit_trails]
CRON_JOBS = [cron(purge_audit_trails, hour={3}, minute={45}, run_at_startup=False)]  # type: ignore[arg-type]
