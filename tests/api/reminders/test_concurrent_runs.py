"""The daily jobs started twice at the same moment for one organisation and day (a retried
job, a catch-up run meeting the cron slot): every review and reminder exists once, and no
mail is queued for them."""

import asyncio
from collections import Counter

from sqlalchemy import func, select

from api.certifications.jobs import certification_reminders
from api.certifications.models import CertificationType, EmployeeCertification
from api.core.dates import local_today
from api.core.db import public_session, tenant_session
from api.employees.models import Employee
from api.mail.models import MailOutbox
from api.organizations.models import Organization
from api.reminders import jobs
from api.reminders.models import Reminder
from api.reviews.models import Review
from tests.api.certifications.factories import days
from tests.api.reviews.factories import default_template_id
from tests.conftest import new_org

ROUNDS = 4
PEOPLE = 30


async def seed(org: Organization) -> None:
    """Per person: a next review date within the lead time (a review to create, due within
    the week so it gets a reminder too), an overdue open review, and an expiring and an
    expired certification."""
    template = await default_template_id(org)
    async with tenant_session(org.schema_name, org.id) as s:
        kind = CertificationType(name="First Aid", validity_months=12)
        other = CertificationType(name="Forklift", validity_months=12)
        s.add_all([kind, other])
        people = [
            Employee(
                employee_id=f"EMP{n:04d}",
                first_name="Ada",
                last_name=f"Lovelace {n}",
                next_review_date=days(n % 7),
                review_schedule="quarterly",
            )
            for n in range(PEOPLE)
        ]
        s.add_all(people)
        await s.flush()
        for n, person in enumerate(people):
            s.add_all(
                [
                    Review(
                        employee_id=person.id,
                        template_id=template,
                        review_type="quarterly",
                        status="completed",
                        responses={},
                        rating=4,
                        due_date=days(-90),
                    ),
                    EmployeeCertification(
                        employee_id=person.id,
                        certification_type_id=kind.id,
                        issue_date=days(-360),
                        expiration_date=days(n % 30),
                    ),
                    EmployeeCertification(
                        employee_id=person.id,
                        certification_type_id=other.id,
                        issue_date=days(-400),
                        expiration_date=days(-1 - n % 5),
                    ),
                ]
            )
        # Half of them also have an overdue review still open (so no new one is created).
        for person in people[: PEOPLE // 2]:
            s.add(
                Review(
                    employee_id=person.id,
                    template_id=template,
                    review_type="annual",
                    status="pending",
                    responses={},
                    due_date=days(-3),
                )
            )


async def mails() -> int:
    async with public_session() as db:
        return int(await db.scalar(select(func.count()).select_from(MailOutbox)) or 0)


async def test_two_runs_of_the_reminder_jobs_at_once_create_everything_once():
    for _ in range(ROUNDS):
        org = await new_org("race", "Race Org")
        await seed(org)
        outbox = await mails()
        day = local_today().isoformat()
        results = await asyncio.gather(
            jobs.org_reminders({}, org.id, day),
            certification_reminders({}, org.id, day),
            jobs.org_reminders({}, org.id, day),
            certification_reminders({}, org.id, day),
        )
        async with tenant_session(org.schema_name, org.id) as s:
            open_reviews = Counter(
                (
                    await s.execute(select(Review.employee_id).where(Review.status != "completed"))
                ).scalars()
            )
            made = Counter(
                (
                    await s.execute(
                        select(Reminder.type, Reminder.review_id, Reminder.certification_id)
                    )
                ).all()
            )
        # One open review per person: half had one, the others got exactly one new one.
        assert len(open_reviews) == PEOPLE and set(open_reviews.values()) == {1}
        assert results[0]["reviews_created"] + results[2]["reviews_created"] == PEOPLE // 2
        # Every reminder once: an overdue one per old open review, a due-soon one per new
        # review, and one per expiring and per expired certification.
        assert set(made.values()) == {1}
        kinds = Counter(kind for kind, _review, _cert in made)
        assert kinds == {
            "review_overdue": PEOPLE // 2,
            "review_due": PEOPLE // 2,
            "certification_expiring": PEOPLE,
            "certification_expired": PEOPLE,
        }
        # What the runs say they did adds up to what exists: no run counted the other's work.
        reported: Counter[str] = Counter()
        for counts in results:
            reported.update({k: v for k, v in counts.items() if k in kinds})
        assert reported == kinds
        # These reminders are read in the app; none of them queues an e-mail.
        assert await mails() == outbox
