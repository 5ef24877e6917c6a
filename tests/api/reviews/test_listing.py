"""Review lists are rendered from plain rows (api/core/listing.py): the JSON must be what
ReviewRead makes of the ORM objects, byte for byte, embeds included."""

import re
from datetime import UTC, date, datetime, timedelta

from pydantic_core import from_json, to_json
from sqlalchemy import delete, event, select, update
from sqlalchemy.orm import selectinload

from api.access.policy import ALL
from api.access.scope import Scope
from api.core.dates import local_today
from api.core.db import get_engine, tenant_session
from api.core.listing import VersionedCache
from api.employees.models import Employee
from api.reviews.models import Review, ReviewTemplate
from api.reviews.schemas import ReviewRead
from api.reviews.service import list_reviews
from tests.api.reviews.factories import (
    GOOD_ANSWERS,
    add_employee,
    add_review,
    add_template,
    completed_at,
    default_template_id,
)

# A template of two questions, for the review whose reply is written out in full below.
SHORT_FORM = [
    {"id": "q1", "question": "Overall job performance", "type": "rating", "required": True,
     "scale": 5},
    {"id": "q2", "question": "Which area needs the most growth?", "type": "multiple-choice",
     "required": False, "options": ["Communication", "Delivery"]},
]  # fmt: skip


async def _through_the_reply_model(org) -> list[dict]:
    async with tenant_session(org.schema_name, org.id) as session:
        reviews = (
            await session.execute(
                select(Review)
                .options(selectinload(Review.employee), selectinload(Review.template))
                .order_by(Review.created_at.desc(), Review.id.desc())
            )
        ).scalars()
        return [
            ReviewRead.model_validate(r).model_dump(mode="json", by_alias=True) for r in reviews
        ]


async def test_the_list_is_what_the_reply_model_makes_of_each_review(login, org):
    ada = await add_employee(org, next_review_date=local_today() + timedelta(days=40))
    bob = await add_employee(
        org, employee_id="E-BOB", first_name="Bob", email=None, department=None
    )
    short = await add_template(org, name="Short form", questions=SHORT_FORM)
    custom = await add_template(org, description="Custom questions")
    default = await default_template_id(org)
    await add_review(org, ada, custom, local_today() + timedelta(days=3))
    await add_review(
        org,
        ada,
        default,
        local_today() - timedelta(days=30),
        status="completed",
        responses=GOOD_ANSWERS,
        rating=4,
        reviewer_notes='Strong quarter \u2014 "quoted" notes',
        completed_at=completed_at(local_today() - timedelta(days=29)),
    )
    bobs = await add_review(
        org,
        bob,
        short,
        date(2026, 12, 9),
        status="in_progress",
        responses={"q1": 3},
        created_at=datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC),
        updated_at=datetime(2026, 1, 3, 4, 5, 6, 789000, tzinfo=UTC),
    )

    client = await login(org, "manager")
    reply = await client.get("/api/reviews")
    assert reply.status_code == 200
    expected = await _through_the_reply_model(org)
    assert len(expected) == 3
    assert reply.json() == expected
    assert reply.content == to_json(expected)

    by_id = {r["id"]: r for r in expected}
    for url in (f"/api/reviews?employeeId={ada}", "/api/reviews/all", "/api/reviews/upcoming"):
        listed = (await client.get(url)).json()
        assert listed and all(r == by_id[r["id"]] for r in listed), url
    assert [r["id"] for r in (await client.get(f"/api/reviews?employeeId={bob}")).json()] == [
        r["id"] for r in expected if r["employeeId"] == bob
    ]
    # What the client receives for Bob's review, written out: a mistake that both the list and
    # the reply model share would pass the comparisons above, not this.
    assert {r["id"]: r for r in reply.json()}[bobs] == {
        "id": bobs,
        "employeeId": bob,
        "templateId": short,
        "reviewType": "quarterly",
        "status": "in_progress",
        "responses": {"q1": 3},
        "rating": None,
        "reviewerNotes": None,
        "dueDate": "2026-12-09",
        "completedAt": None,
        "createdAt": "2026-01-02T03:04:05Z",
        "updatedAt": "2026-01-03T04:05:06.789000Z",
        "cycleId": None,
        "reviewerUserId": None,
        "selfSubmittedAt": None,
        "sharedAt": None,
        "acknowledgedAt": None,
        "acknowledgementComment": None,
        "organizationId": org.id,
        "employee": {
            "id": bob,
            "employeeId": "E-BOB",
            "firstName": "Bob",
            "lastName": "Lovelace",
            "email": None,
            "department": None,
            "position": "Engineer",
            "reviewSchedule": "quarterly",
            "nextReviewDate": None,
            "isArchived": False,
        },
        "template": {
            "id": short,
            "name": "Short form",
            "description": None,
            "questions": [
                {
                    "id": "q1",
                    "question": "Overall job performance",
                    "type": "rating",
                    "required": True,
                    "options": None,
                    "scale": 5,
                },
                {
                    "id": "q2",
                    "question": "Which area needs the most growth?",
                    "type": "multiple-choice",
                    "required": False,
                    "options": ["Communication", "Delivery"],
                    "scale": None,
                },
            ],
        },
    }


async def test_an_empty_list_is_an_empty_array(login, org):
    client = await login(org)
    for url in ("/api/reviews", "/api/reviews/all", "/api/reviews/upcoming"):
        reply = await client.get(url)
        assert reply.status_code == 200
        assert reply.json() == []
        assert reply.headers["content-type"] == "application/json"


async def test_reviews_completed_against_older_questions_list_as_the_reply_model_shows_them(
    login, org
):
    """Reviews completed at three versions of one template (two of them no longer its own),
    one completed against another template, one never completed."""
    ada = await add_employee(org)
    first = {"id": "q1", "question": "First wording, please", "type": "rating", "required": True}
    custom = await add_template(org, questions=[first])
    other = await add_template(org, name="Other template")
    admin = await login(org, "admin")
    complete = {"status": "completed", "responses": {"q1": 4}, "rating": 4}
    for n, wording in enumerate(("First", "Second", "Third")):
        if n:
            body = {"questions": [{"question": f"{wording} wording, please", "type": "rating"}]}
            assert (await admin.put(f"/api/templates/{custom}", json=body)).status_code == 200
        for _ in range(2):
            rid = await add_review(org, ada, custom, local_today() + timedelta(days=3))
            assert (await admin.put(f"/api/reviews/{rid}", json=complete)).status_code == 200
    rid = await add_review(org, ada, other, local_today() + timedelta(days=3))
    r = await admin.put(f"/api/reviews/{rid}", json=complete | {"responses": GOOD_ANSWERS})
    assert r.status_code == 200, r.text
    await add_review(org, ada, custom, local_today() + timedelta(days=9), status="in_progress")

    reply = await admin.get("/api/reviews")
    expected = await _through_the_reply_model(org)
    assert len(expected) == 8
    assert reply.content == to_json(expected)
    wordings = [r["template"]["questions"][0]["question"] for r in expected]
    assert wordings == [
        "Third wording, please",
        "Overall job performance",
        *(f"{w} wording, please" for w in ("Third", "Third", "Second", "Second", "First", "First")),
    ]


async def test_an_embedded_employee_or_template_changed_since_the_last_list_shows_as_changed(
    login, org
):
    """Lists reuse an embedded row's JSON while the row is unchanged (api/core/listing.py
    EmbedCache): any committed change, through the API or not, shows at the next list."""
    ada = await add_employee(org)
    custom = await add_template(org)
    await add_review(org, ada, custom, local_today() + timedelta(days=3))
    admin = await login(org, "admin")
    first = (await admin.get("/api/reviews")).json()
    assert first[0]["employee"]["firstName"] == "Ada"
    assert (await admin.get("/api/reviews")).json() == first  # the second list, from the cache

    renamed = {"firstName": "Augusta", "lastName": "King"}
    assert (await admin.put(f"/api/employees/{ada}", json=renamed)).status_code == 200
    async with tenant_session(org.schema_name, org.id) as session:  # a write outside the API
        await session.execute(
            update(ReviewTemplate).where(ReviewTemplate.id == custom).values(name="Renamed review")
        )

    listed = (await admin.get("/api/reviews")).json()
    assert listed == await _through_the_reply_model(org)
    assert listed[0]["employee"]["firstName"] == "Augusta"
    assert listed[0]["template"]["name"] == "Renamed review"


async def test_organisations_with_the_same_row_ids_each_list_their_own(login, org, other_org):
    """Employee and template ids start at 1 in every organisation's schema: the reused JSON
    of one organisation's rows must never stand in for another's."""
    for which, name in ((org, "Alpha"), (other_org, "Beta")):
        employee = await add_employee(which, first_name=name)
        template = await add_template(which, name=f"{name} template")
        await add_review(which, employee, template, local_today() + timedelta(days=3))
    for which, name in ((org, "Alpha"), (other_org, "Beta"), (org, "Alpha")):
        listed = (await (await login(which, "admin")).get("/api/reviews")).json()
        assert [(r["employee"]["firstName"], r["template"]["name"]) for r in listed] == [
            (name, f"{name} template")
        ]
        assert listed == await _through_the_reply_model(which)


async def test_a_listed_review_changed_added_or_removed_since_the_last_list_shows_so(login, org):
    """Lists reuse each item's JSON while its row and the rows it embeds are unchanged
    (api/core/listing.py item_cache): any committed change, through the API or not, shows at
    the next list, in the list's order."""
    ada = await add_employee(org)
    template = await add_template(org)
    first = await add_review(org, ada, template, local_today() + timedelta(days=3))
    second = await add_review(org, ada, template, local_today() + timedelta(days=5))
    admin = await login(org, "admin")
    before = (await admin.get("/api/reviews")).json()
    assert [r["id"] for r in before] == [second, first]
    assert (await admin.get("/api/reviews")).json() == before  # the second list, reused

    saved = {"responses": {"q1": 4}, "reviewerNotes": "Changed through the API"}
    assert (await admin.put(f"/api/reviews/{first}", json=saved)).status_code == 200
    async with tenant_session(org.schema_name, org.id) as session:  # a write outside the API
        await session.execute(
            update(Review).where(Review.id == second).values(reviewer_notes="Changed in SQL")
        )
    third = await add_review(org, ada, template, local_today() + timedelta(days=9))

    listed = (await admin.get("/api/reviews")).json()
    assert listed == await _through_the_reply_model(org)
    assert [(r["id"], r["reviewerNotes"]) for r in listed] == [
        (third, None),
        (second, "Changed in SQL"),
        (first, "Changed through the API"),
    ]
    assert listed[2]["status"] == "in_progress"

    async with tenant_session(org.schema_name, org.id) as session:  # reviews have no delete
        await session.execute(delete(Review).where(Review.id == second))
    listed = (await admin.get("/api/reviews")).json()
    assert [r["id"] for r in listed] == [third, first]
    assert listed == await _through_the_reply_model(org)


async def test_a_changed_review_is_rendered_again_without_asking_for_its_embeds_versions(
    login, org
):
    """The list's own query reads the versions of the rows each item embeds: rendering a
    changed item looks its employee and template up under those, with no statement of their
    own, while a changed employee is still read again (and shows)."""
    ada = await add_employee(org)
    template = await add_template(org)
    review = await add_review(org, ada, template, local_today() + timedelta(days=3))
    admin = await login(org, "admin")
    assert (await admin.get("/api/reviews")).status_code == 200  # everything kept

    statements: list[str] = []

    def seen(conn, cursor, statement, *args) -> None:  # type: ignore[no-untyped-def]
        statements.append(statement)

    async def listed_with_statements() -> tuple[list[dict], list[str]]:
        statements.clear()
        async with tenant_session(org.schema_name, org.id, reads_only=True) as session:
            body = from_json(await list_reviews(session=session, scope=Scope(ALL, None)))
        return body, [s for s in statements if "FROM" in s]

    embeds = re.compile(r"FROM (\w+\.)?(employees|review_templates)\b")
    engine = get_engine().sync_engine
    event.listen(engine, "before_cursor_execute", seen)
    try:
        async with tenant_session(org.schema_name, org.id) as session:
            await session.execute(
                update(Review).where(Review.id == review).values(reviewer_notes="Changed")
            )
        body, read = await listed_with_statements()
        assert body[0]["reviewerNotes"] == "Changed"
        # The list (ids and versions), then the changed review: nothing of its embeds.
        assert len(read) == 2, read
        assert not [s for s in read if embeds.search(s)]

        async with tenant_session(org.schema_name, org.id) as session:
            await session.execute(
                update(Employee).where(Employee.id == ada).values(first_name="Augusta")
            )
        body, read = await listed_with_statements()
        assert body[0]["employee"]["firstName"] == "Augusta"
        assert [s for s in read if embeds.search(s)], read  # the renamed one, read again
    finally:
        event.remove(engine, "before_cursor_execute", seen)
    assert (await admin.get("/api/reviews")).json() == await _through_the_reply_model(org)


async def test_a_list_read_inside_a_transaction_shows_its_own_changes_and_keeps_none(login, org):
    """A transaction sees its own uncommitted row versions, and all its writes to a row carry
    the same xmin: what it renders from them is never kept for reuse, else a later list would
    show the row as it was between two of its writes."""
    ada = await add_employee(org)
    review = await add_review(org, ada, await add_template(org), local_today() + timedelta(days=3))
    admin = await login(org, "admin")
    assert (await admin.get("/api/reviews")).json()[0]["reviewerNotes"] is None

    async with tenant_session(org.schema_name, org.id) as session:
        for notes in ("First draft", "Second draft"):
            await session.execute(
                update(Review).where(Review.id == review).values(reviewer_notes=notes)
            )
            inside = from_json(await list_reviews(session=session, scope=Scope(ALL, None)))
            assert inside[0]["reviewerNotes"] == notes
    assert (await admin.get("/api/reviews")).json()[0]["reviewerNotes"] == "Second draft"


def test_the_reused_json_is_bounded_dropping_the_least_recently_used_list_first():
    cache = VersionedCache(max_bytes=3 * (100 + VersionedCache.ROW_OVERHEAD))
    alpha, beta = cache.group("org_1", "reviews"), cache.group("org_2", "reviews")
    cache.put(alpha, 1, "v1", b"a" * 100, 100)
    cache.put(beta, 1, "v1", b"b" * 100, 100)
    assert cache.group("org_1", "reviews").get(1, "v1") == b"a" * 100  # org_1 used last
    assert cache.group("org_1", "reviews").get(1, "v2") is None  # another version: not reused
    cache.put(alpha, 1, "v2", b"A" * 100, 100)  # replaces the row's older version
    assert cache.size == 2 * (100 + VersionedCache.ROW_OVERHEAD)

    cache.put(alpha, 2, "v1", b"c" * 100, 100)
    cache.put(alpha, 3, "v1", b"d" * 100, 100)  # over the budget: org_2's list goes
    assert cache.group("org_2", "reviews").get(1, "v1") is None
    assert cache.group("org_1", "reviews").get(1, "v2") == b"A" * 100
    assert cache.size == 3 * (100 + VersionedCache.ROW_OVERHEAD)

    cache.put(beta, 2, "v1", b"e" * 100, 100)  # beta was dropped meanwhile: nothing is kept
    assert cache.size <= cache.max_bytes


async def test_an_employee_without_reviews_lists_none_and_an_unknown_one_is_not_found(
    login, org, other_org
):
    """Only an empty list asks whether the employee exists (a review names an existing one)."""
    ada = await add_employee(org)
    await add_review(org, ada, await add_template(org), local_today() + timedelta(days=3))
    quiet = await add_employee(org)
    admin = await login(org, "admin")
    r = await admin.get("/api/reviews", params={"employeeId": quiet})
    assert (r.status_code, r.json()) == (200, [])
    r = await admin.get("/api/reviews", params={"employeeId": ada, "status": "completed"})
    assert (r.status_code, r.json()) == (200, [])
    elsewhere = await login(other_org, "admin")
    for employee_id in (ada, quiet, 2**31):
        r = await elsewhere.get("/api/reviews", params={"employeeId": employee_id})
        assert (r.status_code, r.json()) == (404, {"message": "Employee not found"})
