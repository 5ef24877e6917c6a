"""Sign-ins, refused sign-ins and sign-outs in the organisation's audit trail. They run on the
catalog session (public.sessions), whose transaction the event joins."""

import re

from sqlalchemy.ext.asyncio import AsyncSession

from api.audit.trail import Actor, record_in_organization, shared_actor
from api.auth import sessions
from api.auth.principal import role_name
from api.core.db import commit, enter_schema
from api.organizations.models import Organization
from api.users.models import User

RESOURCE = "session"


async def signed_in(db: AsyncSession, org: Organization, actor: Actor) -> None:
    await record_in_organization(
        db, org, actor=actor, action="sign_in", resource=RESOURCE, summary=f"{actor.name} signed in"
    )


async def sign_in_refused(db: AsyncSession, org: Organization, actor: Actor) -> None:
    """A refused attempt is kept although the request fails: the refusal rolls the request's
    transaction back, so the event is committed here (the request has written nothing before
    checking the password)."""
    await record_in_organization(
        db,
        org,
        actor=actor,
        action="sign_in_failed",
        resource=RESOURCE,
        summary=f"Sign-in refused for {actor.name}",
    )
    await commit(db)


async def signed_out(db: AsyncSession, sid: str | None) -> None:
    """Before the session `sid` is ended: who it was, in its organisation's trail."""
    row = await sessions.load(db, sid)
    data = row.sess if row is not None else {}
    org_id = data.get("organizationId")
    if not data.get("authenticated") or not isinstance(org_id, int):
        return
    org = await db.get(Organization, org_id)
    if org is None:
        return
    role = str(data.get("userRole") or "")
    actor = shared_actor(role)
    if data.get("userId"):
        name = str(data.get("userName") or actor.name)
        actor = Actor(user_id=str(data["userId"]), name=name, role=role)
    await record_in_organization(
        db,
        org,
        actor=actor,
        action="sign_out",
        resource=RESOURCE,
        summary=f"{actor.name} signed out",
    )


# What a typed address must look like to be recorded as typed: people sometimes type their
# password into the e-mail field, and the trail must never hold a password.
_ADDRESS = re.compile(r"[^@\s]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+")
NOT_AN_ADDRESS = "(not an e-mail address)"


async def account_sign_in_refused(
    db: AsyncSession, org: Organization, user: User | None, email: str
) -> None:
    """A refused sign-in with a personal account: the account when the address is one, else
    the address as typed when it is shaped like one."""
    typed = email[:200] if _ADDRESS.fullmatch(email) else NOT_AN_ADDRESS
    actor = Actor(user_id=None, name=typed, role=None)
    if user is not None:
        name = " ".join(p for p in (user.first_name, user.last_name) if p) or user.email
        actor = Actor(user_id=user.id, name=name, role=user.role)
    await sign_in_refused(db, org, actor)


async def password_reset(
    db: AsyncSession, org: Organization, *, user_id: str | None = None, role: str | None = None
) -> None:
    """A password set with a reset link: an account's (`user_id`), or a role's shared one.
    Whoever used the link is that account or role, as far as anyone can tell."""
    if user_id is not None:
        await enter_schema(db, org.schema_name)
        user = await db.get(User, user_id)
        name = user_id
        if user is not None:
            name = " ".join(p for p in (user.first_name, user.last_name) if p) or user.email
        actor = Actor(user_id=user_id, name=name, role=user.role if user is not None else None)
        resource, record_id = "user", user_id
    else:
        actor = shared_actor(role or "")
        resource, record_id = "role", role or ""
    await record_in_organization(
        db,
        org,
        actor=actor,
        action="password_change",
        resource=resource,
        record_id=record_id,
        summary=f"{actor.name} set a new password with a reset link",
    )


async def role_password_changed(db: AsyncSession, org: Organization, role: str) -> None:
    """A role's shared password changed by someone signed in with it."""
    await record_in_organization(
        db,
        org,
        action="password_change",
        resource="role",
        record_id=role,
        summary=f"Changed the {role_name(role)} sign-in's password",
    )
