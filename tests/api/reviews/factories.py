"""Rows written straight into an organisation's schema, for review, reminder, dashboard
and analytics tests (the employees API belongs to another domain)."""

import uuid
from datetime import date, datetime, timedelta
from typing import Any

from sqlalchemy import func, select, text
from sqlalchemy.ext.asyncio import AsyncConnection

from api.core.dates import local_today
from api.core.db import tenant_session
from api.employees.models import Employee
from api.organizations.models import Organization
from api.reminders.models import Reminder
from api.reviews.models import Review, ReviewTemplate

QUESTIONS = [
    {
        "id": "q1",
        "question": "Overall job performance",
        "type": "rating",
        "required": True,
        "scale": 5,
    },
    {"id": "q2", "question": "What went especially well?", "type": "text", "required": True},
    {
        "id": "q3",
        "question": "Which area needs the most growth?",
        "type": "multiple-choice",
        "required": False,
        "options": ["Communication", "Delivery", "Ownership"],
    },
    {"id": "q4", "question": "Were this period's goals met?", "type": "yes-no", "required": True},
    {
        "id": "q5",
        "question": "Teamwork on a three point scale",
        "type": "rating",
        "required": False,
        "scale": 3,
    },
]

GOOD_ANSWERS = {
    "q1": 4,
    "q2": "Shipped the new billing flow.",
    "q3": "Delivery",
    "q4": "yes",
    "q5": 2,
}
# The PUT /api/reviews/{id} body that completes a review of the default questions.
COMPLETE = {"status": "completed", "responses": GOOD_ANSWERS, "rating": 4}


async def add_employee(org: Organization, **fields: Any) -> int:
    code = uuid.uuid4().hex[:8]
    values: dict[str, Any] = {
        "employee_id": f"E-{code}",
        "first_name": "Ada",
        "last_name": "Lovelace",
        "email": f"ada-{code}@example.com",
        "department": "engineering",
        "position": "Engineer",
        "review_schedule": "quarterly",
        **fields,
    }
    async with tenant_session(org.schema_name, org.id) as session:
        employee = Employee(**values)
        session.add(employee)
        await session.flush()
        return employee.id


async def add_template(org: Organization, **fields: Any) -> int:
    values: dict[str, Any] = {"name": "Engineering Review", "questions": QUESTIONS, **fields}
    async with tenant_session(org.schema_name, org.id) as session:
        template = ReviewTemplate(**values)
        session.add(template)
        await session.flush()
        return template.id


async def default_template_id(org: Organization) -> int:
    async with tenant_session(org.schema_name, org.id) as session:
        found = await session.scalar(select(ReviewTemplate.id).where(ReviewTemplate.is_default))
    assert found is not None
    return found


async def add_review(
    org: Organization, employee_id: int, template_id: int, due: date, **fields: Any
) -> int:
    values: dict[str, Any] = {
        "employee_id": employee_id,
        "template_id": template_id,
        "review_type": "quarterly",
        "status": "pending",
        "responses": {},
        "due_date": due,
        **fields,
    }
    async with tenant_session(org.schema_name, org.id) as session:
        review = Review(**values)
        session.add(review)
        await session.flush()
        return review.id


async def get_row(org: Organization, model: Any, row_id: int) -> Any:
    async with tenant_session(org.schema_name, org.id) as session:
        return await session.get(model, row_id)


async def count(org: Organization, model: Any, *where: Any) -> int:
    async with tenant_session(org.schema_name, org.id) as session:
        return int(await session.scalar(select(func.count()).select_from(model).where(*where)) or 0)


async def reminders_of(org: Organization) -> list[Reminder]:
    async with tenant_session(org.schema_name, org.id) as session:
        rows = await session.execute(select(Reminder).order_by(Reminder.id))
        return list(rows.scalars())


def due_soon() -> date:
    """The due date of the open reviews these tests make: five days from today."""
    return local_today() + timedelta(days=5)


def completed_at(day: date) -> datetime:
    return datetime.combine(day, datetime.min.time()).astimezone().replace(hour=12)


async def rewind_review_questions(conn: AsyncConnection, schema: str) -> None:
    """Take a schema's tables back to before reviews kept their own copy of the questions
    (revision 0003), and so before the dashboard's indexes (0004) and the accounts' employees
    and audit trail (0005) and review cycles (0006) too; the caller sets its revision
    (set_revision)."""
    await conn.exec_driver_sql(f'DROP TABLE "{schema}".notification_preferences')
    await conn.exec_driver_sql(f'DROP TABLE "{schema}".notifications')
    await conn.exec_driver_sql(f'DROP TABLE "{schema}".feedback_requests')
    await conn.exec_driver_sql(
        f'ALTER TABLE "{schema}".certification_types DROP COLUMN reminder_days'
    )
    for column in (
        "cycle_id",
        "reviewer_user_id",
        "self_responses",
        "self_submitted_at",
        "shared_at",
        "acknowledged_at",
        "acknowledgement_comment",
    ):
        await conn.exec_driver_sql(f'ALTER TABLE "{schema}".reviews DROP COLUMN {column}')
    await conn.exec_driver_sql(f'DROP TABLE "{schema}".review_cycles')
    await conn.exec_driver_sql(f'DROP TABLE "{schema}".audit_events')
    await conn.exec_driver_sql(f'DROP FUNCTION "{schema}".audit_events_append_only()')
    await conn.exec_driver_sql(f'ALTER TABLE "{schema}".users DROP COLUMN employee_id')
    await conn.exec_driver_sql(f'DROP INDEX "{schema}".ix_employees_archived')
    for index, column, where in (
        ("ix_reviews_completed_at", "completed_at", ""),
        ("ix_reviews_open_due_date", "due_date", " WHERE status <> 'completed'"),
    ):
        await conn.exec_driver_sql(f'DROP INDEX "{schema}".{index}')
        await conn.exec_driver_sql(f'CREATE INDEX {index} ON "{schema}".reviews ({column}){where}')
    for table, column in (
        ("reviews", "questions"),
        ("reviews", "questions_version"),
        ("review_templates", "questions_version"),
    ):
        await conn.exec_driver_sql(f'ALTER TABLE "{schema}".{table} DROP COLUMN {column}')


async def set_revision(conn: AsyncConnection, schema: str, revision: str) -> None:
    """Record a schema as being at `revision`, in its alembic_version and in the catalog's
    public.tenant_schemas, which is where migrate reads it from."""
    await conn.execute(
        text(f'UPDATE "{schema}".alembic_version SET version_num = :v'), {"v": revision}
    )
    await conn.execute(
        text("UPDATE public.tenant_schemas SET revision = :v WHERE schema_name = :s"),
        {"v": revision, "s": schema},
    )


def answered(review: dict[str, Any]) -> list[tuple[str, Any]]:
    """Each question a review reply shows, with the answer shown next to it."""
    return [
        (q["question"], review["responses"].get(q["id"])) for q in review["template"]["questions"]
    ]
