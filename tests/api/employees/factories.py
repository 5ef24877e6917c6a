"""Data for the employee tests, made through the API like a caller would."""

import itertools
from typing import Any

import httpx

_counter = itertools.count(1)


def payload(**overrides: Any) -> dict[str, Any]:
    """A valid Add New Employee body; each call gets a fresh e-mail."""
    n = next(_counter)
    body: dict[str, Any] = {
        "firstName": "Ada",
        "lastName": "Lovelace",
        "email": f"ada.{n}@example.com",
        "department": "engineering",
        "position": "Software Engineer",
        "startDate": "2023-03-01",
        "reviewSchedule": "quarterly",
    }
    body.update(overrides)
    return {k: v for k, v in body.items() if v is not ...}


async def add(client: httpx.AsyncClient, **overrides: Any) -> dict[str, Any]:
    r = await client.post("/api/employees", json=payload(**overrides))
    assert r.status_code == 201, r.text
    return r.json()


def csv_row(n: int, **overrides: Any) -> dict[str, str]:
    """One bulk-upload row as the web client sends it: strings keyed by the header."""
    row = {
        "employeeId": f"B{n:04d}",
        "firstName": f"First{n}",
        "lastName": f"Last{n}",
        "email": f"bulk.{n}@example.com",
        "department": "sales",
        "position": "Account Executive",
        "startDate": "2022-05-01",
        "reviewSchedule": "quarterly",
        "managerId": "",
        "nextReviewDate": "",
    }
    row.update(overrides)
    return row
