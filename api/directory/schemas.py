"""The directory's entry: who someone is and where they sit, nothing of their file (no start
date, review schedule or notes), so every signed-in person may read it."""

from api.core.schemas import ReadModel


class DirectoryEntry(ReadModel):
    id: int
    first_name: str
    last_name: str
    position: str | None = None
    department: str | None = None  # the department's slug
    department_name: str | None = None
    email: str | None = None
    manager_id: str | None = None  # the manager's employeeId
    manager_name: str | None = None
