"""Rows written straight into an organisation's schema (the employees API is not needed)."""

import uuid
from typing import Any

from api.core.db import tenant_session
from api.employees.models import Employee
from api.organizations.models import Organization


async def add_employee(org: Organization, **fields: Any) -> int:
    """A new employee in `org`; returns its numeric id."""
    code = uuid.uuid4().hex[:8]
    values: dict[str, Any] = {
        "employee_id": f"E-{code}",
        "first_name": "Ada",
        "last_name": "Lovelace",
        "email": f"ada-{code}@example.com",
        **fields,
    }
    async with tenant_session(org.schema_name, org.id) as session:
        employee = Employee(**values)
        session.add(employee)
        await session.flush()
        return employee.id
