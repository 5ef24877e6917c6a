"""The `demo` organisation: realistic data so every screen has something to show."""

import contextlib
import random
from datetime import UTC, date, datetime, time, timedelta

from sqlalchemy import func, select

from api.certifications.models import CertificationType, EmployeeCertification
from api.core.dates import local_today
from api.core.db import public_session, tenant_session
from api.employees.models import Employee
from api.notes.models import EmployeeNote
from api.organizations.models import Organization
from api.reminders.models import Reminder
from api.reviews.models import Review, ReviewTemplate
from api.users.models import User
from tenants.defaults import SELF_REVIEW_TEMPLATE
from tenants.demo_accounts import DemoAccount, demo_users, pick_people, sign_in_help
from tenants.demo_data import (
    CERT_TYPES,
    FIRST,
    LAST,
    LEADERSHIP_TEMPLATE,
    NOTES,
    PROBATION_TEMPLATE,
    ROLES,
)
from tenants.provision import NewTenant, TenantNotFound, create_tenant, delete_tenant

DEMO = "demo"


async def demo_exists() -> bool:
    async with public_session() as db:
        found = await db.scalar(select(Organization.id).where(Organization.subdomain == DEMO))
    return found is not None


async def demo_sign_in() -> str:
    """How to sign in as each of the seeded demo's people ('' when it has none), for
    `merit dev` to repeat on every start."""
    async with public_session() as db:
        org = await db.scalar(select(Organization).where(Organization.subdomain == DEMO))
    if org is None:
        return ""
    async with tenant_session(org.schema_name, org.id, reads_only=True) as session:
        rows = await session.execute(
            select(User.role, Employee)
            .join(Employee, Employee.id == User.employee_id)
            .where(User.id.like("demo-%"), User.is_active)
            .order_by(User.id)
        )
        accounts = []
        for role, person in rows.all():
            reports = await session.scalar(
                select(func.count()).where(
                    Employee.manager_id == person.employee_id, Employee.is_archived.is_(False)
                )
            )
            accounts.append(DemoAccount(role, person, int(reports or 0)))
    return sign_in_help(accounts, DEMO) if accounts else ""


async def seed_demo(*, employees: int = 40, seed: int = 7) -> str:
    """Recreate the demo organisation from scratch and fill it."""
    with contextlib.suppress(TenantNotFound):
        await delete_tenant(DEMO)
    org = await create_tenant(
        NewTenant(
            subdomain=DEMO,
            name="Demo Company",
            admin_email="admin@demo.example",
            description="A sample organisation to explore Merit.",
            industry="Technology",
            size="51-200",
        )
    )
    rng = random.Random(seed)
    today = local_today()
    async with tenant_session(org.schema_name, org.id) as session:
        stored = list(await session.scalars(select(ReviewTemplate).order_by(ReviewTemplate.id)))
        # The self-review asks the employee about themselves: no manager's review is made of it.
        templates = [t for t in stored if t.name != SELF_REVIEW_TEMPLATE["name"]]
        added = [ReviewTemplate(**data) for data in (LEADERSHIP_TEMPLATE, PROBATION_TEMPLATE)]
        session.add_all(added)
        templates += added
        people = _employees(rng, today, employees)
        session.add_all(people)
        await session.flush()
        reviews = _reviews(rng, today, people, templates)
        session.add_all(reviews)
        types = [
            CertificationType(
                name=n, description=d, issuing_organization=i, validity_months=v, is_required=r
            )
            for n, d, i, v, r in CERT_TYPES
        ]
        session.add_all(types)
        await session.flush()
        certs = _certifications(rng, today, people, types)
        session.add_all(certs)
        accounts = pick_people(people)
        hr = accounts[0].employee
        session.add_all(_notes(rng, today, people, author=f"{hr.first_name} {hr.last_name}"))
        session.add_all(demo_users(accounts))
        await session.flush()
        session.add_all(_reminders(today, people, reviews))
    return (
        f"Seeded organisation '{DEMO}': {len(people)} employees, {len(reviews)} reviews, "
        f"{len(certs)} certifications, {len(stored) + len(added)} templates, "
        f"{len(accounts)} accounts.\n" + sign_in_help(accounts, DEMO)
    )


def _notes(
    rng: random.Random, today: date, people: list[Employee], *, author: str
) -> list[EmployeeNote]:
    """HR notes on twelve people, written in the last four months by the hr person."""
    notes = []
    for person, (category, text) in zip(rng.sample(people, 12), NOTES * 3, strict=False):
        written = today - timedelta(days=rng.randint(3, 120))
        notes.append(
            EmployeeNote(
                employee_id=person.id,
                date=written,
                category=category,
                note=text,
                created_by=author,
                created_at=_morning(written),
            )
        )
    return notes


def _morning(day: date) -> datetime:
    return datetime.combine(day, time(9), tzinfo=UTC)


def _employees(rng: random.Random, today: date, count: int) -> list[Employee]:
    people: list[Employee] = []
    heads: dict[str, str] = {}
    depts = list(ROLES)
    for i in range(count):
        first, last = FIRST[i % len(FIRST)], LAST[(i * 7) % len(LAST)]
        dept = depts[i % len(depts)]
        is_head = dept not in heads
        emp_id = f"EMP{i + 1:04d}"
        if is_head:
            heads[dept] = emp_id
        schedule = rng.choice(["quarterly", "quarterly", "biannual", "annual", "monthly"])
        position = ROLES[dept][0] if is_head else rng.choice(ROLES[dept][1:])
        start = today - timedelta(days=rng.randint(40, 2400))
        people.append(
            Employee(
                employee_id=emp_id,
                first_name=first,
                last_name=last,
                email=f"{first}.{last}{i + 1}@demo.example".lower(),
                department=dept,
                position=position,
                start_date=start,
                # Added to Merit when they started, not when the demo was seeded: otherwise
                # the dashboard's Recent Activity lists everyone as "Joined ... just now".
                created_at=_morning(start),
                manager_id=None if is_head else heads[dept],
                review_schedule=schedule,
                next_review_date=today + timedelta(days=rng.randint(-10, 80)),
                is_archived=i >= count - 2,
            )
        )
    return people


def _reviews(
    rng: random.Random, today: date, people: list[Employee], templates: list[ReviewTemplate]
) -> list[Review]:
    reviews: list[Review] = []
    for n, person in enumerate(people[:-2]):
        template = templates[0] if n % 5 else templates[1]
        # Three completed reviews, one a quarter, the latest a few weeks ago: the dashboard's
        # "Completed Reviews" (this quarter) and its activity feed show them.
        for quarter in range(3):
            done = datetime.now(UTC) - timedelta(days=90 * quarter + rng.randint(5, 25))
            answers = _answers(rng, template)
            ratings = [
                v
                for q in template.questions
                if q["type"] == "rating"
                for v in [answers.get(q["id"])]
                if isinstance(v, int)
            ]
            reviews.append(
                Review(
                    employee_id=person.id,
                    template_id=template.id,
                    review_type="quarterly",
                    status="completed",
                    responses=answers,
                    rating=round(sum(ratings) / len(ratings)) if ratings else 3,
                    reviewer_notes="Solid quarter with clear progress on goals.",
                    due_date=done.date(),
                    completed_at=done,
                    questions=template.questions,
                    questions_version=template.questions_version,
                )
            )
        status = ["pending", "pending", "in_progress"][n % 3]
        reviews.append(
            Review(
                employee_id=person.id,
                template_id=template.id,
                review_type=rng.choice(["quarterly", "annual", "probation", "promotion"]),
                status=status,
                responses=_answers(rng, template) if status == "in_progress" else {},
                due_date=today + timedelta(days=rng.randint(-6, 30)),
            )
        )
    return reviews


def _answers(rng: random.Random, template: ReviewTemplate) -> dict:
    answers: dict = {}
    for q in template.questions:
        if q["type"] == "rating":
            answers[q["id"]] = rng.choice([3, 4, 4, 5, 2, 4])
        elif q["type"] == "yes-no":
            answers[q["id"]] = rng.choice(["yes", "yes", "no"])
        elif q["type"] == "multiple-choice":
            answers[q["id"]] = rng.choice(q["options"])
        else:
            answers[q["id"]] = rng.choice(
                [
                    "Delivered the roadmap items on time.",
                    "Improved onboarding docs.",
                    "Grew two key accounts.",
                    "Automated the monthly close.",
                ]
            )
    return answers


def _certifications(
    rng: random.Random, today: date, people: list[Employee], types: list[CertificationType]
) -> list[EmployeeCertification]:
    certs = []
    for person in people[:-2]:
        for ctype in rng.sample(types, rng.randint(0, 2)):
            issued = today - timedelta(days=rng.randint(30, 1000))
            expires = issued + timedelta(days=30 * (ctype.validity_months or 12))
            certs.append(
                EmployeeCertification(
                    employee_id=person.id,
                    certification_type_id=ctype.id,
                    issue_date=issued,
                    expiration_date=expires,
                    certificate_number=f"C-{rng.randint(10000, 99999)}",
                )
            )
    return certs


def _reminders(today: date, people: list[Employee], reviews: list[Review]) -> list[Reminder]:
    names = {p.id: f"{p.first_name} {p.last_name}" for p in people}
    reminders = []
    for review in reviews:
        if review.status == "completed" or review.due_date > today + timedelta(days=7):
            continue
        overdue = review.due_date < today
        reminders.append(
            Reminder(
                employee_id=review.employee_id,
                review_id=review.id,
                type="review_overdue" if overdue else "review_due",
                message=(
                    f"{names[review.employee_id]}'s review is "
                    + ("overdue" if overdue else f"due on {review.due_date:%b %d, %Y}")
                ),
                due_date=review.due_date,
                is_read=False,
            )
        )
    return reminders
