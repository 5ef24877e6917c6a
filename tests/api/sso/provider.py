"""A real OpenID Connect provider for the single sign-on tests: the `oidc-provider` npm
package, started with `node` by the test run through the platform tests' script
(tests/api/platform/oidc_provider.mjs), with clients registered for Merit's organisation
callback.

Its accounts get new e-mail addresses each run. A person signs in through the package's
development pages, driven here as a browser would: follow the redirects, post the login form
with the account's login name, confirm consent, and stop at the redirect back to Merit.
"""

import secrets
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from cryptography.hazmat.primitives.asymmetric import rsa
from joserfc.jwk import RSAKey

from tests.api.platform import oidc_provider as platform_provider
from tests.api.platform.oidc_provider import provider_process
from tests.conftest import BASE

CALLBACK_PATH = "/api/auth/sso/callback"

CLIENT_ID = "merit-sso-client"
CLIENT_SECRET = "merit-sso-secret-" + secrets.token_urlsafe(24)
# A second client of the same provider, as another organisation would register.
OTHER_CLIENT_ID = "merit-sso-other-client"


def _tag() -> str:
    return uuid.uuid4().hex[:8]


@dataclass(frozen=True)
class People:
    """Login names at the provider and the e-mail addresses it gives them."""

    known_email: str  # an account of the organisation has it (in another case)
    employee_email: str  # an employee has it, no account does
    stranger_email: str  # nobody in the organisation has it
    unverified_email: str  # the provider says it is not verified
    unstated_email: str  # the provider says nothing about verification
    known: str = "known"
    employee: str = "employee"
    stranger: str = "stranger"
    unverified: str = "unverified"
    unstated: str = "unstated"


def new_people() -> People:
    return People(
        known_email=f"Known.Person-{_tag()}@Example.com",
        employee_email=f"new.hire-{_tag()}@example.com",
        stranger_email=f"stranger-{_tag()}@example.com",
        unverified_email=f"unverified-{_tag()}@example.com",
        unstated_email=f"unstated-{_tag()}@example.com",
    )


def _claims(people: People) -> dict[str, dict[str, Any]]:
    return {
        people.known: {"email": people.known_email, "email_verified": True, "name": "Kim Known"},
        people.employee: {"email": people.employee_email, "email_verified": True},
        people.stranger: {"email": people.stranger_email, "email_verified": True},
        people.unverified: {"email": people.unverified_email, "email_verified": False},
        people.unstated: {"email": people.unstated_email},
    }


@dataclass
class RealProvider:
    issuer: str
    people: People


def _client(client_id: str, redirect_uris: list[str]) -> dict[str, Any]:
    return {
        "client_id": client_id,
        "client_secret": CLIENT_SECRET,
        "redirect_uris": redirect_uris,
        "grant_types": ["authorization_code"],
        "response_types": ["code"],
        "token_endpoint_auth_method": "client_secret_basic",
    }


def callback_at(subdomain: str | None = None) -> str:
    """Merit's callback at the base address, or at an organisation's own address."""
    host = urlsplit(BASE).hostname
    return f"http://{subdomain}.{host}{CALLBACK_PATH}" if subdomain else f"{BASE}{CALLBACK_PATH}"


@contextmanager
def running_provider(people: People, redirect_uris: list[str]) -> Iterator[RealProvider]:
    key = RSAKey.import_key(rsa.generate_private_key(public_exponent=65537, key_size=2048))
    config = {
        "clients": [_client(CLIENT_ID, redirect_uris), _client(OTHER_CLIENT_ID, redirect_uris)],
        "accounts": _claims(people),
        "jwks": {"keys": [{**key.as_dict(private=True), "kid": _tag(), "use": "sig"}]},
        "conformIdTokenClaims": True,
        "cookieKey": secrets.token_urlsafe(32),
    }
    with provider_process(config) as issuer:
        yield RealProvider(issuer=issuer, people=people)


def _to_sso_callback(target: str) -> bool:
    return urlsplit(target).path == CALLBACK_PATH


async def sign_in_at_provider(url: str, login: str) -> str:
    """A browser at the provider's authorization URL signs in as `login` and consents;
    returns the callback URL the provider sends it back to."""
    return await platform_provider.sign_in_at_provider(url, login, _to_sso_callback)
