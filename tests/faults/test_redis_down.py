"""Fault: Redis (the job queue) stops while the API serves. Everything but the queue keeps
working; asking for a backup answers 503 with a clear message at once (not a 500, not a
hang) and leaves no half-made entry; the worker waits for Redis in the same process; when
Redis is back, backups are accepted and run again, and nothing written before or during the
outage is lost."""

import time

import pytest

from tests.conftest import unique_code
from tests.faults.services import Stack, backups, own_postgres, wait_for_backup, wait_until

QUICK = 5.0  # seconds: an ordinary call must answer well within this while Redis is down


@pytest.fixture
def stack():
    with own_postgres() as pg:
        s = Stack(pg)
        try:
            yield s
        finally:
            s.stop()


def timed(call, *args, **kwargs):
    started = time.monotonic()
    r = call(*args, **kwargs)
    return r, time.monotonic() - started


def test_api_keeps_serving_without_redis_and_takes_jobs_again_when_it_returns(stack):
    code = unique_code("redis")
    stack.create_organization(code, "Redis Fault Org")
    stack.redis.start()
    stack.start_api()
    stack.start_worker()
    c = stack.admin(code)

    # Before the fault: data written, and a backup queued and completed by the worker.
    r = c.post(
        "/api/employees",
        json={
            "employeeId": "EMP001",
            "firstName": "Ada",
            "lastName": "Byron",
            "email": "ada@example.com",
            "department": "engineering",
            "position": "Engineer",
            "startDate": "2024-01-15",
        },  # fmt: skip
    )
    assert r.status_code == 201, r.text
    emp = r.json()["id"]
    note = {"employeeId": emp, "date": "2026-01-05", "category": "recognition"}
    r = c.post("/api/employee-notes", json={**note, "note": "Written before the outage."})
    assert r.status_code == 201, r.text
    r = c.post("/api/backups/create")
    assert r.status_code == 200, r.text
    first = r.json()["backup"]["filename"]
    assert wait_for_backup(c, first)["status"] == "completed"

    stack.redis.stop()

    # Ordinary work goes on: reads and writes answer at once.
    for path in ("/api/employees", f"/api/employees/{emp}", "/api/dashboard/stats",
                 f"/api/employee-notes?employeeId={emp}", "/api/reviews", "/api/reminders",
                 "/api/backups", "/api/auth/session"):  # fmt: skip
        r, took = timed(c.get, path)
        assert r.status_code == 200, (path, r.status_code, r.text)
        assert took < QUICK, (path, took)
    r, took = timed(c.post, "/api/employee-notes", json={**note, "note": "Written during it."})
    assert r.status_code == 201, r.text
    assert took < QUICK

    # A backup cannot be queued: a clear 503 within the queue's connect timeout.
    r, took = timed(c.post, "/api/backups/create")
    assert r.status_code == 503, r.text
    assert r.headers["content-type"].startswith("application/json")
    assert "not available right now" in r.json()["message"]
    assert took < 10, took
    # ...and the refused request left no pending entry behind (it would block the next one).
    assert set(backups(c)) == {first}
    # Readiness says what is wrong, for the operator.
    ready = c.get("/readyz")
    assert ready.status_code == 503 and ready.json()["checks"]["redis"] != "ok"

    # The worker notices too (it polls every half second); the API's refusals above can be
    # quicker than that, so the outage lasts until it has.
    wait_until(
        lambda: "Redis is unreachable" in stack.worker_log(), 20, what="the worker to notice"
    )
    stack.redis.start()

    # Accepted again as soon as Redis answers; the server process was not restarted.
    def accepted():
        r = c.post("/api/backups/create")
        if r.status_code == 200:
            return r
        assert r.status_code == 503, r.text  # Redis not answering yet
        return None

    second = wait_until(accepted, 20, every=0.5, what="backups to be accepted").json()
    name = second["backup"]["filename"]

    # The worker rode out the outage in the same process (api.worker.Worker) and runs the
    # job accepted after it: nobody restarted it.
    def finished():
        assert stack.worker is not None
        assert stack.worker.poll() is None, stack.worker_log()[-4000:]
        row = backups(c).get(name)
        return row if row and row["status"] != "pending" else None

    row = wait_until(finished, 120, every=0.5, what="the backup queued after the outage")
    assert row["status"] == "completed", row
    log = stack.worker_log()
    assert "Redis answers again" in log
    assert log.count("worker started") == 1
    r = c.post(f"/api/backups/{name}/validate")
    assert r.status_code == 200 and r.json()["valid"] is True, r.text

    # Nothing written before or during the outage was lost.
    notes = c.get(f"/api/employee-notes?employeeId={emp}").json()
    assert {n["note"] for n in notes} == {"Written before the outage.", "Written during it."}
    assert backups(c)[first]["status"] == "completed"
    assert wait_until(lambda: c.get("/readyz").status_code == 200, 10, what="readiness")
    c.close()
