"""Organisation management from the super-admin panel: list, create, edit, delete, reset links."""

import json
import os
from urllib.parse import parse_qs, urlsplit

import pytest
from sqlalchemy import func, select, text

from api.auth.models import PasswordResetToken, Session
from api.core.config import get_settings
from api.core.db import dispose_engine, get_engine, public_session, tenant_session
from api.departments.models import Department
from api.employees.models import Employee
from api.organizations.models import Organization
from api.platform import service
from tests.api.mail.support import body_of, env, smtp_server
from tests.conftest import unique_code

DEACTIVATED = "This organization has been deactivated. Please contact support."
ORG_NOT_FOUND = "Organization not found. Please check your organization code."


async def schema_exists(name: str) -> bool:
    async with get_engine().connect() as conn:
        found = await conn.scalar(
            text("SELECT 1 FROM pg_namespace WHERE nspname = :n"), {"n": name}
        )
    return bool(found)


async def orphan_schemas() -> set[str]:
    """org_* schemas that no organisation owns."""
    async with get_engine().connect() as conn:
        rows = await conn.execute(
            text(
                "SELECT nspname FROM pg_namespace WHERE nspname LIKE 'org\\_%' "
                "AND nspname NOT IN (SELECT schema_name FROM public.organizations)"
            )
        )
        return {r[0] for r in rows}


async def create(platform, **fields):
    body = {"name": "Acme Widgets", "subdomain": unique_code("acme"), **fields}
    r = await platform.post("/api/organizations", json=body)
    assert r.status_code == 201, r.text
    return r.json()


# -- list -----------------------------------------------------------------------------------


async def test_list_shows_every_organisation_newest_first_without_secrets(platform, org, other_org):
    r = await platform.get("/api/organizations")
    assert r.status_code == 200
    items = r.json()
    by_id = {o["id"]: o for o in items}
    assert {org.id, other_org.id} <= set(by_id)
    mine = by_id[org.id]
    assert mine["name"] == "Alpha Org"
    assert mine["subdomain"] == org.subdomain
    assert mine["isActive"] is True
    assert mine["schemaName"] == f"org_{org.id}"
    assert {"createdAt", "updatedAt", "adminEmail", "industry", "size", "logoUrl"} <= set(mine)
    assert not any("password" in k.lower() and "change" not in k.lower() for k in mine)
    stamps = [o["createdAt"] for o in items]
    assert stamps == sorted(stamps, reverse=True)


# -- create ---------------------------------------------------------------------------------


async def test_create_provisions_the_schema_like_the_cli(platform, client):
    code = unique_code("new")
    r = await platform.post(
        "/api/organizations",
        json={
            "name": "  Globex Corporation ",
            "subdomain": code.upper(),
            "description": "Makes everything",
            "industry": "Manufacturing",
            "size": "51-200",
            "logoUrl": "https://cdn.example.com/globex.png",
            "adminEmail": "Boss@Globex.Example.com",
        },
    )
    assert r.status_code == 201, r.text
    body = r.json()
    assert body["name"] == "Globex Corporation"
    assert body["subdomain"] == code
    assert body["adminEmail"] == "boss@globex.example.com"
    assert body["isActive"] is True
    assert body["adminForcePasswordChange"] and body["managerForcePasswordChange"]
    assert await schema_exists(body["schemaName"])
    async with tenant_session(body["schemaName"], body["id"]) as s:
        assert await s.scalar(select(func.count()).select_from(Department)) >= 5
    # The new organisation signs in with the first passwords, as `merit tenants create` makes.
    r = await client.post("/api/auth/org-login", json={"subdomain": code})
    assert r.status_code == 200
    r = await client.post(
        "/api/auth/role-login", json={"role": "admin", "password": f"admin{code}"}
    )
    assert r.status_code == 200
    assert r.json()["forcePasswordChange"] is True


async def test_the_subdomain_is_derived_from_the_name_when_left_out(platform):
    suffix = unique_code("x")[2:]
    r = await platform.post(
        "/api/organizations", json={"name": f"Stark   Industries & Co. {suffix}", "subdomain": ""}
    )
    assert r.status_code == 201, r.text
    assert r.json()["subdomain"] == f"stark-industries-co-{suffix}"


def test_derive_subdomain_follows_the_form_rule():
    assert service.derive_subdomain("Acme Widgets, Inc.") == "acme-widgets-inc"
    assert service.derive_subdomain("--Ünïcode  Café--") == "n-code-caf"
    assert service.derive_subdomain("x" * 80) == "x" * 50
    assert service.derive_subdomain("a" * 49 + " b") == "a" * 49


async def test_a_taken_subdomain_answers_409_and_changes_nothing(platform, org):
    before = await platform.get("/api/organizations")
    r = await platform.post(
        "/api/organizations", json={"name": "Copycat", "subdomain": org.subdomain.upper()}
    )
    assert r.status_code == 409
    assert r.json() == {"message": f"The subdomain '{org.subdomain}' is already taken"}
    after = await platform.get("/api/organizations")
    assert len(after.json()) == len(before.json())
    assert not await orphan_schemas()


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"name": "Reserved", "subdomain": "admin"}, "The subdomain 'admin' is reserved"),
        (
            {"name": "Reserved", "subdomain": "super-admin"},
            "The subdomain 'super-admin' is reserved",
        ),
        ({"name": "Short", "subdomain": "ab"}, "Subdomain must be at least 3 characters"),
        (
            {"name": "Bad chars", "subdomain": "bad_sub"},
            "Subdomain can only contain lowercase letters, numbers, and hyphens",
        ),
        ({"name": "Edge", "subdomain": "-edge-"}, "Subdomain cannot start or end with a hyphen"),
        ({"name": "x"}, "Organization name must be at least 2 characters"),
        ({"name": "y" * 101}, "Organization name must be at most 100 characters"),
        ({}, "Organization name must be at least 2 characters"),
        ({"name": "!!"}, "Subdomain is required"),
        ({"name": "Fine", "adminEmail": "not-an-email"}, "Please enter a valid email address"),
        ({"name": "Fine", "logoUrl": "javascript:alert(1)"}, "Logo URL must be a valid URL"),
        ({"name": "Fine", "description": "d" * 501}, "Description must be at most 500 characters"),
        ({"name": "Fine", "industry": "i" * 51}, "Industry must be at most 50 characters"),
        ({"name": "Fine", "size": "s" * 21}, "Size must be at most 20 characters"),
    ],
)
async def test_bad_organisations_are_refused_with_clear_messages(platform, body, message):
    r = await platform.post("/api/organizations", json=body)
    assert r.status_code == 400, r.text
    assert r.json()["message"] == message
    assert not await orphan_schemas()


async def test_nul_and_lone_surrogates_are_dropped_never_a_500(platform):
    code = unique_code("nul")
    raw = (
        '{"name": "Null\\u0000 Corp \\ud800", "subdomain": "' + code + '\\u0000", '
        '"description": "\\udfffAbout", "industry": "Re\\u0000tail"}'
    )
    r = await platform.post(
        "/api/organizations", content=raw, headers={"content-type": "application/json"}
    )
    assert r.status_code == 201, r.text
    body = r.json()
    assert (body["name"], body["subdomain"]) == ("Null Corp", code)
    assert (body["description"], body["industry"]) == ("About", "Retail")
    r = await platform.put(
        f"/api/organizations/{body['id']}",
        content='{"name": "\\ud800\\u0000"}',
        headers={"content-type": "application/json"},
    )
    assert r.status_code == 400
    assert r.json()["message"] == "Organization name must be at least 2 characters"
    r = await platform.post(
        "/api/platform/login",
        content='{"email": "a\\u0000\\ud800@example.com", "password": "x"}',
        headers={"content-type": "application/json"},
    )
    assert r.status_code == 401


# -- edit -----------------------------------------------------------------------------------


async def add_employee(org_id: int, schema: str) -> None:
    async with tenant_session(schema, org_id) as s:
        s.add(Employee(employee_id="EMP0001", first_name="Ada", last_name="Lovelace"))


async def count_employees(org_id: int, schema: str) -> int:
    async with tenant_session(schema, org_id) as s:
        return int(await s.scalar(select(func.count()).select_from(Employee)) or 0)


async def test_edit_renames_without_moving_data(platform, client):
    created = await create(platform, industry="Retail")
    await add_employee(created["id"], created["schemaName"])
    new_code = unique_code("renamed")
    r = await platform.put(
        f"/api/organizations/{created['id']}",
        json={"name": "Acme Global", "subdomain": new_code, "industry": None, "size": "1-10"},
    )
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["name"] == "Acme Global"
    assert body["subdomain"] == new_code
    assert body["industry"] is None and body["size"] == "1-10"
    assert body["schemaName"] == created["schemaName"]  # same schema, same data
    assert await count_employees(created["id"], created["schemaName"]) == 1
    r = await client.post("/api/auth/org-login", json={"subdomain": created["subdomain"]})
    assert r.status_code == 404
    r = await client.post("/api/auth/org-login", json={"subdomain": new_code})
    assert r.status_code == 200
    assert r.json()["organization"]["name"] == "Acme Global"


async def test_edit_leaves_fields_that_are_not_sent_alone(platform):
    created = await create(platform, description="Keep me", adminEmail="keep@example.com")
    r = await platform.put(f"/api/organizations/{created['id']}", json={"industry": "Energy"})
    assert r.status_code == 200
    assert r.json()["description"] == "Keep me"
    assert r.json()["adminEmail"] == "keep@example.com"
    assert r.json()["name"] == created["name"]


async def test_deactivating_blocks_sign_in_with_a_clear_message(platform, client, login, org):
    signed_in = await login(org, "admin")
    assert (await signed_in.get("/api/organization/current")).status_code == 200
    r = await platform.put(f"/api/organizations/{org.id}", json={"isActive": False})
    assert r.status_code == 200
    assert r.json()["isActive"] is False
    r = await client.post("/api/auth/org-login", json={"subdomain": org.subdomain})
    assert r.status_code == 403
    assert r.json() == {"message": DEACTIVATED}
    r = await signed_in.get("/api/organization/current")  # a session already open stops too
    assert r.status_code == 403
    assert r.json() == {"message": DEACTIVATED}
    r = await platform.put(f"/api/organizations/{org.id}", json={"isActive": True})
    assert r.json()["isActive"] is True
    assert (await signed_in.get("/api/organization/current")).status_code == 200


@pytest.mark.parametrize(
    ("body", "status", "message"),
    [
        ({"name": None}, 400, "Organization name must be at least 2 characters"),
        ({"name": " a "}, 400, "Organization name must be at least 2 characters"),
        ({"subdomain": None}, 400, "Subdomain is required"),
        ({"subdomain": "www"}, 400, "The subdomain 'www' is reserved"),
        ({"isActive": None}, 400, "Active status must be true or false"),
        ({"logoUrl": "ftp://x"}, 400, "Logo URL must be a valid URL"),
    ],
)
async def test_bad_edits_are_refused(platform, org, body, status, message):
    r = await platform.put(f"/api/organizations/{org.id}", json=body)
    assert r.status_code == status
    assert r.json()["message"] == message


async def test_editing_to_a_taken_subdomain_answers_409(platform, org, other_org):
    r = await platform.put(f"/api/organizations/{org.id}", json={"subdomain": other_org.subdomain})
    assert r.status_code == 409
    assert r.json() == {"message": f"The subdomain '{other_org.subdomain}' is already taken"}
    # Re-sending its own subdomain is fine.
    r = await platform.put(f"/api/organizations/{org.id}", json={"subdomain": org.subdomain})
    assert r.status_code == 200


@pytest.mark.parametrize(
    ("path", "status"),
    [
        ("/api/organizations/999999999", 404),
        ("/api/organizations/abc", 400),
        ("/api/organizations/0", 400),
        ("/api/organizations/99999999999999", 400),
    ],
)
async def test_unknown_or_malformed_ids(platform, path, status):
    for method, body in (("PUT", {"name": "Nope Org"}), ("DELETE", {"confirmSubdomain": "x"})):
        r = await platform.request(method, path, json=body)
        assert r.status_code == status, (method, path, r.text)
        assert r.json()["message"]
    r = await platform.post(f"{path}/reset-passwords")
    assert r.status_code == status


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


# -- reset passwords ------------------------------------------------------------------------


async def test_reset_links_are_shown_once_when_mail_is_not_configured_and_work_once(
    platform, client
):
    created = await create(platform, adminEmail="owner@example.com")
    with env(SMTP_HOST=None):
        r = await platform.post(f"/api/organizations/{created['id']}/reset-passwords")
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["emailSent"] is False
    assert "generated but not sent" in body["message"]
    assert {link["role"] for link in body["links"]} == {"admin", "manager"}

    for link in body["links"]:
        parts = urlsplit(link["url"])
        assert parts.path == "/reset-password"
        query = parse_qs(parts.query)
        assert query["role"] == [link["role"]]
        token = query["token"][0]
        # Stored only as a digest, for 2 hours.
        async with public_session() as db:
            row = (
                await db.execute(
                    select(PasswordResetToken).where(
                        PasswordResetToken.organization_id == created["id"],
                        PasswordResetToken.role == link["role"],
                        PasswordResetToken.is_active,
                    )
                )
            ).scalar_one()
        assert token not in row.token_hash
        hours = (row.expires_at - row.created_at).total_seconds() / 3600
        assert 1.99 < hours < 2.01
        # The recovery engineer's consuming endpoints accept it exactly once.
        r = await client.post(
            "/api/validate-reset-token", json={"token": token, "role": link["role"]}
        )
        assert r.json()["valid"] is True
        r = await client.post(
            "/api/reset-password",
            json={"token": token, "role": link["role"], "newPassword": "Fresh#Start2026"},
        )
        assert r.status_code == 200, r.text
        assert r.json()["organizationSubdomain"] == created["subdomain"]
        r = await client.post(
            "/api/reset-password",
            json={"token": token, "role": link["role"], "newPassword": "Again#Start2026"},
        )
        assert r.status_code == 400
    # The new admin password works.
    await client.post("/api/auth/org-login", json={"subdomain": created["subdomain"]})
    r = await client.post(
        "/api/auth/role-login", json={"role": "admin", "password": "Fresh#Start2026"}
    )
    assert r.status_code == 200


async def test_a_new_reset_request_replaces_the_previous_links(platform, client):
    created = await create(platform)
    with env(SMTP_HOST=None):
        first = (await platform.post(f"/api/organizations/{created['id']}/reset-passwords")).json()
        await platform.post(f"/api/organizations/{created['id']}/reset-passwords")
    token = parse_qs(urlsplit(first["links"][0]["url"]).query)["token"][0]
    r = await client.post("/api/validate-reset-token", json={"token": token, "role": "admin"})
    assert r.json()["valid"] is False


async def test_reset_links_are_emailed_to_the_admin_when_mail_is_configured(platform):
    created = await create(platform, adminEmail="owner@example.com")
    with smtp_server() as inbox, env(REDIS_URL="unix:///nonexistent/merit-redis.sock"):
        r = await platform.post(f"/api/organizations/{created['id']}/reset-passwords")
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["emailSent"] is True
    assert body["links"] == []  # not shown: they went by e-mail
    assert "owner@example.com" in body["message"]
    [message] = inbox.messages
    assert message["To"] == "owner@example.com"
    text_ = body_of(message)
    assert text_.count("/reset-password?token=") == 2
    assert "role=admin" in text_ and "role=manager" in text_


async def test_without_an_admin_email_the_links_are_shown_even_with_mail(platform):
    created = await create(platform)
    with smtp_server() as inbox:
        r = await platform.post(f"/api/organizations/{created['id']}/reset-passwords")
    body = r.json()
    assert body["emailSent"] is False
    assert len(body["links"]) == 2
    assert "no admin e-mail address" in body["message"]
    assert inbox.messages == []


async def test_an_unreachable_mail_server_falls_back_to_showing_the_links(platform):
    from tests.api.mail.support import unreachable_port

    created = await create(platform, adminEmail="owner@example.com")
    with (
        unreachable_port() as port,
        env(
            SMTP_HOST="127.0.0.1",
            SMTP_PORT=str(port),
            REDIS_URL="unix:///nonexistent/merit-redis.sock",
        ),
    ):
        r = await platform.post(f"/api/organizations/{created['id']}/reset-passwords")
    body = r.json()
    assert body["emailSent"] is False
    assert len(body["links"]) == 2
    assert "could not be sent" in body["message"]


def test_no_environment_leaks_between_tests():
    assert not os.environ.get("SMTP_HOST")


async def test_the_panel_needs_only_one_pooled_connection_per_request(platform, monkeypatch):
    # Provisioning, the final backup and the deletion use connections of their own; the
    # request hands its own back first, so a full pool never has requests waiting on each other.
    monkeypatch.setattr(get_settings(), "db_pool_size", 1)
    await dispose_engine()
    try:
        created = await create(platform)
        r = await platform.put(f"/api/organizations/{created['id']}", json={"industry": "Energy"})
        assert r.status_code == 200, r.text
        r = await platform.request(
            "DELETE",
            f"/api/organizations/{created['id']}",
            json={"confirmSubdomain": created["subdomain"]},
        )
        assert r.status_code == 200, r.text
        assert not await schema_exists(created["schemaName"])
    finally:
        await dispose_engine()
