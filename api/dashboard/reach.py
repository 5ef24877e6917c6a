"""The records a scoped reader counts: the filters every dashboard figure, activity item and
analytics chart adds.

A reader who reaches everything gets no filter at all, so their statements stay exactly the
unscoped ones (no join, no extra predicate). Any other reader's employees are gathered once per
statement in one materialised CTE that every figure reads: the reporting line is walked once,
not once per card."""

from dataclasses import dataclass
from typing import Any

from sqlalchemy import ColumnElement, Integer, Select, bindparam, or_, select

from api.access.policy import ALL
from api.access.scope import Scope
from api.employees.models import Employee
from api.reviews.access import shares_reviews
from api.reviews.models import Review

# Everything the organisation holds: what the figures counted before scopes existed.
EVERYTHING = Scope(reach=ALL, employee_id=None)
# Name of the bound value holding the reader's own employee in a statement built once per
# reach (building a statement costs more CPU than running it; see service._stats).
READER = "reader_employee"


@dataclass(frozen=True)
class Counted:
    """The filters of one scoped reader."""

    ids: Select[Any]  # the ids of the employees in reach
    reader: Any  # the reader's own employee: a value, or the READER parameter

    def people(self, column: Any) -> list[ColumnElement[bool]]:
        """Records of the employees in reach."""
        return [column.in_(self.ids)]

    def open_reviews(self, column: Any) -> list[ColumnElement[bool]]:
        """Open reviews in reach: a person's own review shows only once it is completed, so
        their own open ones are neither counted nor listed."""
        return [column.in_(self.ids), column != self.reader]

    def reviews(self) -> list[ColumnElement[bool]]:
        """Reviews in reach, open or completed: the reader's own only once completed (and
        shared with them, in a cycle that shares reviews)."""
        return [
            Review.employee_id.in_(self.ids),
            or_(Review.status == "completed", Review.employee_id != self.reader),
            *self.completed_reviews(),
        ]

    def completed_reviews(self) -> list[ColumnElement[bool]]:
        """Completed reviews in reach: the reader's own only once it is theirs to read (a
        cycle that shares reviews keeps it the reviewer's until shared, rating and all)."""
        shown = or_(Review.cycle_id.is_(None), Review.shared_at.is_not(None), ~shares_reviews())
        return [Review.employee_id.in_(self.ids), or_(Review.employee_id != self.reader, shown)]


def counted(scope: Scope, *, bound: bool = False) -> Counted | None:
    """The filters for `scope`, or None when it reaches everything. With `bound`, the reader's
    employee is the READER parameter (the statement is kept and reused for every reader with
    the same reach); otherwise it is the reader's value."""
    if scope.everything:
        return None
    reader: Any = bindparam(READER, type_=Integer) if bound else scope.employee_id
    within = Scope(reach=scope.reach, employee_id=reader).employees(Employee.id)
    in_scope = select(Employee.id).where(within).cte("in_scope").prefix_with("MATERIALIZED")
    return Counted(ids=select(in_scope.c.id), reader=reader)
