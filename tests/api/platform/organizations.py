"""Helpers of the organisation management tests."""

from sqlalchemy import func, select, text

from api.core.db import get_engine, tenant_session
from api.employees.models import Employee
from tests.conftest import unique_code


async def schema_exists(name: str) -> bool:
    async with get_engine().connect() as conn:
        found = await conn.scalar(
            text("SELECT 1 FROM pg_namespace WHERE nspname = :n"), {"n": name}
        )
    return bool(found)


async def orphan_schemas() -> set[str]:
    """org_* schemas that no organisation owns."""
    async with get_engine().connect() as conn:
        rows = await conn.execute(
            text(
                "SELECT nspname FROM pg_namespace WHERE nspname LIKE 'org\\_%' "
                "AND nspname NOT IN (SELECT schema_name FROM public.organizations)"
            )
        )
        return {r[0] for r in rows}


async def create(platform, **fields):
    body = {"name": "Acme Widgets", "subdomain": unique_code("acme"), **fields}
    r = await platform.post("/api/organizations", json=body)
    assert r.status_code == 201, r.text
    return r.json()


async def add_employee(org_id: int, schema: str) -> None:
    async with tenant_session(schema, org_id) as s:
        s.add(Employee(employee_id="EMP0001", first_name="Ada", last_name="Lovelace"))


async def count_employees(org_id: int, schema: str) -> int:
    async with tenant_session(schema, org_id) as s:
        return int(await s.scalar(select(func.count()).select_from(Employee)) or 0)
