"""Prometheus metrics: requests by route template and status, tenants, jobs (through a real
arq worker on the embedded Redis)."""

import uuid

import pytest
from arq import create_pool
from arq.worker import Worker, func
from prometheus_client import REGISTRY
from prometheus_client.parser import text_string_to_metric_families

from api.core.config import get_settings
from api.core.observability import instrument_functions, instrument_job
from api.core.queue import redis_settings


def samples(text: str) -> dict[tuple[str, frozenset], float]:
    out = {}
    for family in text_string_to_metric_families(text):
        for s in family.samples:
            out[(s.name, frozenset(s.labels.items()))] = s.value
    return out


def value(text: str, name: str, **labels: str) -> float | None:
    return samples(text).get((name, frozenset(labels.items())))


async def test_metrics_count_requests_by_route_template_never_by_raw_path(client):
    raw = f"/api/no-such-thing-{uuid.uuid4().hex}"
    for _ in range(3):
        assert (await client.get(raw)).status_code == 404
    r = await client.get("/metrics")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/plain")
    body = r.text
    count = value(
        body, "merit_http_requests_total", method="GET", handler="/api/{rest:path}", status="404"
    )
    assert count is not None and count >= 3
    assert (
        value(
            body,
            "merit_http_request_duration_seconds_count",
            method="GET",
            handler="/api/{rest:path}",
            status="404",
        )
        >= 3
    )
    assert raw not in body  # bounded cardinality: no raw paths in labels


async def test_metrics_label_by_status_code_and_template_of_a_real_route(client, org):
    await client.get("/api/auth/session")  # 401 when not signed in
    await client.get(f"/spa/deep/link-{uuid.uuid4().hex}")  # the web app's catch-all
    body = (await client.get("/metrics")).text
    assert value(
        body, "merit_http_requests_total", method="GET", handler="/api/auth/session", status="401"
    )
    assert value(
        body, "merit_http_requests_total", method="GET", handler="/{path:path}", status="503"
    )
    assert "link-" not in body


async def test_odd_methods_are_folded_into_one_label(client):
    await client.request("BREW", "/healthz")
    body = (await client.get("/metrics")).text
    assert 'method="BREW"' not in body
    assert value(
        body, "merit_http_requests_total", method="OTHER", handler="/healthz", status="405"
    )


async def test_tenant_gauge_counts_organisations(client, org):
    body = (await client.get("/metrics")).text
    active = value(body, "merit_tenants", state="active")
    assert active is not None and active >= 1
    assert value(body, "merit_tenants", state="inactive") is not None


async def test_metrics_token_when_configured(client, monkeypatch):
    monkeypatch.setattr(get_settings(), "metrics_token", "s3cret-token")
    r = await client.get("/metrics")
    assert r.status_code == 401
    assert r.json() == {"message": "Not authenticated"}
    r = await client.get("/metrics", headers={"authorization": "Bearer wrong"})
    assert r.status_code == 401
    r = await client.get("/metrics", headers={"authorization": "Bearer s3cret-token"})
    assert r.status_code == 200
    assert "merit_http_requests_total" in r.text


# ------------------------------------------------------------------------------------ jobs


async def good_job(ctx, organization_id: int) -> int:
    return organization_id * 2


async def bad_job(ctx, organization_id: int) -> None:
    raise RuntimeError("boom")


def job_count(function: str, status: str) -> float:
    return (
        REGISTRY.get_sample_value("merit_jobs_total", {"function": function, "status": status})
        or 0.0
    )


async def test_jobs_run_by_a_real_worker_are_counted_timed_and_logged(caplog):
    queue = f"arq:test-queue-{uuid.uuid4().hex}"
    settings = redis_settings(get_settings().redis_url)
    pool = await create_pool(settings, default_queue_name=queue)
    ok_before = job_count("good_job", "complete")
    failed_before = job_count("bad_job", "failed")
    await pool.enqueue_job("good_job", 21, _job_id="good-1")
    await pool.enqueue_job("bad_job", 7, _job_id="bad-1")
    worker = Worker(
        functions=instrument_functions([good_job, func(bad_job, name="bad_job", max_tries=1)]),
        redis_pool=pool,
        queue_name=queue,
        burst=True,
        poll_delay=0.05,
        handle_signals=False,
    )
    caplog.set_level("INFO", logger="merit.jobs")
    try:
        await worker.main()
    finally:
        await worker.close()
        await pool.aclose()
    assert job_count("good_job", "complete") == ok_before + 1
    assert job_count("bad_job", "failed") == failed_before + 1
    assert (
        REGISTRY.get_sample_value(
            "merit_job_duration_seconds_count", {"function": "good_job", "status": "complete"}
        )
        >= 1
    )
    finished = [r for r in caplog.records if r.getMessage() == "job finished"]
    by_id = {r.job_id: r for r in finished}
    assert by_id["good-1"].job == "good_job"
    assert by_id["good-1"].job_status == "complete"
    assert by_id["good-1"].organization_id == 21
    assert by_id["bad-1"].job_status == "failed"
    assert by_id["bad-1"].duration_ms >= 0


async def test_instrumented_jobs_keep_their_arq_names():
    from api.worker import WorkerSettings

    assert WorkerSettings.functions, "the worker has functions"
    for fn in WorkerSettings.functions:
        coroutine = getattr(fn, "coroutine", fn)
        assert getattr(coroutine, "_merit_instrumented", False), fn
    for cron in WorkerSettings.cron_jobs:
        assert getattr(cron.coroutine, "_merit_instrumented", False), cron.name
        assert cron.name.startswith("cron:")
    wrapped = instrument_job(good_job)
    assert func(wrapped).name == "good_job"
    assert instrument_job(wrapped) is wrapped  # never wrapped twice
    assert await wrapped({"job_id": "direct"}, 4) == 8


@pytest.mark.parametrize("ctx", [{}, None])
async def test_instrumented_jobs_still_run_when_called_directly(ctx):
    assert await instrument_job(good_job)(ctx, 5) == 10
