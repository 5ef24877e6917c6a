"""The trail is append-only: Postgres refuses to change or delete an event, except the daily
purge of events older than the organisation keeps them."""

from datetime import timedelta

import pytest
from sqlalchemy import delete, func, select, text, update
from sqlalchemy.exc import DBAPIError

from api.audit import jobs
from api.audit.models import AuditEvent
from api.core.db import public_session, tenant_session, utcnow
from api.organizations.models import Organization
from tests.api.audit.support import events


async def add_events(org: Organization, *ages_in_days: int) -> None:
    now = utcnow()
    async with tenant_session(org.schema_name, org.id) as session:
        for age in ages_in_days:
            session.add(
                AuditEvent(
                    at=now - timedelta(days=age),
                    actor_name="Administrator",
                    actor_role="admin",
                    action="update",
                    resource="employee",
                    summary=f"{age} days old",
                )
            )


async def set_retention(org: Organization, days: int) -> None:
    async with public_session() as db:
        await db.execute(
            update(Organization).where(Organization.id == org.id).values(audit_retention_days=days)
        )


@pytest.mark.parametrize("statement", ["update", "delete", "truncate"])
async def test_events_cannot_be_changed_or_deleted(org, statement):
    await add_events(org, 1)
    queries = {
        "update": update(AuditEvent).values(summary="rewritten"),
        "delete": delete(AuditEvent),
        "truncate": text("TRUNCATE audit_events"),
    }
    query = queries[statement]
    with pytest.raises(DBAPIError, match="append-only"):
        async with tenant_session(org.schema_name, org.id) as session:
            await session.execute(query)
    # Not even with the purge's switch on may an event be rewritten or the table emptied.
    if statement != "delete":
        with pytest.raises(DBAPIError, match="append-only"):
            async with tenant_session(org.schema_name, org.id) as session:
                await session.execute(select(func.set_config("merit.audit_purge", "on", True)))
                await session.execute(query)
    assert [e.summary for e in await events(org)] == ["1 days old"]


async def test_the_purge_switch_lasts_one_transaction(org):
    await add_events(org, 1)
    async with tenant_session(org.schema_name, org.id) as session:
        await session.execute(text("SELECT set_config('merit.audit_purge', 'on', true)"))
    with pytest.raises(DBAPIError, match="append-only"):
        async with tenant_session(org.schema_name, org.id) as session:
            await session.execute(delete(AuditEvent))
    assert len(await events(org)) == 1


async def test_the_purge_removes_only_older_events_of_each_organisation(org, other_org):
    await set_retention(org, 30)
    await add_events(org, 1, 29, 31, 400)
    await add_events(other_org, 1, 31, 400, 800)  # keeps the default 730 days

    report = await jobs.purge_audit_trails({})

    assert report.failed == {}
    assert report.counts[org.id] == 2
    assert report.counts[other_org.id] == 1
    assert [e.summary for e in await events(org)] == ["1 days old", "29 days old"]
    assert [e.summary for e in await events(other_org)] == [
        "1 days old",
        "31 days old",
        "400 days old",
    ]
    # Run again: nothing more to remove.
    again = await jobs.purge_audit_trails({})
    assert again.counts[org.id] == 0


def test_the_purge_runs_daily_in_the_worker():
    from api.worker import _crons

    (purge,) = [c for c in _crons if c.name == "cron:purge_audit_trails"]
    assert len(purge.hour) == 1 and len(purge.minute) == 1  # once a day
