"""Validating and restoring a backup of one organisation.

Validating runs the restore itself (the same parsing, conversion and COPY) into a scratch copy
of the tenant schema, in a transaction that is then rolled back: a backup is reported valid
exactly when it restores, and the organisation's own tables are not touched. A restore checks
the file completely first, takes a safety backup, then replaces every table in one
transaction.
"""

import asyncio
import logging
import secrets
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from typing import Any

import asyncpg
from sqlalchemy import Integer

from api.audit import trail
from api.backups import archive, values
from api.backups.export import BATCH, raw_connection
from api.backups.files import completed_file
from api.backups.models import Backup
from api.backups.runs import BackupFailed, run_backup
from api.core.errors import BadRequest, Conflict
from api.organizations.models import Organization
from tenants.ddl import tenant_ddl

log = logging.getLogger("merit.backups")

CONFIRM_REQUIRED = "Please confirm the restore: send confirmRestore: true"
RESTORE_IN_PROGRESS = (
    "Another restore of this organization is running or has just finished, so nothing was "
    "restored. Check the data, then restore again if you still need to."
)
CANNOT_RESTORE = "The backup could not be restored: {}"


@dataclass
class DisabledAccount:
    id: str
    email: str
    first_name: str | None
    last_name: str | None
    role: str


@dataclass
class RestoreResult:
    safety: Backup
    # Accounts in the backup that had been removed since: back, but disabled.
    disabled: list[DisabledAccount]


async def validate(org: Organization, backup: Backup) -> archive.Summary:
    """Checksum, structure, then a restore that is rolled back. Raises archive.InvalidBackup
    with the reason."""
    return await validate_file(org, completed_file(org, backup))


async def validate_file(
    org: Organization, path: Path, *, source_organization_id: int | None = None
) -> archive.Summary:
    await asyncio.to_thread(archive.verify_checksum, path)
    scratch = f"merit_check_{secrets.token_hex(8)}"
    with open(path, "rb") as fh:  # noqa: ASYNC230
        reader = archive.Reader(
            fh, organization_id=org.id, source_organization_id=source_organization_id
        )
        summary = await asyncio.to_thread(reader.header)
        async with raw_connection() as pg:
            transaction = pg.transaction()
            await transaction.start()
            try:
                await pg.execute(f'CREATE SCHEMA "{scratch}"')
                await pg.execute(f'SET LOCAL search_path TO "{scratch}"')
                await pg.execute(tenant_ddl())
                await pg.execute("SET LOCAL search_path TO public")
                await _copy_tables(pg, scratch, reader)
                await _reset_sequences(pg, scratch)
            except asyncpg.PostgresError as exc:
                raise archive.InvalidBackup(CANNOT_RESTORE.format(exc)) from exc
            finally:
                await transaction.rollback()
    return summary


async def restore(org: Organization, backup: Backup, *, confirm: Any) -> RestoreResult:
    """Replace the organisation's data with the backup's, all or nothing; returns the safety
    backup taken first and the accounts that came back disabled. Access stays as it is now."""
    if confirm is not True:
        raise BadRequest(CONFIRM_REQUIRED)
    path = completed_file(org, backup)
    try:
        await asyncio.to_thread(archive.read_summary, path, organization_id=org.id)
    except archive.InvalidBackup as exc:
        raise BadRequest(f"The backup file is invalid: {exc}") from exc
    # Read before the safety backup is taken: if another restore replaces the data after
    # this point, the safety backup may not hold what this restore would overwrite.
    generation = await _data_generation(org)
    try:
        safety = await run_backup(org, kind="safety")
    except BackupFailed as exc:
        raise Conflict(
            "The safety backup of the current data failed, so nothing was restored."
        ) from exc
    try:
        disabled = await load(org, path, generation=generation)
    except archive.InvalidBackup as exc:
        raise BadRequest(f"The backup file is invalid: {exc}") from exc
    except asyncpg.PostgresError as exc:
        log.warning("restore of %s into %s refused: %s", path.name, org.schema_name, exc)
        raise BadRequest(CANNOT_RESTORE.format(exc)) from exc
    return RestoreResult(safety=safety, disabled=disabled)


async def restore_final_backup(org: Organization, path: Path) -> list[DisabledAccount]:
    """A deleted organisation's final backup (data_dir/final-backups/) into another
    organisation, normally a new one made for it (an operator's task, run from Python).
    Checked completely first (checksum, then a restore rolled back), then loaded like a
    restore: no password comes back, so every account returns disabled. Raises
    archive.InvalidBackup with the reason, or asyncpg's error."""
    source = await asyncio.to_thread(archive.source_organization_id, path)
    await validate_file(org, path, source_organization_id=source)
    return await load(org, path, source_organization_id=source)


def _take(part: archive.TablePart, rows: Iterator[list[Any]]) -> list[tuple]:
    funcs = values.converters(part)
    return [values.convert(part, row, funcs) for row in islice(rows, BATCH)]


async def _records(part: archive.TablePart, rows: Iterator[list[Any]]) -> AsyncIterator[tuple]:
    """The rows of one table, parsed in a thread a batch at a time (the loop stays free)."""
    while batch := await asyncio.to_thread(_take, part, rows):
        for record in batch:
            yield record


async def _copy_tables(pg: asyncpg.Connection, schema: str, reader: archive.Reader) -> None:
    """Every table of the backup into `schema`: what a restore and a validation both run."""
    parts = reader.parts()
    while (item := await asyncio.to_thread(next, parts, None)) is not None:
        part, rows = item
        # Binary COPY, one statement per table: foreign keys (an employee's manager among
        # them) are checked once the whole table is in.
        await pg.copy_records_to_table(
            part.name, schema_name=schema, columns=part.columns, records=_records(part, rows)
        )


async def _reset_sequences(pg: asyncpg.Connection, schema: str) -> None:
    """New rows must not collide with restored ids (an id at the column's limit included)."""
    for table in archive.backup_tables():
        column = table.columns.get("id")
        if column is not None and isinstance(column.type, Integer):
            qualified = f'"{schema}"."{table.name}"'
            await pg.execute(
                "SELECT setval(seq, GREATEST(m.top, 1), COALESCE(m.top >= 1, false)) "
                f"FROM (SELECT max(id) AS top FROM {qualified}) m, "
                "pg_get_serial_sequence($1, 'id') AS seq WHERE seq IS NOT NULL",
                qualified,
            )


def _restore_lock_key(org: Organization) -> str:
    return f"merit-restore:{org.schema_name}"


async def _generation(pg: asyncpg.Connection, org: Organization) -> int:
    # Every restore empties the tables with TRUNCATE, which gives each table a new storage
    # file: a changed file number means a restore has committed since it was read.
    first = archive.backup_tables()[0].name
    return int(await pg.fetchval(f'SELECT pg_relation_filenode(\'"{org.schema_name}"."{first}"\')'))


async def _data_generation(org: Organization) -> int:
    """Which restore the organisation's data comes from; Conflict while one is running."""
    async with raw_connection() as pg, pg.transaction():
        if not await pg.fetchval(
            "SELECT pg_try_advisory_xact_lock(hashtext($1))", _restore_lock_key(org)
        ):
            raise Conflict(RESTORE_IN_PROGRESS)
        return await _generation(pg, org)


async def load(
    org: Organization,
    path: Path,
    *,
    generation: int | None = None,
    source_organization_id: int | None = None,
) -> list[DisabledAccount]:
    """The restore itself: one transaction on one connection; any error rolls all back.
    Returns the accounts that came back disabled. With `generation` (from _data_generation),
    refuses with Conflict when another restore committed since."""
    schema = org.schema_name
    names = ", ".join(f'"{schema}"."{t.name}"' for t in archive.backup_tables())
    with open(path, "rb") as fh:  # noqa: ASYNC230
        reader = archive.Reader(
            fh, organization_id=org.id, source_organization_id=source_organization_id
        )
        await asyncio.to_thread(reader.header)
        async with raw_connection() as pg, pg.transaction():
            # One restore per organisation at a time; the second one is refused, not queued
            # behind the first (it would silently replace what the first just restored).
            locked = await pg.fetchval(
                "SELECT pg_try_advisory_xact_lock(hashtext($1))", _restore_lock_key(org)
            )
            if not locked or generation not in (None, await _generation(pg, org)):
                raise Conflict(RESTORE_IN_PROGRESS)
            await pg.execute(
                "CREATE TEMP TABLE merit_keep_users ON COMMIT DROP AS "
                f'SELECT id, password_hash, is_active, force_password_change FROM "{schema}".users'
            )
            await pg.execute(
                "CREATE TEMP TABLE merit_keep_settings ON COMMIT DROP AS "
                "SELECT admin_password, hr_password, manager_password, user_password "
                f'FROM "{schema}".organization_settings ORDER BY id LIMIT 1'
            )
            await pg.execute(f"TRUNCATE {names}")
            await _copy_tables(pg, schema, reader)
            await _reset_sequences(pg, schema)
            disabled = await _after_load(pg, schema, org.id)
            await trail.record_on_connection(
                pg, schema, action="restore", resource="backup", summary=f"Restored {path.name}"
            )
            return disabled


async def _after_load(pg: asyncpg.Connection, schema: str, org_id: int) -> list[DisabledAccount]:
    # Who may sign in is decided by the organisation as it is now, never by the backup:
    # accounts keep their current password and state, and an account removed since the
    # backup comes back disabled and without a password, so neither an old password nor a
    # reset link lets its former owner in until an admin enables it in User Management.
    await pg.execute(
        f'UPDATE "{schema}".users u SET password_hash = k.password_hash, '
        "is_active = k.is_active, force_password_change = k.force_password_change "
        "FROM merit_keep_users k WHERE u.id = k.id"
    )
    revived = await pg.fetch(
        f'UPDATE "{schema}".users u SET password_hash = NULL, is_active = false '
        "WHERE NOT EXISTS (SELECT 1 FROM merit_keep_users k WHERE k.id = u.id) "
        "RETURNING id, email, first_name, last_name, role"
    )
    # The role passwords are the current ones (none, should the settings row be new).
    await pg.execute(
        f'UPDATE "{schema}".organization_settings SET '
        "admin_password = (SELECT admin_password FROM merit_keep_settings), "
        "hr_password = (SELECT hr_password FROM merit_keep_settings), "
        "manager_password = (SELECT manager_password FROM merit_keep_settings), "
        "user_password = (SELECT user_password FROM merit_keep_settings)"
    )
    # The banner's name and logo follow the restored organisation settings.
    await pg.execute(
        "UPDATE public.organizations o SET "
        "name = COALESCE(NULLIF(btrim(s.business_name), ''), o.name), logo_url = s.logo_url, "
        f'updated_at = now() FROM (SELECT * FROM "{schema}".organization_settings ORDER BY id '
        "LIMIT 1) s WHERE o.id = $1 AND char_length(COALESCE(NULLIF(btrim(s.business_name), ''), "
        "o.name)) >= 2",
        org_id,
    )
    # Accounts that no longer exist or may not sign in are signed out, and their reset
    # links stop working (an admin who enables one again must not revive an old link). So is
    # a session whose role or employee the restored account no longer has: the session's
    # copy decides what it reaches, and must never be wider than the account.
    await pg.execute(
        "DELETE FROM public.sessions WHERE (sess->>'organizationId')::int = $1 "
        f"AND sess ? 'userId' AND NOT EXISTS (SELECT 1 FROM \"{schema}\".users u "
        "WHERE u.id = sess->>'userId' AND u.is_active AND u.role = sess->>'userRole' "
        "AND u.employee_id IS NOT DISTINCT FROM (sess->>'employeeId')::int)",
        org_id,
    )
    await pg.execute(
        "DELETE FROM public.account_reset_tokens t WHERE t.organization_id = $1 "
        f'AND NOT EXISTS (SELECT 1 FROM "{schema}".users u WHERE u.id = t.user_id AND u.is_active)',
        org_id,
    )
    accounts = [DisabledAccount(**dict(r)) for r in revived]
    return sorted(accounts, key=lambda a: a.email)
