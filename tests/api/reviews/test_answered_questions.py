"""A completed review keeps the questions it was answered against (reviews.questions): editing
its template afterwards (texts changed, questions removed and reordered, ids renumbered) does
not change what the review shows next to its answers, in its own reply or in any list. Reviews
never completed follow their template as it is now."""

import json
import re
from datetime import timedelta
from typing import Any

from sqlalchemy import event, text

from api.access.policy import ALL
from api.access.scope import Scope
from api.core.dates import local_today
from api.core.db import get_engine, tenant_session
from api.reviews import service
from api.reviews.models import Review, ReviewTemplate
from api.reviews.schemas import QuestionRead, ReviewDetail, ReviewRead
from tenants.migrate import migrate_tenants
from tests.api.reviews.factories import (
    COMPLETE,
    GOOD_ANSWERS,
    QUESTIONS,
    add_employee,
    add_review,
    add_template,
    answered,
    completed_at,
    due_soon,
    get_row,
    rewind_review_questions,
    set_revision,
)

URL = "/api/reviews"


# The template after the edit: q4 (reworded) first, then q2 and q1; q3 and q5 are gone.
# Saving renumbers them q1, q2, q3, so every old id now names another question (or none).
EDITED = [
    {"question": "Were the goals of this period met in full?", "type": "yes-no", "required": True},
    {"question": "What went especially well?", "type": "text", "required": True},
    {"question": "Overall job performance", "type": "rating", "required": True},
]
ANSWERED = [
    ("Overall job performance", 4),
    ("What went especially well?", "Shipped the new billing flow."),
    ("Which area needs the most growth?", "Delivery"),
    ("Were this period's goals met?", "yes"),
    ("Teamwork on a three point scale", 2),
]
LISTS = ("/api/reviews", "/api/reviews/all", "/api/reviews?status=completed")


# The factories' QUESTIONS as the client receives them, written out: every question has all
# six keys, null where it has no options or scale (checked beside `shown`, so a mistake the
# list and the reply model share does not pass unseen).
QUESTIONS_SHOWN = [
    {"id": "q1", "question": "Overall job performance", "type": "rating", "required": True,
     "options": None, "scale": 5},
    {"id": "q2", "question": "What went especially well?", "type": "text", "required": True,
     "options": None, "scale": None},
    {"id": "q3", "question": "Which area needs the most growth?", "type": "multiple-choice",
     "required": False, "options": ["Communication", "Delivery", "Ownership"], "scale": None},
    {"id": "q4", "question": "Were this period's goals met?", "type": "yes-no", "required": True,
     "options": None, "scale": None},
    {"id": "q5", "question": "Teamwork on a three point scale", "type": "rating",
     "required": False, "options": None, "scale": 3},
]  # fmt: skip


def shown(questions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Questions as a reply shows them."""
    return [
        QuestionRead.model_validate(q).model_dump(mode="json", by_alias=True) for q in questions
    ]


async def edit_template(client, template_id: int, **body: Any) -> dict[str, Any]:
    r = await client.put(f"/api/templates/{template_id}", json={"questions": EDITED, **body})
    assert r.status_code == 200, r.text
    return r.json()


# What the single review's reply adds to a listed one (its cycle's stage, the self-review).
DETAIL_ONLY = {
    field.alias or name
    for name, field in ReviewDetail.model_fields.items()
    if name not in ReviewRead.model_fields
}


def as_listed(reply: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in reply.items() if key not in DETAIL_ONLY}


async def listed(client, url: str) -> dict[int, dict[str, Any]]:
    r = await client.get(url)
    assert r.status_code == 200, r.text
    return {item["id"]: item for item in r.json()}


async def setup(org) -> tuple[int, int, int, int]:
    """The test template with two reviews of one employee: (template, employee, done, open)."""
    emp = await add_employee(org, next_review_date=due_soon())
    tpl = await add_template(org)
    done = await add_review(org, emp, tpl, due_soon())
    open_ = await add_review(org, emp, tpl, due_soon() + timedelta(days=7), status="in_progress")
    return tpl, emp, done, open_


async def test_a_completed_review_shows_the_questions_it_was_answered_against(login, org):
    tpl, emp, done, open_ = await setup(org)
    admin = await login(org, "admin")
    r = await admin.put(f"{URL}/{done}", json=COMPLETE)
    assert r.status_code == 200, r.text
    assert answered(r.json()) == ANSWERED
    stored = await get_row(org, Review, done)
    assert (stored.questions, stored.questions_version) == (QUESTIONS, 1)
    assert (await get_row(org, Review, open_)).questions is None

    edited = await edit_template(admin, tpl, name="Engineering Review 2027")
    assert [q["id"] for q in edited["questions"]] == ["q1", "q2", "q3"]
    assert (await get_row(org, ReviewTemplate, tpl)).questions_version == 2

    user = await login(org, "user")
    body = (await user.get(f"{URL}/{done}")).json()
    assert body["template"]["questions"] == shown(QUESTIONS) == QUESTIONS_SHOWN
    assert answered(body) == ANSWERED
    assert body["responses"] == {**GOOD_ANSWERS}
    # Its template's name and description are the template's own, as they are now.
    assert (body["template"]["id"], body["template"]["name"]) == (tpl, "Engineering Review 2027")
    in_progress = (await user.get(f"{URL}/{open_}")).json()
    assert in_progress["template"]["questions"] == edited["questions"]

    # Every list shows the same as the review's own reply, the profile's list too.
    for url in (*LISTS, f"/api/reviews?employeeId={emp}"):
        items = await listed(user, url)
        assert items[done] == as_listed(body), url
        if open_ in items:
            assert items[open_] == as_listed(in_progress), url
    upcoming = await listed(user, "/api/reviews/upcoming")
    assert upcoming[open_] == as_listed(in_progress) and done not in upcoming


async def test_the_in_progress_review_is_answered_against_the_edited_template(login, org):
    tpl, _, done, open_ = await setup(org)
    admin = await login(org, "admin")
    assert (await admin.put(f"{URL}/{done}", json=COMPLETE)).status_code == 200
    await edit_template(admin, tpl)
    manager = await login(org, "manager")
    answers = {"q1": "yes", "q2": "Mentored two new joiners.", "q3": 5}
    r = await manager.put(
        f"{URL}/{open_}", json={"status": "completed", "responses": answers, "rating": 5}
    )
    assert r.status_code == 200, r.text
    assert answered(r.json()) == [
        ("Were the goals of this period met in full?", "yes"),
        ("What went especially well?", "Mentored two new joiners."),
        ("Overall job performance", 5),
    ]
    # Both completed now, each with its own questions, side by side in one list.
    items = await listed(manager, "/api/reviews?status=completed")
    assert answered(items[done]) == ANSWERED
    assert answered(items[open_]) == answered(r.json())
    assert (await get_row(org, Review, open_)).questions_version == 2


async def test_a_reopened_review_keeps_its_questions_and_its_answers(login, org):
    """An admin reopens a completed review after its template was edited: the old answers
    are not dropped or matched to other questions, and it is completed again against the
    questions it was answered against."""
    tpl, _, done, _ = await setup(org)
    admin = await login(org, "admin")
    assert (await admin.put(f"{URL}/{done}", json=COMPLETE)).status_code == 200
    await edit_template(admin, tpl)
    r = await admin.put(f"{URL}/{done}", json={"status": "in_progress"})
    assert r.status_code == 200, r.text
    assert r.json()["status"] == "in_progress"
    assert answered(r.json()) == ANSWERED
    r = await admin.put(f"{URL}/{done}", json={"status": "completed", "rating": 3})
    assert r.status_code == 200, r.text
    assert answered(r.json()) == ANSWERED
    # Answers are still checked against its own questions: q5 is a rating out of 3.
    r = await admin.put(f"{URL}/{done}", json={"responses": {**GOOD_ANSWERS, "q5": 4}})
    assert r.status_code == 400
    assert r.json()["message"] == (
        "Question 5 ('Teamwork on a three point scale') needs a rating from 1 to 3"
    )
    stored = await get_row(org, Review, done)
    assert (stored.questions, stored.questions_version) == (QUESTIONS, 1)


async def test_a_template_used_by_a_completed_review_is_not_deleted(login, org):
    """Deleting a template that reviews use is refused (409), completed ones included: the
    review keeps both its template and its questions."""
    tpl, _, done, open_ = await setup(org)
    admin = await login(org, "admin")
    assert (await admin.put(f"{URL}/{done}", json=COMPLETE)).status_code == 200
    await edit_template(admin, tpl)
    r = await admin.delete(f"/api/templates/{tpl}")
    assert r.status_code == 409
    assert r.json()["message"] == (
        "This template cannot be deleted because 2 reviews use it. "
        "Reviews keep the template they were made from; edit it instead."
    )
    r = await admin.get(f"{URL}/{done}")
    assert r.status_code == 200
    assert answered(r.json()) == ANSWERED
    assert answered((await listed(admin, "/api/reviews"))[done]) == ANSWERED


async def test_a_review_completed_before_copies_were_kept_shows_its_template(login, org):
    """A completed review without a copy (restored from an older backup): it shows its
    template's questions as they are now, and an admin saving it takes the copy then."""
    tpl, emp, _, _ = await setup(org)
    old = await add_review(
        org,
        emp,
        tpl,
        local_today() - timedelta(days=60),
        status="completed",
        responses=GOOD_ANSWERS,
        rating=4,
        completed_at=completed_at(local_today() - timedelta(days=59)),
    )
    admin = await login(org, "admin")
    body = (await admin.get(f"{URL}/{old}")).json()
    assert answered(body) == ANSWERED
    assert (await listed(admin, "/api/reviews"))[old] == as_listed(body)

    r = await admin.put(f"{URL}/{old}", json={"reviewerNotes": "Checked by HR."})
    assert r.status_code == 200, r.text
    stored = await get_row(org, Review, old)
    assert (stored.questions, stored.questions_version) == (QUESTIONS, 1)
    await edit_template(admin, tpl)
    assert answered((await admin.get(f"{URL}/{old}")).json()) == ANSWERED


async def test_the_migration_copies_the_questions_of_reviews_completed_before_it(login, org):
    """Take one schema back to the revision before the copies, with one completed and one open
    review, and migrate: the completed one gets its template's questions (the best there is),
    the open one none; after a template edit the completed one still shows them."""
    tpl, _, done, open_ = await setup(org)
    schema = org.schema_name
    async with get_engine().begin() as conn:
        await rewind_review_questions(conn, schema)
        await set_revision(conn, schema, "0002_review_first_completed")
        await conn.execute(
            text(
                f'UPDATE "{schema}".reviews SET status = \'completed\', rating = 4, '
                "responses = CAST(:answers AS jsonb), completed_at = now() WHERE id = :id"
            ),
            {"answers": '{"q1": 4, "q2": "Shipped the new billing flow.", "q3": "Delivery", '
                        '"q4": "yes", "q5": 2}', "id": done},
        )  # fmt: skip
    report = await migrate_tenants()
    assert report.ok, report.failed
    assert schema in report.upgraded
    stored = await get_row(org, Review, done)
    assert (stored.questions, stored.questions_version) == (QUESTIONS, 1)
    assert (await get_row(org, Review, open_)).questions is None
    assert (await get_row(org, ReviewTemplate, tpl)).questions_version == 1

    admin = await login(org, "admin")
    edited = await edit_template(admin, tpl)
    assert answered((await admin.get(f"{URL}/{done}")).json()) == ANSWERED
    assert answered((await listed(admin, "/api/reviews"))[done]) == ANSWERED
    assert (await admin.get(f"{URL}/{open_}")).json()["template"]["questions"] == edited[
        "questions"
    ]


async def test_another_organisation_sees_none_of_it(login, org, other_org):
    await setup(org)
    tpl, _, done, _ = await setup(org)  # ids the other organisation has no review with
    admin = await login(org, "admin")
    assert (await admin.put(f"{URL}/{done}", json=COMPLETE)).status_code == 200
    await edit_template(admin, tpl)
    their_tpl, _, theirs, _ = await setup(other_org)
    assert theirs < done
    other = await login(other_org, "admin")
    assert (await other.get(f"{URL}/{done}")).status_code == 404
    r = await other.put(f"{URL}/{done}", json={"status": "in_progress"})
    assert (r.status_code, r.json()) == (404, {"message": "Review not found"})
    for url in (*LISTS, "/api/reviews/upcoming"):
        items = await listed(other, url)
        assert all(item["template"]["id"] == their_tpl for item in items.values()), url
    # Their review, completed there, shows their template's questions, untouched by our edit.
    r = await other.put(f"{URL}/{theirs}", json=COMPLETE)
    assert r.status_code == 200, r.text
    assert answered(r.json()) == ANSWERED
    assert answered((await listed(other, "/api/reviews"))[theirs]) == ANSWERED
    # And ours is as it was.
    assert answered((await admin.get(f"{URL}/{done}")).json()) == ANSWERED
    assert (await get_row(org, Review, done)).status == "completed"


async def test_lists_read_the_copies_only_once_the_template_has_moved_on(login, org):
    """While a template is unchanged its completed reviews share its serialised questions; the
    copies are read only for versions the template no longer has, one review per version."""
    tpl, emp, done, open_ = await setup(org)
    admin = await login(org, "admin")
    assert (await admin.put(f"{URL}/{done}", json=COMPLETE)).status_code == 200
    same = await add_review(org, emp, tpl, due_soon() + timedelta(days=14), status="in_progress")
    assert (await admin.put(f"{URL}/{same}", json=COMPLETE)).status_code == 200

    statements: list[str] = []

    def seen(conn, cursor, statement, *args) -> None:  # type: ignore[no-untyped-def]
        statements.append(statement)

    copies = re.compile(r"reviews\.questions(?!_version)")

    async def render() -> dict[int, dict[str, Any]]:
        statements.clear()
        async with tenant_session(org.schema_name, org.id) as session:
            body = json.loads(await service.list_reviews(session=session, scope=Scope(ALL, None)))
        return {item["id"]: item for item in body}

    engine = get_engine().sync_engine
    event.listen(engine, "before_cursor_execute", seen)
    try:
        before = await render()
        assert not [s for s in statements if copies.search(s)]
        await edit_template(admin, tpl)
        after = await render()
        read = [s for s in statements if copies.search(s)]
        assert len(read) == 1
    finally:
        event.remove(engine, "before_cursor_execute", seen)
    assert answered(after[done]) == answered(after[same]) == ANSWERED
    assert after[done]["template"] == before[done]["template"] | {"questions": shown(QUESTIONS)}
    assert after[done]["template"]["questions"] == QUESTIONS_SHOWN
    assert after[open_]["template"]["questions"] != before[open_]["template"]["questions"]
