"""The records a reader reaches, as SQL: one filter for every list, search, count and chart,
and one check for every single record (404 when out of reach)."""

from dataclasses import dataclass

from sqlalchemy import ColumnElement, Select, exists, false, or_, select, true
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import QueryableAttribute, aliased

from api.access.policy import Reach, Rule, permission
from api.auth.principal import Principal
from api.core.errors import Forbidden, NotFound
from api.employees.models import Employee

NOT_ALLOWED = "You don't have permission to do this"


def reporting_line(manager_pk: int) -> Select[tuple[int]]:
    """The ids of the employee's direct and indirect reports (managerId holds the manager's
    employeeId). UNION, not UNION ALL: a cycle in the data ends instead of looping."""
    root = select(Employee.employee_id).where(Employee.id == manager_pk).scalar_subquery()
    line = (
        select(Employee.id, Employee.employee_id)
        .where(Employee.manager_id == root)
        .cte("reporting_line", recursive=True)
    )
    report = aliased(Employee)
    line = line.union(
        select(report.id, report.employee_id).join(line, report.manager_id == line.c.employee_id)
    )
    return select(line.c.id)


@dataclass(frozen=True)
class Scope:
    """Which employees' records one reader reaches for one action."""

    reach: Rule
    employee_id: int | None  # the reader's own employee, when the account is linked
    user_id: str | None = None  # the reader's personal account (named reviewer of reviews)

    @property
    def everything(self) -> bool:
        return Reach.ALL in self.reach

    def employees(
        self, column: ColumnElement[int] | QueryableAttribute[int]
    ) -> ColumnElement[bool]:
        """A WHERE clause on a column holding employees.id: true for the records in reach."""
        if self.everything:
            return true()
        if self.employee_id is None:
            return false()
        clauses: list[ColumnElement[bool]] = []
        if Reach.OWN in self.reach:
            clauses.append(column == self.employee_id)
        if Reach.LINE in self.reach:
            clauses.append(column.in_(reporting_line(self.employee_id)))
        return or_(*clauses) if clauses else false()

    def is_own(self, employee_pk: int | None) -> bool:
        return self.employee_id is not None and employee_pk == self.employee_id

    async def reaches(self, session: AsyncSession, employee_pk: int | None) -> bool:
        if self.everything:
            return True
        if employee_pk is None or self.employee_id is None:
            return False
        if Reach.OWN in self.reach and employee_pk == self.employee_id:
            return True
        if Reach.LINE not in self.reach:
            return False
        line = reporting_line(self.employee_id).subquery()
        return bool(await session.scalar(select(exists().where(line.c.id == employee_pk))))

    async def require(self, session: AsyncSession, employee_pk: int | None, message: str) -> None:
        """404 with `message` when the employee's records are out of reach."""
        if not await self.reaches(session, employee_pk):
            raise NotFound(message)


def scope_for(principal: Principal, resource: str, action: str) -> Scope:
    """The reader's scope for an action; 403 when the role never has it."""
    rule = permission(resource, action).rule(principal.role, principal.organization.visibility)
    if not rule:
        raise Forbidden(NOT_ALLOWED)
    return Scope(reach=rule, employee_id=principal.employee_id, user_id=principal.user_id)


def may(principal: Principal, resource: str, action: str) -> bool:
    """Whether the role has the action at all (to show a field, not to guard a route)."""
    return bool(
        permission(resource, action).rule(principal.role, principal.organization.visibility)
    )
