"""A real OpenID Connect provider for the platform sign-in tests: the `oidc-provider` npm
package (a dev dependency, installed by `make test`), started with `node` by the test run.

Its accounts are made per test run, so their e-mail addresses are new each time. A person
signs in through the package's development pages, driven here the way a browser would:
follow the redirects, post the login form with the account's login name, confirm consent.
"""

import json
import re
import secrets
import shutil
import subprocess
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from html import unescape
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

import httpx
from cryptography.hazmat.primitives.asymmetric import rsa
from joserfc.jwk import RSAKey

from tests.conftest import BASE

SCRIPT = Path(__file__).with_name("oidc_provider.mjs")
ROOT = Path(__file__).resolve().parents[3]
REDIRECT_URI = f"{BASE}/api/platform/oidc/callback"

CLIENT_ID = "merit-test-client"
# A client whose ID tokens are signed with its secret (HS256), which Merit refuses.
HS256_CLIENT_ID = "merit-hs256-client"
CLIENT_SECRET = "merit-test-secret-" + "x" * 32


def _tag() -> str:
    return uuid.uuid4().hex[:8]


@dataclass(frozen=True)
class Accounts:
    """Login names of the provider's accounts, and the e-mail addresses they carry."""

    admin_email: str  # a platform admin's (mixed case: the provider's casing must not matter)
    outsider_email: str  # no platform admin has it
    unverified_email: str  # the provider says it is not verified
    unverified_text_email: str  # the same, with "false" as a string as some providers send it
    unstated_email: str  # the provider says nothing about verification
    admin: str = "admin"
    outsider: str = "outsider"
    unverified: str = "unverified"
    unverified_text: str = "unverified-text"
    unstated: str = "unstated"
    no_email: str = "no-email"  # shares no e-mail address at all


def new_accounts() -> Accounts:
    return Accounts(
        admin_email=f"Owner-{_tag()}@Example.com",
        outsider_email=f"stranger-{_tag()}@example.com",
        unverified_email=f"unverified-{_tag()}@example.com",
        unverified_text_email=f"unverified-text-{_tag()}@example.com",
        unstated_email=f"unstated-{_tag()}@example.com",
    )


def _claims(accounts: Accounts) -> dict[str, dict[str, Any]]:
    return {
        accounts.admin: {
            "email": accounts.admin_email,
            "email_verified": True,
            "name": "Olive Owner",
        },
        accounts.outsider: {"email": accounts.outsider_email, "email_verified": True},
        accounts.unverified: {"email": accounts.unverified_email, "email_verified": False},
        accounts.unverified_text: {
            "email": accounts.unverified_text_email,
            "email_verified": "false",
        },
        accounts.unstated: {"email": accounts.unstated_email},
        accounts.no_email: {"name": "Nora Nomail"},
    }


@dataclass
class RealProvider:
    issuer: str
    accounts: Accounts
    key_id: str
    # The provider's signing key, kept to make the tokens it would never issue (expired,
    # for another audience...), which only a hand-made token can show.
    private_key: rsa.RSAPrivateKey


def _client(client_id: str, **extra: Any) -> dict[str, Any]:
    return {
        "client_id": client_id,
        "client_secret": CLIENT_SECRET,
        "redirect_uris": [REDIRECT_URI],
        "grant_types": ["authorization_code"],
        "response_types": ["code"],
        # HTTP Basic only: a secret sent any other way is refused by the provider.
        "token_endpoint_auth_method": "client_secret_basic",
        **extra,
    }


@contextmanager
def running_provider(
    accounts: Accounts, *, email_in_id_token: bool = False
) -> Iterator[RealProvider]:
    """Start the provider; with email_in_id_token its ID tokens carry the scopes' claims too."""
    key_id = _tag()
    private_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    jwk = {
        **RSAKey.import_key(private_key).as_dict(private=True),
        "kid": key_id,
        "use": "sig",
        # What a private signing key is for; the provider publishes it with the public half,
        # as some real providers do, and Merit must still take the key.
        "key_ops": ["sign"],
    }
    config = {
        "clients": [
            _client(CLIENT_ID),
            _client(HS256_CLIENT_ID, id_token_signed_response_alg="HS256"),
        ],
        "accounts": _claims(accounts),
        "jwks": {"keys": [jwk]},
        "conformIdTokenClaims": not email_in_id_token,
        "cookieKey": secrets.token_urlsafe(32),
    }
    with provider_process(config) as issuer:
        yield RealProvider(
            issuer=issuer,
            accounts=accounts,
            key_id=key_id,
            private_key=private_key,
        )


@contextmanager
def provider_process(config: dict[str, Any]) -> Iterator[str]:
    """The provider script running with `config` (clients, accounts, keys); yields its issuer.
    The script exits when its stdin closes."""
    node = shutil.which("node")
    assert node, "node is needed for the OIDC tests (make test installs the npm packages)"
    assert (ROOT / "node_modules" / "oidc-provider").is_dir(), "run `npm ci` (make test does)"
    process = subprocess.Popen(
        [node, str(SCRIPT), json.dumps(config)],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line, f"the OIDC provider did not start (exit code {process.poll()})"
        yield json.loads(line)["issuer"]
    finally:
        assert process.stdin is not None
        process.stdin.close()
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


_FORM = re.compile(r'<form[^>]*action="([^"]+)"[^>]*>(.*?)</form>', re.S)
_HIDDEN = re.compile(r'<input type="hidden" name="([^"]+)" value="([^"]*)"')


async def _submit_form(browser: httpx.AsyncClient, page: httpx.Response, **fields: str):
    """Post the page's form with its hidden fields and the given ones."""
    assert page.status_code == 200, page.text
    match = _FORM.search(page.text)
    assert match, page.text
    action, body = unescape(match[1]), match[2]
    data = {name: unescape(value) for name, value in _HIDDEN.findall(body)}
    return await browser.post(urljoin(str(page.url), action), data={**data, **fields})


def _to_platform_callback(target: str) -> bool:
    return target.startswith(REDIRECT_URI)


async def _follow(
    browser: httpx.AsyncClient,
    reply: httpx.Response,
    is_callback: Callable[[str], bool] = _to_platform_callback,
) -> httpx.Response:
    """Follow the provider's redirects; stop at the first one that leaves it (to Merit)."""
    while reply.is_redirect:
        target = urljoin(str(reply.url), reply.headers["location"])
        if is_callback(target):
            return reply
        reply = await browser.get(target)
    return reply


async def sign_in_at_provider(
    url: str, login: str, is_callback: Callable[[str], bool] = _to_platform_callback
) -> str:
    """A browser at the provider's authorization URL: signs in as `login`, grants consent,
    and returns the URL the provider sends it back to (Merit's callback)."""
    async with httpx.AsyncClient(timeout=10) as browser:
        page = await _follow(browser, await browser.get(url), is_callback)
        assert 'name="prompt" value="login"' in page.text, page.text
        page = await _follow(
            browser, await _submit_form(browser, page, login=login, password="any"), is_callback
        )
        assert 'name="prompt" value="consent"' in page.text, page.text
        back = await _follow(browser, await _submit_form(browser, page), is_callback)
    assert back.is_redirect, back.text
    return back.headers["location"]


async def cancel_at_provider(url: str) -> str:
    """A browser at the provider's authorization URL that cancels at the login form."""
    async with httpx.AsyncClient(timeout=10) as browser:
        page = await _follow(browser, await browser.get(url))
        match = re.search(r'href="([^"]*/abort)"', page.text)
        assert match, page.text
        back = await _follow(browser, await browser.get(urljoin(str(page.url), unescape(match[1]))))
    assert back.is_redirect, back.text
    return back.headers["location"]
