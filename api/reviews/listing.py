"""Review lists (GET /api/reviews, /all, /upcoming) rendered from plain rows.

Each review in a list embeds its employee and its template. Loading 600 reviews as ORM
objects and validating each through ReviewRead (with its template's questions, again and
again) cost about 30 ms of CPU for a 200-person organisation. Here the reviews are plain
rows, and each distinct employee and template is validated through its reply model once,
then shared by every review that names it. The reply is the same JSON, byte for byte
(tests/api/reviews/test_listing.py compares the two).
"""

from typing import Any

from pydantic_core import to_json
from sqlalchemy import Select, select
from sqlalchemy.ext.asyncio import AsyncSession

from api.employees.models import Employee
from api.reviews.models import Review, ReviewTemplate
from api.reviews.schemas import EmployeeSummary, ReviewRead, TemplateSummary

_EMBEDS = {"employee", "template", "organization_id"}
# The review's own columns, in ReviewRead's order, with the JSON names it gives them.
_REVIEW_FIELDS = [
    (name, field.alias or name)
    for name, field in ReviewRead.model_fields.items()
    if name not in _EMBEDS
]
REVIEW_COLUMNS = [getattr(Review, name) for name, _ in _REVIEW_FIELDS]


def review_rows() -> Select[Any]:
    """SELECT of the columns a listed review shows; add WHERE and ORDER BY to it."""
    return select(*REVIEW_COLUMNS)


async def render(session: AsyncSession, query: Select[Any]) -> bytes:
    """The JSON list of the reviews `query` (from review_rows) selects, embeds included."""
    rows = (await session.execute(query)).all()
    if not rows:
        return b"[]"
    employees = await _embedded(
        session, Employee, EmployeeSummary, {row.employee_id for row in rows}
    )
    templates = await _embedded(
        session, ReviewTemplate, TemplateSummary, {row.template_id for row in rows}
    )
    organization_id = session.info["organization_id"]
    replies = []
    for row in rows:
        reply = {wire: value for (_, wire), value in zip(_REVIEW_FIELDS, row, strict=True)}
        reply["organizationId"] = organization_id
        reply["employee"] = employees.get(row.employee_id)
        reply["template"] = templates.get(row.template_id)
        replies.append(reply)
    return to_json(replies)


async def _embedded(
    session: AsyncSession, model: Any, reply_model: Any, ids: set[int]
) -> dict[int, dict[str, Any]]:
    """id → the reply model's JSON-ready dict, each row validated once."""
    columns = [getattr(model, name) for name in reply_model.model_fields]
    rows = (await session.execute(select(*columns).where(model.id.in_(ids)))).mappings()
    return {
        row["id"]: reply_model.model_validate(dict(row)).model_dump(mode="json", by_alias=True)
        for row in rows
    }
