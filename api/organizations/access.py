"""'Who sees what' and the sign-ins an organisation offers.

The shared Administrator and Manager sign-ins are one password for a role, with no person
behind them. Under need to know a manager reaches their reporting line, and the shared Manager
sign-in has no person, hence no line: it is switched off with the setting and cannot be
switched back on while it holds. The shared Administrator sign-in can be switched off once an
administrator account with a password exists, so the organisation cannot lock itself out.
Switching a sign-in off signs out everyone using it, in the same transaction.
"""

from dataclasses import dataclass

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from api.auth.sessions import end_role_sessions
from api.core.db import enter_schema
from api.core.errors import BadRequest, Conflict, NotFound
from api.organizations.models import Organization, OrganizationSso
from api.organizations.schemas import AccessUpdate, OrganizationRead
from api.users.models import User

NO_PERSONAL_ADMIN = (
    "Add an administrator account with its own password (Users) before switching off the "
    "shared Administrator sign-in; otherwise nobody could sign in as administrator"
)
MANAGER_NEEDS_OPEN = (
    "The shared Manager sign-in cannot be switched on while visibility is need to know: it "
    "belongs to no person, so it has no reporting line to show"
)


@dataclass(frozen=True)
class SignInOptions:
    shared_admin_sign_in: bool
    shared_manager_sign_in: bool
    sso_provider: str | None


async def sso_provider(db: AsyncSession, organization_id: int) -> str | None:
    """The name of the organisation's single sign-on when it is switched on, else None."""
    return await db.scalar(
        select(OrganizationSso.display_name).where(
            OrganizationSso.organization_id == organization_id, OrganizationSso.enabled
        )
    )


def manager_sign_in_offered(org: Organization) -> bool:
    return bool(org.shared_manager_sign_in) and org.visibility != "need_to_know"


async def sign_in_options(db: AsyncSession, org: Organization) -> SignInOptions:
    """What the sign-in screen offers beside 'Sign in with your account'."""
    return SignInOptions(
        shared_admin_sign_in=bool(org.shared_admin_sign_in),
        shared_manager_sign_in=manager_sign_in_offered(org),
        sso_provider=await sso_provider(db, org.id),
    )


async def describe(db: AsyncSession, org: Organization) -> OrganizationRead:
    """The organisation's settings as GET /api/organization/current shows them."""
    provider = await sso_provider(db, org.id)
    return OrganizationRead.model_validate(org).model_copy(
        update={"sso_configured": provider is not None, "sso_provider": provider}
    )


async def _has_admin_account(db: AsyncSession, org: Organization) -> bool:
    """An active administrator account that can sign in (it has a password). Its row is
    locked, so a removal at the same moment waits for this change and then sees it."""
    await enter_schema(db, org.schema_name)
    found = await db.scalar(
        select(User.id)
        .where(User.role == "admin", User.is_active, User.password_hash.is_not(None))
        .limit(1)
        .with_for_update(read=True)
    )
    return found is not None


async def update_access(
    db: AsyncSession, *, organization_id: int, data: AccessUpdate
) -> Organization:
    """Apply the settings sent (the rules are the module's)."""
    org = await db.scalar(
        select(Organization)
        .where(Organization.id == organization_id)
        .with_for_update()
        .execution_options(populate_existing=True)
    )
    if org is None:
        raise NotFound("Organization not found")
    sent = data.model_fields_set
    visibility = data.visibility if "visibility" in sent else org.visibility
    admin_on = data.shared_admin_sign_in if "shared_admin_sign_in" in sent else None
    manager_on = data.shared_manager_sign_in if "shared_manager_sign_in" in sent else None
    admin_on = org.shared_admin_sign_in if admin_on is None else admin_on
    manager_on = org.shared_manager_sign_in if manager_on is None else manager_on
    if visibility == "need_to_know":
        if data.shared_manager_sign_in:
            raise BadRequest(MANAGER_NEEDS_OPEN)
        manager_on = False
    if org.shared_admin_sign_in and not admin_on and not await _has_admin_account(db, org):
        raise Conflict(NO_PERSONAL_ADMIN)
    values: dict[str, bool | str | int | None] = {
        "visibility": visibility,
        "shared_admin_sign_in": admin_on,
        "shared_manager_sign_in": manager_on,
    }
    if "audit_retention_days" in sent and data.audit_retention_days is not None:
        values["audit_retention_days"] = data.audit_retention_days
    for role, was_on, now_on in (
        ("admin", org.shared_admin_sign_in, admin_on),
        ("manager", org.shared_manager_sign_in, manager_on),
    ):
        if was_on and not now_on:
            await end_role_sessions(db, organization_id=org.id, role=role)
    await db.execute(update(Organization).where(Organization.id == org.id).values(values))
    updated = await db.get(Organization, org.id, populate_existing=True)
    assert updated is not None
    return updated
