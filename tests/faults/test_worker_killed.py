"""Fault: the worker is killed (SIGKILL: no clean-up code runs) in the middle of a backup.
The interrupted backup never shows as completed and leaves no file under its real name (it
is written to a temporary name and renamed only when whole); nothing written before the
fault is lost; and after the worker is started again, the next backup completes and
validates."""

import signal
import time

import pytest

from tests.conftest import unique_code
from tests.faults.services import Stack, backups, own_postgres, wait_for_backup, wait_until

EMPLOYEES = 20_000
REVIEWS_EACH = 3  # with ~1 KB of answers each: a backup that takes a few seconds to write


def seed(pg, schema: str) -> None:
    pg.psql(f"""
        INSERT INTO "{schema}".employees (employee_id, first_name, last_name, email, department,
            position, start_date, review_schedule, next_review_date)
        SELECT 'E' || lpad(g::text, 6, '0'), 'First' || g, 'Last' || g,
               'person' || g || '@example.com', 'engineering', 'Engineer',
               DATE '2020-01-01' + (g % 1500), 'quarterly', DATE '2027-01-15'
        FROM generate_series(1, {EMPLOYEES}) AS g;
        INSERT INTO "{schema}".reviews (employee_id, template_id, review_type, status, responses,
            rating, reviewer_notes, due_date, completed_at)
        SELECT e.id, t.id, 'quarterly', 'completed',
               jsonb_build_object('q1', 4, 'q2', repeat('Delivered the roadmap on time. ', 25),
                                  'q4', 4, 'q5', 'yes'),
               4, repeat('Clear progress on goals. ', 10), DATE '2026-06-30', now() - interval '1 day' * k
        FROM "{schema}".employees e, generate_series(1, {REVIEWS_EACH}) AS k,
             (SELECT id FROM "{schema}".review_templates ORDER BY id LIMIT 1) AS t;
        ANALYZE;
    """)  # fmt: skip


@pytest.fixture(scope="module")
def killed():
    """A backup under way when the worker gets SIGKILL. Yields what the tests check."""
    with own_postgres() as pg:
        stack = Stack(pg)
        try:
            code = unique_code("kill")
            schema, _ = stack.create_organization(code, "Kill Fault Org")
            seed(pg, schema)
            stack.redis.start()
            worker = stack.start_worker()
            stack.start_api()
            c = stack.admin(code)
            wait_until(lambda: "worker started" in stack.worker_log(), 60, what="the worker")
            r = c.post("/api/backups/create")
            assert r.status_code == 200, r.text
            name = r.json()["backup"]["filename"]
            folder = stack.data / "backups" / schema
            part = folder / f".{name}.part"

            # Kill it once the export has begun writing (the temporary file has some bytes).
            def writing() -> bool:
                return part.exists() and part.stat().st_size > 0

            wait_until(writing, 60, every=0.005, what="the backup to start writing")
            worker.send_signal(signal.SIGKILL)
            worker.wait(timeout=10)
            yield {"stack": stack, "client": c, "name": name, "folder": folder,
                   "worker": worker, "killed_at": time.time()}  # fmt: skip
            c.close()
        finally:
            stack.stop()


def test_a_killed_backup_is_never_completed_and_leaves_no_file(killed):
    c, name, folder = killed["client"], killed["name"], killed["folder"]
    assert killed["worker"].returncode == -signal.SIGKILL
    row = backups(c)[name]
    assert row["status"] != "completed", row
    # No file under the real name: only the temporary one the export was writing.
    assert not (folder / name).exists()
    assert sorted(p.name for p in folder.iterdir() if not p.name.startswith(".")) == []
    # The half backup can be neither downloaded, validated nor restored.
    assert c.get(f"/api/backups/{name}/download").status_code == 409
    assert c.post(f"/api/backups/{name}/validate").status_code == 409
    r = c.post(f"/api/backups/{name}/restore", json={"confirmRestore": True})
    assert r.status_code == 409
    # Nothing written before the fault is lost.
    stats = c.get("/api/dashboard/stats").json()
    assert stats["totalEmployees"] == EMPLOYEES


def test_after_a_restart_the_next_backup_completes_and_validates(killed):
    stack, c, name = killed["stack"], killed["client"], killed["name"]
    stack.start_worker()
    wait_until(lambda: stack.worker_log().count("worker started") >= 2, 60, what="the worker")

    # Soon after the worker's death the interrupted entry no longer blocks a new backup...
    def accepted():
        r = c.post("/api/backups/create")
        if r.status_code == 200:
            return r
        assert r.status_code == 409, r.text  # still held by the interrupted entry
        return None

    remaining = max(1.0, 30 - (time.time() - killed["killed_at"]))
    r = wait_until(accepted, remaining, every=1, what="a new backup to be accepted")
    following = r.json()["backup"]["filename"]
    # ...and shows as failed, not as a backup still running.
    assert backups(c)[name]["status"] == "failed"
    row = wait_for_backup(c, following, timeout=180)
    assert row["status"] == "completed", row
    assert row["employeeCount"] == EMPLOYEES
    r = c.post(f"/api/backups/{following}/validate")
    assert r.status_code == 200 and r.json()["valid"] is True, r.text
    assert (killed["folder"] / following).is_file()
