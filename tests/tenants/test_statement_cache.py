"""A pooled connection keeps the statements it ran prepared (MERIT_DB_STATEMENT_CACHE), more
of them than the driver's default cache holds, rather than parsing and planning each one again
at its next use."""

from sqlalchemy import text

from api.core.db import get_engine

TEXTS = 150  # more than the driver's default cache of 100


async def test_a_connection_keeps_the_statements_of_many_organisations_prepared(org, other_org):
    schemas = [org.schema_name, other_org.schema_name]
    statements = [
        text(f'SELECT count(*) AS probe_{k} FROM "{schemas[k % 2]}".employees')
        for k in range(TEXTS)
    ]
    probes = (
        "SELECT count(*) FROM pg_prepared_statements"
        " WHERE statement LIKE 'SELECT count(*) AS probe%'"
    )
    async with get_engine().connect() as conn:
        for statement in statements:
            await conn.execute(statement)
        assert await conn.scalar(text(probes)) == TEXTS
        started = await conn.scalar(text("SELECT clock_timestamp()"))
        # Used again: all still prepared, none prepared again.
        for statement in statements:
            await conn.execute(statement)
        again = await conn.scalar(
            text(f"{probes} AND prepare_time >= :started"), {"started": started}
        )
        assert again == 0
        assert await conn.scalar(text(probes)) == TEXTS
