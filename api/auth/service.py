"""Sign-in rules: organisation code, role password, forced change, sign-out."""

from dataclasses import dataclass

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from api.audit import signins, trail
from api.auth import sessions, throttle
from api.auth.models import Session
from api.auth.passwords import MAX_LENGTH as LONGEST_PASSWORD
from api.auth.passwords import check_new_password
from api.auth.principal import ORG_NOT_FOUND, Principal
from api.core.db import utcnow
from api.core.errors import BadRequest, Forbidden, NotFound, Unauthorized
from api.core.security import hash_password_async, verify_password_async
from api.organizations.models import Organization
from api.users.service import change_own_password, end_sessions
from tenants import registry
from tenants.naming import SUBDOMAIN_MAX_LENGTH as LONGEST_CODE

LOGIN_ROLES = ("admin", "manager")
DEACTIVATED = "This organization has been deactivated. Please contact support."
SIGN_IN_OFF = "This sign-in is switched off for your organisation; sign in with your account"


async def get_organization_by_code(db: AsyncSession, subdomain: str) -> Organization:
    code = (subdomain or "").strip().lower()
    if not code:
        raise BadRequest("Please enter your organization code")
    org = await registry.get_by_subdomain(db, code) if len(code) <= LONGEST_CODE else None
    if org is None:
        raise NotFound(ORG_NOT_FOUND)
    if not org.is_active:
        raise Forbidden(DEACTIVATED)
    return org


async def create_org_session(db: AsyncSession, old_sid: str | None, org: Organization) -> Session:
    """Org-login starts a fresh, not yet authenticated session for that organisation."""
    return await sessions.rotate(db, old_sid, {"organizationId": org.id, "authenticated": False})


@dataclass
class RoleLoginResult:
    session: Session
    force_password_change: bool


async def role_login(
    db: AsyncSession,
    *,
    org: Organization | None,
    old_sid: str | None,
    role: str,
    password: str,
    client: str,
) -> RoleLoginResult:
    role = (role or "").strip().lower()
    if not role or not password:
        raise BadRequest("Please select a role and enter your password")
    if role not in LOGIN_ROLES:
        raise BadRequest("Please choose Administrator or Manager")
    if org is None:
        raise BadRequest("Please enter your organization code first")
    if not org.is_active:
        raise Forbidden(DEACTIVATED)
    if not await _offered(db, org.id, role):
        raise Forbidden(SIGN_IN_OFF)
    key = throttle.key_for(org.id, role, client)
    await throttle.check(key)
    stored = org.admin_password_hash if role == "admin" else org.manager_password_hash
    if len(password) > LONGEST_PASSWORD or not await verify_password_async(password, stored):
        await throttle.record_failure(key)
        await signins.sign_in_refused(db, org, trail.shared_actor(role))
        raise Unauthorized("Invalid credentials")
    await throttle.clear(key)
    force = bool(
        org.admin_force_password_change if role == "admin" else org.manager_force_password_change
    )
    row = await sessions.rotate(
        db,
        old_sid,
        {
            "organizationId": org.id,
            "authenticated": True,
            "userRole": role,
            "forcePasswordChange": force,
        },
    )
    await signins.signed_in(db, org, trail.shared_actor(role))
    return RoleLoginResult(session=row, force_password_change=force)


async def _offered(db: AsyncSession, organization_id: int, role: str) -> bool:
    """Whether the organisation offers this shared sign-in. Read under a share lock held until
    the sign-in commits: switching it off at the same moment either waits and then signs this
    new session out too, or has committed and is seen here."""
    row = (
        await db.execute(
            select(
                Organization.shared_admin_sign_in,
                Organization.shared_manager_sign_in,
                Organization.visibility,
            )
            .where(Organization.id == organization_id)
            .with_for_update(read=True)
        )
    ).one()
    if role == "admin":
        return bool(row.shared_admin_sign_in)
    return bool(row.shared_manager_sign_in) and row.visibility != "need_to_know"


async def create_user_session(
    db: AsyncSession,
    *,
    old_sid: str | None,
    org: Organization,
    user_id: str,
    role: str,
    name: str,
    force_password_change: bool,
    employee_id: int | None = None,
) -> Session:
    """A session for a person signed in with their own account (api/users)."""
    await signins.signed_in(db, org, trail.Actor(user_id=user_id, name=name, role=role))
    return await sessions.rotate(
        db,
        old_sid,
        {
            "organizationId": org.id,
            "authenticated": True,
            "userRole": role,
            "userId": user_id,
            "userName": name,
            "employeeId": employee_id,
            "forcePasswordChange": force_password_change,
        },
    )


async def change_password(
    db: AsyncSession, *, principal: Principal, current: str | None, new: str
) -> None:
    """Set a new role password. The forced first change needs no current password."""
    check_new_password(new)
    if principal.user_id:
        # Signed in with a personal account: the change is to that account's password.
        await change_own_password(
            org=principal.organization,
            user_id=principal.user_id,
            current=current,
            new=new,
            forced=principal.force_password_change,
        )
        if row := await sessions.load(db, principal.session_id):
            await sessions.update(db, row, forcePasswordChange=False)
        # Other browsers signed in with the old password are signed out; this one stays.
        await end_sessions(
            organization_id=principal.organization.id,
            user_id=principal.user_id,
            keep_sid=principal.session_id,
            db=db,
        )
        return
    if principal.role not in LOGIN_ROLES:
        raise Forbidden("Only the admin and manager sign-ins have a shared password")
    org = principal.organization
    stored = org.admin_password_hash if principal.role == "admin" else org.manager_password_hash
    if not principal.force_password_change:
        if not current:
            raise BadRequest("Please fill in all fields")
        if not await verify_password_async(current, stored):
            raise BadRequest("Current password is incorrect")
    if await verify_password_async(new, stored):
        raise BadRequest("New password must be different from the current password")
    new_hash = await hash_password_async(new)
    prefix = principal.role
    await db.execute(
        update(Organization)
        .where(Organization.id == org.id)
        .values(
            {
                f"{prefix}_password_hash": new_hash,
                f"{prefix}_last_password_change": utcnow(),
                f"{prefix}_force_password_change": False,
            }
        )
    )
    await signins.role_password_changed(db, org, prefix)
    row = await sessions.load(db, principal.session_id)
    if row is not None:
        await sessions.update(db, row, forcePasswordChange=False)
    # Others signed in with the old password are signed out; this browser stays signed in.
    await sessions.end_role_sessions(
        db, organization_id=org.id, role=principal.role, keep_sid=principal.session_id
    )
