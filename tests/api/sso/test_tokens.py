"""ID tokens a provider should never issue, each refused at Merit's real callback with
nothing changed: no session, no account. They come from forger.py, a small real provider whose
token endpoint answers with the token the test chose, signed by joserfc."""

import time

import httpx
import pytest

from api.platform.oidc import VERIFY_FAILED
from api.sso import signin
from tests.api.sso.conftest import accounts, add_employee, configure
from tests.api.sso.flow import back, choose, error_of, session_of, start
from tests.api.sso.forger import CLIENT_ID, CLIENT_SECRET, REMOVE


@pytest.fixture
async def forged_org(login, org, forger):
    """`org` signing in through the forger, making accounts for its employees."""
    await configure(
        await login(org),
        forger.issuer,
        clientId=CLIENT_ID,
        clientSecret=CLIENT_SECRET,
        unknownEmails="create",
    )
    await add_employee(org, forger.email)
    return org


async def through_forger(client: httpx.AsyncClient, subdomain: str) -> httpx.Response:
    await choose(client, subdomain)
    async with httpx.AsyncClient(timeout=10) as browser:
        approved = await browser.get(await start(client))
    assert approved.status_code == 302
    return await back(client, approved.headers["location"])


async def test_a_token_as_it_should_be_signs_in(client, forged_org, forger):
    """The baseline of the refusals below: only the one change makes each fail."""
    r = await through_forger(client, forged_org.subdomain)
    assert r.status_code == 302 and r.headers["location"] == "/"
    session = await session_of(client)
    assert session is not None and session["userRole"] == "user"
    assert [email for email, _, _ in await accounts(forged_org)] == [forger.email]


def past() -> dict:
    now = int(time.time())
    return {"iat": now - 7200, "exp": now - 3600}


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        pytest.param({"aud": "another-client"}, VERIFY_FAILED, id="wrong-audience"),
        pytest.param({"aud": [CLIENT_ID, "another-client"]}, VERIFY_FAILED, id="shared-audience"),
        pytest.param({"iss": "https://evil.example.com"}, VERIFY_FAILED, id="wrong-issuer"),
        pytest.param({"nonce": "another-sign-in"}, VERIFY_FAILED, id="wrong-nonce"),
        pytest.param({"nonce": REMOVE}, VERIFY_FAILED, id="no-nonce"),
        pytest.param(past(), VERIFY_FAILED, id="expired"),
        pytest.param({"exp": REMOVE}, VERIFY_FAILED, id="no-expiry"),
        pytest.param({"email_verified": False}, signin.UNVERIFIED, id="unverified-email"),
        pytest.param({"email_verified": REMOVE}, signin.UNVERIFIED, id="unstated-email"),
    ],
)
async def test_a_token_with_a_wrong_claim_is_refused_and_changes_nothing(
    client, forged_org, forger, changes, message
):
    forger.changes = changes
    r = await through_forger(client, forged_org.subdomain)
    assert error_of(r, forged_org.subdomain) == message
    assert forger.tokens_issued == 1  # the token was made and sent: Merit refused it
    assert await session_of(client) is None
    assert await accounts(forged_org) == []


async def test_a_token_signed_with_a_key_the_provider_does_not_publish_is_refused(
    client, forged_org, forger
):
    forger.sign_with_rogue_key = True
    r = await through_forger(client, forged_org.subdomain)
    assert error_of(r, forged_org.subdomain) == VERIFY_FAILED
    assert forger.tokens_issued == 1
    assert await session_of(client) is None
    assert await accounts(forged_org) == []


async def test_a_wrong_client_secret_is_refused_by_the_provider(client, login, forged_org, forger):
    await configure(
        await login(forged_org),
        forger.issuer,
        clientId=CLIENT_ID,
        clientSecret="not-the-secret",
        unknownEmails="create",
    )
    r = await through_forger(client, forged_org.subdomain)
    assert error_of(r, forged_org.subdomain) == (
        "The sign-in provider refused the sign-in. Please try again."
    )
    assert forger.tokens_issued == 0
    assert await session_of(client) is None
    assert await accounts(forged_org) == []
