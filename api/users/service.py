"""User accounts: listing, adding and removing them, and signing in with one."""

import uuid
from functools import cache

from sqlalchemy import delete, func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from api.audit import signins
from api.auth import throttle
from api.auth.models import Session
from api.auth.passwords import check_new_password
from api.core.db import enter_schema, public_session, tenant_session, utcnow
from api.core.errors import BadRequest, Conflict, Forbidden, NotFound, Unauthorized
from api.core.security import hash_password, hash_password_async, verify_password_async
from api.employees.models import Employee
from api.organizations.models import Organization
from api.users.links import (
    check_employee,
    refresh_sessions,
    save_link,
    unlinked_employee_with_email,
)

# The employee create and the bulk import link new employees' accounts with these.
from api.users.links import link_all_by_email as link_all_by_email
from api.users.links import link_by_email as link_by_email
from api.users.models import User
from api.users.schemas import EmployeeLink, LinkedEmployee, UserCreate, UserRead, UserUpdate

NOT_FOUND = "User not found"
EMAIL_TAKEN = "A user with this email already exists"
ID_TAKEN = "A user with this ID already exists"
NOT_YOURSELF = "You cannot remove your own account"
LAST_ADMIN = "The last administrator cannot be removed"
LAST_ADMIN_ROLE = "The last administrator must stay an administrator"
NOT_YOUR_ROLE = "You cannot change your own role"
LINK_REQUIRED = "Please give employeeId: an employee's id, or null to unlink"
INVALID_CREDENTIALS = "Invalid credentials"


@cache
def _dummy_hash() -> str:
    """Checked when the address is unknown, so a miss costs as long as a wrong password."""
    return hash_password("merit-no-such-account-1")


def full_name(user: User) -> str:
    return " ".join(p for p in (user.first_name, user.last_name) if p) or user.email


def _read(session: AsyncSession, user: User, employee: LinkedEmployee | None) -> UserRead:
    return UserRead(
        id=user.id,
        email=user.email,
        first_name=user.first_name,
        last_name=user.last_name,
        profile_image_url=user.profile_image_url,
        organization_id=session.info.get("organization_id"),
        role=user.role,  # type: ignore[arg-type]
        is_active=user.is_active,
        has_password=user.password_hash is not None,
        employee_id=user.employee_id,
        employee=employee,
        created_at=user.created_at,
        updated_at=user.updated_at,
    )


async def read_user(*, session: AsyncSession, user: User) -> UserRead:
    """The account as the API shows it, with the employee it belongs to."""
    employee = await session.get(Employee, user.employee_id) if user.employee_id else None
    linked = LinkedEmployee(id=employee.id, name=_employee_name(employee)) if employee else None
    return _read(session, user, linked)


def _employee_name(employee: Employee) -> str:
    return f"{employee.first_name} {employee.last_name}".strip()


async def list_users(*, session: AsyncSession) -> list[UserRead]:
    """Every account of the organisation, oldest first, each with its employee."""
    result = await session.execute(
        select(User, Employee.id, Employee.first_name, Employee.last_name)
        .outerjoin(Employee, Employee.id == User.employee_id)
        .order_by(User.created_at, User.email)
    )
    return [
        _read(
            session,
            user,
            LinkedEmployee(id=pk, name=f"{first} {last}".strip()) if pk is not None else None,
        )
        for user, pk, first, last in result.all()
    ]


async def create_user(*, session: AsyncSession, data: UserCreate) -> UserRead:
    """Add an account; e-mail and id are unique within the organisation. It belongs to the
    employee named, else to the employee with its e-mail address who has no account yet."""
    check_new_password(data.password)
    if await session.scalar(select(User.id).where(func.lower(User.email) == data.email)):
        raise Conflict(EMAIL_TAKEN)
    if data.id is not None and (await session.get(User, data.id)) is not None:
        raise Conflict(ID_TAKEN)
    if data.employee_id is not None:
        await check_employee(session, employee_id=data.employee_id, user_id=None)
        employee_id: int | None = data.employee_id
    else:
        employee_id = await unlinked_employee_with_email(session, data.email)
    user = User(
        id=data.id or str(uuid.uuid4()),
        email=data.email,
        first_name=data.first_name,
        last_name=data.last_name,
        role=data.role,
        password_hash=await hash_password_async(data.password),
        force_password_change=True,
    )
    try:
        async with session.begin_nested():
            session.add(user)
            await session.flush()
    except IntegrityError as exc:  # lost a race with a concurrent add of the same address
        raise Conflict(EMAIL_TAKEN) from exc
    if employee_id is not None:
        await save_link(session, user, employee_id)
    await session.refresh(user)
    return await read_user(session=session, user=user)


async def _account(session: AsyncSession, user_id: str) -> User:
    user = await session.get(User, user_id, with_for_update=True) if len(user_id) <= 64 else None
    if user is None:
        raise NotFound(NOT_FOUND)
    return user


async def link_employee(
    *, session: AsyncSession, organization_id: int, user_id: str, data: EmployeeLink
) -> UserRead:
    """Link the account to its employee (or unlink it with null). Its open sessions reach
    that employee's records from their next request."""
    if "employee_id" not in data.model_fields_set:
        raise BadRequest(LINK_REQUIRED)
    user = await _account(session, user_id)
    if data.employee_id is not None:
        await check_employee(session, employee_id=data.employee_id, user_id=user.id)
    if data.employee_id != user.employee_id:
        await save_link(session, user, data.employee_id)
        await refresh_sessions(
            session,
            organization_id=organization_id,
            user_id=user.id,
            employeeId=data.employee_id,
        )
    await session.refresh(user)
    return await read_user(session=session, user=user)


async def _keep_an_admin(session: AsyncSession, user: User) -> None:
    """409 when `user` is the organisation's last active administrator account. Every admin
    row is locked, so two changes at once cannot take out the last two."""
    admins = (
        await session.execute(
            select(User.id).where(User.role == "admin", User.is_active).with_for_update()
        )
    ).scalars()
    if not [a for a in admins if a != user.id]:
        raise Conflict(LAST_ADMIN_ROLE)


async def update_user(
    *,
    session: AsyncSession,
    organization_id: int,
    user_id: str,
    acting_user_id: str | None,
    data: UserUpdate,
) -> UserRead:
    """Rename an account or give it another role; its open sessions follow at once."""
    user = await _account(session, user_id)
    changes = data.model_dump(include=data.model_fields_set)
    role = changes.pop("role", None)
    if role is not None and role != user.role:
        if user.id == acting_user_id:
            raise BadRequest(NOT_YOUR_ROLE)
        if user.role == "admin" and user.is_active:
            await _keep_an_admin(session, user)
        user.role = role
    for key, value in changes.items():
        setattr(user, key, value)
    user.updated_at = utcnow()
    await session.flush()
    await refresh_sessions(
        session,
        organization_id=organization_id,
        user_id=user.id,
        userRole=user.role,
        userName=full_name(user),
    )
    await session.refresh(user)
    return await read_user(session=session, user=user)


async def delete_user(
    *, session: AsyncSession, organization_id: int, user_id: str, acting_user_id: str | None
) -> None:
    """Remove an account and sign it out everywhere. Not yourself, not the last admin."""
    if acting_user_id is not None and user_id == acting_user_id:
        raise BadRequest(NOT_YOURSELF)
    user = await session.get(User, user_id) if len(user_id) <= 64 else None
    if user is None:
        raise NotFound(NOT_FOUND)
    if user.role == "admin":
        # Lock every admin row, so two removals at once cannot take out the last two admins.
        admins = (
            await session.execute(
                select(User.id).where(User.role == "admin", User.is_active).with_for_update()
            )
        ).scalars()
        if len([a for a in admins if a != user.id]) == 0:
            raise Conflict(LAST_ADMIN)
    await session.delete(user)
    await session.flush()
    # Signed out in the same transaction: the removal and the sign-out stand or fall together.
    await end_sessions(organization_id=organization_id, user_id=user_id, db=session)


async def enable_user(*, session: AsyncSession, user_id: str) -> UserRead:
    """Let a disabled account sign in again (a restore brings removed accounts back
    disabled). Its owner chooses a password with 'Forgot password' if it has none."""
    user = await _account(session, user_id)
    if not user.is_active:
        user.is_active = True
        user.updated_at = utcnow()
        await session.flush()
    return await read_user(session=session, user=user)


async def end_sessions(
    *,
    organization_id: int,
    user_id: str,
    keep_sid: str | None = None,
    db: AsyncSession | None = None,
) -> None:
    """Sign one account out of every browser (except, optionally, the current one). With `db`
    (any session: public.sessions is named with its schema) it happens in that transaction."""
    query = delete(Session).where(
        Session.sess["organizationId"].as_integer() == organization_id,
        Session.sess["userId"].as_string() == user_id,
    )
    if keep_sid:
        query = query.where(Session.sid != keep_sid)
    if db is not None:
        await db.execute(query)
        return
    async with public_session() as own:
        await own.execute(query)


async def authenticate(
    *, db: AsyncSession, org: Organization | None, email: str, password: str, client: str
) -> tuple[User, Organization]:
    """The active account with this e-mail and password, or 401 (throttled like role login)."""
    address = (email or "").strip().lower()
    if not address or not password:
        raise BadRequest("Please enter your email and password")
    if org is None:
        raise BadRequest("Please enter your organization code first")
    if not org.is_active:
        raise Forbidden("This organization has been deactivated. Please contact support.")
    key = throttle.key_for(org.id, "account", address[:255], client)
    await throttle.check(key)
    await enter_schema(db, org.schema_name)
    user = (
        await db.execute(select(User).where(func.lower(User.email) == address[:255]))
    ).scalar_one_or_none()
    stored = user.password_hash if user is not None else None
    ok = await verify_password_async(password, stored or _dummy_hash())
    if user is None or not user.is_active or not stored or not ok:
        await throttle.record_failure(key)
        await signins.account_sign_in_refused(db, org, user, address)
        raise Unauthorized(INVALID_CREDENTIALS)
    await throttle.clear(key)
    return user, org


async def change_own_password(
    *, org: Organization, user_id: str, current: str | None, new: str, forced: bool
) -> None:
    """A person signed in with their account sets a new password for it."""
    check_new_password(new)
    async with tenant_session(org.schema_name, org.id) as session:
        user = await session.get(User, user_id, with_for_update=True)
        if user is None or not user.is_active:
            raise Unauthorized("Not authenticated")
        if not forced:
            if not current:
                raise BadRequest("Please fill in all fields")
            if not await verify_password_async(current, user.password_hash):
                raise BadRequest("Current password is incorrect")
        if await verify_password_async(new, user.password_hash):
            raise BadRequest("New password must be different from the current password")
        user.password_hash = await hash_password_async(new)
        user.force_password_change = False
        user.updated_at = utcnow()


async def set_password(*, db: AsyncSession, org: Organization, user_id: str, new: str) -> bool:
    """Set an account's password (a reset by token) and sign it out everywhere, in the
    transaction of `db`. False when the account is gone."""
    new_hash = await hash_password_async(new)
    await enter_schema(db, org.schema_name)
    changed = await db.execute(
        update(User)
        .where(User.id == user_id, User.is_active)
        .values(password_hash=new_hash, force_password_change=False, updated_at=utcnow())
        .returning(User.id)
    )
    if changed.scalar_one_or_none() is None:
        return False
    await end_sessions(organization_id=org.id, user_id=user_id, db=db)
    return True


async def get_user_by_email(*, db: AsyncSession, org: Organization, email: str) -> User | None:
    await enter_schema(db, org.schema_name)
    return (
        await db.execute(
            select(User).where(func.lower(User.email) == email.strip().lower(), User.is_active)
        )
    ).scalar_one_or_none()
