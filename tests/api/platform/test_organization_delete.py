"""Deleting an organisation from the super-admin panel: typed confirmation, final backup first."""

import json

from sqlalchemy import func, select

from api.auth.models import Session
from api.core.config import get_settings
from api.core.db import public_session
from api.organizations.models import Organization
from api.platform import service
from tests.api.platform.organizations import (
    add_employee,
    create,
    orphan_schemas,
    schema_exists,
)

DEACTIVATED = "This organization has been deactivated. Please contact support."
ORG_NOT_FOUND = "Organization not found. Please check your organization code."


# -- delete ---------------------------------------------------------------------------------


async def test_delete_needs_the_typed_subdomain_and_loses_nothing_without_it(platform):
    created = await create(platform)
    url = f"/api/organizations/{created['id']}"
    for body in (None, {}, {"confirmSubdomain": ""}):
        r = (
            await platform.request("DELETE", url, json=body)
            if body is not None
            else (await platform.delete(url))
        )
        assert r.status_code == 400
        assert r.json() == {
            "message": f"Type the subdomain '{created['subdomain']}' to confirm the deletion"
        }
    r = await platform.request("DELETE", url, json={"confirmSubdomain": "something-else"})
    assert r.status_code == 400
    assert r.json()["message"] == (
        f"The subdomain you typed does not match '{created['subdomain']}'. Nothing was deleted."
    )
    assert await schema_exists(created["schemaName"])
    listed = {o["id"]: o for o in (await platform.get("/api/organizations")).json()}
    assert listed[created["id"]]["isActive"] is True


async def test_delete_takes_a_final_backup_then_drops_the_schema(platform, app, login):
    created = await create(platform)
    org_id, schema = created["id"], created["schemaName"]
    await add_employee(org_id, schema)
    async with public_session() as db:
        org = await db.get(Organization, org_id)
    assert org is not None
    someone = await login(org, "admin")
    files = get_settings().data_dir / "files" / schema / "documents"
    files.mkdir(parents=True, exist_ok=True)
    (files / "contract.pdf").write_bytes(b"%PDF-1.4 test")

    r = await platform.request(
        "DELETE",
        f"/api/organizations/{org_id}",
        json={"confirmSubdomain": f" {created['subdomain'].upper()} "},
    )
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["success"] is True
    assert (
        body["message"] == f"Organization '{created['name']}' was deleted. A final backup was kept."
    )

    # No orphan schema, no registry row, no sessions left behind.
    assert not await schema_exists(schema)
    assert not await orphan_schemas()
    async with public_session() as db:
        assert await db.get(Organization, org_id) is None
        left = await db.scalar(
            select(func.count())
            .select_from(Session)
            .where(Session.sess["organizationId"].astext == str(org_id))
        )
        assert left == 0
    assert (await someone.get("/api/organization/current")).status_code == 401

    # The final backup holds the data, with passwords redacted; uploads moved beside it.
    backup = service.final_backup_dir() / body["backupFile"]
    assert backup.is_file()
    assert not any(p.name.endswith(".part") for p in backup.parent.iterdir())
    text_ = backup.read_text()
    assert "Lovelace" in text_
    assert "$argon2" not in text_
    document = json.loads(text_)
    assert (document["format"], document["organization"]["id"]) == ("merit-backup", org_id)
    assert document["counts"]["employees"] == 1
    employees = document["data"]["employees"]
    ada = dict(zip(employees["columns"], employees["rows"][0], strict=True))
    assert (ada["employee_id"], ada["first_name"], ada["last_name"]) == (
        "EMP0001",
        "Ada",
        "Lovelace",
    )
    moved = backup.parent / (backup.stem + "-files") / "documents" / "contract.pdf"
    assert moved.read_bytes() == b"%PDF-1.4 test"
    assert not (get_settings().data_dir / "files" / schema).exists()


async def test_a_failed_final_backup_cancels_the_deletion(platform, monkeypatch):
    created = await create(platform)

    async def broken(org):  # type: ignore[no-untyped-def]
        raise OSError("disk full")

    monkeypatch.setattr(service, "write_final_backup", broken)
    r = await platform.request(
        "DELETE",
        f"/api/organizations/{created['id']}",
        json={"confirmSubdomain": created["subdomain"]},
    )
    assert r.status_code == 503
    assert r.json()["message"] == (
        "The final backup could not be written, so the organization was not deleted. "
        "Please try again."
    )
    assert await schema_exists(created["schemaName"])
    listed = {o["id"]: o for o in (await platform.get("/api/organizations")).json()}
    assert listed[created["id"]]["isActive"] is True  # switched back on


async def test_a_deactivated_organisation_stays_deactivated_after_a_failed_delete(
    platform, monkeypatch
):
    created = await create(platform)
    await platform.put(f"/api/organizations/{created['id']}", json={"isActive": False})

    async def broken(org):  # type: ignore[no-untyped-def]
        raise OSError("disk full")

    monkeypatch.setattr(service, "write_final_backup", broken)
    await platform.request(
        "DELETE",
        f"/api/organizations/{created['id']}",
        json={"confirmSubdomain": created["subdomain"]},
    )
    listed = {o["id"]: o for o in (await platform.get("/api/organizations")).json()}
    assert listed[created["id"]]["isActive"] is False
