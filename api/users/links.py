"""Accounts are people: the employee an account belongs to, and the open sessions of an account
kept in step with it.

An account reaches records through its employee (api/access), so a link, an unlink or a role
change must reach the person's open sessions at once, in the same transaction as the change:
otherwise a browser signed in before it would keep the old reach until it signs out.
"""

from typing import Any

from sqlalchemy import bindparam, exists, func, select, update
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from api.auth.models import Session
from api.core.errors import Conflict, NotFound
from api.employees.models import Employee
from api.users.models import User

EMPLOYEE_NOT_FOUND = "Employee not found"
EMPLOYEE_TAKEN = "This employee is already linked to another account"


def _constraint(exc: IntegrityError) -> str:
    cause = getattr(exc.orig, "__cause__", None)
    name = getattr(cause, "constraint_name", None) or getattr(exc.orig, "constraint_name", None)
    return str(name or exc.orig)


async def refresh_sessions(
    db: AsyncSession, *, organization_id: int, user_id: str, **changes: Any
) -> None:
    """Write `changes` (userRole, userName, employeeId) into every open session of one
    account, in the transaction of `db` (any session: public.sessions is named with its
    schema)."""
    patch = bindparam("patch", changes, type_=JSONB)
    await db.execute(
        update(Session)
        .where(
            Session.sess["organizationId"].as_integer() == organization_id,
            Session.sess["userId"].as_string() == user_id,
        )
        .values(sess=Session.sess.op("||", return_type=JSONB)(patch))
    )


async def unlinked_employee_with_email(session: AsyncSession, email: str) -> int | None:
    """The employee whose e-mail is this address (regardless of case) and who has no account
    yet, or None."""
    taken = select(User.employee_id).where(User.employee_id.is_not(None))
    return await session.scalar(
        select(Employee.id)
        .where(func.lower(Employee.email) == email.strip().lower(), Employee.id.not_in(taken))
        .limit(1)
    )


async def check_employee(session: AsyncSession, *, employee_id: int, user_id: str | None) -> None:
    """404 for an employee this organisation does not have (another organisation's id
    included: its schema holds only its own), 409 for one linked to another account."""
    if await session.get(Employee, employee_id) is None:
        raise NotFound(EMPLOYEE_NOT_FOUND)
    holder = await session.scalar(select(User.id).where(User.employee_id == employee_id))
    if holder is not None and holder != user_id:
        raise Conflict(EMPLOYEE_TAKEN)


async def save_link(session: AsyncSession, user: User, employee_id: int | None) -> None:
    """Set the account's employee. A concurrent link of the same employee (the unique key) or
    removal of the employee (the foreign key) answers as the checks above would have."""
    user.employee_id = employee_id
    try:
        async with session.begin_nested():
            await session.flush()
    except IntegrityError as exc:
        name = _constraint(exc)
        if "employee_id" in name and name.startswith("fk_"):
            raise NotFound(EMPLOYEE_NOT_FOUND) from exc
        if "employee_id" in name:
            raise Conflict(EMPLOYEE_TAKEN) from exc
        raise


async def link_by_email(session: AsyncSession, employee: Employee) -> User | None:
    """A new employee whose e-mail an account without an employee already uses: that account
    is theirs. Links it (and its open sessions) and returns it; None when there is none.

    Called by the employee create, in its transaction."""
    if not employee.email:
        return None
    user = await session.scalar(
        select(User)
        .where(func.lower(User.email) == employee.email.strip().lower(), User.employee_id.is_(None))
        .with_for_update()
    )
    if user is None:
        return None
    await save_link(session, user, employee.id)
    await refresh_sessions(
        session,
        organization_id=int(session.info["organization_id"]),
        user_id=user.id,
        employeeId=employee.id,
    )
    return user


async def link_all_by_email(session: AsyncSession) -> int:
    """Every account without an employee whose e-mail a not yet linked employee has is linked
    to them, with its open sessions; for imports that add many employees at once. Returns
    how many were linked."""
    holder = aliased(User)
    candidates = (
        select(User.id.label("user_id"), Employee.id.label("employee_id"))
        .join(Employee, func.lower(Employee.email) == func.lower(User.email))
        .where(User.employee_id.is_(None), ~exists().where(holder.employee_id == Employee.id))
        .cte("candidates")
    )
    linked = (
        await session.execute(
            update(User)
            .where(User.id == candidates.c.user_id)
            .values(employee_id=candidates.c.employee_id)
            .returning(User.id, User.employee_id)
            .execution_options(synchronize_session=False)
        )
    ).all()
    for user_id, employee_id in linked:
        await refresh_sessions(
            session,
            organization_id=int(session.info["organization_id"]),
            user_id=user_id,
            employeeId=employee_id,
        )
    return len(linked)
