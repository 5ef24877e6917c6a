"""The final backup taken when an organisation is deleted validates, and restores into a new
organisation: every table of the deleted one comes back."""

import asyncio
from typing import Any

import pytest

from api.backups import archive
from api.backups import service as backups
from api.core.db import public_session
from api.organizations.models import Organization
from api.platform import service
from tenants import registry
from tests.api.backups.factories import seed, without_passwords
from tests.api.backups.test_backups import organisation_data
from tests.api.platform.test_organizations import create
from tests.conftest import new_org, unique_code
from tests.tenants.test_cli import merit


def without_access(data: dict[str, list[tuple[Any, ...]]]) -> dict[str, list[tuple[Any, ...]]]:
    """Passwords blanked, and whether an account may sign in left out (it never comes back)."""
    data = without_passwords(data)
    columns = list(archive.table_map()["users"].columns.keys())
    hidden = {columns.index(c) for c in ("is_active", "force_password_change")}
    data["users"] = [
        tuple(None if i in hidden else v for i, v in enumerate(row)) for row in data["users"]
    ]
    return data


async def test_a_final_backup_restores_into_a_new_organisation(platform):
    created = await create(platform)
    async with public_session() as db:
        old = await db.get(Organization, created["id"])
    assert old is not None
    await seed(old)
    before = await organisation_data(old)
    assert all(before.values())  # every table holds rows, so each one is compared

    r = await platform.request(
        "DELETE", f"/api/organizations/{old.id}", json={"confirmSubdomain": old.subdomain}
    )
    assert r.status_code == 200, r.text
    path = service.final_backup_dir() / r.json()["backupFile"]

    new = await new_org("reborn", "Reborn Org")
    # The ordinary checks refuse another organisation's backup; named, it is accepted.
    assert archive.source_organization_id(path) == old.id != new.id
    with pytest.raises(archive.InvalidBackup, match="belongs to another organization"):
        await backups.validate_file(new, path)
    summary = await backups.validate_file(new, path, source_organization_id=old.id)
    assert set(summary.tables) == set(before)
    disabled = await backups.restore_final_backup(new, path)

    after = await organisation_data(new)
    assert set(after) == set(before)
    assert without_access(after) == without_access(before)
    # Nobody gets in with anything from the deleted organisation: its account is back
    # disabled and without a password, for an admin to enable.
    assert [a.email for a in disabled] == ["keeper@example.com"]
    users = archive.table_map()["users"].columns.keys()
    keeper = dict(zip(users, after["users"][0], strict=True))
    assert (keeper["password_hash"], keeper["is_active"]) == (None, False)


async def test_an_operator_brings_a_deleted_organisation_back_from_the_shell(platform):
    created = await create(platform)
    async with public_session() as db:
        old = await db.get(Organization, created["id"])
    assert old is not None
    await seed(old)
    before = await organisation_data(old)
    r = await platform.request(
        "DELETE", f"/api/organizations/{old.id}", json={"confirmSubdomain": old.subdomain}
    )
    assert r.status_code == 200, r.text
    path = service.final_backup_dir() / r.json()["backupFile"]

    code = unique_code("back")
    done = await asyncio.to_thread(merit, "tenants", "restore-final", str(path),
                                   "--subdomain", code)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert f"code {code}" in done.stdout
    assert "disabled until an admin enables it: keeper@example.com" in done.stdout
    async with public_session() as db:
        new = await registry.get_by_subdomain(db, code)
    assert new is not None and new.name == old.name  # the backup's own name comes back
    assert without_access(await organisation_data(new)) == without_access(before)

    # A damaged file: a clear message, and no organisation left half-made.
    damaged = path.with_name("damaged-" + path.name)
    damaged.write_bytes(path.read_bytes()[:-40])
    other = unique_code("half")
    refused = await asyncio.to_thread(merit, "tenants", "restore-final", str(damaged),
                                      "--subdomain", other, "--name", "Half Made")  # fmt: skip
    assert refused.returncode == 1
    assert "Traceback" not in refused.stderr and refused.stderr.strip()
    async with public_session() as db:
        assert await registry.get_by_subdomain(db, other) is None
