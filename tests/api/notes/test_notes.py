"""HR notes: GET/POST /api/employee-notes, their field rules and default author."""

from datetime import UTC, datetime

import pytest
from pydantic_core import to_json
from sqlalchemy import select, update

from api.core.db import tenant_session
from api.notes.models import EmployeeNote
from api.notes.schemas import EmployeeNoteRead
from tests.api.notes.factories import add_employee

URL = "/api/employee-notes"


def note(employee_id: int, **overrides):
    return {
        "employeeId": employee_id,
        "date": "2026-03-04",
        "category": "recognition",
        "note": "Led the quarterly release with great care.",
        **overrides,
    }


async def test_admin_adds_a_note_with_the_default_author(login, org):
    emp = await add_employee(org)
    admin = await login(org, "admin")
    r = await admin.post(URL, json=note(emp))
    assert r.status_code == 201, r.text
    body = r.json()
    assert body["employeeId"] == emp
    assert body["date"] == "2026-03-04"
    assert body["category"] == "recognition"
    assert body["note"] == "Led the quarterly release with great care."
    assert body["createdBy"] == "HR Admin"
    assert body["organizationId"] == org.id
    assert isinstance(body["id"], int) and body["createdAt"]


async def test_an_iso_timestamp_is_stored_as_the_calendar_day(login, org):
    emp = await add_employee(org)
    admin = await login(org, "admin")
    r = await admin.post(URL, json=note(emp, date="2026-01-05T00:00:00.000Z"))
    assert r.status_code == 201, r.text
    assert r.json()["date"] == "2026-01-05"


async def test_created_by_is_the_given_author_or_the_signed_in_name(login, org):
    emp = await add_employee(org)
    admin = await login(org, "admin")
    r = await admin.post(URL, json=note(emp, createdBy="  Dana Scully "))
    assert r.json()["createdBy"] == "Dana Scully"
    r = await admin.post(URL, json=note(emp, createdBy=""))
    assert r.json()["createdBy"] == "HR Admin"
    # A signed-in person with a name is the author, whatever the form says.
    named = await login(org, "hr", userName="Fox Mulder")
    r = await named.post(URL, json=note(emp, createdBy="Someone Else"))
    assert r.status_code == 201, r.text
    assert r.json()["createdBy"] == "Fox Mulder"


@pytest.mark.parametrize("category", ["recognition", "redirection", " Redirection "])
async def test_both_categories_are_accepted(login, org, category):
    emp = await add_employee(org)
    admin = await login(org, "admin")
    r = await admin.post(URL, json=note(emp, category=category))
    assert r.status_code == 201, r.text
    assert r.json()["category"] == category.strip().lower()


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"date": None}, "Date is required"),
        ({"date": ""}, "Date is required"),
        ({"date": "   "}, "Date is required"),
        ({"date": "yesterday"}, "Invalid date"),
        ({"date": "2026-02-30"}, "Invalid date"),
        ({"category": ""}, "Category is required"),
        ({"category": "praise"}, "Category must be recognition or redirection"),
        ({"note": "   "}, "Note is required"),
        ({"note": "x" * 5001}, "Note must not exceed 5000 characters"),
        ({"employeeId": None}, "Employee is required"),
        ({"employeeId": "abc"}, "Invalid employee"),
    ],
)
async def test_validation_messages(login, org, overrides, message):
    emp = await add_employee(org)
    admin = await login(org, "admin")
    r = await admin.post(URL, json=note(emp, **overrides))
    assert r.status_code == 400, r.text
    assert r.json()["message"] == message
    r = await admin.get(URL, params={"employeeId": emp})
    assert r.json() == []


async def test_a_missing_date_field_is_required_too(login, org):
    emp = await add_employee(org)
    admin = await login(org, "admin")
    body = note(emp)
    del body["date"]
    r = await admin.post(URL, json=body)
    assert r.status_code == 400
    assert r.json()["message"] == "Date is required"
    assert {"field": "date", "message": "Date is required"} in r.json()["errors"]


async def test_list_is_per_employee_and_newest_first(login, org):
    emp, other = await add_employee(org), await add_employee(org)
    admin = await login(org, "admin")
    for day, text in [("2026-01-10", "middle"), ("2026-02-01", "newest"), ("2025-12-31", "oldest")]:
        r = await admin.post(URL, json=note(emp, date=day, note=text))
        assert r.status_code == 201
    await admin.post(URL, json=note(other, note="someone else"))
    r = await admin.get(URL, params={"employeeId": emp})
    assert r.status_code == 200
    assert [n["note"] for n in r.json()] == ["newest", "middle", "oldest"]
    r = await admin.get(URL)
    assert len(r.json()) == 4


async def test_unknown_employee_answers_404(login, org):
    admin = await login(org, "admin")
    r = await admin.get(URL, params={"employeeId": 999999})
    assert r.status_code == 404
    assert r.json() == {"message": "Employee not found"}
    r = await admin.post(URL, json=note(999999))
    assert r.status_code == 404
    r = await admin.get(URL, params={"employeeId": "x"})
    assert r.status_code == 400


@pytest.mark.parametrize("role", ["admin", "hr", "manager", "user"])
async def test_everyone_signed_in_reads_notes(login, org, role):
    emp = await add_employee(org)
    admin = await login(org, "admin")
    await admin.post(URL, json=note(emp))
    c = await login(org, role)
    r = await c.get(URL, params={"employeeId": emp})
    assert r.status_code == 200
    assert len(r.json()) == 1


@pytest.mark.parametrize(("role", "status"), [("hr", 201), ("manager", 403), ("user", 403)])
async def test_only_admin_and_hr_add_notes(login, org, role, status):
    emp = await add_employee(org)
    c = await login(org, role)
    r = await c.post(URL, json=note(emp))
    assert r.status_code == status, r.text
    if status == 403:
        admin = await login(org, "admin")
        assert (await admin.get(URL, params={"employeeId": emp})).json() == []


async def test_anonymous_and_pending_password_change_are_refused(client, login, org):
    emp = await add_employee(org)
    assert (await client.get(URL, params={"employeeId": emp})).status_code == 401
    assert (await client.post(URL, json=note(emp))).status_code == 401
    pending = await login(org, "admin", force=True)
    assert (await pending.get(URL)).status_code == 403
    assert (await pending.post(URL, json=note(emp))).status_code == 403


async def test_a_second_organisation_cannot_reach_the_notes(login, org, other_org):
    emp = await add_employee(org)
    admin_a = await login(org, "admin")
    await admin_a.post(URL, json=note(emp, note="private to A"))
    admin_b = await login(other_org, "admin")
    r = await admin_b.get(URL, params={"employeeId": emp})
    assert r.status_code == 404
    r = await admin_b.get(URL)
    assert r.json() == []
    r = await admin_b.post(URL, json=note(emp, note="written from B"))
    assert r.status_code == 404
    notes_a = (await admin_a.get(URL, params={"employeeId": emp})).json()
    assert [n["note"] for n in notes_a] == ["private to A"]


async def _through_the_reply_model(org) -> list[dict]:
    async with tenant_session(org.schema_name, org.id) as session:
        notes = await session.scalars(
            select(EmployeeNote).order_by(
                EmployeeNote.date.desc(), EmployeeNote.created_at.desc(), EmployeeNote.id.desc()
            )
        )
        return [
            EmployeeNoteRead.model_validate(n).model_dump(mode="json", by_alias=True) for n in notes
        ]


async def test_the_list_is_what_the_reply_model_makes_and_follows_every_change(login, org):
    """The list is rendered from plain rows, each note's JSON reused while the note is unchanged
    (api/core/listing.py): it must match the reply model, byte for byte, after any change."""
    emp = await add_employee(org)
    quiet = await add_employee(org)
    admin = await login(org, "admin")
    ids = []
    for day in ("2026-01-10", "2026-02-01"):
        made = await admin.post(URL, json=note(emp, date=day))
        assert made.status_code == 201
        ids.append(made.json()["id"])
    first = await admin.get(URL)
    assert first.content == to_json(await _through_the_reply_model(org))
    assert (await admin.get(URL)).content == first.content  # the second list, reused

    async with tenant_session(org.schema_name, org.id) as session:  # a write outside the API
        await session.execute(
            update(EmployeeNote).values(
                note="Rewritten outside the API", created_at=datetime(2026, 2, 1, 9, 30, tzinfo=UTC)
            )
        )
    listed = await admin.get(URL, params={"employeeId": emp})
    assert listed.content == to_json(await _through_the_reply_model(org))
    assert {n["note"] for n in listed.json()} == {"Rewritten outside the API"}
    # What the client receives for the newer note, written out: a mistake that both the list
    # and the reply model share would pass the comparisons above, not this.
    assert listed.json()[0] == {
        "id": ids[1],
        "employeeId": emp,
        "date": "2026-02-01",
        "category": "recognition",
        "note": "Rewritten outside the API",
        "createdBy": "HR Admin",
        "createdAt": "2026-02-01T09:30:00Z",
        "organizationId": org.id,
    }

    assert (await admin.get(URL, params={"employeeId": quiet})).json() == []
    for out_of_range in (2**31, 99999999999, 0, -4):
        r = await admin.get(URL, params={"employeeId": out_of_range})
        assert r.status_code == 404, out_of_range
        assert r.json() == {"message": "Employee not found"}


async def test_organisations_with_the_same_note_ids_each_list_their_own(login, org, other_org):
    for which, text in ((org, "Only for A"), (other_org, "Only for B")):
        emp = await add_employee(which)
        admin = await login(which, "admin")
        assert (await admin.post(URL, json=note(emp, note=text))).status_code == 201
    for which, text in ((org, "Only for A"), (other_org, "Only for B"), (org, "Only for A")):
        listed = (await (await login(which, "admin")).get(URL)).json()
        assert [(n["id"], n["note"], n["organizationId"]) for n in listed] == [(1, text, which.id)]


async def test_the_reply_to_a_new_note_is_the_note_as_stored(login, org):
    """id, createdAt and the default author come back with the INSERT (no read after it)."""
    emp = await add_employee(org)
    admin = await login(org, "admin")
    made = await admin.post(URL, json=note(emp))
    assert made.status_code == 201, made.text
    assert [made.json()] == (await admin.get(URL, params={"employeeId": emp})).json()
    assert made.json()["createdAt"] and made.json()["createdBy"] == "HR Admin"
