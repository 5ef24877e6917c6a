"""Restores that meet each other or fail part-way: the data is exactly one backup's, or
exactly what it was."""

import asyncio
import json

import asyncpg
import pytest
from sqlalchemy import select, text

from api.backups import restore as restoring
from api.backups.models import Backup
from api.core.db import public_session, tenant_session
from api.core.errors import Conflict
from api.employees.models import Employee
from api.organizations.models import Organization
from tests.api.backups.factories import dump, dump_schema, seed, without_passwords
from tests.api.backups.test_backups import file_of, make_backup, restore, with_checksum

ROUNDS = 3


async def two_backups(org: Organization) -> tuple[tuple[str, dict], tuple[str, dict]]:
    """Two backups of different data, each with the dump it was taken from."""
    await seed(org)
    first = await make_backup(org)
    first_data = without_passwords(await dump(org))
    async with tenant_session(org.schema_name, org.id) as s:
        s.add(Employee(employee_id="LATER01", first_name="Later", last_name="Hire"))
        for emp in (
            await s.execute(select(Employee).where(Employee.employee_id == "EMP0005"))
        ).scalars():
            await s.delete(emp)
    second = await make_backup(org)
    second_data = without_passwords(await dump(org))
    assert first_data != second_data
    return (first, first_data), (second, second_data)


async def test_two_restores_at_once_one_is_refused_and_the_data_is_the_others(login, org):
    (a, a_data), (b, b_data) = await two_backups(org)
    wanted = {a: a_data, b: b_data}
    for _ in range(ROUNDS):
        first, second = await login(org), await login(org)
        replies = await asyncio.gather(
            restore(first, a, confirmRestore=True), restore(second, b, confirmRestore=True)
        )
        codes = [r.status_code for r in replies]
        assert sorted(codes) == [200, 409], [r.text for r in replies]
        refused = replies[codes.index(409)].json()["message"]
        assert refused == restoring.RESTORE_IN_PROGRESS
        winner = (a, b)[codes.index(200)]
        assert without_passwords(await dump(org)) == wanted[winner]


async def state(org: Organization) -> tuple[dict, tuple]:
    """Every table of the schema (the backup history apart) and the registry row."""
    tables = await dump_schema(org)
    tables.pop("backups")
    async with public_session() as db:
        row = await db.get(Organization, org.id)
        assert row is not None
        registry = (row.name, row.logo_url, row.is_active)
    return tables, registry


async def backup_names(org: Organization) -> set[str]:
    async with tenant_session(org.schema_name, org.id) as s:
        return set((await s.execute(select(Backup.filename))).scalars())


def break_last_table(org: Organization, filename: str) -> None:
    """The backup's last table gets a second copy of its last row: valid JSON, right checksum,
    refused only by the primary key once every other table has been copied in."""
    path = file_of(org, filename)
    data = path.read_bytes()
    body = data[: data.rstrip(b"\n").rfind(b"\n") + 1]
    lines = body.split(b"\n")
    end = max(i for i, line in enumerate(lines) if line in (b"]}", b"]},"))
    last_row = lines[end - 1].rstrip(b",")
    assert json.loads(last_row)
    lines[end - 1 : end] = [last_row + b",", last_row]
    # The row counts name it too, so the file is consistent in every way but the key.
    at = next(i for i, line in enumerate(lines) if line.startswith(b'"counts":'))
    counts = json.loads(lines[at][len(b'"counts":') : -1])
    counts[list(counts)[-1]] += 1
    lines[at] = b'"counts":' + json.dumps(counts, separators=(",", ":")).encode() + b","
    path.write_bytes(with_checksum(b"\n".join(lines)))


async def test_a_restore_refused_by_its_last_table_leaves_every_table_as_it_was(login, org):
    (a, _), _ = await two_backups(org)
    break_last_table(org, a)
    before, names = await state(org), await backup_names(org)
    admin = await login(org)
    r = await restore(admin, a, confirmRestore=True)
    assert r.status_code == 400, r.text
    assert r.json()["message"].startswith("The backup could not be restored")
    assert "duplicate key" in r.json()["message"]
    assert await state(org) == before
    # Only the safety backup of the (unchanged) data was added.
    [added] = await backup_names(org) - names
    assert "-safety-" in added


@pytest.mark.parametrize("fault", ["postgres", "connection"])
async def test_a_restore_failing_after_every_table_was_copied_leaves_the_data_as_it_was(
    login, org, monkeypatch, fault
):
    (a, _), _ = await two_backups(org)
    before = await state(org)
    real = restoring._after_load
    reached: list[int] = []

    async def failing(pg: asyncpg.Connection, schema: str, org_id: int):
        disabled = await real(pg, schema, org_id)
        count = await pg.fetchval(f'SELECT count(*) FROM "{schema}".employees')
        reached.append(count)
        if fault == "postgres":
            await pg.execute("SELECT 1 / 0")
        else:  # the connection dies (Postgres restarted, the network gone)
            async with public_session() as db:
                await db.execute(
                    text("SELECT pg_terminate_backend(:pid)"), {"pid": pg.get_server_pid()}
                )
            await pg.execute("SELECT 1")
        return disabled

    monkeypatch.setattr(restoring, "_after_load", failing)
    admin = await login(org)
    r = await restore(admin, a, confirmRestore=True)
    assert reached == [12]  # the backup's employees were all in when it failed
    assert r.status_code == (400 if fault == "postgres" else 503), r.text
    assert await state(org) == before
    monkeypatch.undo()
    # And nothing was left locked: a restore works right after.
    assert (await restore(admin, a, confirmRestore=True)).status_code == 200


async def test_a_restore_asked_for_while_another_one_loads_is_refused_at_once(
    login, org, monkeypatch
):
    (a, a_data), (b, _) = await two_backups(org)
    loading, finish = asyncio.Event(), asyncio.Event()
    real = restoring._copy_tables

    async def held(pg, schema, reader):  # type: ignore[no-untyped-def]
        loading.set()
        await finish.wait()
        await real(pg, schema, reader)

    monkeypatch.setattr(restoring, "_copy_tables", held)
    first, second = await login(org), await login(org)
    running = asyncio.create_task(restore(first, a, confirmRestore=True))
    await asyncio.wait_for(loading.wait(), 30)
    names = await backup_names(org)
    try:  # queued behind the first, it would wait for ever here
        r = await asyncio.wait_for(restore(second, b, confirmRestore=True), 30)
    finally:
        finish.set()
    assert r.status_code == 409 and r.json()["message"] == restoring.RESTORE_IN_PROGRESS
    assert await backup_names(org) == names  # refused before any safety backup was taken
    assert (await running).status_code == 200
    assert without_passwords(await dump(org)) == a_data


async def test_a_restore_whose_safety_backup_predates_another_restore_is_refused(org):
    """Another restore committed after this one's safety backup was taken: loading now would
    replace data that no safety backup holds."""
    (a, a_data), (b, _) = await two_backups(org)
    generation = await restoring._data_generation(org)
    await restoring.load(org, file_of(org, a))  # the other restore, committed meanwhile
    with pytest.raises(Conflict):
        await restoring.load(org, file_of(org, b), generation=generation)
    assert without_passwords(await dump(org)) == a_data
    # Read again, it is current: the restore goes ahead.
    await restoring.load(org, file_of(org, b), generation=await restoring._data_generation(org))
