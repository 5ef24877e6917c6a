"""Test harness: a real Postgres (embedded unless DATABASE_URL is set), the app over ASGI,
and throw-away organisations so tests cannot leak into each other."""

import os
import shutil
import tempfile
import time
import uuid
from collections.abc import AsyncIterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest

_DATA = Path(tempfile.mkdtemp(prefix="merit-test-"))
# pytest-xdist's workers inherit their controller's environment: a data directory this file
# chose there is replaced by the worker's own, one given from outside is kept.
if os.environ.get("MERIT_DATA_DIR", "") in ("", os.environ.get("MERIT_TEST_DATA_DIR")):
    os.environ["MERIT_DATA_DIR"] = os.environ["MERIT_TEST_DATA_DIR"] = str(_DATA)
os.environ.setdefault("MERIT_ENV", "test")
# The suites sign in hundreds of times from one address; the limit itself is tested apart.
os.environ.setdefault("MERIT_RATE_LIMIT", "1000/minute")
os.environ.setdefault("MERIT_WEB_DIST", str(_DATA / "no-web"))

from api.core.config import get_settings  # noqa: E402
from api.core.embedded import ensure_services, stop_services  # noqa: E402


def _runs_tests(config: pytest.Config) -> bool:
    """False in pytest-xdist's controller (`pytest -n N`), which only hands the tests to its
    workers: each worker is a pytest process of its own, with its own embedded servers."""
    return hasattr(config, "workerinput") or not getattr(config.option, "numprocesses", None)


def pytest_configure(config: pytest.Config) -> None:
    if _runs_tests(config):
        ensure_services(get_settings().data_dir, redis=True)


def pytest_unconfigure(config: pytest.Config) -> None:
    """This process's embedded servers stop and its data directory (about 1 GB) is removed."""
    if _runs_tests(config) and os.environ.get("MERIT_DATA_DIR") == str(_DATA):
        stop_services()
    shutil.rmtree(_DATA, ignore_errors=True)


from api.auth import sessions  # noqa: E402
from api.core.db import public_session  # noqa: E402
from api.main import create_app  # noqa: E402
from api.organizations.models import Organization  # noqa: E402
from tenants.migrate import migrate_all  # noqa: E402
from tenants.provision import NewTenant, create_tenant  # noqa: E402

BASE = "http://localhost"


@pytest.fixture(scope="session", autouse=True)
async def migrated() -> None:
    report = await migrate_all()
    assert report.ok, report.failed


@pytest.fixture(scope="session")
def app() -> Any:
    return create_app()


@pytest.fixture
async def client(app: Any) -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url=BASE) as c:
        yield c


# A test reads today's date while it builds its data and the app reads it again on each
# request; one that straddled midnight would compare two different days. Such a test takes a
# second or two, so no test starts in the last DAY_MARGIN_S of a day: it waits for the
# next one (at a real midnight, and in the clock runs of tests/clock that start at 23:59).
DAY_MARGIN_S = 5.0


@pytest.fixture(autouse=True)
def whole_day() -> None:
    now = datetime.now()
    midnight = datetime.combine(now.date() + timedelta(days=1), datetime.min.time())
    left = (midnight - now).total_seconds()
    if left < DAY_MARGIN_S:
        time.sleep(left + 0.1)


def route_paths(app: Any) -> set[str]:
    """Every route path of the app, those of included routers too (FastAPI nests them)."""
    paths: set[str] = set()
    for route in app.routes:
        contexts = getattr(route, "effective_route_contexts", None)
        for item in contexts() if callable(contexts) else [route]:
            path = getattr(getattr(item, "starlette_route", None) or item, "path", None)
            if path:
                paths.add(path)
    return paths


def unique_code(prefix: str = "t") -> str:
    return f"{prefix}-{uuid.uuid4().hex[:10]}"


async def new_org(prefix: str = "t", name: str = "Test Org") -> Organization:
    return await create_tenant(NewTenant(subdomain=unique_code(prefix), name=name))


@pytest.fixture
async def org() -> Organization:
    return await new_org("a", "Alpha Org")


@pytest.fixture
async def other_org() -> Organization:
    """The second organisation every endpoint is checked against."""
    return await new_org("b", "Beta Org")


async def signed_in_client(
    app: Any, org: Organization, role: str = "admin", *, force: bool = False, **extra: Any
) -> httpx.AsyncClient:
    """A client holding a live session for `org` with `role` (any of the four roles)."""
    async with public_session() as db:
        row = await sessions.create(
            db,
            {
                "organizationId": org.id,
                "authenticated": True,
                "userRole": role,
                "forcePasswordChange": force,
                **extra,
            },
        )
    c = httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url=BASE)
    c.cookies.set(sessions.COOKIE, row.sid)
    return c


@pytest.fixture
async def login(app: Any):  # type: ignore[no-untyped-def]
    """login(org, role) -> a signed-in client; closed at the end of the test."""
    made: list[httpx.AsyncClient] = []

    async def make(org: Organization, role: str = "admin", **kw: Any) -> httpx.AsyncClient:
        c = await signed_in_client(app, org, role, **kw)
        made.append(c)
        return c

    yield make
    for c in made:
        await c.aclose()
