"""Organisation data written straight into a tenant schema, and a dump of every table."""

from datetime import UTC, date, datetime, timedelta
from typing import Any

from sqlalchemy import select, text
from sqlalchemy.ext.asyncio import AsyncSession

from api.backups import archive
from api.certifications.models import Certification, CertificationType, EmployeeCertification
from api.core.db import get_engine, tenant_session
from api.core.security import hash_password
from api.cycles.models import FeedbackRequest, ReviewCycle
from api.documents.models import EmployeeDocument
from api.employees.models import Employee
from api.notes.models import EmployeeNote
from api.notifications.models import Notification, NotificationPreference
from api.organizations.models import Organization
from api.reminders.models import Reminder
from api.reviews.models import Review, ReviewTemplate
from api.users.models import User

USER_PASSWORD = "Backup2026!x"


async def seed(org: Organization, *, employees: int = 12) -> None:
    """A little of everything, with the awkward values too (unicode, JSON, arrays, nulls)."""
    today = date.today()
    async with tenant_session(org.schema_name, org.id) as s:
        template = (await s.execute(select(ReviewTemplate))).scalars().first()
        assert template is not None
        people = []
        for i in range(employees):
            people.append(
                Employee(
                    employee_id=f"EMP{i:04d}",
                    first_name=["Zoë", "José", "Åsa", "Li"][i % 4],
                    last_name=f'Ñame-{i} "quoted" \\ back',
                    email=f"e{i}@example.com",
                    department=["engineering", "sales", None][i % 3],
                    position="Engineer\nsecond line" if i == 0 else "Analyst",
                    start_date=today - timedelta(days=400 + i),
                    manager_id=None if i == 0 else "EMP0000",
                    review_schedule="quarterly",
                    next_review_date=today + timedelta(days=i),
                    is_archived=i == employees - 1,
                )
            )
        s.add_all(people)
        await s.flush()
        reviews = [
            Review(
                employee_id=p.id,
                template_id=template.id,
                review_type="quarterly",
                status="completed" if n % 2 else "pending",
                responses={"q1": 4, "q2": "Grew the team — a lot ✓", "q3": ["a", {"b": None}]},
                rating=4 if n % 2 else None,
                reviewer_notes=None,
                due_date=today - timedelta(days=n),
                completed_at=datetime(2026, 1, 2, 3, 4, 5, 678901, tzinfo=UTC) if n % 2 else None,
            )
            for n, p in enumerate(people)
        ]
        s.add_all(reviews)
        ctype = CertificationType(name="First Aid", validity_months=12, is_required=True)
        s.add(ctype)
        await s.flush()
        cert = EmployeeCertification(
            employee_id=people[1].id, certification_type_id=ctype.id, issue_date=today
        )
        s.add(cert)
        s.add(Certification(employee_id=people[2].id, name="Forklift", issue_date=today))
        s.add(
            EmployeeNote(
                employee_id=people[0].id, date=today, category="recognition", note="Great work"
            )
        )
        s.add(
            EmployeeDocument(
                employee_id=people[0].id,
                document_type="contract",
                title="Contract",
                file_name="contract.pdf",
                file_size=1234,
                mime_type="application/pdf",
                file_path=f"/api/employee-documents/files/{'a' * 32}",
                tags=["hr", "2026", 'with "quotes"'],
            )
        )
        await s.flush()
        s.add(
            Reminder(
                employee_id=people[0].id,
                review_id=reviews[0].id,
                type="review_due",
                message="Review due",
                due_date=today,
            )
        )
        s.add(
            Reminder(
                employee_id=people[1].id,
                certification_id=cert.id,
                type="certification_expiring",
                message="Expiring",
            )
        )
        s.add(
            User(
                id="user-1",
                email="keeper@example.com",
                role="admin",
                password_hash=hash_password(USER_PASSWORD),
                force_password_change=False,
            )
        )
        await s.flush()
        await seed_cycle(s, template, people)


async def seed_cycle(s: AsyncSession, template: ReviewTemplate, people: list[Employee]) -> None:
    """A launched cycle with its stages' records: feedback asked, a notice, a preference."""
    today = date.today()
    cycle = ReviewCycle(
        name="Spring 2026 — ✓",
        review_type="annual",
        template_id=template.id,
        population={"kind": "employees", "employeeIds": [people[3].id, people[4].id]},
        self_due=today,
        feedback_due=today,
        review_due=today + timedelta(days=7),
        acknowledge_due=today + timedelta(days=14),
        status="active",
        launched_at=datetime(2026, 3, 1, tzinfo=UTC),
        created_by_user_id="user-1",
    )
    s.add(cycle)
    await s.flush()
    review = Review(
        employee_id=people[3].id,
        template_id=template.id,
        review_type="annual",
        due_date=cycle.review_due,
        cycle_id=cycle.id,
        reviewer_user_id="user-1",
        self_responses={"q1": 5, "q2": "Proud of it ✓"},
        self_submitted_at=datetime(2026, 3, 2, tzinfo=UTC),
    )
    s.add(review)
    await s.flush()
    s.add(
        FeedbackRequest(
            review_id=review.id,
            employee_id=people[4].id,
            kind="peer",
            requested_by_user_id="user-1",
            answered_at=datetime(2026, 3, 3, tzinfo=UTC),
            rating=4,
            comment='Helpful, "always"',
        )
    )
    s.add(
        Notification(
            user_id="user-1",
            kind="review_assigned",
            title="Review to write",
            body="Write the review of Åsa",
            link=f"/reviews/{review.id}",
            review_id=review.id,
            dedupe_key=f"assigned:{review.id}:user-1",
        )
    )
    s.add(NotificationPreference(user_id="user-1", kind="review_due_soon", delivery="digest"))


async def dump(org: Organization) -> dict[str, list[tuple[Any, ...]]]:
    """Every backed-up table, rows in primary-key order."""
    out: dict[str, list[tuple[Any, ...]]] = {}
    async with get_engine().connect() as conn:
        for table in archive.backup_tables():
            order = ", ".join(f'"{c.name}"' for c in table.primary_key.columns)
            rows = await conn.execute(
                text(f'SELECT * FROM "{org.schema_name}"."{table.name}" ORDER BY {order}')
            )
            out[table.name] = [tuple(r) for r in rows]
    return out


def without_passwords(data: dict[str, list[tuple[Any, ...]]]) -> dict[str, list[tuple[Any, ...]]]:
    """The dump with the redacted columns blanked, for comparing across a restore."""
    tables = archive.table_map()
    result = dict(data)
    for name, cols in archive.REDACTED.items():
        idx = [list(tables[name].columns.keys()).index(c) for c in cols]
        result[name] = [
            tuple(None if i in idx else v for i, v in enumerate(row)) for row in data[name]
        ]
    return result


async def schema_tables(org: Organization) -> list[str]:
    """The organisation schema's own tables, as Postgres lists them (not as backups do)."""
    async with get_engine().connect() as conn:
        rows = await conn.execute(
            text(
                "SELECT table_name FROM information_schema.tables "
                "WHERE table_schema = :schema AND table_type = 'BASE TABLE' ORDER BY table_name"
            ),
            {"schema": org.schema_name},
        )
        return [r[0] for r in rows]


async def dump_schema(org: Organization) -> dict[str, list[tuple[Any, ...]]]:
    """Every table of the organisation schema, rows sorted: the whole state of its data."""
    out: dict[str, list[tuple[Any, ...]]] = {}
    async with get_engine().connect() as conn:
        for name in await schema_tables(org):
            rows = await conn.execute(text(f'SELECT * FROM "{org.schema_name}"."{name}"'))
            out[name] = sorted((tuple(r) for r in rows), key=repr)
    return out
