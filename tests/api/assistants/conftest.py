import pytest

from api.assistants import service


@pytest.fixture(autouse=True)
def fresh_rate_limit() -> None:
    """Each test starts with a new question limiter (made from the settings it runs with)."""
    service.limiter = None
