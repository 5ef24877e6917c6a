"""Organisation management from the super-admin panel: list, create and edit. Deleting is in
test_organization_delete.py, reset links in test_organization_reset_links.py."""

import pytest
from sqlalchemy import func, select

from api.core.config import get_settings
from api.core.db import dispose_engine, tenant_session
from api.departments.models import Department
from api.platform import service
from tests.api.platform.organizations import (
    add_employee,
    count_employees,
    create,
    orphan_schemas,
    schema_exists,
)
from tests.conftest import unique_code

DEACTIVATED = "This organization has been deactivated. Please contact support."
ORG_NOT_FOUND = "Organization not found. Please check your organization code."

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
