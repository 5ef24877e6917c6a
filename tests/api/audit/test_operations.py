"""Settings, backups, restores and exports are events of the trail; a restore never rewinds
it."""

from api.audit.models import AuditEvent
from api.core.db import tenant_session
from tests.api.audit.support import events
from tests.api.backups.factories import seed
from tests.api.backups.test_backups import LIST, drop_job, make_backup, restore
from tests.api.employees.factories import add


async def test_organization_settings(org, login):
    admin = await login(org, "admin", userId="u-admin", userName="Ada Admin")
    r = await admin.put("/api/organization/current", json={"name": "Alpha Renamed"})
    assert r.status_code == 200, r.text
    (event,) = await events(org, action="settings")
    assert (event.resource, event.record_id, event.actor_user_id) == (
        "organization",
        str(org.id),
        "u-admin",
    )
    assert event.changes == {"name": ["Alpha Org", "Alpha Renamed"]}
    # Sending the same again changes nothing and records nothing.
    await admin.put("/api/organization/current", json={"name": "Alpha Renamed"})
    assert len(await events(org, action="settings")) == 1


async def test_who_sees_what_and_the_retention_are_settings_too(org, login):
    admin = await login(org, "admin")
    r = await admin.put(
        "/api/organization/access",
        json={"visibility": "need_to_know", "auditRetentionDays": 365},
    )
    assert r.status_code == 200, r.text
    (event,) = await events(org, action="settings")
    assert event.changes["visibility"] == ["open", "need_to_know"]
    assert event.changes["audit_retention_days"] == [730, 365]
    # Need to know switches the shared Manager sign-in off: a change of its own.
    assert event.changes["shared_manager_sign_in"] == [True, False]


async def test_backup_download_and_restore(org, login):
    await seed(org)
    admin = await login(org, "admin")
    r = await admin.post(f"{LIST}/create")
    assert r.status_code == 200, r.text
    pending = r.json()["backup"]
    await drop_job(f"backup:{org.id}:manual:{pending['id']}")
    (asked,) = await events(org, action="backup")
    assert (asked.resource, asked.record_id) == ("backup", str(pending["id"]))
    assert pending["filename"] in asked.summary

    filename = await make_backup(org)
    assert (await admin.get(f"{LIST}/{filename}/download")).status_code == 200
    (downloaded,) = await events(org, action="export", resource="backup")
    assert filename in downloaded.summary

    # Changes made after the backup: the restore takes the data back, never the trail.
    await add(admin, firstName="After")
    before = len(await events(org))
    r = await restore(admin, filename, confirmRestore=True)
    assert r.status_code == 200, r.text
    found = await events(org)
    assert len(found) == before + 1
    assert (found[-1].action, found[-1].resource) == ("restore", "backup")
    assert filename in found[-1].summary
    assert found[-1].actor_role == "admin" and found[-1].request_id


async def test_the_reviews_report_is_an_export(org, login):
    hr = await login(org, "hr", userId="u-hr", userName="Hanna Rask")
    r = await hr.get("/api/reviews/export")
    assert r.status_code == 200
    (event,) = await events(org, action="export")
    assert (event.resource, event.actor_user_id) == ("review", "u-hr")
    assert event.summary == "Exported 0 reviews"


async def test_a_rolled_back_export_leaves_the_trail_as_it_was(org):
    # The same rule holds for explicit events: they live in the request's transaction.
    try:
        async with tenant_session(org.schema_name, org.id) as session:
            session.add(AuditEvent(actor_name="System", action="export", resource="review"))
            await session.flush()
            raise LookupError
    except LookupError:
        pass
    assert await events(org) == []
