"""The reminders job against real Postgres (and Redis for the arq fan-out)."""

import dataclasses
import logging
import uuid
from datetime import date, timedelta

import pytest
from arq.connections import create_pool
from arq.jobs import Job
from arq.worker import Worker
from sqlalchemy import delete, select

from api.core.dates import local_today
from api.core.db import get_engine, tenant_session
from api.core.queue import redis_settings
from api.reminders import jobs
from api.reviews.models import Review, ReviewTemplate
from api.reviews.periodic import LEAD_DAYS
from tenants.provision import delete_tenant
from tests.api.reviews.factories import (
    add_employee,
    add_review,
    add_template,
    count,
    default_template_id,
    reminders_of,
)
from tests.conftest import new_org

# Every test here depends on where today falls (tests/clock runs them at chosen instants).
pytestmark = pytest.mark.date_sensitive


def days(n: int) -> date:
    return local_today() + timedelta(days=n)


async def reviews_of(org, employee_id: int) -> list[Review]:
    async with tenant_session(org.schema_name, org.id) as session:
        rows = await session.execute(
            select(Review).where(Review.employee_id == employee_id).order_by(Review.id)
        )
        return list(rows.scalars())


async def test_due_and_overdue_reminders_are_created_once(org):
    tpl = await add_template(org)
    ada = await add_employee(org, first_name="Ada", last_name="Byron")
    gone = await add_employee(org, is_archived=True)
    in_7 = await add_review(org, ada, tpl, days(7))
    today = await add_review(org, ada, tpl, local_today(), status="in_progress")
    late = await add_review(org, ada, tpl, days(-2), review_type="performance_improvement")
    await add_review(org, ada, tpl, days(8))  # beyond the week
    await add_review(org, ada, tpl, days(-5), status="completed", rating=4)  # done
    await add_review(org, gone, tpl, days(1))  # archived employee

    counts = await jobs.org_reminders({}, org.id, local_today().isoformat())
    assert counts["review_due"] == 2
    assert counts["review_overdue"] == 1
    made = {(r.review_id, r.type) for r in await reminders_of(org)}
    assert made == {(in_7, "review_due"), (today, "review_due"), (late, "review_overdue")}
    by_review = {r.review_id: r for r in await reminders_of(org)}
    assert by_review[late].message == (
        f"Performance Improvement review for Ada Byron is overdue "
        f"(it was due on {days(-2):%b} {days(-2).day}, {days(-2).year})"
    )
    assert by_review[in_7].message == (
        f"Quarterly review for Ada Byron is due on {days(7):%b} {days(7).day}, {days(7).year}"
    )
    assert by_review[in_7].due_date == days(7) and by_review[in_7].is_read is False

    again = await jobs.org_reminders({}, org.id, local_today().isoformat())
    assert again["review_due"] == 0 and again["review_overdue"] == 0
    assert again["reviews_created"] == 0
    assert len(await reminders_of(org)) == 3


async def test_an_overdue_reminder_replaces_the_due_one(org):
    tpl = await add_template(org)
    emp = await add_employee(org)
    rid = await add_review(org, emp, tpl, days(3))
    await jobs.org_reminders({}, org.id, local_today().isoformat())
    # four days later the review is a day late
    counts = await jobs.org_reminders({}, org.id, days(4).isoformat())
    assert counts["review_overdue"] == 1 and counts["superseded"] == 1
    assert [(r.review_id, r.type) for r in await reminders_of(org)] == [(rid, "review_overdue")]


async def test_the_next_periodic_review_is_created_from_the_default_template(org):
    default = await default_template_id(org)
    await add_template(org)  # not the default
    due_soon = await add_employee(org, next_review_date=days(10), review_schedule="annual")
    edge = await add_employee(org, next_review_date=days(LEAD_DAYS))
    far = await add_employee(org, next_review_date=days(LEAD_DAYS + 1))
    busy = await add_employee(org, next_review_date=days(3))
    await add_review(org, busy, default, days(30), status="in_progress")
    archived = await add_employee(org, next_review_date=days(1), is_archived=True)
    unscheduled = await add_employee(org, next_review_date=None)
    done_before = await add_employee(org, next_review_date=days(5))
    await add_review(org, done_before, default, days(-80), status="completed", rating=4)

    counts = await jobs.org_reminders({}, org.id, local_today().isoformat())
    assert counts["reviews_created"] == 3

    [created] = await reviews_of(org, due_soon)
    assert (created.status, created.template_id, created.due_date) == ("pending", default, days(10))
    assert created.review_type == "annual" and created.responses == {}
    [created] = await reviews_of(org, edge)
    assert created.review_type == "quarterly" and created.due_date == days(LEAD_DAYS)
    assert len(await reviews_of(org, done_before)) == 2
    for nobody in (far, archived, unscheduled):
        assert await reviews_of(org, nobody) == []
    assert len(await reviews_of(org, busy)) == 1
    # created in the same run, the review due in 5 days already has its reminder
    assert any(r.employee_id == done_before for r in await reminders_of(org))

    again = await jobs.org_reminders({}, org.id, local_today().isoformat())
    assert again["reviews_created"] == 0
    assert await count(org, Review) == 2 + 3


async def test_a_broken_organisation_does_not_stop_the_others(org, other_org):
    broken = await new_org("broken", "Broken Org")
    try:
        for target in (org, other_org, broken):
            emp = await add_employee(target, next_review_date=days(2))
            await add_review(target, emp, await default_template_id(target), days(-1))
        await add_employee(broken, next_review_date=days(5))
        async with get_engine().begin() as conn:
            await conn.exec_driver_sql(f'DROP TABLE "{broken.schema_name}".reminders')

        report = await jobs.remind_all({}, local_today().isoformat())

        assert broken.id in report.failed
        assert "review_reminders" in report.failed[broken.id]
        for healthy in (org, other_org):
            assert healthy.id not in report.failed
            assert report.counts[healthy.id]["review_overdue"] == 1
            assert [r.type for r in await reminders_of(healthy)] == ["review_overdue"]
        # the broken organisation's other task still committed its work
        assert await count(broken, Review) == 2
    finally:
        await delete_tenant(broken.subdomain)


async def test_an_inactive_or_missing_organisation_is_skipped(org):
    assert await jobs.org_reminders({}, 987654321) == {}


async def test_the_dispatcher_enqueues_one_job_per_organisation_per_day(org, other_org):
    for target in (org, other_org):
        emp = await add_employee(target)
        await add_review(target, emp, await default_template_id(target), days(1))
    redis = await create_pool(redis_settings())
    queue = f"test-reminders-{uuid.uuid4().hex[:8]}"
    worker = Worker(
        functions=jobs.FUNCTIONS,
        redis_pool=redis,
        queue_name=queue,
        burst=True,
        poll_delay=0.05,
        handle_signals=False,
        max_jobs=8,
    )
    try:
        ctx = {"redis": redis}
        queued = await jobs.reminders_dispatch(ctx, day=local_today().isoformat(), queue_name=queue)
        assert queued >= 2
        ids = {job.job_id for job in await redis.queued_jobs(queue_name=queue)}
        assert jobs.job_id(org.id, local_today()) in ids
        assert jobs.job_id(other_org.id, local_today()) in ids
        # the same day again: nothing new is enqueued
        assert (
            await jobs.reminders_dispatch(ctx, day=local_today().isoformat(), queue_name=queue) == 0
        )

        await worker.main()
        for target in (org, other_org):
            assert [r.type for r in await reminders_of(target)] == ["review_due"]
        # once run, the day's id is still taken: no second run
        assert (
            await jobs.reminders_dispatch(ctx, day=local_today().isoformat(), queue_name=queue) == 0
        )
    finally:
        await worker.close()  # closes the pool too


async def test_the_worker_collects_the_reminders_jobs():
    from api.worker import WorkerSettings

    names = {getattr(f, "name", getattr(f, "__name__", "")) for f in WorkerSettings.functions}
    assert {"org_reminders", "reminders_dispatch"} <= names
    assert any(
        getattr(c, "name", "").endswith("reminders_dispatch") for c in WorkerSettings.cron_jobs
    )


async def test_an_organisation_without_templates_gets_no_reviews_but_no_error(org):
    emp = await add_employee(org, next_review_date=days(3))
    async with tenant_session(org.schema_name, org.id) as session:
        await session.execute(delete(ReviewTemplate))
    counts = await jobs.org_reminders({}, org.id, local_today().isoformat())
    assert counts["reviews_created"] == 0
    assert await reviews_of(org, emp) == []


def _cron_worker(pool, queue: str) -> Worker:
    """A burst worker with every function the real worker has, and the reminders cron entry
    it registers, made to fire at start-up."""
    from api.worker import WorkerSettings

    [cron_job] = [c for c in WorkerSettings.cron_jobs if c.name == "cron:reminders_dispatch"]
    return Worker(
        functions=WorkerSettings.functions,
        cron_jobs=[dataclasses.replace(cron_job, run_at_startup=True)],
        redis_pool=pool,
        queue_name=queue,
        burst=True,
        poll_delay=0.05,
        handle_signals=False,
        max_jobs=8,
    )


async def test_the_cron_job_through_the_worker_with_one_broken_organisation(org, other_org, caplog):
    """The cron entry of api.worker.WorkerSettings, run by an arq worker on real Redis and
    Postgres: every organisation gets its reminders and its next periodic review from the
    default template, a broken organisation fails alone, each logs what it did, and a second
    run the same day does nothing."""
    caplog.set_level(logging.INFO, logger="merit.reminders")
    broken = await new_org("broken", "Broken Org")
    queue = f"test-cron-{uuid.uuid4().hex[:8]}"
    first = _cron_worker(await create_pool(redis_settings(), default_queue_name=queue), queue)
    second = _cron_worker(await create_pool(redis_settings(), default_queue_name=queue), queue)
    try:
        due_soon: dict[int, int] = {}
        for target in (org, other_org, broken):
            late = await add_employee(target, next_review_date=days(60))
            await add_review(target, late, await default_template_id(target), days(-1))
            due_soon[target.id] = await add_employee(target, next_review_date=days(6))
        async with get_engine().begin() as conn:
            await conn.exec_driver_sql(f'DROP TABLE "{broken.schema_name}".reminders')

        await first.main()

        for healthy in (org, other_org):
            [created] = await reviews_of(healthy, due_soon[healthy.id])
            assert created.status == "pending"
            assert created.template_id == await default_template_id(healthy)
            assert created.due_date == days(6)
            assert sorted(r.type for r in await reminders_of(healthy)) == [
                "review_due",
                "review_overdue",
            ]
            line = (
                f"reminders org={healthy.id} ({healthy.subdomain}) day={local_today()}: "
                "reviews_created=1, review_due=1, review_overdue=1, superseded=0"
            )
            assert line in caplog.messages, caplog.messages
        # the broken organisation's job failed on its own; its other task still committed
        result = await Job(jobs.job_id(broken.id, local_today()), first.pool).result_info()
        assert result is not None and result.success is False
        assert "review_reminders" in str(result.result)
        assert len(await reviews_of(broken, due_soon[broken.id])) == 1
        assert f"reminders org={broken.id} task=review_reminders failed" in caplog.messages
        for healthy in (org, other_org):
            ok = await Job(jobs.job_id(healthy.id, local_today()), first.pool).result_info()
            assert ok is not None and ok.success is True

        # The cron fires again the same day: nothing is enqueued, nothing is created.
        before = {
            t.id: (await count(t, Review), len(await reminders_of(t))) for t in (org, other_org)
        }
        caplog.clear()
        await second.main()
        assert (
            f"reminders dispatch day={local_today()}: 0 organisation jobs enqueued"
            in caplog.messages
        )
        for healthy in (org, other_org):
            after = (await count(healthy, Review), len(await reminders_of(healthy)))
            assert after == before[healthy.id]
    finally:
        await first.close()
        await second.close()
        await delete_tenant(broken.subdomain)
