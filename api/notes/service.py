"""HR notes: recognition or redirection, kept per employee."""

from sqlalchemy.ext.asyncio import AsyncSession

from api.access.scope import Scope
from api.core.listing import Listing
from api.employees.lookup import (
    EMPLOYEE_NOT_FOUND,
    check_employee_id,
    employee_list,
    require_employee,
)
from api.notes.models import EmployeeNote
from api.notes.schemas import EmployeeNoteCreate, EmployeeNoteRead

DEFAULT_AUTHOR = "HR Admin"


# The list (api/core/listing.py): rendered from plain rows, each note's JSON reused while the
# note is unchanged.
NOTES = Listing(EmployeeNote, EmployeeNoteRead)


async def list_notes(*, session: AsyncSession, employee_id: int | None, scope: Scope) -> bytes:
    """Newest first: by the note's date, then by when it was written; as JSON. Only notes of
    employees the reader reaches; naming one out of reach is 404, as an unknown one."""
    query = NOTES.rows().order_by(
        EmployeeNote.date.desc(), EmployeeNote.created_at.desc(), EmployeeNote.id.desc()
    )
    if employee_id is not None:
        check_employee_id(employee_id)
        await scope.require(session, employee_id, EMPLOYEE_NOT_FOUND)
        query = query.where(EmployeeNote.employee_id == employee_id)
    elif not scope.everything:
        query = query.where(scope.employees(EmployeeNote.employee_id))
    body = await NOTES.render(session, query)
    return await employee_list(session=session, employee_id=employee_id, body=body)


async def create(
    *, session: AsyncSession, data: EmployeeNoteCreate, author: str | None, scope: Scope
) -> EmployeeNote:
    """Add a note; the author is the signed-in person's name when known (a personal account),
    else the one sent, else "HR Admin"."""
    await scope.require(session, data.employee_id, EMPLOYEE_NOT_FOUND)
    await require_employee(session=session, employee_id=data.employee_id)
    assert data.date is not None  # the schema requires it
    note = EmployeeNote(
        employee_id=data.employee_id,
        date=data.date,
        category=data.category,
        note=data.note,
        created_by=author or data.created_by or DEFAULT_AUTHOR,
    )
    session.add(note)
    await session.flush()  # id and created_at come back with the INSERT (RETURNING)
    return note
