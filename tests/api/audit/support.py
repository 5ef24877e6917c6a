"""Reading an organisation's audit trail straight from its table, as the tests check it."""

from typing import Any

from sqlalchemy import select

from api.audit.models import AuditEvent
from api.core.db import tenant_session
from api.organizations.models import Organization


async def events(org: Organization, **where: Any) -> list[AuditEvent]:
    """The organisation's events matching `where` (column=value), oldest first."""
    async with tenant_session(org.schema_name, org.id) as session:
        query = select(AuditEvent).order_by(AuditEvent.id)
        for column, value in where.items():
            query = query.where(getattr(AuditEvent, column) == value)
        return list((await session.execute(query)).scalars())
