from collections.abc import Callable
from typing import Any

import httpx
import pytest

from api.core.config import get_settings
from api.main import create_app


@pytest.fixture
def make_app(monkeypatch) -> Callable[..., Any]:
    """A fresh app (fresh middleware state) built with some settings changed."""

    def make(**changes: Any) -> Any:
        settings = get_settings()
        for name, value in changes.items():
            monkeypatch.setattr(settings, name, value)
        return create_app()

    return make


def client_for(
    app: Any, ip: str = "127.0.0.1", base: str = "http://localhost"
) -> httpx.AsyncClient:
    return httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app, client=(ip, 40000)), base_url=base
    )
