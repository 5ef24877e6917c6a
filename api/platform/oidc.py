"""OpenID Connect sign-in with any standard provider: the authorization code flow with PKCE.

Nothing here knows who signs in to what. A caller passes a `ClientConfig` (the provider's
issuer, the client registered there, the redirect URI) to `begin`, keeps the `PendingSignIn`
it gets back on its own side (never in the browser), and hands both with the callback's query
parameters to `finish`, which answers the verified `Identity` or raises `OidcError` with a
message that is safe to show.

Authlib does the OAuth 2.0 exchanges (the authorization URL with its S256 code challenge, the
token request and its client authentication, the userinfo request); joserfc and Authlib's
ID token claims check the ID token: signature against the provider's published keys, issuer,
audience, authorised party, expiry, issue time and nonce. Many providers put the e-mail address
in the userinfo reply only (OpenID Connect returns the claims of requested scopes there when an
access token is issued), so it is read from there when the ID token has none.
"""

import base64
import hmac
import logging
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote_plus

import httpx
from authlib.common.security import generate_token
from authlib.integrations.httpx_client import AsyncOAuth2Client, OAuthError
from authlib.oidc.core import CodeIDToken
from joserfc import jwt
from joserfc.errors import InvalidKeyIdError, JoseError, UnsupportedAlgorithmError
from joserfc.jwk import KeySet
from joserfc.jws import JWSRegistry

from api.platform.oidc_documents import get_json, is_web_address

log = logging.getLogger("merit.platform.oidc")

# Asymmetric algorithms only: "none" and HS* (keyed with the client secret) are refused.
ALLOWED_ALGORITHMS = ("RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384")
CACHE_SECONDS = 3600
CLOCK_SKEW_SECONDS = 60
HTTP_TIMEOUT = 10.0  # (the documents' own limit is in oidc_documents.py)

UNREACHABLE = "The sign-in provider could not be reached. Please try again."
MISCONFIGURED = "The sign-in provider is misconfigured (issuer mismatch)."
VERIFY_FAILED = "The sign-in could not be verified. Please try again."
REFUSED = "The sign-in provider refused the sign-in. Please try again."
NO_ID_TOKEN = "The sign-in provider did not return an ID token."
NO_EMAIL = "Your account did not share an e-mail address with Merit."
UNVERIFIED = "Your e-mail address is not verified with the sign-in provider."
PROVIDER_ERROR = "The sign-in provider reported an error: {detail}"
INVALID_DOCUMENT = "The sign-in provider's discovery document is not valid."


class OidcError(Exception):
    """The provider's answer could not be trusted or used; the message is safe to show."""


@dataclass(frozen=True)
class ClientConfig:
    """A client registered with one provider."""

    issuer: str
    client_id: str
    client_secret: str | None
    redirect_uri: str
    scope: str = "openid email profile"


@dataclass(frozen=True)
class PendingSignIn:
    """What `finish` needs from `begin`: kept by the caller, server-side, for one use."""

    state: str
    nonce: str
    code_verifier: str
    redirect_uri: str


@dataclass(frozen=True)
class Identity:
    """Who signed in: the e-mail address the provider vouches for, lowercased."""

    email: str
    name: str | None
    claims: dict[str, Any]  # the verified ID token's
    # What the provider said of the address (None when it said nothing), for callers that
    # accept verified addresses only.
    email_verified: bool | None = None


@dataclass(frozen=True)
class Provider:
    """What the provider's discovery document says that a sign-in needs."""

    issuer: str
    authorization_endpoint: str
    token_endpoint: str
    jwks_uri: str
    userinfo_endpoint: str | None
    token_auth_methods: tuple[str, ...]
    algorithms: tuple[str, ...]

    @classmethod
    def from_document(cls, doc: Mapping[str, Any]) -> "Provider":
        offered = doc.get("id_token_signing_alg_values_supported") or ["RS256"]
        # The authorization endpoint becomes a redirect for the browser, the others requests
        # of ours: a javascript:, file: or data: address is never one of them.
        for name in ("authorization_endpoint", "token_endpoint", "jwks_uri", "userinfo_endpoint"):
            value = doc.get(name)
            if (value is not None or name != "userinfo_endpoint") and not is_web_address(value):
                raise ValueError(f"{name} is not an http(s) address")
        return cls(
            issuer=str(doc["issuer"]),
            authorization_endpoint=str(doc["authorization_endpoint"]),
            token_endpoint=str(doc["token_endpoint"]),
            jwks_uri=str(doc["jwks_uri"]),
            userinfo_endpoint=str(doc["userinfo_endpoint"])
            if doc.get("userinfo_endpoint")
            else None,
            token_auth_methods=tuple(
                doc.get("token_endpoint_auth_methods_supported") or ["client_secret_basic"]
            ),
            algorithms=tuple(a for a in offered if a in ALLOWED_ALGORITHMS),
        )


# The provider's documents change rarely: an hour each, per process. (Authlib keeps them on
# its framework clients, which also keep the state in the browser's session; ours stays
# server-side, so its plain OAuth client is used and the caching is ours.)
_providers: dict[str, tuple[float, Provider]] = {}
_key_sets: dict[str, tuple[float, KeySet]] = {}


def clear_caches() -> None:
    _providers.clear()
    _key_sets.clear()


def discovery_url(issuer: str) -> str:
    return f"{issuer.rstrip('/')}/.well-known/openid-configuration"


async def discover(issuer: str, *, refresh: bool = False) -> Provider:
    """The provider's endpoints from its /.well-known/openid-configuration."""
    issuer = issuer.rstrip("/")
    cached = _providers.get(issuer)
    if cached and not refresh and time.monotonic() - cached[0] < CACHE_SECONDS:
        return cached[1]
    try:
        document = await get_json(discovery_url(issuer))
    except ValueError as exc:
        log.warning("OIDC discovery failed for %s: %s", issuer, exc)
        raise OidcError(UNREACHABLE) from exc
    try:
        provider = Provider.from_document(document)
    except (ValueError, KeyError) as exc:
        log.warning("OIDC discovery document of %s refused: %r", issuer, exc)
        raise OidcError(INVALID_DOCUMENT) from exc
    # A document that names another issuer could hand out that issuer's endpoints and keys.
    if provider.issuer.rstrip("/") != issuer:
        log.warning("OIDC discovery issuer mismatch: %s != %s", provider.issuer, issuer)
        raise OidcError(MISCONFIGURED)
    _providers[issuer] = (time.monotonic(), provider)
    return provider


async def key_set(provider: Provider, *, refresh: bool = False) -> KeySet:
    """The provider's published signing keys (raises JoseError when it publishes none)."""
    cached = _key_sets.get(provider.jwks_uri)
    if cached and not refresh and time.monotonic() - cached[0] < CACHE_SECONDS:
        return cached[1]
    try:
        document = await get_json(provider.jwks_uri)
    except ValueError as exc:
        log.warning("OIDC JWKS fetch failed: %s", exc)
        raise OidcError(UNREACHABLE) from exc
    # "key_ops" is left out: some providers publish their signing keys' ("sign") with the
    # public half, and "use" already says what a key is for.
    keys = [
        {name: value for name, value in k.items() if name != "key_ops"}
        for k in document.get("keys") or []
        if isinstance(k, dict)
    ]
    found = KeySet.import_key_set({"keys": keys})
    _key_sets[provider.jwks_uri] = (time.monotonic(), found)
    return found


def _client_secret_basic(client: Any, method: str, uri: str, headers: Any, body: Any) -> Any:
    # Both parts form-encoded before the Basic encoding, as OAuth 2.0 asks (Authlib's own
    # sends them as they are): a secret with ":", "%" or "+" reaches the provider intact.
    pair = f"{quote_plus(client.client_id)}:{quote_plus(client.client_secret)}"
    headers["Authorization"] = "Basic " + base64.b64encode(pair.encode()).decode()
    return uri, headers, body


def _client(config: ClientConfig, provider: Provider, **extra: Any) -> AsyncOAuth2Client:
    # With a secret: HTTP Basic when the provider takes it (its default), else in the form.
    method = "none"
    if config.client_secret:
        basic = "client_secret_basic" in provider.token_auth_methods
        method = "client_secret_basic" if basic else "client_secret_post"
    client = AsyncOAuth2Client(
        client_id=config.client_id,
        client_secret=config.client_secret,
        token_endpoint_auth_method=method,
        scope=config.scope,
        code_challenge_method="S256",
        timeout=HTTP_TIMEOUT,
        **extra,
    )
    client.register_client_auth_method(("client_secret_basic", _client_secret_basic))
    return client


async def begin(config: ClientConfig) -> tuple[str, PendingSignIn]:
    """The provider's authorization URL to send the browser to, and what to keep until the
    callback: fresh state, nonce and PKCE code verifier."""
    provider = await discover(config.issuer)
    pending = PendingSignIn(
        state=generate_token(32),
        nonce=generate_token(32),
        code_verifier=generate_token(64),
        redirect_uri=config.redirect_uri,
    )
    async with _client(config, provider) as client:
        url, _ = client.create_authorization_url(
            provider.authorization_endpoint,
            state=pending.state,
            code_verifier=pending.code_verifier,
            nonce=pending.nonce,
            redirect_uri=pending.redirect_uri,
        )
    return url, pending


def code_from_callback(pending: PendingSignIn, params: Mapping[str, str]) -> str:
    """The authorization code of a callback that answers this pending sign-in."""
    if params.get("error"):
        detail = str(params.get("error_description") or params["error"])[:200]
        raise OidcError(PROVIDER_ERROR.format(detail=detail))
    state, code = params.get("state"), params.get("code")
    # (compared as bytes: compare_digest refuses str with non-ASCII characters)
    if not isinstance(state, str) or not hmac.compare_digest(
        state.encode(), pending.state.encode()
    ):
        raise OidcError(VERIFY_FAILED)
    if not isinstance(code, str) or not code:
        raise OidcError(VERIFY_FAILED)
    return code


async def finish(
    config: ClientConfig, pending: PendingSignIn, params: Mapping[str, str]
) -> Identity:
    """Check the provider's callback, trade its code for tokens, verify the ID token and
    answer who signed in."""
    code = code_from_callback(pending, params)
    provider = await discover(config.issuer)
    tokens = await exchange_code(config, provider, pending, code)
    claims = await verify_id_token(config, provider, tokens, nonce=pending.nonce)
    return await identity(config, provider, claims, tokens)


async def exchange_code(
    config: ClientConfig, provider: Provider, pending: PendingSignIn, code: str
) -> dict[str, Any]:
    """The token endpoint's reply to the authorization code (it holds an ID token)."""
    try:
        async with _client(config, provider) as client:
            tokens = await client.fetch_token(
                provider.token_endpoint,
                grant_type="authorization_code",
                code=code,
                code_verifier=pending.code_verifier,
                redirect_uri=pending.redirect_uri,
            )
    except OAuthError as exc:
        log.warning("OIDC token endpoint refused the code: %s", exc)
        raise OidcError(REFUSED) from exc
    except (httpx.HTTPError, ValueError) as exc:
        log.warning("OIDC token request failed: %s", exc)
        raise OidcError(UNREACHABLE) from exc
    if not isinstance(tokens.get("id_token"), str) or not tokens["id_token"]:
        raise OidcError(NO_ID_TOKEN)
    return dict(tokens)


def _decode(id_token: str, keys: KeySet, provider: Provider) -> jwt.Token:
    if not provider.algorithms:  # (joserfc reads an empty list as "its recommended ones")
        raise UnsupportedAlgorithmError("the provider offers no algorithm that is accepted")
    registry = JWSRegistry(algorithms=list(provider.algorithms), strict_check_header=False)
    return jwt.decode(id_token, keys, registry=registry)


async def verify_id_token(
    config: ClientConfig, provider: Provider, tokens: Mapping[str, Any], *, nonce: str
) -> dict[str, Any]:
    """The ID token's claims once its signature and claims all check out."""
    id_token = str(tokens["id_token"])
    try:
        try:
            token = _decode(id_token, await key_set(provider), provider)
        except InvalidKeyIdError:  # the provider may have rotated its keys since we cached them
            token = _decode(id_token, await key_set(provider, refresh=True), provider)
        claims = CodeIDToken(
            token.claims,
            token.header,
            options={
                "iss": {"essential": True, "value": provider.issuer},
                "aud": {"essential": True, "value": config.client_id},
                "nonce": {"essential": True, "value": nonce},
            },
            params={"client_id": config.client_id, "nonce": nonce},
        )
        claims.validate(leeway=CLOCK_SKEW_SECONDS)
    except (JoseError, ValueError) as exc:
        log.warning("OIDC ID token refused: %r", exc)
        raise OidcError(VERIFY_FAILED) from exc
    return dict(claims)


async def userinfo(
    config: ClientConfig, provider: Provider, access_token: str, *, subject: str
) -> dict[str, Any]:
    """The claims of the userinfo endpoint, for the person the ID token names."""
    if not provider.userinfo_endpoint:
        raise OidcError(NO_EMAIL)
    token = {"access_token": access_token, "token_type": "Bearer"}
    try:
        async with _client(config, provider, token=token) as client:
            reply = await client.get(provider.userinfo_endpoint)
    except httpx.HTTPError as exc:
        log.warning("OIDC userinfo request failed: %s", exc)
        raise OidcError(UNREACHABLE) from exc
    if reply.status_code != 200:
        log.warning("OIDC userinfo endpoint answered %s: %s", reply.status_code, reply.text[:300])
        raise OidcError(REFUSED)
    try:
        claims = reply.json()
    except ValueError:
        claims = None
    if not isinstance(claims, dict):
        # (a signed or encrypted userinfo reply is only sent to clients that register for it)
        log.warning("OIDC userinfo reply is not a JSON object: %s", reply.text[:300])
        raise OidcError(VERIFY_FAILED)
    # The reply is not signed: it may only be used for the subject of the verified ID token.
    if claims.get("sub") != subject:
        log.warning("OIDC userinfo refused: sub %r is not the ID token's", claims.get("sub"))
        raise OidcError(VERIFY_FAILED)
    return claims


async def identity(
    config: ClientConfig, provider: Provider, claims: dict[str, Any], tokens: Mapping[str, Any]
) -> Identity:
    """Who signed in, from the verified ID token's claims or, when it carries no e-mail
    address, from the userinfo endpoint (the e-mail and its verification from one source)."""
    source = claims
    access_token = tokens.get("access_token")
    if "email" not in claims and isinstance(access_token, str) and access_token:
        source = await userinfo(config, provider, access_token, subject=str(claims["sub"]))
    name = next(
        (n for n in (claims.get("name"), source.get("name")) if isinstance(n, str) and n.strip()),
        None,
    )
    stated = source.get("email_verified")
    return Identity(
        email=email_from_claims(source),
        name=name,
        claims=claims,
        email_verified=None if stated is None else str(stated).lower() == "true",
    )


def email_from_claims(claims: Mapping[str, Any]) -> str:
    """The e-mail address the claims vouch for, lowercased; refused when the provider says
    it is anything but verified (a provider that says nothing is trusted for it)."""
    email = claims.get("email")
    if not isinstance(email, str) or "@" not in email:
        raise OidcError(NO_EMAIL)
    verified = claims.get("email_verified")
    # (str(): some providers send the boolean as a string)
    if verified is not None and str(verified).lower() != "true":
        raise OidcError(UNVERIFIED)
    return email.strip().lower()
