"""The OpenID Connect client (api.platform.oidc) on its own, against the real provider of
the test run (see oidc_provider.py): its tokens used directly, and ID tokens it would never
issue (expired, for another audience, issuer or nonce, forged...), hand-made with its own
signing key and checked against its real discovery document and published keys.
"""

import base64
import dataclasses
import json
import time
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from cryptography.hazmat.primitives.asymmetric import rsa
from joserfc import jwt
from joserfc.jwk import RSAKey

from api.platform import oidc
from api.platform.oidc import REFUSED, VERIFY_FAILED
from tests.api.platform.oidc_provider import (
    CLIENT_ID,
    CLIENT_SECRET,
    REDIRECT_URI,
    RealProvider,
    sign_in_at_provider,
)


def config_for(provider: RealProvider) -> oidc.ClientConfig:
    return oidc.ClientConfig(
        issuer=provider.issuer,
        client_id=CLIENT_ID,
        client_secret=CLIENT_SECRET,
        redirect_uri=REDIRECT_URI,
    )


# --- The provider's tokens, used directly -----------------------------------------------------


def callback_params(callback: str) -> dict[str, str]:
    return {name: values[0] for name, values in parse_qs(urlsplit(callback).query).items()}


async def signed_in(provider: RealProvider, login: str) -> tuple[str, oidc.PendingSignIn]:
    """The start of the flow as a caller runs it: the authorization URL, the provider's pages;
    returns the callback URL and what the caller kept."""
    url, pending = await oidc.begin(config_for(provider))
    request = parse_qs(urlsplit(url).query)
    assert request["state"] == [pending.state] and request["nonce"] == [pending.nonce]
    assert request["code_challenge_method"] == ["S256"]
    return await sign_in_at_provider(url, login), pending


async def tokens_for(provider: RealProvider, login: str) -> tuple[oidc.Provider, dict[str, Any]]:
    """The code flow up to the token request; the nonce of the sign-in is kept with the tokens."""
    callback, pending = await signed_in(provider, login)
    code = oidc.code_from_callback(pending, callback_params(callback))
    discovered = await oidc.discover(provider.issuer)
    tokens = await oidc.exchange_code(config_for(provider), discovered, pending, code)
    return discovered, {**tokens, "nonce": pending.nonce}


async def test_finish_answers_the_verified_identity(provider):
    callback, pending = await signed_in(provider, provider.accounts.admin)
    person = await oidc.finish(config_for(provider), pending, callback_params(callback))
    assert person.email == provider.accounts.admin_email.lower()
    assert person.name == "Olive Owner"
    assert person.claims["sub"] == provider.accounts.admin
    assert person.claims["aud"] == CLIENT_ID


async def test_the_provider_puts_the_email_in_userinfo_only_unless_configured_otherwise(
    provider, provider_with_email_in_id_token
):
    """What the two provider set-ups of conftest.py stand for."""
    for real, in_id_token in [(provider, False), (provider_with_email_in_id_token, True)]:
        config = config_for(real)
        discovered, tokens = await tokens_for(real, real.accounts.admin)
        claims = await oidc.verify_id_token(config, discovered, tokens, nonce=tokens["nonce"])
        assert ("email" in claims) is in_id_token
        assert tokens["access_token"]
        info = await oidc.userinfo(
            config, discovered, tokens["access_token"], subject=claims["sub"]
        )
        assert info["email"] == real.accounts.admin_email


async def test_userinfo_for_another_subject_is_not_used(provider):
    discovered, tokens = await tokens_for(provider, provider.accounts.admin)
    with pytest.raises(oidc.OidcError) as refused:
        await oidc.userinfo(
            config_for(provider), discovered, tokens["access_token"], subject="someone-else"
        )
    assert str(refused.value) == VERIFY_FAILED


async def test_userinfo_refusing_the_access_token_gives_a_clear_message(provider):
    discovered = await oidc.discover(provider.issuer)
    with pytest.raises(oidc.OidcError) as refused:
        await oidc.userinfo(
            config_for(provider), discovered, "not-an-access-token", subject="admin"
        )
    assert str(refused.value) == REFUSED


# --- ID tokens the provider never issues (hand-made, with the provider's own key) -------------

NONCE = "the-nonce-of-this-sign-in"


def hand_made(
    provider: RealProvider, *, key: Any = None, headers: dict[str, Any] | None = None, **changes
) -> str:
    now = int(time.time())
    claims: dict[str, Any] = {
        "iss": provider.issuer,
        "sub": provider.accounts.admin,
        "aud": CLIENT_ID,
        "iat": now,
        "exp": now + 300,
        "nonce": NONCE,
        **changes,
    }
    return jwt.encode(
        {"alg": "RS256", "kid": provider.key_id, **(headers or {})},
        {name: value for name, value in claims.items() if value is not None},
        RSAKey.import_key(key or provider.private_key),
    )


def unsigned(claims: dict[str, Any]) -> str:
    """A token with alg "none" (which no JOSE library makes by default)."""

    def part(data: dict[str, Any]) -> str:
        return base64.urlsafe_b64encode(json.dumps(data).encode()).rstrip(b"=").decode()

    return f"{part({'alg': 'none', 'typ': 'JWT'})}.{part(claims)}."


async def verify(provider: RealProvider, token: str) -> dict[str, Any]:
    discovered = await oidc.discover(provider.issuer)
    return await oidc.verify_id_token(
        config_for(provider), discovered, {"id_token": token}, nonce=NONCE
    )


async def test_a_hand_made_token_like_the_providers_own_is_accepted(provider):
    """The baseline for the refusals below: only the one change makes each fail."""
    claims = await verify(provider, hand_made(provider))
    assert claims["sub"] == provider.accounts.admin


@pytest.mark.parametrize(
    "changes",
    [
        pytest.param(
            {"iat": int(time.time()) - 7200, "exp": int(time.time()) - 3600}, id="expired"
        ),
        pytest.param({"aud": "someone-else"}, id="wrong-audience"),
        pytest.param({"aud": [CLIENT_ID, "someone-else"]}, id="shared-audience-without-azp"),
        pytest.param({"iss": "https://evil.example.com"}, id="wrong-issuer"),
        pytest.param({"nonce": "another-sign-in"}, id="wrong-nonce"),
        pytest.param({"nonce": None}, id="no-nonce"),
        pytest.param({"exp": None}, id="no-expiry"),
        pytest.param({"iat": int(time.time()) + 3600}, id="issued-in-the-future"),
    ],
)
async def test_id_tokens_with_wrong_claims_are_refused(provider, changes):
    with pytest.raises(oidc.OidcError) as refused:
        await verify(provider, hand_made(provider, **changes))
    assert str(refused.value) == VERIFY_FAILED


async def test_a_forged_signature_is_refused(provider):
    other_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    with pytest.raises(oidc.OidcError) as refused:
        await verify(provider, hand_made(provider, key=other_key))
    assert str(refused.value) == VERIFY_FAILED


async def test_an_unknown_key_is_refused(provider):
    with pytest.raises(oidc.OidcError) as refused:
        await verify(provider, hand_made(provider, headers={"kid": "unknown"}))
    assert str(refused.value) == VERIFY_FAILED


async def test_an_unsigned_token_is_refused(provider):
    now = int(time.time())
    claims = {"iss": provider.issuer, "sub": "admin", "aud": CLIENT_ID, "iat": now}
    token = unsigned({**claims, "exp": now + 300, "nonce": NONCE})
    with pytest.raises(oidc.OidcError) as refused:
        await verify(provider, token)
    assert str(refused.value) == VERIFY_FAILED


async def test_a_provider_offering_no_accepted_algorithm_has_every_token_refused(provider):
    """A discovery document listing only HS256 (say) leaves no algorithm to accept, even for a
    token signed with the provider's own key."""
    discovered = dataclasses.replace(await oidc.discover(provider.issuer), algorithms=())
    with pytest.raises(oidc.OidcError) as refused:
        await oidc.verify_id_token(
            config_for(provider), discovered, {"id_token": hand_made(provider)}, nonce=NONCE
        )
    assert str(refused.value) == VERIFY_FAILED
