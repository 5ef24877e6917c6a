"""Tenant isolation: two organisations hammered concurrently through one pool never see
each other's rows, and no pooled connection is left with a changed search_path."""

import asyncio
import random

from sqlalchemy import func, select, text

from api.core.db import get_engine, tenant_session
from api.departments.models import Department


async def test_concurrent_sessions_of_two_organisations_never_cross(org, other_org):
    orgs = {org.id: org, other_org.id: other_org}
    seen_wrong: list[str] = []

    async def worker(n: int) -> None:
        target = org if n % 2 else other_org
        marker = f"o{target.id}"
        async with tenant_session(target.schema_name, target.id) as s:
            s.add(Department(name=f"{marker} team {n}", slug=f"{marker}-t{n}"))
            await s.flush()
            await asyncio.sleep(random.random() / 200)  # interleave with the other org
            names = (await s.execute(select(Department.name))).scalars().all()
            seen_wrong.extend(
                name for name in names if name.startswith("o") and not name.startswith(marker)
            )

    await asyncio.gather(*(worker(n) for n in range(120)))
    assert seen_wrong == []
    for target in orgs.values():
        async with tenant_session(target.schema_name, target.id) as s:
            ours = await s.scalar(
                select(func.count()).where(Department.name.like(f"o{target.id} team %"))
            )
            theirs = await s.scalar(
                select(func.count()).where(
                    Department.name.like("o% team %"),
                    ~Department.name.like(f"o{target.id} team %"),
                )
            )
        assert ours == 60 and theirs == 0


async def test_pooled_connections_keep_the_default_search_path(org, other_org):
    async def touch(target) -> None:
        async with tenant_session(target.schema_name, target.id) as s:
            await s.execute(select(Department.id).limit(1))

    await asyncio.gather(*(touch(org if i % 2 else other_org) for i in range(40)))
    engine = get_engine()
    conns = [await engine.connect() for _ in range(5)]
    try:
        for conn in conns:
            assert await conn.scalar(text("SHOW search_path")) == '"$user", public'
    finally:
        for conn in conns:
            await conn.close()


async def test_tenant_sessions_do_not_rely_on_search_path(org):
    """The schema is written into each ORM statement; the connection state stays default,
    so an unqualified raw query finds no tenant table at all."""
    async with tenant_session(org.schema_name, org.id) as s:
        assert await s.scalar(text("SELECT current_setting('search_path')")) == '"$user", public'
        assert await s.scalar(select(func.count()).select_from(Department)) >= 5
        found = await s.scalar(text("SELECT to_regclass('departments')"))
        assert found is None
