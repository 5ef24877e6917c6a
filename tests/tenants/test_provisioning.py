"""Creating and deleting organisations: defaults, rules, and nothing half-created."""

import pytest
from sqlalchemy import select, text

from api.core.db import get_engine, public_session, tenant_session
from api.core.security import verify_password
from api.departments.models import Department
from api.organizations.models import Organization, OrganizationSettings
from api.reviews.models import ReviewTemplate
from tenants import provision
from tenants.provision import NewTenant, TenantError, TenantExists, create_tenant, delete_tenant
from tenants.registry import schema_revisions
from tenants.revisions import head_revision
from tests.conftest import unique_code


async def schema_exists(name: str) -> bool:
    async with get_engine().connect() as conn:
        found = await conn.scalar(
            text("SELECT 1 FROM pg_namespace WHERE nspname = :n"), {"n": name}
        )
    return bool(found)


async def test_new_organisation_gets_its_schema_and_defaults():
    code = unique_code("new")
    org = await create_tenant(NewTenant(subdomain=code, name="  New Org  ", admin_email="a@x.io"))
    assert org.schema_name == f"org_{org.id}"
    assert org.name == "New Org"
    assert await schema_exists(org.schema_name)
    assert org.admin_force_password_change and org.manager_force_password_change
    assert verify_password(f"admin{code}", org.admin_password_hash)
    assert verify_password(f"manager{code}", org.manager_password_hash)
    assert not verify_password(f"manager{code}", org.admin_password_hash)
    async with tenant_session(org.schema_name, org.id) as s:
        depts = list((await s.execute(select(Department))).scalars())
        assert len(depts) >= 5 and all(d.is_default for d in depts)
        template, self_review = (
            await s.scalars(select(ReviewTemplate).order_by(ReviewTemplate.id))
        ).all()
        first = template.questions[0]
        assert first["question"] == "Overall job performance"
        assert first["type"] == "rating" and first["required"] is True
        assert template.is_default
        # A self-review's questions, put to the employee about themselves; not the default.
        assert self_review.name == "Self-Review" and not self_review.is_default
        asked = [q["question"] for q in self_review.questions]
        assert asked[0] == "What were your most important achievements this period?"
        assert all("you" in q.lower() and "this person" not in q for q in asked)
        assert [q["type"] for q in self_review.questions][-1] == "rating"
        settings = (await s.execute(select(OrganizationSettings))).scalar_one()
        assert settings.business_name == "New Org"
    async with get_engine().connect() as conn:  # the catalog knows the revision it is at
        assert (await schema_revisions(conn))[org.schema_name] == head_revision()


@pytest.mark.parametrize(
    ("subdomain", "message"),
    [
        ("", "Subdomain is required"),
        ("ab", "Subdomain must be at least 3 characters"),
        ("a" * 64, "Subdomain must be at most 63 characters"),
        ("bad_name", "Subdomain can only contain lowercase letters, numbers, and hyphens"),
        ("dots.not.ok", "Subdomain can only contain lowercase letters, numbers, and hyphens"),
        ("-edge", "Subdomain cannot start or end with a hyphen"),
        ("www", "The subdomain 'www' is reserved"),
        ("api", "The subdomain 'api' is reserved"),
        ("admin", "The subdomain 'admin' is reserved"),
        ("super-admin", "The subdomain 'super-admin' is reserved"),
    ],
)
async def test_subdomain_rules(subdomain, message):
    with pytest.raises(TenantError) as exc:
        await create_tenant(NewTenant(subdomain=subdomain, name="Valid Name"))
    assert str(exc.value) == message


async def test_name_rules():
    with pytest.raises(TenantError, match="at least 2 characters"):
        await create_tenant(NewTenant(subdomain=unique_code(), name=" x "))
    with pytest.raises(TenantError, match="at most 100 characters"):
        await create_tenant(NewTenant(subdomain=unique_code(), name="x" * 101))


async def test_taken_subdomain_is_refused_case_insensitively(org):
    with pytest.raises(TenantExists, match="already taken"):
        await create_tenant(NewTenant(subdomain=org.subdomain.upper(), name="Copycat"))


async def test_a_failed_create_leaves_nothing_behind(monkeypatch):
    code = unique_code("half")

    async def explode(*_a, **_k):
        raise RuntimeError("disk full")

    monkeypatch.setattr(provision, "seed_settings", explode)
    with pytest.raises(RuntimeError):
        await create_tenant(NewTenant(subdomain=code, name="Half Made"))
    async with public_session() as db:
        row = await db.scalar(select(Organization).where(Organization.subdomain == code))
    assert row is None
    async with get_engine().connect() as conn:
        orphans = await conn.scalar(
            text(
                "SELECT count(*) FROM pg_namespace n WHERE n.nspname LIKE 'org\\_%' "
                "AND NOT EXISTS (SELECT 1 FROM public.organizations o "
                "WHERE o.schema_name = n.nspname)"
            )
        )
    assert orphans == 0


async def test_delete_drops_schema_and_registry_row():
    org = await create_tenant(NewTenant(subdomain=unique_code("del"), name="Short Lived"))
    assert await delete_tenant(org.subdomain) == org.id
    assert not await schema_exists(org.schema_name)
    async with public_session() as db:
        assert await db.get(Organization, org.id) is None
    with pytest.raises(TenantError, match="No organization"):
        await delete_tenant(org.subdomain)
