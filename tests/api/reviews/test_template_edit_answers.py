"""Editing a template while reviews of it are open: every save renumbers the questions q1, q2,
... (in the order sent), and the answers already given follow their questions to the new ids. A
question is the same one when it is sent with its id (as the edit form does) or, failing that,
has the same text; answers to removed questions, or that no longer fit, are dropped. A review
opened before the edit cannot then be saved against the old questions."""

from datetime import timedelta
from typing import Any

from api.core.dates import local_today
from api.reviews.models import Review
from tests.api.reviews.factories import (
    GOOD_ANSWERS,
    QUESTIONS,
    add_employee,
    add_review,
    add_template,
    answered,
    completed_at,
    due_soon,
    get_row,
)

URL = "/api/reviews"


# Old q4 reworded and moved first, then q2, then q1; q3 and q5 removed.
REWORDED = "Were the goals of this period met in full?"


def edited(*, with_ids: bool) -> list[dict[str, Any]]:
    questions = [
        {"id": "q4", "question": REWORDED, "type": "yes-no", "required": True},
        {"id": "q2", "question": "What went especially well?", "type": "text", "required": True},
        {"id": "q1", "question": "Overall job performance", "type": "rating", "required": True},
    ]
    return questions if with_ids else [{k: v for k, v in q.items() if k != "id"} for q in questions]


async def setup(org) -> tuple[int, int]:
    """The test template and an in-progress review of it with every question answered."""
    emp = await add_employee(org, next_review_date=due_soon())
    tpl = await add_template(org)
    review = await add_review(
        org, emp, tpl, due_soon(), status="in_progress", responses=dict(GOOD_ANSWERS)
    )
    return tpl, review


async def edit(client, template_id: int, questions: list[dict[str, Any]]) -> None:
    r = await client.put(f"/api/templates/{template_id}", json={"questions": questions})
    assert r.status_code == 200, r.text
    assert [q["id"] for q in r.json()["questions"]] == [f"q{n + 1}" for n in range(len(questions))]


async def test_answers_follow_their_questions_to_the_new_ids(login, org):
    tpl, review = await setup(org)
    admin = await login(org, "admin")
    await edit(admin, tpl, edited(with_ids=True))
    body = (await admin.get(f"{URL}/{review}")).json()
    assert answered(body) == [
        (REWORDED, "yes"),
        ("What went especially well?", "Shipped the new billing flow."),
        ("Overall job performance", 4),
    ]
    assert (await get_row(org, Review, review)).responses == {
        "q1": "yes",
        "q2": "Shipped the new billing flow.",
        "q3": 4,
    }
    # The manager completes it with what was kept: nothing is asked twice or lost.
    manager = await login(org, "manager")
    r = await manager.put(f"{URL}/{review}", json={"status": "completed", "rating": 4})
    assert r.status_code == 200, r.text
    assert answered(r.json()) == answered(body)


async def test_without_ids_a_question_with_the_same_text_keeps_its_answer(login, org):
    """An API caller that sends no ids: unchanged questions keep their answers wherever they
    move; the reworded one cannot be told from a new question, so its answer is dropped."""
    tpl, review = await setup(org)
    admin = await login(org, "admin")
    await edit(admin, tpl, edited(with_ids=False))
    assert (await get_row(org, Review, review)).responses == {
        "q2": "Shipped the new billing flow.",
        "q3": 4,
    }


async def test_answers_that_no_longer_fit_are_dropped(login, org):
    tpl, review = await setup(org)
    changed = [dict(q) for q in QUESTIONS]
    changed[0] = {**changed[0], "type": "text"}  # q1 was a rating of 4
    changed[2] = {**changed[2], "options": ["Communication", "Ownership"]}  # q3 was 'Delivery'
    changed[4] = {**changed[4], "scale": 2}  # q5 was 2 of 3: still fits
    changed[1], changed[3] = changed[3], changed[1]  # q2 and q4 swap places
    admin = await login(org, "admin")
    await edit(admin, tpl, changed)
    assert (await get_row(org, Review, review)).responses == {
        "q2": "yes",
        "q4": "Shipped the new billing flow.",
        "q5": 2,
    }


async def test_a_review_opened_before_the_edit_is_not_saved_against_the_old_questions(login, org):
    tpl, review = await setup(org)
    manager = await login(org, "manager")
    opened = (await manager.get(f"{URL}/{review}")).json()["updatedAt"]
    admin = await login(org, "admin")
    await edit(admin, tpl, edited(with_ids=True))
    # The wizard opened before the edit still holds the old ids: q1 was a rating there.
    r = await manager.put(
        f"{URL}/{review}",
        json={"responses": {**GOOD_ANSWERS, "q1": 5}, "expectedUpdatedAt": opened},
    )
    assert r.status_code == 409
    assert r.json()["message"] == (
        "This review changed after you opened it: someone saved it, or its template's questions "
        "were edited. Close it and open it again to see the latest version."
    )
    assert (await get_row(org, Review, review)).responses["q1"] == "yes"
    # Opened again, it saves.
    fresh = (await manager.get(f"{URL}/{review}")).json()
    r = await manager.put(
        f"{URL}/{review}",
        json={"responses": {"q1": "no"}, "expectedUpdatedAt": fresh["updatedAt"]},
    )
    assert r.status_code == 200, r.text
    assert r.json()["responses"] == {"q1": "no"}


async def test_a_completed_review_without_a_copy_keeps_its_questions_through_an_edit(login, org):
    """A completed review from before the copies (an older backup) takes one when its template
    is edited, so its answers stay next to the questions they answered."""
    emp = await add_employee(org, next_review_date=due_soon())
    tpl = await add_template(org)
    old = await add_review(
        org,
        emp,
        tpl,
        local_today() - timedelta(days=60),
        status="completed",
        responses=dict(GOOD_ANSWERS),
        rating=4,
        completed_at=completed_at(local_today() - timedelta(days=59)),
    )
    admin = await login(org, "admin")
    await edit(admin, tpl, edited(with_ids=True))
    stored = await get_row(org, Review, old)
    assert (stored.questions, stored.questions_version, stored.responses) == (
        QUESTIONS,
        1,
        GOOD_ANSWERS,
    )
    body = (await admin.get(f"{URL}/{old}")).json()
    assert answered(body)[0] == ("Overall job performance", 4)


async def test_another_organisations_reviews_are_not_touched(login, org, other_org):
    """Same template and review ids in two schemas: editing one organisation's template moves
    only its own answers."""
    tpl, review = await setup(org)
    other_tpl, other_review = await setup(other_org)
    assert (tpl, review) == (other_tpl, other_review)
    admin = await login(org, "admin")
    await edit(admin, tpl, edited(with_ids=True))
    assert (await get_row(other_org, Review, other_review)).responses == GOOD_ANSWERS
    other_admin = await login(other_org, "admin")
    r = await other_admin.get(f"{URL}/{other_review}")
    assert answered(r.json())[0] == ("Overall job performance", 4)
