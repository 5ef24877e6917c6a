"""Signing in to an organisation through its own provider: the `oidc-provider` package,
started by the test run (provider.py), and Merit's real callback."""

from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from sqlalchemy import select

from api.auth import sessions
from api.auth.models import Session
from api.core.db import public_session
from api.platform.oidc import VERIFY_FAILED
from api.sso import signin
from tests.api.sso.conftest import HOST_SUBDOMAIN, accounts, add_account, add_employee, configure
from tests.api.sso.flow import back, choose, error_of, session_of, sign_in, signed_in, start
from tests.api.sso.provider import CLIENT_ID, sign_in_at_provider
from tests.conftest import BASE


async def ensure_account(org, email: str, role: str) -> None:
    """host_org is shared by the tests: its account is made by whichever needs it first."""
    if email.lower() not in [found for found, _, _ in await accounts(org)]:
        await add_account(org, email, role=role)


@pytest.fixture
async def sso_org(login, org, oidc_provider):
    """`org` with the provider as its single sign-on (unknown e-mails refused)."""
    await configure(await login(org), oidc_provider.issuer)
    return org


async def test_a_known_person_signs_in_to_their_account(client, sso_org, oidc_provider):
    people = oidc_provider.people
    employee = await add_employee(sso_org, people.known_email.lower())
    # Another case than the provider's, and a password change pending: neither matters here.
    await add_account(sso_org, people.known_email.upper(), role="manager", employee_id=employee)
    r = await client.post("/api/auth/org-login", json={"subdomain": sso_org.subdomain})
    assert r.json()["organization"]["ssoProvider"] == "Acme Login"

    url = await start(client)
    request = parse_qs(urlsplit(url).query)
    assert url.startswith(f"{oidc_provider.issuer}/auth?")
    assert request["client_id"] == [CLIENT_ID]
    assert request["redirect_uri"] == [f"{BASE}/api/auth/sso/callback"]
    assert request["code_challenge_method"] == ["S256"] and request["code_challenge"][0]
    assert len(request["state"][0]) >= 20 and len(request["nonce"][0]) >= 20

    pending_sid = client.cookies.get(sessions.COOKIE)
    r = await back(client, await sign_in_at_provider(url, people.known))
    assert signed_in(r), r.headers.get("location")
    assert client.cookies.get(sessions.COOKIE) != pending_sid  # a new session id
    session = await session_of(client)
    assert session is not None
    assert session["userRole"] == "manager"
    assert session["employeeId"] == employee
    assert session["userName"] == "Kim Known"
    assert session["forcePasswordChange"] is False
    assert session["organizationSubdomain"] == sso_org.subdomain
    assert (await client.get("/api/employees")).status_code == 200


async def test_the_organisations_own_address_needs_no_organisation_code(
    app, login, host_org, oidc_provider
):
    await configure(await login(host_org), oidc_provider.issuer)
    people = oidc_provider.people
    await ensure_account(host_org, people.known_email, role="hr")
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app), base_url=f"http://{HOST_SUBDOMAIN}.localhost"
    ) as browser:
        url = await start(browser)
        redirect = parse_qs(urlsplit(url).query)["redirect_uri"][0]
        assert redirect == f"http://{HOST_SUBDOMAIN}.localhost/api/auth/sso/callback"
        r = await back(browser, await sign_in_at_provider(url, people.known))
        assert signed_in(r), r.headers.get("location")
        session = await session_of(browser)
        assert session is not None and session["userRole"] == "hr"
        assert session["organizationSubdomain"] == HOST_SUBDOMAIN


async def test_an_unknown_email_is_refused_when_the_organisation_says_so(
    client, sso_org, oidc_provider
):
    people = oidc_provider.people
    await add_employee(sso_org, people.stranger_email)  # an employee, but no account
    await choose(client, sso_org.subdomain)
    r = await sign_in(client, people.stranger)
    message = signin.UNKNOWN_REFUSED.format(email=people.stranger_email)
    assert error_of(r, sso_org.subdomain) == message
    assert await session_of(client) is None
    assert await accounts(sso_org) == []


async def test_an_unknown_email_gets_an_account_linked_to_its_employee(
    client, app, login, sso_org, oidc_provider
):
    await configure(await login(sso_org), oidc_provider.issuer, unknownEmails="create")
    people = oidc_provider.people
    employee = await add_employee(sso_org, people.employee_email.upper(), first_name="Nina")
    await choose(client, sso_org.subdomain)
    r = await sign_in(client, people.employee)
    assert signed_in(r), r.headers.get("location")
    session = await session_of(client)
    assert session is not None
    assert session["userRole"] == "user" and session["employeeId"] == employee
    assert session["userName"] == "Nina Newhire"
    assert await accounts(sso_org) == [(people.employee_email, "user", employee)]

    # The next sign-in finds that account: no second one.
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url=BASE) as again:
        await choose(again, sso_org.subdomain)
        assert signed_in(await sign_in(again, people.employee))
    assert len(await accounts(sso_org)) == 1


async def test_creating_needs_an_employee_with_that_email(client, login, sso_org, oidc_provider):
    await configure(await login(sso_org), oidc_provider.issuer, unknownEmails="create")
    people = oidc_provider.people
    await choose(client, sso_org.subdomain)
    r = await sign_in(client, people.stranger)
    assert error_of(r, sso_org.subdomain) == signin.NO_EMPLOYEE.format(email=people.stranger_email)
    assert await session_of(client) is None
    assert await accounts(sso_org) == []


async def test_an_archived_employee_gets_no_account(client, login, sso_org, oidc_provider):
    await configure(await login(sso_org), oidc_provider.issuer, unknownEmails="create")
    people = oidc_provider.people
    await add_employee(sso_org, people.employee_email, is_archived=True)
    await choose(client, sso_org.subdomain)
    r = await sign_in(client, people.employee)
    assert error_of(r, sso_org.subdomain) == signin.NO_EMPLOYEE.format(email=people.employee_email)
    assert await accounts(sso_org) == []


async def test_an_employee_whose_account_has_another_email_gets_no_second_one(
    client, login, sso_org, oidc_provider
):
    await configure(await login(sso_org), oidc_provider.issuer, unknownEmails="create")
    people = oidc_provider.people
    employee = await add_employee(sso_org, people.employee_email)
    await add_account(sso_org, "old.address@example.com", employee_id=employee)
    await choose(client, sso_org.subdomain)
    r = await sign_in(client, people.employee)
    assert error_of(r, sso_org.subdomain) == signin.ALREADY_LINKED
    assert await session_of(client) is None
    assert len(await accounts(sso_org)) == 1


@pytest.mark.parametrize("who", ["unverified", "unstated"])
async def test_an_email_the_provider_does_not_vouch_for_is_refused(
    client, login, sso_org, oidc_provider, who
):
    """Even with an account of that address, and with accounts made for unknown addresses."""
    await configure(await login(sso_org), oidc_provider.issuer, unknownEmails="create")
    people = oidc_provider.people
    email = {"unverified": people.unverified_email, "unstated": people.unstated_email}[who]
    await add_employee(sso_org, email)
    await add_account(sso_org, email, role="admin")
    before = await accounts(sso_org)
    await choose(client, sso_org.subdomain)
    r = await sign_in(client, getattr(people, who))
    assert error_of(r, sso_org.subdomain) == signin.UNVERIFIED
    assert await session_of(client) is None
    assert await accounts(sso_org) == before


async def test_a_disabled_account_is_refused(client, sso_org, oidc_provider):
    people = oidc_provider.people
    await add_account(sso_org, people.known_email, is_active=False)
    await choose(client, sso_org.subdomain)
    r = await sign_in(client, people.known)
    assert error_of(r, sso_org.subdomain) == signin.DISABLED
    assert await session_of(client) is None


async def test_a_callback_works_once(client, app, sso_org, oidc_provider):
    people = oidc_provider.people
    await add_account(sso_org, people.known_email, role="user")
    await choose(client, sso_org.subdomain)
    pending_sid = client.cookies.get(sessions.COOKIE)
    url = await start(client)
    pending_sid = client.cookies.get(sessions.COOKIE)
    callback = await sign_in_at_provider(url, people.known)
    assert signed_in(await back(client, callback))

    # Replayed by the person who signed in: refused, and they stay signed in.
    assert error_of(await back(client, callback), sso_org.subdomain) == signin.EXPIRED
    assert (await session_of(client))["userRole"] == "user"
    # Replayed with the session the sign-in started in (by whoever copied its cookie): gone.
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url=BASE) as copy:
        copy.cookies.set(sessions.COOKIE, pending_sid)
        assert error_of(await back(copy, callback)) == signin.EXPIRED
        assert await session_of(copy) is None
    # Replayed without any session.
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url=BASE) as bare:
        assert error_of(await back(bare, callback)) == signin.EXPIRED
        assert await session_of(bare) is None


async def test_a_failed_callback_uses_the_pending_sign_in_up(client, sso_org, oidc_provider):
    people = oidc_provider.people
    await add_account(sso_org, people.known_email)
    await choose(client, sso_org.subdomain)
    url = await start(client)
    callback = await sign_in_at_provider(url, people.known)
    parts = urlsplit(callback)
    forged = f"{parts.path}?code=made-up&state={parse_qs(parts.query)['state'][0]}"
    assert error_of(await client.get(forged), sso_org.subdomain) != ""
    # The real callback comes too late: its state was used up by the failed one.
    assert error_of(await back(client, callback), sso_org.subdomain) == signin.EXPIRED
    assert await session_of(client) is None


async def test_a_pending_sign_in_expires(client, sso_org, oidc_provider):
    people = oidc_provider.people
    await add_account(sso_org, people.known_email)
    await choose(client, sso_org.subdomain)
    url = await start(client)
    async with public_session() as db:
        row = await db.get(Session, client.cookies.get(sessions.COOKIE))
        row.sess = {**row.sess, "sso": {**row.sess["sso"], "expires": 0}}
    r = await back(client, await sign_in_at_provider(url, people.known))
    assert error_of(r, sso_org.subdomain) == signin.EXPIRED
    assert await session_of(client) is None


async def test_another_organisations_callback_is_not_accepted(
    app, login, org, other_org, oidc_provider
):
    """Two organisations with the same provider: a callback meant for one browser's sign-in
    at A does not sign in a browser that started at B, and B's account is untouched."""
    people = oidc_provider.people
    for each in (org, other_org):
        await configure(await login(each), oidc_provider.issuer)
        await add_account(each, people.known_email)

    def browser() -> httpx.AsyncClient:
        return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url=BASE)

    async with browser() as at_a, browser() as at_b:
        await choose(at_a, org.subdomain)
        callback_for_a = await sign_in_at_provider(await start(at_a), people.known)
        await choose(at_b, other_org.subdomain)
        await start(at_b)
        assert error_of(await back(at_b, callback_for_a), other_org.subdomain) == VERIFY_FAILED
        assert await session_of(at_b) is None
        # A's pending sign-in is still A's (and B's state was used up).
        assert signed_in(await back(at_a, callback_for_a))
        assert (await session_of(at_a))["organizationSubdomain"] == org.subdomain


async def test_a_pending_sign_in_is_not_taken_at_another_organisations_address(
    app, client, login, sso_org, host_org, oidc_provider
):
    people = oidc_provider.people
    await add_account(sso_org, people.known_email)
    await configure(await login(host_org), oidc_provider.issuer)
    await ensure_account(host_org, people.known_email, role="hr")
    await choose(client, sso_org.subdomain)
    url = await start(client)
    callback = await sign_in_at_provider(url, people.known)
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app), base_url=f"http://{HOST_SUBDOMAIN}.localhost"
    ) as elsewhere:
        elsewhere.cookies.set(sessions.COOKIE, client.cookies.get(sessions.COOKIE))
        r = await back(elsewhere, callback)
        assert error_of(r, HOST_SUBDOMAIN) == signin.OTHER_ORGANIZATION
        assert await session_of(elsewhere) is None


async def test_sign_in_needs_an_organisation_with_sso_switched_on(
    client, login, org, oidc_provider
):
    r = await client.get("/api/auth/sso/login")
    assert error_of(r) == signin.CHOOSE_ORGANIZATION
    await choose(client, org.subdomain)
    assert error_of(await client.get("/api/auth/sso/login"), org.subdomain) == signin.NOT_SET_UP
    await configure(await login(org), oidc_provider.issuer, enabled=False)
    r = await client.post("/api/auth/org-login", json={"subdomain": org.subdomain})
    assert r.json()["organization"]["ssoProvider"] is None
    assert error_of(await client.get("/api/auth/sso/login"), org.subdomain) == signin.NOT_SET_UP


async def test_switching_sso_off_stops_sign_ins_already_under_way(
    client, login, sso_org, oidc_provider
):
    people = oidc_provider.people
    await add_account(sso_org, people.known_email)
    await choose(client, sso_org.subdomain)
    url = await start(client)
    await configure(await login(sso_org), oidc_provider.issuer, enabled=False)
    r = await back(client, await sign_in_at_provider(url, people.known))
    assert error_of(r, sso_org.subdomain) == signin.NOT_SET_UP
    assert await session_of(client) is None


async def test_cancelling_at_the_provider_comes_back_with_its_message(client, sso_org):
    await choose(client, sso_org.subdomain)
    url = await start(client)
    state = parse_qs(urlsplit(url).query)["state"][0]
    r = await client.get(
        "/api/auth/sso/callback",
        params={"error": "access_denied", "error_description": "End-User aborted", "state": state},
    )
    message = error_of(r, sso_org.subdomain)
    assert message == "The sign-in provider reported an error: End-User aborted"
    assert await session_of(client) is None


async def test_an_unreachable_provider_is_a_message_not_an_error_page(client, login, org):
    await configure(await login(org), "http://127.0.0.1:9")
    await choose(client, org.subdomain)
    r = await client.get("/api/auth/sso/login")
    assert (
        error_of(r, org.subdomain) == "The sign-in provider could not be reached. Please try again."
    )


async def test_the_pending_sign_in_is_kept_server_side(client, sso_org):
    await choose(client, sso_org.subdomain)
    url = await start(client)
    async with public_session() as db:
        kept = (
            await db.execute(
                select(Session.sess).where(Session.sid == client.cookies.get(sessions.COOKIE))
            )
        ).scalar_one()["sso"]
    request = parse_qs(urlsplit(url).query)
    assert kept["state"] == request["state"][0] and kept["nonce"] == request["nonce"][0]
    # The verifier never leaves the server: the browser only sees its S256 challenge.
    assert kept["verifier"] not in url


async def test_no_sign_in_request_goes_to_a_private_address(
    client, sso_org, oidc_provider, monkeypatch
):
    from tests.api.sso.test_settings import private_addresses_refused

    private_addresses_refused(monkeypatch)
    await client.post("/api/auth/org-login", json={"subdomain": sso_org.subdomain})
    r = await client.get("/api/auth/sso/login")
    assert r.status_code == 302
    assert not r.headers["location"].startswith(oidc_provider.issuer)
    assert "private network" in error_of(r, sso_org.subdomain)
