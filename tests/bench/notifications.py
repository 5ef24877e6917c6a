"""Notifications benchmark: the mailing job on 10,000 pending notices.

Run with `uv run python tests/bench/notifications.py [--notices N] [--accounts N]`. It starts
its own embedded Postgres and Redis in a temporary MERIT_DATA_DIR, seeds one organisation with
the accounts and their pending notices (bulk INSERT ... SELECT generate_series): 70% of the
accounts get every notice at once, 20% by daily digest (their notices made the day before),
10% not at all. SMTP_HOST names a server that is never reached: the job only writes the outbox
and queues the delivery jobs, which is what is timed (the job's own time; delivery is the
worker's). It prints:

- the first run: outbox rows written, delivery jobs queued, notices marked (target < 10 s);
- a second run (nothing pending: nothing written);
- a run after a simulated crash between writing the mail and marking the notices (every
  key already in the outbox: nothing written twice, the undelivered handed on again).
"""

import argparse
import asyncio
import logging
import os
import sys
import time
from datetime import datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.bench.harness import embedded_postgres, machine_line, run_seed  # noqa: E402

_DATA = embedded_postgres()
os.environ["SMTP_HOST"] = "127.0.0.1"
os.environ["SMTP_PORT"] = "9"

from sqlalchemy import func, select, update  # noqa: E402

from api.core.config import get_settings  # noqa: E402
from api.core.db import dispose_engine, public_session, tenant_session  # noqa: E402
from api.core.embedded import ensure_services  # noqa: E402
from api.mail.models import MailOutbox  # noqa: E402
from api.notifications.models import Notification  # noqa: E402
from api.notifications.outbound import mail_pending  # noqa: E402
from tenants.migrate import migrate_all  # noqa: E402
from tenants.provision import NewTenant, create_tenant  # noqa: E402

ensure_services(get_settings().data_dir, redis=True)


def seed_sql(schema: str, accounts: int, notices: int) -> list[str]:
    return [
        f"""INSERT INTO "{schema}".users (id, email, first_name, last_name, role)
        SELECT 'bench-' || n, 'bench.' || n || '@example.com', 'Bench', 'Person ' || n, 'user'
        FROM generate_series(1, {accounts}) n""",
        f"""INSERT INTO "{schema}".notification_preferences (user_id, kind, delivery)
        SELECT 'bench-' || n, k, CASE WHEN n % 10 < 2 THEN 'digest' ELSE 'off' END
        FROM generate_series(1, {accounts}) n,
             unnest(ARRAY['review_assigned','review_due_soon','review_overdue',
                          'certification_expiring']) k
        WHERE n % 10 < 3""",
        f"""INSERT INTO "{schema}".notifications
            (user_id, kind, title, body, link, dedupe_key, created_at)
        SELECT 'bench-' || (1 + n % {accounts}),
               (ARRAY['review_assigned','review_due_soon','review_overdue',
                      'certification_expiring'])[1 + n % 4],
               'Bench notice ' || n, 'Something happened to review ' || n,
               '/reviews/' || n, 'bench:' || n,
               CASE WHEN (1 + n % {accounts}) % 10 < 2 THEN now() - interval '1 day'
                    ELSE now() END
        FROM generate_series(1, {notices}) n""",
        f'VACUUM ANALYZE "{schema}".notifications',
    ]


async def outbox_rows() -> int:
    async with public_session() as db:
        return int(await db.scalar(select(func.count()).select_from(MailOutbox)) or 0)


async def timed_run(org, label: str, now: datetime) -> None:
    before = await outbox_rows()
    started = time.perf_counter()
    counts = await mail_pending(org, now=now)
    seconds = time.perf_counter() - started
    written = await outbox_rows() - before
    print(f"{label:<44} {seconds:6.2f} s  outbox rows +{written:<6} {counts}")


async def main(notices: int, accounts: int) -> None:
    logging.basicConfig(level=logging.WARNING)
    report = await migrate_all()
    assert report.ok, report.failed
    org = await create_tenant(NewTenant(subdomain="bench-notify", name="Bench Notify"))
    await run_seed(seed_sql(org.schema_name, accounts, notices))
    print(machine_line())
    print(f"{notices:,} pending notices of {accounts:,} accounts")
    now = (datetime.now() + timedelta(days=1)).replace(hour=7).astimezone()
    await timed_run(org, "first run (target < 10 s)", now)
    await timed_run(org, "second run (nothing pending)", now)
    async with tenant_session(org.schema_name, org.id) as session:
        await session.execute(update(Notification).values(mail_state="pending", mailed_at=None))
    await timed_run(org, "after a crash before marking (all written)", now)
    await dispose_engine()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--notices", type=int, default=10_000)
    parser.add_argument("--accounts", type=int, default=1_000)
    args = parser.parse_args()
    asyncio.run(main(args.notices, args.accounts))
