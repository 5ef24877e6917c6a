"""Work the worker does organisation by organisation.

Every scheduled job that touches tenant data follows the same shape: find the organisations
(the active ones, unless told otherwise), then run one piece of work per organisation in that
organisation's own session, so one organisation's failure is logged, counted and never stops
the others. `for_each_organization` runs the work in-process; `enqueue_for_each_organization`
sends one job per organisation instead (each under a deterministic id, so a day's job is
queued once however often the dispatcher fires); `organization_job` makes the arq job that
such a dispatcher sends.
"""

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from functools import wraps
from typing import Any, Concatenate, Generic, ParamSpec, TypeVar

from arq.connections import ArqRedis
from sqlalchemy.ext.asyncio import AsyncSession

from api.core.db import public_session, tenant_session
from api.organizations.models import Organization
from tenants import registry

log = logging.getLogger("merit.jobs")

T = TypeVar("T")
S = TypeVar("S")
P = ParamSpec("P")


@dataclass
class Report(Generic[T]):
    """What each organisation's work returned, and why the failed ones failed."""

    counts: dict[int, T] = field(default_factory=dict)
    failed: dict[int, str] = field(default_factory=dict)


async def list_organizations(*, include_inactive: bool = False) -> list[Organization]:
    """Every organisation (active ones only, unless told otherwise), by id."""
    async with public_session() as db:
        found = await registry.list_all(db)
    return [org for org in found if include_inactive or org.is_active]


async def get_organization(organization_id: int) -> Organization | None:
    async with public_session() as db:
        return await registry.get_by_id(db, organization_id)


def in_tenant_session(
    work: Callable[[AsyncSession, Organization], Awaitable[T]],
) -> Callable[[Organization], Awaitable[T]]:
    """`work(session, org)` run in one transaction of the organisation's own schema."""

    async def run(org: Organization) -> T:
        async with tenant_session(org.schema_name, org.id) as session:
            return await work(session, org)

    return run


async def for_each_organization(
    work: Callable[[Organization], Awaitable[T]],
    *,
    what: str,
    include_inactive: bool = False,
    concurrency: int = 1,
) -> Report[T]:
    """`work(org)` once per organisation, `concurrency` at a time. A failure is logged with
    the organisation and kept in the report; the other organisations go on."""
    report: Report[T] = Report()
    gate = asyncio.Semaphore(concurrency)

    async def one(org: Organization) -> None:
        async with gate:
            try:
                report.counts[org.id] = await work(org)
            except Exception as exc:
                log.exception("%s failed for organisation %s", what, org.id)
                report.failed[org.id] = str(exc)

    orgs = await list_organizations(include_inactive=include_inactive)
    await asyncio.gather(*(one(org) for org in orgs))
    return report


async def enqueue_for_each_organization(
    queue: ArqRedis,
    function: str,
    job_id: Callable[[int], str],
    *args: Any,
    queue_name: str | None = None,
) -> int:
    """One `function(organization_id, *args)` job per active organisation, under the id
    `job_id(organization_id)`; a job already queued (or kept as a result) under its id is not
    queued again. Returns how many were queued."""
    options: dict[str, Any] = {"_queue_name": queue_name} if queue_name else {}
    queued = 0
    for org in await list_organizations():
        job = await queue.enqueue_job(function, org.id, *args, _job_id=job_id(org.id), **options)
        queued += job is not None
    return queued


def organization_job(
    what: str, *, skipped: S
) -> Callable[
    [Callable[Concatenate[Organization, P], Awaitable[T]]],
    Callable[Concatenate[dict[str, Any], int, P], Awaitable[T | S]],
]:
    """Decorator: `work(org, *args)` becomes the arq job `job(ctx, organization_id, *args)`,
    which loads the organisation and returns `skipped` (with a log line) for one that is
    missing or was deactivated since the job was queued."""

    def decorate(
        work: Callable[Concatenate[Organization, P], Awaitable[T]],
    ) -> Callable[Concatenate[dict[str, Any], int, P], Awaitable[T | S]]:
        @wraps(work)
        async def job(
            _ctx: dict[str, Any], organization_id: int, *args: P.args, **kwargs: P.kwargs
        ) -> T | S:
            org = await get_organization(organization_id)
            if org is None or not org.is_active:
                log.info("%s org=%s skipped: missing or inactive", what, organization_id)
                return skipped
            return await work(org, *args, **kwargs)

        return job

    return decorate
