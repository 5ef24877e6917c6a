"""User accounts: listing, adding and removing them, and signing in with one."""

import uuid
from functools import cache

from sqlalchemy import delete, func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from api.auth import throttle
from api.auth.models import Session
from api.auth.passwords import check_new_password
from api.core.db import enter_schema, public_session, tenant_session, utcnow
from api.core.errors import BadRequest, Conflict, Forbidden, NotFound, Unauthorized
from api.core.security import hash_password, hash_password_async, verify_password_async
from api.organizations.models import Organization
from api.users.models import User
from api.users.schemas import UserCreate

NOT_FOUND = "User not found"
EMAIL_TAKEN = "A user with this email already exists"
ID_TAKEN = "A user with this ID already exists"
NOT_YOURSELF = "You cannot remove your own account"
LAST_ADMIN = "The last administrator cannot be removed"
INVALID_CREDENTIALS = "Invalid credentials"


@cache
def _dummy_hash() -> str:
    """Checked when the address is unknown, so a miss costs as long as a wrong password."""
    return hash_password("merit-no-such-account-1")


def full_name(user: User) -> str:
    return " ".join(p for p in (user.first_name, user.last_name) if p) or user.email


async def list_users(*, session: AsyncSession) -> list[User]:
    """Every account of the organisation, oldest first."""
    result = await session.execute(select(User).order_by(User.created_at, User.email))
    return list(result.scalars())


async def create_user(*, session: AsyncSession, data: UserCreate) -> User:
    """Add an account; e-mail and id are unique within the organisation."""
    check_new_password(data.password)
    if await session.scalar(select(User.id).where(func.lower(User.email) == data.email)):
        raise Conflict(EMAIL_TAKEN)
    if data.id is not None and (await session.get(User, data.id)) is not None:
        raise Conflict(ID_TAKEN)
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
    await session.refresh(user)
    return user


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


async def enable_user(*, session: AsyncSession, user_id: str) -> User:
    """Let a disabled account sign in again (a restore brings removed accounts back
    disabled). Its owner chooses a password with 'Forgot password' if it has none."""
    user = await session.get(User, user_id, with_for_update=True) if len(user_id) <= 64 else None
    if user is None:
        raise NotFound(NOT_FOUND)
    if not user.is_active:
        user.is_active = True
        user.updated_at = utcnow()
        await session.flush()
    return user


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
