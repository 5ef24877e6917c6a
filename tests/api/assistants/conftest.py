import pytest

from api.assistants import service


@pytest.fixture(autouse=True)
def fresh_rate_limit() -> None:
    service.limiter.reset()
