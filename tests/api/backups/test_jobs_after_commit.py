"""A job a request asks for is sent once the request's transaction has committed, and never
when it rolls back (real Postgres and Redis; no worker runs beside these tests, so a job sent
stays queued)."""

import uuid
from contextlib import nullcontext

import pytest
from arq.connections import ArqRedis
from arq.constants import default_queue_name, job_key_prefix
from sqlalchemy import select

from api.backups import runs, service
from api.backups.models import Backup
from api.core.db import tenant_session
from api.core.queue import BACKUP_QUEUE, enqueue_after_commit, open_queue, transaction_with_jobs
from api.organizations.models import Organization
from tests.api.backups.test_backups import LIST, drop_job, rows


async def queued(queue_name: str, prefix: str) -> list[str]:
    async with open_queue() as queue:
        ids = await queue.zrange(queue_name, 0, -1)
    names = [i if isinstance(i, str) else i.decode() for i in ids]
    return [name for name in names if name.startswith(prefix)]


async def test_a_created_backup_is_queued_once_and_only_after_its_row_is_committed(
    login, org: Organization, monkeypatch
):
    sent: list[tuple[str, list[int]]] = []
    real = ArqRedis.enqueue_job

    async def watching(self, function, *args, **options):  # type: ignore[no-untyped-def]
        # What another connection sees at the moment the job is sent: the committed rows.
        sent.append((options["_job_id"], [row.id for row in await rows(org)]))
        return await real(self, function, *args, **options)

    monkeypatch.setattr(ArqRedis, "enqueue_job", watching)
    admin = await login(org)
    r = await admin.post(f"{LIST}/create")
    assert r.status_code == 200, r.text
    backup_id = r.json()["backup"]["id"]
    job_id = runs.manual_job_id(org, backup_id)
    try:
        assert sent == [(job_id, [backup_id])]
        assert await queued(BACKUP_QUEUE, f"backup:{org.id}:") == [job_id]
    finally:
        await drop_job(job_id)


async def test_a_request_that_fails_after_asking_for_its_job_sends_nothing(
    login, org: Organization, monkeypatch
):
    asked: list[str] = []

    def ask_then_fail(session, function, *args, **options):  # type: ignore[no-untyped-def]
        enqueue_after_commit(session, function, *args, **options)
        asked.append(options["_job_id"])
        raise RuntimeError("the request fails after asking for its job")

    monkeypatch.setattr(service, "enqueue_after_commit", ask_then_fail)
    admin = await login(org)
    try:
        r = await admin.post(f"{LIST}/create")
        assert r.status_code == 500
    except RuntimeError:
        pass  # the test transport hands the app's error on as well
    assert len(asked) == 1
    assert await queued(BACKUP_QUEUE, f"backup:{org.id}:") == []
    assert await rows(org) == []


@pytest.mark.parametrize("fails", [False, True])
async def test_jobs_wait_for_the_commit_and_are_dropped_on_rollback(org: Organization, fails):
    job_id = f"after-commit-test:{uuid.uuid4().hex}"
    seen_inside: list[str] = []
    with pytest.raises(RuntimeError) if fails else nullcontext():
        async with transaction_with_jobs(tenant_session(org.schema_name, org.id)) as session:
            row = Backup(filename=f"backup-20250101-000000-manual-{job_id[-8:]}.json")
            session.add(row)
            await session.flush()
            enqueue_after_commit(session, "no_such_function", row.id, _job_id=job_id)
            seen_inside = await queued(default_queue_name, job_id)
            if fails:
                raise RuntimeError("the work fails after asking for its job")
    try:
        assert seen_inside == []  # nothing is sent while the transaction is open
        assert await queued(default_queue_name, job_id) == ([] if fails else [job_id])
        async with tenant_session(org.schema_name, org.id) as session:
            kept = (await session.execute(select(Backup.id))).scalars().all()
        assert len(kept) == (0 if fails else 1)
    finally:
        async with open_queue() as queue:
            await queue.delete(job_key_prefix + job_id)
            await queue.zrem(default_queue_name, job_id)
