"""An attacker's tour of "need to know": every side door a manager or a user could try to read
or widen their reach through (filters, searches, sorts, page totals, exports, other routes,
forged headers, another organisation's address, their own account, the settings), and the
proof that each is shut (tests/api/access/conftest.py: M manages A, A manages B, C apart)."""

from datetime import timedelta

import httpx
import pytest
from sqlalchemy import select, update

from api.auth.sessions import COOKIE
from api.certifications.models import EmployeeCertification
from api.core.dates import local_today
from api.core.db import tenant_session
from api.employees.models import Employee
from api.users.models import User
from tests.api.access.conftest import People, make_people
from tests.api.access.test_scope_reviews import World, seed
from tests.api.backups.test_backups import make_backup, restore
from tests.api.certifications.factories import add_cert, add_type
from tests.api.documents.factories import MIME, PDF, add_document, document, start_upload
from tests.api.reviews.factories import GOOD_ANSWERS, add_review, add_template, completed_at
from tests.conftest import BASE

NOT_ALLOWED = {"message": "You don't have permission to do this"}
EMPLOYEE_NOT_FOUND = {"message": "Employee not found"}
SECRET_WORD = "zanzibar"  # written only into C's confidential records


async def plant_secrets(people: People) -> None:
    """C's note, review answers, reviewer notes and certificate number carry SECRET_WORD."""
    org, c = people.org, people.ids["C"]
    hr = await people.sign_in("hr")
    note = {"employeeId": c, "date": "2026-01-05", "category": "redirection", "note": SECRET_WORD}
    assert (await hr.post("/api/employee-notes", json=note)).status_code == 201
    template = await add_template(org, name="Quarterly check")
    day = local_today() - timedelta(days=3)
    await add_review(
        org,
        c,
        template,
        day,
        status="completed",
        responses={**GOOD_ANSWERS, "q2": SECRET_WORD},
        rating=1,
        reviewer_notes=SECRET_WORD,
        completed_at=completed_at(day),
    )
    held = await add_cert(org, c, await add_type(org, "Crane"))
    async with tenant_session(org.schema_name, org.id) as session:
        await session.execute(
            update(EmployeeCertification)
            .where(EmployeeCertification.id == held)
            .values(certificate_number=SECRET_WORD)
        )


@pytest.fixture
async def world(people: People) -> World:
    return await seed(people)


@pytest.mark.parametrize("account", ["manager", "user", "unlinked_user"])
async def test_an_outsiders_confidential_words_are_found_through_no_search(
    people: People, account: str
) -> None:
    await plant_secrets(people)
    c = await people.sign_in(account)
    for url in (
        f"/api/employees?search={SECRET_WORD}&page=1&pageSize=5",
        f"/api/reviews?search={SECRET_WORD}&page=1&pageSize=5",
        f"/api/directory?search={SECRET_WORD}&page=1&pageSize=5",
        # C's code and name: C's records stay unknown whatever is searched for.
        "/api/employees?search=ntk-c&page=1&pageSize=5",
        "/api/reviews?search=carl&page=1&pageSize=5",
        "/api/reviews?search=quarterly%20check&page=1&pageSize=5",
    ):
        r = await c.get(url)
        assert r.status_code == 200, (url, r.text)
        assert (r.json(), r.headers["X-Total-Count"]) == ([], "0"), url
    # No other reply the reader may ask for holds the word.
    for url in (
        "/api/reviews/all",
        "/api/reviews/upcoming",
        "/api/employee-certifications?includeArchived=true",
        "/api/certifications",
        "/api/certification-compliance",
        "/api/dashboard/activity",
        "/api/dashboard/stats",
        "/api/reminders",
    ):
        r = await c.get(url)
        assert SECRET_WORD not in r.text.lower(), url


async def test_filters_sorts_and_totals_of_a_manager_keep_to_the_line(world: World) -> None:
    people = world.people
    manager = await people.sign_in("manager")
    sales = "&department=sales&page=1&pageSize=5"
    for url in (f"/api/employees?archived=all{sales}", f"/api/reviews?archived=all{sales}"):
        r = await manager.get(url)
        assert (r.json(), r.headers["X-Total-Count"]) == ([], "0"), url
    # Every sort order pages over the same reach: its total, and no other id on any page.
    seen: set[str] = set()
    for sort in ("rating", "-rating", "dueDate", "completedAt", "employee", "urgency"):
        for page in (1, 2, 3):
            r = await manager.get(f"/api/reviews?archived=all&sort={sort}&page={page}&pageSize=2")
            assert r.headers["X-Total-Count"] == "5", sort
            seen |= world.named(r.json())
    assert seen == {"A done", "A open", "B done", "B open", "M done"}
    for sort in ("startDate", "-nextReviewDate", "reviewSchedule", "-employeeId"):
        r = await manager.get(f"/api/employees?archived=all&sort={sort}&page=1&pageSize=10")
        assert r.headers["X-Total-Count"] == "3"
        assert people.letters(r.json()) == {"M", "A", "B"}
    # Naming the outsider anywhere is the answer for an employee that does not exist.
    outsider = people.ids["C"]
    for url in (
        f"/api/reviews?employeeId={outsider}",
        f"/api/employee-documents?employeeId={outsider}",
        f"/api/employees/{outsider}/documents",
        f"/api/employee-certifications?employeeId={outsider}",
        f"/api/certifications?employeeId={outsider}",
    ):
        r = await manager.get(url)
        assert (r.status_code, r.json()) == (404, EMPLOYEE_NOT_FOUND), url
    for url in (
        "/api/reviews/export",
        "/api/analytics",
        "/api/employee-notes",
        f"/api/employee-notes?employeeId={outsider}",
        "/api/users",
    ):
        r = await manager.get(url)
        assert (r.status_code, r.json()) == (403, NOT_ALLOWED), url


async def test_the_reviews_report_is_hr_s_and_never_kept_by_a_cache(world: World) -> None:
    people = world.people
    for account in ("manager", "user", "unlinked_manager"):
        c = await people.sign_in(account)
        r = await c.get("/api/reviews/export")
        assert (r.status_code, r.json()) == (403, NOT_ALLOWED), account
    hr = await people.sign_in("hr")
    r = await hr.get("/api/reviews/export")
    assert r.status_code == 200
    # Every review's notes and ratings: neither the browser nor a proxy may store the reply.
    assert r.headers["cache-control"] == "no-store"
    assert r.text.count("\r\n") == len(world.reviews) + 1


async def test_a_file_id_guessed_or_replayed_opens_no_one_else_s_document(
    people: People,
) -> None:
    hr = await people.sign_in("hr")
    carl = await add_document(hr, people.ids["C"])
    arthur = await add_document(hr, people.ids["A"], isConfidential=True)
    slot = await start_upload(hr)  # a signed upload address, not used yet
    other = await make_people(people.app)
    strangers = [await people.sign_in(a) for a in ("manager", "user", "unlinked_manager")]
    strangers.append(await other.sign_in("admin"))
    for c in strangers:
        for made in (carl, arthur):
            r = await c.get(made["filePath"])
            assert (r.status_code, r.json()) == (404, {"message": "Document not found"})
    for c in strangers[:3]:
        r = await c.put(slot["uploadURL"], content=PDF, headers={"content-type": MIME["pdf"]})
        assert (r.status_code, r.json()) == (403, NOT_ALLOWED)
        claim = document(people.ids["A"], carl["filePath"])
        assert (await c.post("/api/employee-documents", json=claim)).status_code == 403
        r = await c.delete(f"/api/employee-documents/{carl['id']}")
        assert r.status_code == 403
    # The admin of the other organisation cannot fill this organisation's upload address.
    r = await strangers[3].put(
        slot["uploadURL"], content=PDF, headers={"content-type": MIME["pdf"]}
    )
    assert r.status_code in (403, 404)
    assert (await hr.get(carl["filePath"])).status_code == 200


@pytest.mark.parametrize("account", ["hr", "manager", "user", "unlinked_user"])
async def test_nobody_but_the_admin_widens_a_reach_or_changes_who_signs_in(
    people: People, account: str
) -> None:
    c = await people.sign_in(account)
    me = f"ntk-{account}"
    outsider = people.ids["C"]
    sso = {"displayName": "Corp", "issuer": "https://login.example.com", "clientId": "merit"}
    calls = [
        c.put(f"/api/users/{me}/employee", json={"employeeId": outsider}),
        c.put(f"/api/users/{me}", json={"role": "admin"}),
        c.post("/api/users", json={"email": "x@ntk.example.com", "password": "Xx2026!secret"}),
        c.get("/api/users"),
        c.put("/api/organization/access", json={"visibility": "open"}),
        c.put("/api/organization/current", json={"name": "Taken Over"}),
        c.get("/api/organization/sso"),
        c.put("/api/organization/sso", json={**sso, "clientSecret": "s3cret", "enabled": True}),
        c.delete("/api/organization/sso"),
        c.post("/api/organization/sso/test", json={"issuer": "https://login.example.com"}),
        c.get("/api/backups"),
    ]
    if account != "hr":  # hr writes employees and fills reviews by the table
        calls.append(c.put(f"/api/employees/{outsider}", json={"managerId": "NTK-M"}))
    for pending in calls:
        r = await pending
        assert (r.status_code, r.json()) == (403, NOT_ALLOWED), (r.request.url, r.text)
    async with tenant_session(people.org.schema_name, people.org.id) as s:
        user = await s.get(User, me)
        carl = await s.get(Employee, outsider)
    assert user is not None and user.role == account.removeprefix("unlinked_")
    assert user.employee_id != outsider
    assert carl is not None and carl.manager_id is None
    r = await c.get("/api/auth/session")
    assert r.json()["visibility"] == "need_to_know"


async def test_the_line_s_reviews_are_filled_and_completed_ones_changed_only_as_the_table_says(
    world: World,
) -> None:
    people, reviews = world.people, world.reviews
    manager = await people.sign_in("manager")
    save = {"reviewerNotes": "noted"}
    # Their own review (open or completed) and an outsider's are unknown to fill.
    for name in ("M open", "M done", "C open", "C done"):
        r = await manager.put(f"/api/reviews/{reviews[name]}", json=save)
        assert (r.status_code, r.json()) == (404, {"message": "Review not found"}), name
    assert (await manager.put(f"/api/reviews/{reviews['B open']}", json=save)).status_code == 200
    locked = {"message": "Only an administrator can change a completed review"}
    for account in ("manager", "hr"):
        c = await people.sign_in(account)
        r = await c.put(f"/api/reviews/{reviews['A done']}", json=save)
        assert (r.status_code, r.json()) == (403, locked), account
    admin = await people.sign_in("admin")
    assert (await admin.put(f"/api/reviews/{reviews['A done']}", json=save)).status_code == 200


async def test_the_shared_manager_sign_in_stays_off_under_need_to_know(people: People) -> None:
    admin = await people.sign_in("admin")
    for body in (
        {"sharedManagerSignIn": True},
        {"visibility": "need_to_know", "sharedManagerSignIn": True},
    ):
        r = await admin.put("/api/organization/access", json=body)
        assert r.status_code == 400, r.text
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=people.app), base_url=BASE) as c:
        await c.post("/api/auth/org-login", json={"subdomain": people.org.subdomain})
        r = await c.post("/api/auth/role-login", json={"role": "manager", "password": "x"})
        assert r.status_code == 403, r.text


async def test_a_session_is_honoured_only_at_its_own_organisation_s_address(
    people: People,
) -> None:
    other = await make_people(people.app)
    manager = await people.sign_in("manager")
    here = {"host": f"{people.org.subdomain}.localhost"}
    there = {"host": f"{other.org.subdomain}.localhost"}
    assert (await manager.get("/api/employees", headers=here)).status_code == 200
    for url in ("/api/auth/session", "/api/employees", "/api/directory", "/api/reviews"):
        r = await manager.get(url, headers=there)
        assert r.status_code == 401, url
    # Signing in again at the other address with this organisation's password is refused.
    r = await manager.post(
        "/api/auth/user-login",
        json={"email": "manager@ntk.example.com", "password": "wrong"},
        headers=there,
    )
    assert r.status_code == 401


async def test_the_session_reply_says_who_the_reader_is_and_nothing_secret(
    people: People,
) -> None:
    user = await people.sign_in("user")
    body = (await user.get("/api/auth/session")).json()
    assert (body["userRole"], body["employeeId"], body["visibility"]) == (
        "user",
        people.ids["A"],
        "need_to_know",
    )
    assert body["access"]["employees.read"] == ["own"]
    assert body["access"]["audit.read"] == [] and body["access"]["users.manage"] == []
    text = str(body).lower()
    assert not any(word in text for word in ("hash", "token", "secret"))
    sid = user.cookies.get(COOKIE)
    assert sid and sid.lower() not in text


async def test_a_restore_leaves_no_session_with_a_reach_its_account_no_longer_has(
    people: People,
) -> None:
    admin = await people.sign_in("admin")
    filename = await make_backup(people.org)
    # After the backup the user becomes hr (their open session follows at once) ...
    # (and an unlinked manager becomes C's account).
    user = await people.sign_in("user")
    nobody = await people.sign_in("unlinked_manager")
    outsider = f"/api/employees/{people.ids['C']}"
    r = await admin.put("/api/users/ntk-user", json={"role": "hr"})
    assert r.status_code == 200, r.text
    link = {"employeeId": people.ids["C"]}
    r = await admin.put("/api/users/ntk-unlinked_manager/employee", json=link)
    assert r.status_code == 200, r.text
    assert (await user.get(outsider)).status_code == 200
    assert (await nobody.get(outsider)).status_code == 200
    # ... and the restore takes the account back to what it was: a user who sees only A.
    r = await restore(admin, filename, confirmRestore=True)
    assert r.status_code == 200, r.text
    async with tenant_session(people.org.schema_name, people.org.id) as s:
        role = await s.scalar(select(User.role).where(User.id == "ntk-user"))
    assert role == "user"
    for c in (user, nobody):
        r = await c.get(outsider)
        assert r.status_code in (401, 404), r.text
    again = await people.sign_in("user")
    assert people.letters((await again.get("/api/employees")).json()) == {"A"}


async def test_open_shows_a_plain_user_everything_it_showed_before(open_people: People) -> None:
    world = await seed(open_people)
    await plant_secrets(open_people)
    user = await open_people.sign_in("user")
    everyone = {"M", "A", "B", "C"}
    assert open_people.letters((await user.get("/api/employees")).json()) == everyone
    named = world.named((await user.get("/api/reviews/all")).json())
    assert set(world.reviews) <= named  # their own open review too, as before
    notes = (await user.get("/api/employee-notes")).json()
    assert [n["note"] for n in notes] == [SECRET_WORD]
    stats = (await user.get("/api/dashboard/stats")).json()
    assert stats["totalEmployees"] == 4
    assert (await user.get("/api/reminders")).json()
