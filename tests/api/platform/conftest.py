import uuid
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import pytest

from api.auth import sessions
from api.core.config import get_settings
from api.core.db import public_session
from api.platform import oidc
from api.platform.admins import upsert_admin
from tests.api.platform.oidc_provider import (
    CLIENT_ID,
    CLIENT_SECRET,
    REDIRECT_URI,
    RealProvider,
    new_accounts,
    running_provider,
)
from tests.conftest import BASE

PASSWORD = "Platform2026pw"


def new_email(prefix: str = "pa") -> str:
    return f"{prefix}-{uuid.uuid4().hex[:8]}@example.com"


async def platform_client(app: Any, email: str, **extra: Any) -> httpx.AsyncClient:
    async with public_session() as db:
        row = await sessions.create(
            db, {"platform": True, "email": email, "method": "local", **extra}
        )
    c = httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url=BASE)
    c.cookies.set(sessions.PLATFORM_COOKIE, row.sid)
    return c


@pytest.fixture
async def admin_email() -> str:
    email = new_email()
    await upsert_admin(email=email, password=PASSWORD)
    return email


@pytest.fixture
async def platform(app: Any, admin_email: str) -> AsyncIterator[httpx.AsyncClient]:
    """A client signed in to the platform as a platform admin."""
    c = await platform_client(app, admin_email)
    yield c
    await c.aclose()


@pytest.fixture
async def outsider(app: Any) -> AsyncIterator[httpx.AsyncClient]:
    """A client with a platform session whose e-mail is not a platform admin."""
    c = await platform_client(app, new_email("outsider"))
    yield c
    await c.aclose()


@pytest.fixture(scope="session")
def oidc_provider() -> Iterator[RealProvider]:
    """The `oidc-provider` package, as configured by default: e-mail in userinfo only."""
    with running_provider(new_accounts()) as real:
        yield real


@pytest.fixture(scope="session")
def oidc_provider_with_email_in_id_token() -> Iterator[RealProvider]:
    """The same package, configured to put the scopes' claims in the ID token as well."""
    with running_provider(new_accounts(), email_in_id_token=True) as real:
        yield real


@contextmanager
def configured(real: RealProvider, monkeypatch: pytest.MonkeyPatch) -> Iterator[RealProvider]:
    """The provider, set up as the platform's sign-in for one test."""
    monkeypatch.setenv("OIDC_ISSUER", real.issuer)
    monkeypatch.setenv("OIDC_CLIENT_ID", CLIENT_ID)
    monkeypatch.setenv("OIDC_CLIENT_SECRET", CLIENT_SECRET)
    monkeypatch.setenv("OIDC_PROVIDER_NAME", "Test Identity")
    monkeypatch.setenv("OIDC_REDIRECT_URL", REDIRECT_URI)
    get_settings.cache_clear()
    oidc.clear_caches()
    try:
        yield real
    finally:
        monkeypatch.undo()
        get_settings.cache_clear()
        oidc.clear_caches()


@pytest.fixture
def provider(oidc_provider: RealProvider, monkeypatch: pytest.MonkeyPatch):
    with configured(oidc_provider, monkeypatch) as real:
        yield real


@pytest.fixture
def provider_with_email_in_id_token(
    oidc_provider_with_email_in_id_token: RealProvider, monkeypatch: pytest.MonkeyPatch
):
    with configured(oidc_provider_with_email_in_id_token, monkeypatch) as real:
        yield real
