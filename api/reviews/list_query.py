"""What GET /api/reviews may filter and sort by, and how that becomes SQL.

Every parameter is optional; without any the list is what it has always been (newest first,
reviews of archived employees left out). The Reviews screen keeps its choices in its address, so
a bad value in a shared or edited link answers 400 with the parameter's name, never a 500.

A review's reviewer is the employee's manager (the org chart's reporting line): `reviewer`
names that manager by employee ID and lists the reviews of the people who report to them.
"""

from dataclasses import dataclass
from datetime import date
from typing import Annotated, Any, Literal, TypeVar

from fastapi import Depends, Query
from sqlalchemy import Select, and_, case, func, literal, not_, or_, select

from api.access.scope import Scope
from api.employees.models import Employee
from api.reviews.access import only_visible
from api.reviews.models import Review, ReviewTemplate

StatusFilter = Literal["pending", "in_progress", "completed"]
ReviewTypeFilter = Literal[
    "quarterly", "annual", "probation", "promotion", "performance_improvement"
]
# active: employees not archived (the default); archived: archived employees only; all: both.
ArchivedFilter = Literal["active", "archived", "all"]
ReviewSort = Literal[
    "urgency",
    "dueDate",
    "-dueDate",
    "createdAt",
    "-createdAt",
    "completedAt",
    "-completedAt",
    "employee",
    "-employee",
    "rating",
    "-rating",
]
SORT_HELP = (
    "urgency: open reviews by due date, then completed ones newest first; a leading '-' "
    "reverses; without sort: newest first"
)
SEARCH_MAX = 200
Q = TypeVar("Q", bound=Select)  # any SELECT over reviews


@dataclass(frozen=True)
class ReviewQuery:
    search: str | None = None
    department: str | None = None
    review_type: str | None = None
    status: str | None = None
    overdue: bool | None = None
    archived: str | None = None
    sort: str | None = None
    reviewer: str | None = None


def review_query(
    search: Annotated[
        str | None,
        Query(max_length=SEARCH_MAX, description="Employee name or ID, or template name"),
    ] = None,
    department: Annotated[
        str | None, Query(max_length=50, description="The employee's department slug")
    ] = None,
    review_type: Annotated[ReviewTypeFilter | None, Query(alias="reviewType")] = None,
    status: StatusFilter | None = None,
    overdue: Annotated[
        bool | None,
        Query(description="true: open and past due; false: the others"),
    ] = None,
    archived: Annotated[
        ArchivedFilter | None,
        Query(description="Whose reviews: active employees' (default), archived ones', all"),
    ] = None,
    sort: Annotated[ReviewSort | None, Query(description=SORT_HELP)] = None,
    reviewer: Annotated[
        str | None,
        Query(
            max_length=50,
            description="The reviewer's employee ID: reviews of the people who report to them",
        ),
    ] = None,
) -> ReviewQuery:
    return ReviewQuery(
        search=(search or "").strip() or None,
        department=department or None,
        review_type=review_type,
        status=status,
        overdue=overdue,
        archived=archived,
        sort=sort,
        reviewer=(reviewer or "").strip() or None,
    )


ReviewQueryParams = Annotated[ReviewQuery, Depends(review_query)]


def _like(term: str) -> str:
    """An ILIKE pattern finding `term` anywhere, its own % and _ taken literally."""
    escaped = term.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def _order(sort: str | None) -> list[Any]:
    if sort is None:
        return [Review.created_at.desc(), Review.id.desc()]
    if sort == "urgency":
        open_first = case((Review.status == "completed", 1), else_=0)
        open_due = case((Review.status != "completed", Review.due_date))
        return [
            open_first,
            open_due.asc(),
            func.coalesce(Review.completed_at, func.timezone("UTC", Review.due_date)).desc(),
            Review.id.desc(),
        ]
    descending = sort.startswith("-")
    key = sort.removeprefix("-")
    sortable: dict[str, list[Any]] = {
        "dueDate": [Review.due_date],
        "createdAt": [Review.created_at],
        "completedAt": [Review.completed_at],
        "employee": [func.lower(Employee.last_name), func.lower(Employee.first_name)],
        "rating": [Review.rating],
    }
    columns = sortable[key]
    ordered = [c.desc().nulls_last() if descending else c.asc().nulls_last() for c in columns]
    return [*ordered, Review.id.desc() if descending else Review.id.asc()]


@dataclass(frozen=True)
class Filters:
    """What the endpoint adds to the query's parameters."""

    today: date
    scope: Scope  # the reviews the reader may see
    employee_id: int | None = None
    # Whose reviews a list shows when `archived` is not given.
    default_archived: str = "active"


def apply(query: Q, params: ReviewQuery, filters: Filters, *, ordered: bool = True) -> Q:
    """`query` (over reviews) with the filters, and the order when `ordered`. A list by
    employee shows archived employees' reviews unless told otherwise."""
    employee_id = filters.employee_id
    archived = params.archived or ("all" if employee_id is not None else filters.default_archived)
    by_employee = (params.sort or "").removeprefix("-") == "employee"
    joined = archived != "all" or params.department or params.reviewer
    if joined or (ordered and by_employee):
        query = query.join(Employee, Employee.id == Review.employee_id)
    if archived == "active":
        query = query.where(Employee.is_archived.is_(False))
    elif archived == "archived":
        query = query.where(Employee.is_archived.is_(True))
    if employee_id is not None:
        query = query.where(Review.employee_id == employee_id)
    query = only_visible(query, filters.scope)
    if params.department is not None:
        query = query.where(Employee.department == params.department)
    if params.reviewer is not None:
        query = query.where(Employee.manager_id == params.reviewer)
    if params.review_type is not None:
        query = query.where(Review.review_type == params.review_type)
    if params.status is not None:
        query = query.where(Review.status == params.status)
    if params.overdue is not None:
        late = and_(Review.status != "completed", Review.due_date < filters.today)
        query = query.where(late if params.overdue else not_(late))
    if params.search is not None:
        # The matching employees and templates are found once each (two small lookups), not
        # tested again for every review.
        pattern = _like(params.search)
        people = Employee.__table__.alias("searched_employees")
        templates = ReviewTemplate.__table__.alias("searched_templates")
        named = select(people.c.id).where(
            or_(
                (people.c.first_name + literal(" ") + people.c.last_name).ilike(pattern),
                people.c.employee_id.ilike(pattern),
            )
        )
        titled = select(templates.c.id).where(templates.c.name.ilike(pattern))
        query = query.where(or_(Review.employee_id.in_(named), Review.template_id.in_(titled)))
    if ordered:
        query = query.order_by(*_order(params.sort))
    return query
