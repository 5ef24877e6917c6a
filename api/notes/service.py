"""HR notes: recognition or redirection, kept per employee."""

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from api.core.errors import NotFound
from api.employees.models import Employee
from api.notes.models import EmployeeNote
from api.notes.schemas import EmployeeNoteCreate

DEFAULT_AUTHOR = "HR Admin"


async def get_employee(*, session: AsyncSession, employee_id: int) -> Employee:
    """The employee of this organisation, or NotFound."""
    employee = await session.get(Employee, employee_id) if 0 < employee_id < 2**31 else None
    if employee is None:
        raise NotFound("Employee not found")
    return employee


async def list_notes(*, session: AsyncSession, employee_id: int | None) -> list[EmployeeNote]:
    """Newest first: by the note's date, then by when it was written."""
    query = select(EmployeeNote).order_by(
        EmployeeNote.date.desc(), EmployeeNote.created_at.desc(), EmployeeNote.id.desc()
    )
    if employee_id is not None:
        await get_employee(session=session, employee_id=employee_id)
        query = query.where(EmployeeNote.employee_id == employee_id)
    return list((await session.execute(query)).scalars())


async def create(
    *, session: AsyncSession, data: EmployeeNoteCreate, author: str | None
) -> EmployeeNote:
    """Add a note; the author is the signed-in person's name when known (SPEC §9 default)."""
    await get_employee(session=session, employee_id=data.employee_id)
    assert data.date is not None  # the schema requires it
    note = EmployeeNote(
        employee_id=data.employee_id,
        date=data.date,
        category=data.category,
        note=data.note,
        created_by=author or data.created_by or DEFAULT_AUTHOR,
    )
    session.add(note)
    await session.flush()
    await session.refresh(note)
    return note
