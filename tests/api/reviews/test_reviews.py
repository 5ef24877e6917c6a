"""Reviews: reads with embeds, creation, the status rules and answer checks."""

import asyncio
from datetime import UTC, date, datetime, timedelta

import pytest

from api.core.dates import local_today
from api.core.db import tenant_session
from api.employees.models import Employee
from api.reminders.models import Reminder
from api.reviews.models import Review
from tests.api.reviews.factories import (
    GOOD_ANSWERS,
    add_employee,
    add_review,
    add_template,
    count,
    default_template_id,
    get_row,
    reminders_of,
)
from tests.dates import InDays, resolved

URL = "/api/reviews"


def new_review(employee_id: int, template_id: int, **overrides):
    return {
        "employeeId": employee_id,
        "templateId": template_id,
        "reviewType": "quarterly",
        "dueDate": (local_today() + timedelta(days=10)).isoformat(),
        "status": "pending",
        "responses": {},
        "rating": None,
        "reviewerNotes": "",
        **overrides,
    }


# A next review date whose quarterly step is known by hand: 30 Nov + 3 months is 28 Feb
# (2091 is no leap year). Far ahead, so one step always lands in the future, whatever today is.
NEXT_REVIEW = date(2090, 11, 30)
AFTER_ONE_STEP = date(2091, 2, 28)


async def setup_review(org, *, next_review: date | None = None, **fields):
    """An employee, the test template and one review; returns (review_id, employee_id)."""
    emp = await add_employee(org, next_review_date=next_review or local_today() + timedelta(days=5))
    tpl = await add_template(org)
    rid = await add_review(org, emp, tpl, local_today() + timedelta(days=5), **fields)
    return rid, emp


# Creating


async def test_admin_creates_a_pending_review_with_employee_and_template_embedded(login, org):
    emp = await add_employee(org, first_name="Grace", last_name="Hopper")
    tpl = await default_template_id(org)
    admin = await login(org, "admin")
    r = await admin.post(
        URL, json=new_review(emp, tpl, status="completed", completedAt="2001-01-01T00:00:00Z")
    )
    assert r.status_code == 201, r.text
    body = r.json()
    assert body["status"] == "pending"
    assert body["completedAt"] is None
    assert body["reviewerNotes"] is None
    assert body["dueDate"] == (local_today() + timedelta(days=10)).isoformat()
    assert body["organizationId"] == org.id
    assert body["employee"]["firstName"] == "Grace"
    assert body["employee"]["department"] == "engineering"
    assert body["template"]["id"] == tpl
    assert body["template"]["questions"][0]["question"] == "Overall job performance"


async def test_an_iso_timestamp_due_date_keeps_its_calendar_day(login, org):
    emp = await add_employee(org)
    admin = await login(org, "admin")
    due = local_today() + timedelta(days=3)
    r = await admin.post(
        URL, json=new_review(emp, await default_template_id(org), dueDate=f"{due}T00:00:00.000Z")
    )
    assert r.status_code == 201
    assert r.json()["dueDate"] == due.isoformat()


async def test_hr_creates_reviews_too(login, org):
    emp = await add_employee(org)
    hr = await login(org, "hr")
    r = await hr.post(URL, json=new_review(emp, await default_template_id(org)))
    assert r.status_code == 201


@pytest.mark.parametrize("role", ["manager", "user"])
async def test_manager_and_user_cannot_create_reviews(login, org, role):
    emp = await add_employee(org)
    person = await login(org, role)
    r = await person.post(URL, json=new_review(emp, await default_template_id(org)))
    assert r.status_code == 403
    assert await count(org, Review) == 0


@pytest.mark.parametrize(
    ("change", "status", "message"),
    [
        (
            {"dueDate": InDays(-2)},
            400,
            "Due date cannot be in the past",
        ),
        ({"dueDate": "not a date"}, 400, "Invalid due date"),
        ({"dueDate": None}, 400, "Due date is required"),
        (
            {"reviewType": "weekly"},
            400,
            "Review type must be quarterly, annual, probation, promotion or performance_improvement",
        ),
        ({"rating": 0}, 400, "Rating must be a whole number from 1 to 5"),
        ({"rating": 6}, 400, "Rating must be a whole number from 1 to 5"),
        ({"employeeId": 987654}, 404, "Employee not found"),
        ({"employeeId": 99999999999}, 404, "Employee not found"),
        ({"templateId": 987654}, 404, "Template not found"),
        ({"employeeId": None}, 400, "Employee is required"),
        (
            {"responses": {"q1": 9}},
            400,
            "Question 1 ('Overall job performance') needs a rating from 1 to 5",
        ),
    ],
)
async def test_bad_creations_are_refused_and_nothing_is_stored(login, org, change, status, message):
    emp = await add_employee(org)
    admin = await login(org, "admin")
    r = await admin.post(
        URL, json=new_review(emp, await default_template_id(org), **resolved(change))
    )
    assert r.status_code == status, r.text
    assert r.json()["message"] == message
    assert await count(org, Review) == 0


@pytest.mark.date_sensitive
async def test_a_due_date_of_today_is_allowed(login, org):
    emp = await add_employee(org)
    admin = await login(org, "admin")
    r = await admin.post(
        URL, json=new_review(emp, await default_template_id(org), dueDate=local_today().isoformat())
    )
    assert r.status_code == 201


async def test_archived_employees_get_no_new_reviews(login, org):
    emp = await add_employee(org, is_archived=True)
    admin = await login(org, "admin")
    r = await admin.post(URL, json=new_review(emp, await default_template_id(org)))
    assert r.status_code == 400
    assert r.json()["message"] == "Reviews cannot be created for an archived employee"


async def test_employees_and_templates_of_another_organisation_are_not_found(login, org, other_org):
    ours = await add_employee(org)
    await add_employee(other_org)
    theirs = await add_employee(other_org)  # an id that exists only over there
    their_template = await add_template(other_org)
    admin = await login(org, "admin")
    r = await admin.post(URL, json=new_review(theirs, await default_template_id(org)))
    assert (r.status_code, r.json()["message"]) == (404, "Employee not found")
    r = await admin.post(URL, json=new_review(ours, their_template))
    assert (r.status_code, r.json()["message"]) == (404, "Template not found")
    assert await count(org, Review) == 0
    assert await count(other_org, Review) == 0


# Reading


async def test_lists_filter_by_employee_and_status_and_hide_archived_people(login, org):
    tpl = await add_template(org)
    active = await add_employee(org)
    archived = await add_employee(org, is_archived=True)
    r1 = await add_review(org, active, tpl, local_today() + timedelta(days=2))
    r2 = await add_review(
        org, active, tpl, local_today() - timedelta(days=30), status="completed", rating=4
    )
    r3 = await add_review(org, archived, tpl, local_today() + timedelta(days=4))
    user = await login(org, "user")

    ids = lambda r: sorted(x["id"] for x in r.json())  # noqa: E731
    assert ids(await user.get(URL)) == sorted([r1, r2])
    assert ids(await user.get(f"{URL}/all")) == sorted([r1, r2, r3])
    assert ids(await user.get(URL, params={"employeeId": archived})) == [r3]
    assert ids(await user.get(URL, params={"status": "completed"})) == [r2]
    assert ids(await user.get(f"{URL}/all", params={"status": "pending"})) == sorted([r1, r3])
    assert (await user.get(URL, params={"employeeId": 4242})).status_code == 404
    assert (await user.get(URL, params={"status": "finished"})).status_code == 400

    one = (await user.get(f"{URL}/{r2}")).json()
    assert one["employee"]["id"] == active and one["template"]["id"] == tpl


@pytest.mark.date_sensitive
async def test_upcoming_lists_open_reviews_of_active_people_most_urgent_first(login, org):
    tpl = await add_template(org)
    emp = await add_employee(org, first_name="Linus", department="sales")
    gone = await add_employee(org, is_archived=True)
    later = await add_review(org, emp, tpl, local_today() + timedelta(days=20))
    overdue = await add_review(
        org, emp, tpl, local_today() - timedelta(days=2), status="in_progress"
    )
    soon = await add_review(org, emp, tpl, local_today() + timedelta(days=1))
    await add_review(org, emp, tpl, local_today() + timedelta(days=1), status="completed", rating=3)
    await add_review(org, gone, tpl, local_today())
    r = await (await login(org, "manager")).get(f"{URL}/upcoming")
    assert r.status_code == 200
    body = r.json()
    assert [x["id"] for x in body] == [overdue, soon, later]
    assert body[0]["employee"] == {
        "id": emp,
        "employeeId": body[0]["employee"]["employeeId"],
        "firstName": "Linus",
        "lastName": "Lovelace",
        "email": body[0]["employee"]["email"],
        "department": "sales",
        "position": "Engineer",
        "reviewSchedule": "quarterly",
        "nextReviewDate": None,
        "isArchived": False,
    }
    assert body[0]["reviewType"] == "quarterly"


async def test_another_organisations_review_is_not_found(login, org, other_org):
    await setup_review(other_org)
    theirs, _ = await setup_review(other_org)
    admin = await login(org, "admin")
    assert (await admin.get(f"{URL}/{theirs}")).status_code == 404
    r = await admin.put(f"{URL}/{theirs}", json={"status": "in_progress"})
    assert (r.status_code, r.json()) == (404, {"message": "Review not found"})
    assert (await get_row(other_org, Review, theirs)).status == "pending"


# Filling in


async def test_saving_a_pending_review_starts_it(login, org):
    rid, _ = await setup_review(org)
    manager = await login(org, "manager")
    r = await manager.put(f"{URL}/{rid}", json={"responses": {"q1": 3}, "reviewerNotes": " ok "})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["status"] == "in_progress"
    assert body["responses"] == {"q1": 3}
    assert body["reviewerNotes"] == "ok"
    assert body["completedAt"] is None
    assert body["template"]["name"] == "Engineering Review"


async def test_save_as_draft_keeps_partial_answers_without_required_ones(login, org):
    rid, _ = await setup_review(org)
    manager = await login(org, "manager")
    r = await manager.put(
        f"{URL}/{rid}",
        json={
            "status": "in_progress",
            "responses": {"q2": "Great quarter", "q3": None, "q5": ""},
            "rating": 4,
        },
    )
    assert r.status_code == 200, r.text
    assert r.json()["responses"] == {"q2": "Great quarter"}
    assert r.json()["rating"] == 4


@pytest.mark.parametrize(
    ("responses", "message"),
    [
        ({"q1": "5"}, "Question 1 ('Overall job performance') needs a rating from 1 to 5"),
        ({"q1": 0}, "Question 1 ('Overall job performance') needs a rating from 1 to 5"),
        ({"q1": 6}, "Question 1 ('Overall job performance') needs a rating from 1 to 5"),
        ({"q1": 4.5}, "Question 1 ('Overall job performance') needs a rating from 1 to 5"),
        ({"q1": True}, "Question 1 ('Overall job performance') needs a rating from 1 to 5"),
        ({"q5": 4}, "Question 5 ('Teamwork on a three point scale') needs a rating from 1 to 3"),
        ({"q2": 42}, "Question 2 ('What went especially well?') needs a text answer"),
        (
            {"q2": "x" * 5001},
            "Question 2 ('What went especially well?'): answers must not exceed 5000 characters",
        ),
        (
            {"q3": "Charisma"},
            "Question 3 ('Which area needs the most growth?') must be answered with one of its options",
        ),
        (
            {"q4": "maybe"},
            "Question 4 ('Were this period's goals met?') must be answered yes or no",
        ),
        ({"q9": "hello"}, "The template has no question 'q9'"),
    ],
)
async def test_answers_of_the_wrong_kind_are_refused_and_nothing_changes(
    login, org, responses, message
):
    rid, _ = await setup_review(org, responses={"q2": "Kept"})
    admin = await login(org, "admin")
    r = await admin.put(f"{URL}/{rid}", json={"status": "in_progress", "responses": responses})
    assert r.status_code == 400, r.text
    assert r.json()["message"] == message
    stored = await get_row(org, Review, rid)
    assert (stored.status, stored.responses) == ("pending", {"q2": "Kept"})


@pytest.mark.parametrize("rating", [0, 6, "x", 2.5])
async def test_an_overall_rating_outside_1_to_5_is_refused(login, org, rating):
    rid, _ = await setup_review(org)
    admin = await login(org, "admin")
    r = await admin.put(f"{URL}/{rid}", json={"rating": rating, "status": "in_progress"})
    assert r.status_code == 400
    assert r.json()["message"] == "Rating must be a whole number from 1 to 5"
    assert (await get_row(org, Review, rid)).rating is None


async def test_completing_needs_every_required_answer_and_a_rating(login, org):
    rid, _ = await setup_review(org)
    manager = await login(org, "manager")
    missing_q4 = {k: v for k, v in GOOD_ANSWERS.items() if k != "q4"}
    r = await manager.put(
        f"{URL}/{rid}", json={"status": "completed", "responses": missing_q4, "rating": 4}
    )
    assert r.status_code == 400
    assert r.json()["message"] == "Question 4 ('Were this period's goals met?') is required"
    r = await manager.put(
        f"{URL}/{rid}",
        json={"status": "completed", "responses": {**GOOD_ANSWERS, "q2": "  "}, "rating": 4},
    )
    assert r.json()["message"] == "Question 2 ('What went especially well?') is required"
    r = await manager.put(f"{URL}/{rid}", json={"status": "completed", "responses": GOOD_ANSWERS})
    assert r.status_code == 400
    assert r.json()["message"] == "An overall rating from 1 to 5 is required to complete a review"
    stored = await get_row(org, Review, rid)
    assert (stored.status, stored.completed_at) == ("pending", None)


@pytest.mark.date_sensitive
async def test_completing_stamps_the_server_time_and_moves_the_next_review_date(login, org):
    rid, emp = await setup_review(org, next_review=NEXT_REVIEW)
    async with tenant_session(org.schema_name, org.id) as session:
        session.add(
            Reminder(
                employee_id=emp,
                review_id=rid,
                type="review_due",
                message="due",
                due_date=local_today() + timedelta(days=5),
            )
        )
    manager = await login(org, "manager")
    r = await manager.put(
        f"{URL}/{rid}",
        json={
            "status": "completed",
            "responses": GOOD_ANSWERS,
            "rating": 4,
            "completedAt": "1999-12-31T00:00:00Z",
        },
    )
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["status"] == "completed"
    stamped = datetime.fromisoformat(body["completedAt"].replace("Z", "+00:00"))
    assert abs(stamped - datetime.now(UTC)) < timedelta(minutes=1)
    assert body["rating"] == 4
    employee = await get_row(org, Employee, emp)
    # quarterly: one step after the employee's next review date, clamped to February's end
    assert employee.next_review_date == AFTER_ONE_STEP
    assert body["employee"]["nextReviewDate"] == "2091-02-28"
    # the review's reminders are done with
    assert await reminders_of(org) == []


@pytest.mark.parametrize("role", ["manager", "hr"])
async def test_only_an_admin_changes_a_completed_review(login, org, role):
    rid, _ = await setup_review(org, status="completed", rating=3, responses=GOOD_ANSWERS)
    person = await login(org, role)
    r = await person.put(f"{URL}/{rid}", json={"rating": 5})
    assert r.status_code == 403
    assert r.json()["message"] == "Only an administrator can change a completed review"
    assert (await get_row(org, Review, rid)).rating == 3


@pytest.mark.date_sensitive
async def test_admin_edits_a_completed_review_without_restamping_or_moving_dates(login, org):
    rid, emp = await setup_review(org)
    admin = await login(org, "admin")
    first = (
        await admin.put(
            f"{URL}/{rid}", json={"status": "completed", "responses": GOOD_ANSWERS, "rating": 3}
        )
    ).json()
    moved = (await get_row(org, Employee, emp)).next_review_date
    r = await admin.put(
        f"{URL}/{rid}", json={"status": "completed", "rating": 5, "reviewerNotes": "Corrected"}
    )
    assert r.status_code == 200, r.text
    assert r.json()["completedAt"] == first["completedAt"]
    assert r.json()["rating"] == 5
    assert (await get_row(org, Employee, emp)).next_review_date == moved
    r = await admin.put(f"{URL}/{rid}", json={"status": "in_progress"})
    assert r.json()["status"] == "in_progress" and r.json()["completedAt"] is None


async def test_a_save_from_a_stale_copy_is_refused_and_changes_nothing(login, org):
    # Two tabs (or an admin and a manager) opened the same review; one completes it.
    rid, emp = await setup_review(org)
    admin = await login(org, "admin")
    opened = (await admin.get(f"{URL}/{rid}")).json()["updatedAt"]
    done = await admin.put(
        f"{URL}/{rid}",
        json={"status": "completed", "responses": GOOD_ANSWERS, "rating": 5,
              "expectedUpdatedAt": opened},
    )  # fmt: skip
    assert done.status_code == 200, done.text
    assert done.json()["updatedAt"] != opened

    # The other copy still holds what was read before: its draft would reopen and wipe it.
    stale = await admin.put(
        f"{URL}/{rid}",
        json={"status": "in_progress", "responses": {"q1": 1}, "rating": 1,
              "expectedUpdatedAt": opened},
    )  # fmt: skip
    assert stale.status_code == 409
    assert stale.json()["message"].startswith(
        "This review changed after you opened it: someone saved it"
    )
    row = await get_row(org, Review, rid)
    assert (row.status, row.rating, row.responses) == ("completed", 5, GOOD_ANSWERS)

    # Saved from the latest copy, it goes through; callers that send no version are unchanged.
    fresh = await admin.put(
        f"{URL}/{rid}",
        json={"reviewerNotes": "Checked", "expectedUpdatedAt": done.json()["updatedAt"]},
    )
    assert fresh.status_code == 200, fresh.text
    assert (await admin.put(f"{URL}/{rid}", json={"reviewerNotes": "Again"})).status_code == 200


async def test_users_only_read_reviews(login, org):
    rid, _ = await setup_review(org)
    user = await login(org, "user")
    assert (await user.get(f"{URL}/{rid}")).status_code == 200
    r = await user.put(f"{URL}/{rid}", json={"status": "in_progress"})
    assert r.status_code == 403
    assert (await get_row(org, Review, rid)).status == "pending"


# The report


async def test_the_csv_report_neutralises_formulas(login, org):
    emp = await add_employee(
        org, first_name='=HYPERLINK("http://evil")', last_name="+Smith", position="@Lead"
    )
    tpl = await add_template(org, name="-Quarterly")
    await add_review(
        org, emp, tpl, local_today(), status="completed", rating=5, reviewer_notes="=1+1"
    )
    admin = await login(org, "admin")
    r = await admin.get(f"{URL}/export")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/csv")
    assert "attachment" in r.headers["content-disposition"]
    lines = r.text.lstrip("\ufeff").splitlines()
    assert lines[0].startswith("Review ID,Employee ID,First Name,Last Name")
    assert "'=HYPERLINK" in lines[1]
    assert ",'+Smith," in lines[1]
    assert ",'@Lead," in lines[1]
    assert ",'-Quarterly," in lines[1]
    assert lines[1].endswith(",5,'=1+1")
    assert (await (await login(org, "hr")).get(f"{URL}/export")).status_code == 200
    for role in ("manager", "user"):
        assert (await (await login(org, role)).get(f"{URL}/export")).status_code == 403


async def test_two_people_completing_at_once_complete_it_once(login, org):
    rid, emp = await setup_review(org, next_review=NEXT_REVIEW)
    a, b = await login(org, "manager"), await login(org, "hr")
    body = {"status": "completed", "responses": GOOD_ANSWERS, "rating": 4}
    results = await asyncio.gather(
        a.put(f"{URL}/{rid}", json=body), b.put(f"{URL}/{rid}", json=body)
    )
    assert sorted(r.status_code for r in results) == [200, 403]
    assert (await get_row(org, Employee, emp)).next_review_date == AFTER_ONE_STEP  # one step


async def test_an_empty_body_is_refused_with_the_field_messages(login, org):
    admin = await login(org, "admin")
    r = await admin.post(URL, json={})
    assert r.status_code == 400, r.text
    assert r.json()["message"] == "Employee is required"
    assert {e["message"] for e in r.json()["errors"]} == {
        "Employee is required",
        "Template is required",
        "Review type is required",
        "Due date is required",
    }
    assert await count(org, Review) == 0


async def test_lists_and_the_report_never_show_another_organisations_reviews(login, org, other_org):
    ours, _ = await setup_review(org)
    await setup_review(other_org)
    theirs_review, theirs_employee = await setup_review(other_org)
    admin = await login(org, "admin")
    for url in (URL, f"{URL}/all", f"{URL}/upcoming"):
        r = await admin.get(url)
        assert r.status_code == 200
        assert [x["id"] for x in r.json()] == [ours], url
        assert {x["organizationId"] for x in r.json()} == {org.id}
    # (their second employee and review have ids that exist only over there)
    r = await admin.get(URL, params={"employeeId": theirs_employee})
    assert (r.status_code, r.json()) == (404, {"message": "Employee not found"})
    assert (await admin.get(f"{URL}/{theirs_review}")).status_code == 404
    report = (await admin.get(f"{URL}/export")).text.lstrip("\ufeff").splitlines()
    assert len(report) == 2 and report[1].startswith(f"{ours},")


async def test_answers_a_template_edit_left_behind_do_not_block_the_review(login, org):
    """An admin edits the template while a review is open: stored answers to removed
    questions (or of another type now) are dropped instead of refusing every later save."""
    rid, _ = await setup_review(org, responses={"q2": "Kept", "q4": "yes", "q5": 2})
    review = await get_row(org, Review, rid)
    admin = await login(org, "admin")
    r = await admin.put(
        f"/api/templates/{review.template_id}",
        json={
            "questions": [
                {"question": "What went especially well?", "type": "text", "required": True},
                {"question": "Were this period's goals met?", "type": "rating", "required": False},
            ]
        },
    )
    assert r.status_code == 200, r.text
    # q1 is now the text question (its answer follows it), q2 a rating one (a yes/no answer
    # cannot fit); q5 is gone
    r = await admin.put(f"{URL}/{rid}", json={"reviewerNotes": "Template changed"})
    assert r.status_code == 200, r.text
    assert r.json()["responses"] == {"q1": "Kept"}
    assert r.json()["status"] == "in_progress"
    # what the caller sends is still checked strictly
    r = await admin.put(f"{URL}/{rid}", json={"responses": {"q5": 2}})
    assert (r.status_code, r.json()["message"]) == (400, "The template has no question 'q5'")
    r = await admin.put(
        f"{URL}/{rid}",
        json={"responses": {"q1": "Fine", "q2": 4}, "status": "completed", "rating": 4},
    )
    assert r.status_code == 200, r.text
    assert r.json()["status"] == "completed"


async def test_a_saved_review_answers_what_is_now_stored(login, org):
    """The reply to a save is the review as stored: its new updatedAt (set by Postgres and
    returned by the UPDATE), and on completion its employee's moved next review date."""
    ada = await add_employee(org, next_review_date=local_today() + timedelta(days=2))
    rid = await add_review(org, ada, await add_template(org), local_today() + timedelta(days=2))
    admin = await login(org, "admin")
    before = (await admin.get(f"{URL}/{rid}")).json()
    await asyncio.sleep(0.01)
    for body in ({"responses": {"q1": 4}}, {"status": "completed", "responses": GOOD_ANSWERS,
                                             "rating": 4}):  # fmt: skip
        saved = await admin.put(f"{URL}/{rid}", json=body)
        assert saved.status_code == 200, saved.text
        assert saved.json() == (await admin.get(f"{URL}/{rid}")).json()
        assert saved.json()["updatedAt"] > before["updatedAt"]
    assert saved.json()["employee"]["nextReviewDate"] != before["employee"]["nextReviewDate"]
