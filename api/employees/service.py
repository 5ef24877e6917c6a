"""Employee rules: uniqueness, departments, managers, archive and permanent delete."""

import logging
import re
from typing import Any

from sqlalchemy import (
    BigInteger,
    String,
    cast,
    delete,
    event,
    func,
    literal,
    or_,
    select,
    union_all,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from api.audit import trail
from api.core.errors import BadRequest, Conflict
from api.core.storage import get_storage
from api.departments.models import Department
from api.documents.models import EmployeeDocument, UploadSlot
from api.documents.service import file_id_of, storage_key
from api.employees.models import Employee
from api.employees.schemas import EmployeeCreate, EmployeeUpdate
from api.users.models import User
from api.users.service import link_by_email

log = logging.getLogger("merit.employees")

# users.employee_id's foreign key (ON DELETE RESTRICT): an account keeps its employee.
LINK_CONSTRAINT = "fk_users_employee_id_employees"

SELF_MANAGER = "An employee cannot be their own manager"
MANAGER_CYCLE = "This manager assignment would create a reporting cycle"
LINKED_TO_ACCOUNT = (
    "This employee is linked to a user account; unlink it (or remove the account) first"
)


def employee_id_taken(employee_id: str) -> str:
    return f"An employee with employee ID '{employee_id}' already exists"


def email_taken(email: str) -> str:
    return f"An employee with email '{email}' already exists"


def unknown_department(value: str) -> str:
    return f"Department '{value}' does not exist"


def unknown_manager(value: str) -> str:
    return f"Manager ID '{value}' does not match any employee"


def constraint_name(exc: IntegrityError) -> str:
    """The violated constraint's name, as asyncpg reports it (or found in the message)."""
    cause = getattr(exc.orig, "__cause__", None)
    name = getattr(cause, "constraint_name", None) or getattr(exc.orig, "constraint_name", None)
    if name:
        return str(name)
    found = re.search(r'constraint "([^"]+)"', str(exc.orig))
    return found.group(1) if found else ""


# ---- checks shared by create and update ---------------------------------------------------


async def resolve_department(session: AsyncSession, value: str) -> str:
    """A department given by slug (or, forgivingly, by name in any case) → its slug."""
    found = await session.scalar(select(Department.slug).where(Department.slug == value))
    if found:
        return found
    lowered = value.lower()
    found = await session.scalar(
        select(Department.slug)
        .where(or_(func.lower(Department.slug) == lowered, func.lower(Department.name) == lowered))
        .order_by(Department.id)
        .limit(1)
    )
    if not found:
        raise BadRequest(unknown_department(value))
    return found


async def _check_unique(
    session: AsyncSession, *, employee_id: str | None, email: str | None, exclude: int | None
) -> None:
    if employee_id is not None:
        stmt = select(Employee.id).where(Employee.employee_id == employee_id)
        if exclude is not None:
            stmt = stmt.where(Employee.id != exclude)
        if await session.scalar(stmt.limit(1)):
            raise Conflict(employee_id_taken(employee_id))
    if email is not None:
        stmt = select(Employee.id).where(Employee.email == email)
        if exclude is not None:
            stmt = stmt.where(Employee.id != exclude)
        if await session.scalar(stmt.limit(1)):
            raise Conflict(email_taken(email))


async def _manager_chain(session: AsyncSession, manager_id: str) -> set[str]:
    """The manager and everyone above them (employeeId strings)."""
    e = Employee.__table__
    chain = (
        select(e.c.employee_id, e.c.manager_id)
        .where(e.c.employee_id == manager_id)
        .cte("chain", recursive=True)
    )
    up = e.alias("up")
    chain = chain.union(
        select(up.c.employee_id, up.c.manager_id).select_from(
            up.join(chain, up.c.employee_id == chain.c.manager_id)
        )
    )
    return set((await session.scalars(select(chain.c.employee_id))).all())


async def _check_manager(
    session: AsyncSession, *, manager_id: str, own_ids: set[str], existing: bool
) -> None:
    """managerId names an employee of this organisation, never the employee, never a cycle."""
    if manager_id in own_ids:
        raise BadRequest(SELF_MANAGER)
    if existing:
        # Two changes at once (A under B, B under A) would each find no cycle in what the other
        # has not committed yet: manager changes of the organisation take turns.
        await _lock(session, "merit:managers")
    chain = await _manager_chain(session, manager_id)
    if manager_id not in chain:
        raise BadRequest(unknown_manager(manager_id))
    # Only an existing employee can have reports, so only then can a cycle appear.
    if existing and chain & own_ids:
        raise BadRequest(MANAGER_CYCLE)


# Every employeeId of the generated form, "EMP" and up to 17 digits (20 characters at most).
_GENERATED_FORM = r"^EMP[0-9]{1,17}$"
MAX_EMPLOYEE_ID = 20


def _generated(number: Any) -> Any:
    """EMP0001 ... EMP9999, EMP10000 ...: the number, zero-padded to 4 digits (SQL)."""
    digits = cast(number, String)
    return literal("EMP") + func.lpad(digits, func.greatest(4, func.length(digits)), "0")


async def _lock(session: AsyncSession, name: str) -> None:
    """Wait for, then hold until this transaction ends, one of the organisation's locks.
    Transaction-scoped, so it is released at commit or rollback on the same connection, also
    behind a pooler that hands connections out per transaction."""
    await session.execute(
        select(func.pg_advisory_xact_lock(func.hashtext(name), session.info["organization_id"]))
    )


async def lock_employee_ids(session: AsyncSession) -> None:
    """The organisation's lock on adding employeeIds. Without it two creates at once read the
    same highest number and pick the same next id."""
    await _lock(session, "merit:employee-ids")


async def _next_employee_id(session: AsyncSession) -> str:
    """EMP0001, EMP0002, ... continuing after the highest one of that form. The caller holds
    `lock_employee_ids`, so no other transaction is picking one at the same time."""
    e = Employee.__table__.c
    number = await session.scalar(
        select(func.max(cast(func.substring(e.employee_id, 4), BigInteger))).where(
            e.employee_id.op("~")(_GENERATED_FORM)
        )
    )
    candidate = f"EMP{(number or 0) + 1:04d}"
    if len(candidate) <= MAX_EMPLOYEE_ID:
        return candidate
    # The highest one is at the length limit (typed or imported as such): take the lowest
    # free number instead, so adding people never gets stuck behind that one id.
    table = Employee.__table__
    taken = union_all(
        select(literal(0, BigInteger).label("n")),
        select(cast(func.substring(table.c.employee_id, 4), BigInteger).label("n")).where(
            table.c.employee_id.op("~")(_GENERATED_FORM)
        ),
    ).subquery()
    other = table.alias("other")
    following = _generated(taken.c.n + 1)
    free = await session.scalar(
        select(following)
        .where(~select(other.c.id).where(other.c.employee_id == following).exists())
        .order_by(taken.c.n)
        .limit(1)
    )
    return str(free)


# ---- writing ----------------------------------------------------------------------------


def _conflict_from(exc: IntegrityError, *, employee_id: str | None, email: str | None) -> Exception:
    """The same clear answer when a concurrent write won the race past the checks above."""
    name = constraint_name(exc)
    if name == "uq_employees_employee_id":
        return Conflict(employee_id_taken(employee_id or ""))
    if name == "uq_employees_email":
        return Conflict(email_taken(email or ""))
    if "department" in name:
        return BadRequest("That department no longer exists")
    if "manager" in name:
        return BadRequest("That manager no longer exists")
    log.warning("employee write refused by constraint %s", name)
    return Conflict("The employee could not be saved because of conflicting data")


async def create(*, session: AsyncSession, data: EmployeeCreate) -> Employee:
    """Add one employee, generating its employeeId when none is given."""
    values = data.model_dump(exclude={"organization_id"})
    if values["department"] is not None:
        values["department"] = await resolve_department(session, values["department"])
    await _check_unique(
        session, employee_id=values["employee_id"], email=values["email"], exclude=None
    )
    if values["manager_id"] is not None:
        own = {values["employee_id"]} if values["employee_id"] else set()
        await _check_manager(session, manager_id=values["manager_id"], own_ids=own, existing=False)
    generated = values["employee_id"] is None
    if generated:
        await lock_employee_ids(session)
    for attempt in range(5):
        if generated:
            values["employee_id"] = await _next_employee_id(session)
        employee = Employee(**values)
        try:
            async with session.begin_nested():
                session.add(employee)
                await session.flush()
        except IntegrityError as exc:
            # A generated id taken meanwhile by a write that does not take the lock (an id
            # typed by hand, a rename): take the next one.
            if generated and attempt < 4 and constraint_name(exc) == "uq_employees_employee_id":
                continue
            raise _conflict_from(
                exc, employee_id=values["employee_id"], email=values["email"]
            ) from exc
        await session.refresh(employee)
        await link_by_email(session, employee)  # an account with their address is theirs
        return employee
    raise Conflict("Could not generate a unique employee ID, please try again")


async def update(*, session: AsyncSession, employee: Employee, data: EmployeeUpdate) -> Employee:
    """Change the fields sent; renaming the employeeId carries the reports along (FK cascade)."""
    changes = data.changes()
    if changes.get("department") is not None:
        changes["department"] = await resolve_department(session, changes["department"])
    new_id = changes.get("employee_id")
    await _check_unique(
        session,
        employee_id=new_id if new_id not in (None, employee.employee_id) else None,
        email=changes.get("email") if changes.get("email") not in (None, employee.email) else None,
        exclude=employee.id,
    )
    manager = changes.get("manager_id")
    if manager is not None:
        own = {employee.employee_id} | ({new_id} if new_id else set())
        await _check_manager(session, manager_id=manager, own_ids=own, existing=True)
    for key, value in changes.items():
        setattr(employee, key, value)
    try:
        async with session.begin_nested():
            await session.flush()
    except IntegrityError as exc:
        raise _conflict_from(
            exc, employee_id=changes.get("employee_id"), email=changes.get("email")
        ) from exc
    await session.refresh(employee)
    return employee


async def update_archived(*, session: AsyncSession, employee: Employee, archived: bool) -> Employee:
    """Archive (hide from the default list) or restore an employee."""
    employee.is_archived = archived
    await session.flush()
    await session.refresh(employee)
    return employee


async def _linked_to_account(session: AsyncSession, employee_pk: int) -> bool:
    return (
        await session.scalar(select(User.id).where(User.employee_id == employee_pk).limit(1))
        is not None
    )


async def delete_employee(*, session: AsyncSession, employee: Employee) -> None:
    """Remove the employee with their reviews, certifications, notes, documents and reminders.

    Rows go by the foreign keys' ON DELETE CASCADE in this one transaction; the documents'
    files are removed from storage only once that transaction has committed, so a rollback
    never leaves rows pointing at deleted files. An employee a user account is linked to is
    kept (409): the account would lose the person its access is scoped to.
    """
    if await _linked_to_account(session, employee.id):
        raise Conflict(LINKED_TO_ACCOUNT)
    paths = list(
        (
            await session.scalars(
                select(EmployeeDocument.file_path).where(
                    EmployeeDocument.employee_id == employee.id
                )
            )
        ).all()
    )
    try:
        async with session.begin_nested():
            await session.execute(delete(Employee).where(Employee.id == employee.id))
    except IntegrityError as exc:  # an account was linked to them since the check above
        if constraint_name(exc) == LINK_CONSTRAINT:
            raise Conflict(LINKED_TO_ACCOUNT) from exc
        raise
    await trail.record_deleted(session, employee)
    session.expunge(employee)
    if not paths:
        return
    # The upload slots that held these files go too, so nothing can claim a removed file.
    await session.execute(delete(UploadSlot).where(UploadSlot.path.in_(paths)))
    organization_id = int(session.info["organization_id"])
    keys = [storage_key(organization_id, f) for f in map(file_id_of, paths) if f is not None]
    if keys:
        event.listen(session.sync_session, "after_commit", _file_remover(keys), once=True)


def _file_remover(keys: list[str]) -> Any:
    def remove(_session: Any) -> None:
        storage = get_storage()
        for key in keys:
            try:
                storage.delete(key)
            except Exception:  # a missing or odd file must not undo a committed delete
                log.exception("could not delete document file %s", key)

    return remove
