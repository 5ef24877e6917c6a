import pytest

from api.assistants import service
from api.assistants.models import HelpArticle
from api.core.db import get_engine


@pytest.fixture(scope="session", autouse=True)
async def help_articles_table(migrated: None) -> None:
    """Until the public migration is regenerated with help_articles, build it from the model
    (a no-op once the migration creates it)."""
    async with get_engine().begin() as conn:
        await conn.run_sync(lambda c: HelpArticle.__table__.create(c, checkfirst=True))


@pytest.fixture(autouse=True)
def fresh_rate_limit() -> None:
    service.limiter.reset()
