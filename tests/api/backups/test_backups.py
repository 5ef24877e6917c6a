"""Backups: create (worker job), list, download, validate, restore; schedule and retention."""

import asyncio
import hashlib
import json
import os
import shutil
from datetime import date, timedelta

import httpx
import pytest
from arq.constants import default_queue_name, job_key_prefix
from arq.jobs import Job, JobStatus
from sqlalchemy import select, text, update

from api.backups import archive, files, runs, service
from api.backups import restore as restoring
from api.backups.jobs import backup_organization, nightly_backups
from api.backups.models import Backup
from api.core.db import get_engine, public_session, tenant_session, utcnow
from api.core.queue import BACKUP_QUEUE, get_queue, redis_settings
from api.core.security import hash_password
from api.employees.models import Employee
from api.organizations.models import Organization
from api.users.models import User
from tests.api.backups.factories import (
    USER_PASSWORD,
    dump,
    dump_schema,
    seed,
    without_passwords,
)
from tests.api.mail.support import env
from tests.conftest import BASE

LIST = "/api/backups"


async def make_backup(org: Organization, kind: str = "manual") -> str:
    """What the worker does for a queued backup, called directly."""
    filename = await backup_organization({}, org.id, None, kind)
    assert filename
    return filename


async def rows(org: Organization) -> list[Backup]:
    async with tenant_session(org.schema_name, org.id) as s:
        return list((await s.execute(select(Backup).order_by(Backup.id))).scalars())


def file_of(org: Organization, filename: str):
    return service.backup_dir(org.schema_name) / filename


async def drop_job(job_id: str) -> None:
    queue = await get_queue()
    try:
        await queue.delete(job_key_prefix + job_id)
        await queue.zrem(BACKUP_QUEUE, job_id)
    finally:
        await queue.aclose()


async def restore(client: httpx.AsyncClient, filename: str, **body) -> httpx.Response:
    return await client.post(f"{LIST}/{filename}/restore", json=body)


async def account_password_works(app, org: Organization, password: str) -> bool:
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url=BASE) as c:
        await c.post("/api/auth/org-login", json={"subdomain": org.subdomain})
        r = await c.post(
            "/api/auth/user-login", json={"email": "keeper@example.com", "password": password}
        )
        return r.status_code == 200


# -- create and list ----------------------------------------------------------------------


async def test_create_queues_a_job_that_the_worker_completes(login, org):
    await seed(org)
    admin = await login(org)
    r = await admin.post(f"{LIST}/create")
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["success"] is True
    pending = body["backup"]
    assert pending["status"] == "pending"
    # Listed at once, as pending.
    [listed] = (await admin.get(LIST)).json()
    assert listed["filename"] == pending["filename"] and listed["status"] == "pending"
    # The job waits in the backups queue, under a deterministic id; not in arq's default
    # queue, where reminders and mail wait.
    job_id = f"backup:{org.id}:manual:{pending['id']}"
    queue = await get_queue()
    try:
        assert await Job(job_id, queue, _queue_name=BACKUP_QUEUE).status() == JobStatus.queued
        assert await queue.zscore(default_queue_name, job_id) is None
    finally:
        await queue.aclose()
    await drop_job(job_id)
    # The worker's function finishes it.
    assert await backup_organization({}, org.id, pending["id"], "manual") == pending["filename"]
    [done] = (await admin.get(LIST)).json()
    assert done["status"] == "completed"
    assert done["employeeCount"] == 12
    assert isinstance(done["size"], float) and done["size"] >= 0
    assert set(done) >= {"id", "filename", "timestamp", "size", "employeeCount", "status"}
    size = file_of(org, done["filename"]).stat().st_size
    assert done["size"] == round(size / 1048576, 2)
    # Running the job again (a retry) changes nothing.
    await backup_organization({}, org.id, pending["id"], "manual")
    assert len(await rows(org)) == 1


async def test_the_backups_worker_of_merit_worker_takes_the_job_and_completes_it(login, org):
    """`merit worker` runs a worker on the backups queue (api.worker.BackupWorkerSettings).
    Run here until its queue is empty, it takes the API's job and completes the backup."""
    from arq.worker import get_kwargs

    from api.worker import BackupWorker, BackupWorkerSettings

    await seed(org)
    admin = await login(org)
    pending = (await admin.post(f"{LIST}/create")).json()["backup"]
    job_id = runs.manual_job_id(org, pending["id"])
    queue = await get_queue()
    try:
        # Other tests leave jobs queued (no worker runs beside the API tests): not this one's.
        left = [
            j if isinstance(j, str) else j.decode() for j in await queue.zrange(BACKUP_QUEUE, 0, -1)
        ]
    finally:
        await queue.aclose()
    for other in set(left) - {job_id}:
        await drop_job(other)
    options = {"redis_settings": redis_settings(), "burst": True, "poll_delay": 0.05}
    worker = BackupWorker(
        **{**get_kwargs(BackupWorkerSettings), **options, "handle_signals": False}
    )
    try:
        await worker.main()
    finally:
        await worker.close()
    assert (worker.jobs_complete, worker.jobs_failed) == (1, 0)
    [done] = (await admin.get(LIST)).json()
    assert done["filename"] == pending["filename"] and done["status"] == "completed"
    assert file_of(org, done["filename"]).is_file()


async def test_one_manual_backup_at_a_time(login, org):
    admin = await login(org)
    first = await admin.post(f"{LIST}/create")
    assert first.status_code == 200
    r = await admin.post(f"{LIST}/create")
    assert r.status_code == 409
    assert r.json()["message"] == runs.IN_PROGRESS
    await drop_job(f"backup:{org.id}:manual:{first.json()['backup']['id']}")


async def test_a_backup_whose_worker_died_no_longer_blocks_a_new_one(login, org):
    """Neither queued nor being exported: its worker was killed. It is marked failed."""
    admin = await login(org)
    first = (await admin.post(f"{LIST}/create")).json()["backup"]
    await drop_job(runs.manual_job_id(org, first["id"]))  # taken by a worker that died
    r = await admin.post(f"{LIST}/create")
    assert r.status_code == 200, r.text
    await drop_job(runs.manual_job_id(org, r.json()["backup"]["id"]))
    shown = {b["filename"]: b for b in (await admin.get(LIST)).json()}
    assert shown[first["filename"]]["status"] == "failed"
    assert shown[first["filename"]]["error"] == runs.INTERRUPTED
    assert shown[r.json()["backup"]["filename"]]["status"] == "pending"


async def test_a_backup_being_exported_blocks_a_new_one(login, org):
    admin = await login(org)
    first = (await admin.post(f"{LIST}/create")).json()["backup"]
    await drop_job(runs.manual_job_id(org, first["id"]))
    # Another connection holds the export lock, as a running export does.
    async with get_engine().connect() as exporter:
        await exporter.execute(
            text("SELECT pg_advisory_lock(hashtext(:k), :id)"),
            {"k": f"merit-backup:{org.schema_name}", "id": first["id"]},
        )
        r = await admin.post(f"{LIST}/create")
        assert r.status_code == 409
        assert r.json()["message"] == runs.IN_PROGRESS
        await exporter.execute(
            text("SELECT pg_advisory_unlock(hashtext(:k), :id)"),
            {"k": f"merit-backup:{org.schema_name}", "id": first["id"]},
        )
    [row] = await rows(org)
    assert row.status == "pending"


async def test_a_running_export_holds_the_lock_that_blocks_a_new_backup(login, org, monkeypatch):
    await seed(org)
    real = archive.export_query
    slowed: list[str] = []

    def slow_first_table(schema: str, table) -> str:  # type: ignore[no-untyped-def]
        if slowed:
            return real(schema, table)
        slowed.append(table.name)
        return f"SELECT q.* FROM ({real(schema, table)}) q, pg_sleep(1.5) s"

    monkeypatch.setattr(archive, "export_query", slow_first_table)
    admin = await login(org)
    first = (await admin.post(f"{LIST}/create")).json()["backup"]
    await drop_job(runs.manual_job_id(org, first["id"]))

    async def exporting() -> bool:
        async with tenant_session(org.schema_name, org.id) as s:
            return await runs._export_running(s, org, first["id"])

    worker = asyncio.create_task(backup_organization({}, org.id, first["id"], "manual"))
    for _ in range(100):
        if await exporting():
            break
        await asyncio.sleep(0.02)
    else:
        pytest.fail("the export never took its lock")
    r = await admin.post(f"{LIST}/create")
    assert r.status_code == 409 and r.json()["message"] == runs.IN_PROGRESS
    assert await worker == first["filename"]
    assert not await exporting()
    [row] = await rows(org)
    assert row.status == "completed"


async def test_without_the_worker_queue_create_answers_503(login, org):
    admin = await login(org)
    with env(REDIS_URL="unix:///nonexistent/merit-redis.sock"):
        r = await admin.post(f"{LIST}/create")
    assert r.status_code == 503
    assert r.json() == {"message": service.WORKER_DOWN}
    assert await rows(org) == []


async def _hanging_redis(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    """A Redis that answers the connection's set-up and PING, then never answers again (a
    network partition after the connection was checked)."""
    while True:
        count = int((await reader.readline())[1:])
        words = []
        for _ in range(count):
            size = int((await reader.readline())[1:])
            words.append((await reader.readexactly(size + 2))[:-2].upper())
        if words[0] == b"PING":
            writer.write(b"+PONG\r\n")
        elif words[0] in (b"CLIENT", b"SELECT"):
            writer.write(b"+OK\r\n")
        else:
            await asyncio.Event().wait()  # silence, until the test closes the server


async def test_a_redis_that_stops_answering_gets_503_not_a_hung_request(login, org):
    server = await asyncio.start_server(_hanging_redis, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    admin = await login(org)
    try:
        with env(REDIS_URL=f"redis://127.0.0.1:{port}/0"):
            started = asyncio.get_running_loop().time()
            r = await asyncio.wait_for(admin.post(f"{LIST}/create"), 20)
            waited = asyncio.get_running_loop().time() - started
    finally:
        server.close()
    assert r.status_code == 503
    assert r.json() == {"message": service.WORKER_DOWN}
    assert waited < 10
    assert await rows(org) == []


async def test_the_list_is_newest_first_and_per_organisation(login, org, other_org):
    first = await make_backup(org)
    second = await make_backup(org)
    admin = await login(org)
    assert [b["filename"] for b in (await admin.get(LIST)).json()] == [second, first]
    other = await login(other_org)
    assert (await other.get(LIST)).json() == []


@pytest.mark.parametrize("role", ["hr", "manager", "user"])
async def test_only_admins_reach_backups(login, org, role):
    filename = await make_backup(org)
    c = await login(org, role)
    assert (await c.get(LIST)).status_code == 403
    assert (await c.post(f"{LIST}/create")).status_code == 403
    assert (await c.get(f"{LIST}/{filename}/download")).status_code == 403
    assert (await c.post(f"{LIST}/{filename}/validate")).status_code == 403
    assert (await restore(c, filename, confirmRestore=True)).status_code == 403


# -- download and the file ----------------------------------------------------------------


async def test_download_is_the_json_export_with_passwords_redacted(login, org):
    await seed(org)
    filename = await make_backup(org)
    admin = await login(org)
    r = await admin.get(f"{LIST}/{filename}/download")
    assert r.status_code == 200
    assert filename in r.headers["content-disposition"]
    assert r.headers["content-disposition"].startswith("attachment")
    doc = json.loads(r.content)
    assert doc["format"] == "merit-backup" and doc["version"] == archive.VERSION
    assert doc["organization"]["id"] == org.id
    assert set(doc["data"]) == {t.name for t in archive.backup_tables()}
    assert "backups" not in doc["data"]
    users = doc["data"]["users"]
    ph = users["columns"].index("password_hash")
    assert users["rows"] and all(row[ph] is None for row in users["rows"])
    assert b"$argon2" not in r.content
    assert doc["counts"]["employees"] == 12
    assert len(doc["checksum"]) == 64
    head = r.content[: r.content.rstrip(b"\n").rfind(b"\n") + 1]
    assert hashlib.sha256(head).hexdigest() == doc["checksum"]


# -- validate -----------------------------------------------------------------------------


async def test_a_good_backup_validates(login, org):
    await seed(org)
    filename = await make_backup(org)
    admin = await login(org)
    r = await admin.post(f"{LIST}/{filename}/validate")
    assert r.status_code == 200
    body = r.json()
    assert body["valid"] is True
    assert body["details"]["dataKeys"] == [t.name for t in archive.backup_tables()]
    assert body["details"]["counts"]["employees"] == 12
    assert "error" not in body["details"]


def tamper(path, change) -> None:
    data = bytearray(path.read_bytes())
    path.write_bytes(bytes(change(data)))


def replace_once(data: bytearray, old: bytes, new: bytes) -> bytes:
    assert old in data
    return bytes(data).replace(old, new, 1)


def with_checksum(body: bytes) -> bytes:
    return body + f'"checksum":"{hashlib.sha256(body).hexdigest()}"}}\n'.encode()


@pytest.mark.parametrize(
    ("change", "error"),
    [
        (lambda d: replace_once(d, b"EMP0003", b"EMP0009"), "Checksum mismatch"),
        (lambda d: d[: len(d) // 2], "incomplete"),
        (lambda d: d[:-3], "incomplete"),
        (lambda d: b"", "empty"),
        (lambda d: with_checksum(b'{"hello": "world"},\n'), "not a Merit backup"),
        (
            lambda d: with_checksum(
                replace_once(
                    bytearray(d[: bytes(d).index(b"\n") + 1]),
                    f'"version":{archive.VERSION}'.encode(),
                    b'"version":99',
                )
                + b'"data":{\n},\n"counts":{},\n'
            ),
            "newer version of Merit",
        ),
        (
            lambda d: with_checksum(
                bytes(d[: bytes(d).rstrip(b"\n").rfind(b"\n") + 1]).replace(
                    b'"employees":{"columns":["id"', b'"employees":{"columns":["salary"'
                )
            ),
            "columns for employees",
        ),
        (
            lambda d: with_checksum(
                bytes(d[: bytes(d).rstrip(b"\n").rfind(b"\n") + 1]).replace(
                    b'"departments":{', b'"pg_authid":{'
                )
            ),
            "unknown table",
        ),
    ],
)
async def test_a_damaged_backup_fails_validation_and_restores_nothing(
    app, login, org, change, error
):
    await seed(org)
    filename = await make_backup(org)
    path = file_of(org, filename)
    tamper(path, change)
    admin = await login(org)
    r = await admin.post(f"{LIST}/{filename}/validate")
    assert r.status_code == 200
    body = r.json()
    assert body["valid"] is False
    assert error in body["details"]["error"]
    assert "dataKeys" not in body["details"]
    before = await dump(org)
    r = await restore(admin, filename, confirmRestore=True)
    assert r.status_code == 400
    assert r.json()["message"].startswith("The backup file is invalid")
    assert error in r.json()["message"]
    assert await dump(org) == before
    assert len(await rows(org)) == 1  # not even a safety backup was taken


async def test_a_backup_of_another_organisation_is_refused(login, org, other_org):
    await seed(org)
    filename = await make_backup(org)
    # Someone copies A's file into B's folder and registers it there.
    target = service.backup_dir(other_org.schema_name)
    target.mkdir(parents=True, exist_ok=True)
    shutil.copy(file_of(org, filename), target / filename)
    async with tenant_session(other_org.schema_name, other_org.id) as s:
        s.add(Backup(filename=filename, status="completed", size_bytes=1))
    admin_b = await login(other_org)
    r = await admin_b.post(f"{LIST}/{filename}/validate")
    assert r.json() == {
        "valid": False,
        "details": {"error": "This backup belongs to another organization"},
    }
    before = await dump(other_org)
    r = await restore(admin_b, filename, confirmRestore=True)
    assert r.status_code == 400
    assert await dump(other_org) == before


# -- filenames ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    [
        "..",
        "...json",
        "evil.json",
        "%2e%2e",
        "backup-20260101-000000-manual-0000000g.json",
        ".backup-20260101-000000-manual-00000000.json.part",
    ],
)
async def test_bad_filenames_are_refused(login, org, name):
    admin = await login(org)
    for r in (
        await admin.get(f"{LIST}/{name}/download"),
        await admin.post(f"{LIST}/{name}/validate"),
        await restore(admin, name, confirmRestore=True),
    ):
        assert r.status_code in (400, 404), (name, r.status_code)
        assert r.status_code != 200


async def test_paths_cannot_escape_the_backup_folder(login, org):
    admin = await login(org)
    for name in ("..%2F..%2F..%2Fetc%2Fpasswd", "%2e%2e%2f%2e%2e%2fpasswd", "..\\..\\x.json"):
        r = await admin.get(f"{LIST}/{name}/download")
        assert r.status_code in (400, 404)
        assert "root:" not in r.text
    with pytest.raises(Exception, match="Invalid backup filename"):
        service.backup_path(org.schema_name, "../../../etc/passwd")
    with pytest.raises(Exception, match="Invalid backup filename"):
        service.backup_path(org.schema_name, "backup-20260101-000000-manual-00000000.json/../x")


async def test_filenames_of_another_organisation_are_not_found(login, org, other_org):
    filename = await make_backup(org)
    admin_b = await login(other_org)
    assert (await admin_b.get(f"{LIST}/{filename}/download")).status_code == 404
    assert (await admin_b.post(f"{LIST}/{filename}/validate")).status_code == 404
    r = await restore(admin_b, filename, confirmRestore=True)
    assert r.status_code == 404
    assert r.json() == {"message": runs.NOT_FOUND}


# -- restore ------------------------------------------------------------------------------


# Tables of an organisation's schema that backups leave out on purpose, and why. Any other
# table of the schema (one added later included) must come back from a backup.
NOT_BACKED_UP = {
    "backups": "the backup history itself: a restore must not rewind it",
    "audit_events": "the audit trail: append-only, a restore is one more event in it",
    "upload_slots": "short-lived upload permissions, not organisation data",
    "alembic_version": "the schema's migration state, kept by the migrations",
}


async def organisation_data(org: Organization) -> dict:
    """Every table of the schema as Postgres lists it, less the ones left out on purpose."""
    tables = await dump_schema(org)
    assert set(NOT_BACKED_UP) <= set(tables)
    return {name: rows for name, rows in tables.items() if name not in NOT_BACKED_UP}


async def test_backup_round_trip_restores_every_table(app, login, org):
    await seed(org)
    filename = await make_backup(org)
    original = await organisation_data(org)
    # The schema's tables, not the backup's own list: a table dropped from backups fails here.
    assert set(original) == {t.name for t in archive.backup_tables()}
    # Every table holds rows, so the comparison below covers each of them.
    assert [name for name, table_rows in original.items() if not table_rows] == []
    admin = await login(org)
    # Change everything after the backup: rows removed, added and edited, a new password,
    # a new organisation name.
    async with tenant_session(org.schema_name, org.id) as s:
        for emp in (
            await s.execute(select(Employee).where(Employee.employee_id != "EMP0000"))
        ).scalars():
            await s.delete(emp)
        s.add(Employee(employee_id="NEW001", first_name="New", last_name="Person"))
        await s.execute(update(User).values(first_name="Changed"))
    r = await admin.post(
        "/api/users", json={"email": "later@example.com", "password": "Later2026!x", "role": "hr"}
    )
    assert r.status_code == 201
    async with tenant_session(org.schema_name, org.id) as s:
        await s.execute(
            update(User)
            .where(User.id == "user-1")
            .values(password_hash=hash_password("Newer2026!x"))
        )
    r = await admin.put("/api/organization/current", json={"name": "Renamed Org"})
    assert r.status_code == 200
    assert await organisation_data(org) != original

    r = await restore(admin, filename, confirmRestore=True)
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["success"] is True
    assert body["safetyBackup"] and body["safetyBackup"] in body["message"]

    restored = await organisation_data(org)
    assert without_passwords(restored) == without_passwords(original)
    # Passwords are the current ones, not the backup's (which holds none).
    assert await account_password_works(app, org, "Newer2026!x")
    assert not await account_password_works(app, org, USER_PASSWORD)
    # The organisation's name follows the restored settings.
    assert (await admin.get("/api/organization/current")).json()["name"] == "Alpha Org"
    # A safety backup of the data before the restore exists and holds the later user.
    listed = {b["filename"]: b for b in (await admin.get(LIST)).json()}
    safety = listed[body["safetyBackup"]]
    assert safety["status"] == "completed" and safety["employeeCount"] == 2
    doc = json.loads(file_of(org, body["safetyBackup"]).read_bytes())
    emails = [row[1] for row in doc["data"]["users"]["rows"]]
    assert "later@example.com" in emails
    # New rows get fresh ids after the restore.
    async with tenant_session(org.schema_name, org.id) as s:
        emp = Employee(employee_id="AFTER1", first_name="After", last_name="Restore")
        s.add(emp)
        await s.flush()
        assert emp.id > max(row[0] for row in original["employees"])
    # The safety backup brings the later state back too.
    r = await restore(admin, body["safetyBackup"], confirmRestore=True)
    assert r.status_code == 200
    assert (await admin.get("/api/organization/current")).json()["name"] == "Renamed Org"


async def test_a_restore_request_holds_no_second_pooled_connection(login, org, monkeypatch):
    """The load opens its own connection; the request must not sit on another one meanwhile
    (a full pool would deadlock)."""
    await seed(org)
    filename = await make_backup(org)
    admin = await login(org)
    checked_out: list[int] = []
    real_load = restoring.load

    async def watching(o: Organization, path, **kw):  # type: ignore[no-untyped-def]
        checked_out.append(get_engine().pool.checkedout())
        return await real_load(o, path, **kw)

    monkeypatch.setattr(restoring, "load", watching)
    r = await restore(admin, filename, confirmRestore=True)
    assert r.status_code == 200, r.text
    assert checked_out == [0]


@pytest.mark.parametrize(
    "body", [None, {}, {"confirmRestore": False}, {"confirmRestore": "true"}, {"confirmRestore": 1}]
)
async def test_restore_needs_confirmation(login, org, body):
    await seed(org)
    filename = await make_backup(org)
    before = await dump(org)
    admin = await login(org)
    r = await admin.post(f"{LIST}/{filename}/restore", json=body)
    assert r.status_code == 400
    assert r.json()["message"] == restoring.CONFIRM_REQUIRED
    assert await dump(org) == before


async def test_only_completed_backups_can_be_used(login, org):
    async with tenant_session(org.schema_name, org.id) as s:
        s.add(Backup(filename="backup-20260101-000000-manual-00000001.json", status="failed"))
    admin = await login(org)
    name = "backup-20260101-000000-manual-00000001.json"
    assert (await admin.post(f"{LIST}/{name}/validate")).status_code == 409
    assert (await admin.get(f"{LIST}/{name}/download")).status_code == 409
    assert (await restore(admin, name, confirmRestore=True)).status_code == 409


async def test_a_backup_whose_rows_break_the_rules_restores_nothing(login, org):
    """A file with a valid checksum whose data cannot go in (a review of a missing employee)
    is reported invalid by validate, and a restore is rolled back as a whole."""
    await seed(org)
    filename = await make_backup(org)
    path = file_of(org, filename)
    data = path.read_bytes()
    body = data[: data.rstrip(b"\n").rfind(b"\n") + 1]
    start = body.index(b'"reviews":{')
    line_end = body.index(b"\n", body.index(b"\n", start) + 1)
    row_line = body[body.index(b"\n", start) + 1 : line_end]
    broken = json.loads(row_line.rstrip(b","))
    broken[1] = 999999  # employee_id that does not exist
    body = body.replace(row_line, json.dumps(broken).encode() + b",", 1)
    path.write_bytes(with_checksum(body))
    admin = await login(org)
    checked = (await admin.post(f"{LIST}/{filename}/validate")).json()
    assert checked["valid"] is False
    assert checked["details"]["error"].startswith("The backup could not be restored")
    assert "foreign key" in checked["details"]["error"]
    before = await dump(org)
    r = await restore(admin, filename, confirmRestore=True)
    assert r.status_code == 400
    assert r.json()["message"].startswith("The backup could not be restored")
    assert await dump(org) == before


# -- failures while backing up ------------------------------------------------------------


async def test_a_failed_export_is_marked_failed_and_leaves_no_file(login, org, monkeypatch):
    await seed(org)
    calls = {"n": 0}
    real = archive.Writer.end_table

    def failing(self):
        calls["n"] += 1
        if calls["n"] == 3:
            raise OSError("No space left on device")
        real(self)

    monkeypatch.setattr(archive.Writer, "end_table", failing)
    with pytest.raises(service.BackupFailed):
        await backup_organization({}, org.id)
    [row] = await rows(org)
    assert row.status == "failed" and "No space left" in (row.error or "")
    folder = service.backup_dir(org.schema_name)
    assert list(folder.iterdir()) == []
    admin = await login(org)
    [listed] = (await admin.get(LIST)).json()
    assert listed["status"] == "failed"


async def test_a_worker_stopped_mid_backup_leaves_no_completed_entry(org, monkeypatch):
    await seed(org)
    reached = asyncio.Event()
    real = archive.Writer.rows

    def slow(self, table, lines):
        real(self, table, lines)
        if table.name == "employees":
            reached.set()
            raise asyncio.CancelledError  # what a job timeout or shutdown does mid-write

    monkeypatch.setattr(archive.Writer, "rows", slow)
    with pytest.raises(asyncio.CancelledError):
        await backup_organization({}, org.id)
    assert reached.is_set()
    [row] = await rows(org)
    assert row.status == "failed"
    assert list(service.backup_dir(org.schema_name).iterdir()) == []


async def test_a_killed_worker_leaves_a_pending_row_that_retention_marks_failed(login, org):
    """kill -9 gives no chance to clean up: the row stays pending, the file only a .part."""
    async with tenant_session(org.schema_name, org.id) as s:
        row = Backup(filename=files.new_filename("manual", utcnow()), status="pending")
        s.add(row)
    folder = service.backup_dir(org.schema_name)
    folder.mkdir(parents=True, exist_ok=True)
    part = folder / f".{row.filename}.part"
    part.write_bytes(b'{"format":"merit-backup","version":1')
    [listed] = await rows(org)
    assert listed.status == "pending"
    admin = await login(org)
    assert (await admin.get(LIST)).json()[0]["status"] == "pending"
    async with tenant_session(org.schema_name, org.id) as s:
        await s.execute(update(Backup).values(timestamp=utcnow() - timedelta(hours=2)))
    # Shown as failed once no job could still be running it.
    [shown] = (await admin.get(LIST)).json()
    assert shown["status"] == "failed" and shown["error"] == runs.INTERRUPTED
    later = utcnow() + runs.STALE_PENDING + timedelta(minutes=1)
    os.utime(part, (utcnow().timestamp() - 7200, utcnow().timestamp() - 7200))
    await service.prune(org, now=later)
    [listed] = await rows(org)
    assert listed.status == "failed" and listed.error
    assert not part.exists()


# -- schedule and retention ---------------------------------------------------------------


async def test_the_nightly_run_queues_one_job_per_organisation_per_day(org):
    queue = await get_queue()
    try:
        job_id = f"backup:{org.id}:{date.today().isoformat()}"
        assert await nightly_backups({"redis": queue}) >= 1
        assert await Job(job_id, queue, _queue_name=BACKUP_QUEUE).status() == JobStatus.queued
        # Run twice (two schedulers, a restart): the slot is not queued again.
        await nightly_backups({"redis": queue})
        assert await queue.zscore(BACKUP_QUEUE, job_id) is not None
        assert await queue.zscore(default_queue_name, job_id) is None
    finally:
        await queue.aclose()
    async with public_session() as db:
        ids = (await db.execute(select(Organization.id))).scalars().all()
    for org_id in ids:
        await drop_job(f"backup:{org_id}:{date.today().isoformat()}")
    # The job itself is idempotent for its day.
    filename = await make_backup(org, "scheduled")
    assert await backup_organization({}, org.id, None, "scheduled") is None
    [row] = await rows(org)
    assert row.filename == filename and row.kind == "scheduled"


async def test_seven_day_retention_keeps_the_newest_completed(org):
    names = [await make_backup(org) for _ in range(3)]
    old = utcnow() - timedelta(days=8)
    async with tenant_session(org.schema_name, org.id) as s:
        await s.execute(update(Backup).values(timestamp=old))
    recent = await make_backup(org)
    assert await service.prune(org) == 3
    assert [b.filename for b in await rows(org)] == [recent]
    assert not any(file_of(org, n).exists() for n in names)
    assert file_of(org, recent).exists()
    # When every backup is older than 7 days, the newest completed one still stays.
    newest = await make_backup(org)
    async with tenant_session(org.schema_name, org.id) as s:
        await s.execute(update(Backup).values(timestamp=old))
        await s.execute(
            update(Backup)
            .where(Backup.filename == newest)
            .values(timestamp=old + timedelta(hours=1))
        )
    assert await service.prune(org) == 1
    assert [b.filename for b in await rows(org)] == [newest]


def test_the_worker_runs_the_nightly_backups_at_two_in_the_morning():
    from api.worker import WorkerSettings

    [nightly] = [c for c in WorkerSettings.cron_jobs if c.name == "cron:nightly_backups"]
    assert (nightly.hour, nightly.minute, nightly.second) == ({2}, {0}, 0)
    assert nightly.run_at_startup is False
    names = {
        getattr(f, "name", None) or getattr(f, "__name__", None) for f in WorkerSettings.functions
    }
    assert {"backup_organization", "nightly_backups"} <= names
