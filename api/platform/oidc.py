"""OpenID Connect for platform sign-in: authorization code flow with PKCE (RFC 7636).

Works with any standard provider: its endpoints come from the issuer's discovery document,
and ID tokens are verified against its published JWKS (signature, iss, aud, exp, nonce). Many
providers put the e-mail address in the userinfo response only (OpenID Connect asks for
scope-requested claims there when an access token is issued), so it is read from there when
the ID token has none.
"""

import base64
import hashlib
import hmac
import logging
import secrets
import time
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote_plus, urlencode

import httpx
import jwt

log = logging.getLogger("merit.platform.oidc")

# Asymmetric algorithms only: "none" and HS* (keyed with the client secret) are refused.
ALLOWED_ALGORITHMS = ("RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384")
CACHE_SECONDS = 3600
CLOCK_SKEW_SECONDS = 60
HTTP_TIMEOUT = 10.0

VERIFY_FAILED = "The sign-in could not be verified. Please try again."
UNREACHABLE = "The sign-in provider could not be reached. Please try again."
REFUSED = "The sign-in provider refused the sign-in. Please try again."
NO_EMAIL = "Your account did not share an e-mail address with Merit."
UNVERIFIED = "Your e-mail address is not verified with the sign-in provider."


class OidcError(Exception):
    """The provider's answer could not be trusted or used; the message is safe to show."""


@dataclass(frozen=True)
class Provider:
    issuer: str
    authorization_endpoint: str
    token_endpoint: str
    jwks_uri: str
    userinfo_endpoint: str | None
    token_auth_methods: tuple[str, ...]
    algorithms: tuple[str, ...]


_discovery: dict[str, tuple[float, Provider]] = {}
_jwks: dict[str, tuple[float, list[dict[str, Any]]]] = {}


def clear_caches() -> None:
    _discovery.clear()
    _jwks.clear()


async def _get_json(url: str) -> dict[str, Any]:
    async with httpx.AsyncClient(timeout=HTTP_TIMEOUT) as client:
        reply = await client.get(url, headers={"accept": "application/json"})
    reply.raise_for_status()
    data = reply.json()
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")
    return data


async def discover(issuer: str) -> Provider:
    """The provider's endpoints from /.well-known/openid-configuration (cached for an hour)."""
    issuer = issuer.rstrip("/")
    cached = _discovery.get(issuer)
    if cached and time.monotonic() - cached[0] < CACHE_SECONDS:
        return cached[1]
    try:
        doc = await _get_json(f"{issuer}/.well-known/openid-configuration")
        provider = Provider(
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
            algorithms=tuple(
                a
                for a in (doc.get("id_token_signing_alg_values_supported") or ["RS256"])
                if a in ALLOWED_ALGORITHMS
            ),
        )
    except (httpx.HTTPError, ValueError, KeyError) as exc:
        log.warning("OIDC discovery failed for %s: %s", issuer, exc)
        raise OidcError(UNREACHABLE) from exc
    # OpenID Connect Discovery §4.3: the document must name the issuer it was fetched for.
    if provider.issuer.rstrip("/") != issuer:
        log.warning("OIDC discovery issuer mismatch: %s != %s", provider.issuer, issuer)
        raise OidcError("The sign-in provider is misconfigured (issuer mismatch).")
    _discovery[issuer] = (time.monotonic(), provider)
    return provider


async def _keys(provider: Provider, *, refresh: bool = False) -> list[dict[str, Any]]:
    cached = _jwks.get(provider.jwks_uri)
    if cached and not refresh and time.monotonic() - cached[0] < CACHE_SECONDS:
        return cached[1]
    try:
        keys = (await _get_json(provider.jwks_uri)).get("keys") or []
    except (httpx.HTTPError, ValueError) as exc:
        log.warning("OIDC JWKS fetch failed: %s", exc)
        raise OidcError(UNREACHABLE) from exc
    keys = [k for k in keys if isinstance(k, dict)]
    _jwks[provider.jwks_uri] = (time.monotonic(), keys)
    return keys


def _b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def new_pkce_pair() -> tuple[str, str]:
    """(code_verifier, S256 code_challenge)."""
    verifier = secrets.token_urlsafe(48)
    challenge = _b64url(hashlib.sha256(verifier.encode()).digest())
    return verifier, challenge


def authorization_url(
    provider: Provider,
    *,
    client_id: str,
    redirect_uri: str,
    scope: str,
    state: str,
    nonce: str,
    code_challenge: str,
) -> str:
    params = {
        "response_type": "code",
        "client_id": client_id,
        "redirect_uri": redirect_uri,
        "scope": scope,
        "state": state,
        "nonce": nonce,
        "code_challenge": code_challenge,
        "code_challenge_method": "S256",
    }
    sep = "&" if "?" in provider.authorization_endpoint else "?"
    return f"{provider.authorization_endpoint}{sep}{urlencode(params)}"


@dataclass(frozen=True)
class Tokens:
    id_token: str
    access_token: str | None


async def exchange_code(
    provider: Provider,
    *,
    code: str,
    redirect_uri: str,
    code_verifier: str,
    client_id: str,
    client_secret: str | None,
) -> Tokens:
    """Trade the authorization code for the raw ID token and the access token."""
    form = {
        "grant_type": "authorization_code",
        "code": code,
        "redirect_uri": redirect_uri,
        "code_verifier": code_verifier,
        "client_id": client_id,
    }
    headers = {"accept": "application/json"}
    if client_secret:
        if "client_secret_basic" in provider.token_auth_methods:
            # RFC 6749 §2.3.1: both parts form-encoded before the Basic encoding.
            pair = f"{quote_plus(client_id)}:{quote_plus(client_secret)}"
            headers["authorization"] = "Basic " + base64.b64encode(pair.encode()).decode()
        else:
            form["client_secret"] = client_secret
    try:
        async with httpx.AsyncClient(timeout=HTTP_TIMEOUT) as client:
            reply = await client.post(provider.token_endpoint, data=form, headers=headers)
        body = reply.json()
    except (httpx.HTTPError, ValueError) as exc:
        log.warning("OIDC token request failed: %s", exc)
        raise OidcError(UNREACHABLE) from exc
    if reply.status_code != 200 or not isinstance(body, dict):
        log.warning("OIDC token endpoint answered %s: %s", reply.status_code, str(body)[:300])
        raise OidcError(REFUSED)
    token = body.get("id_token")
    if not isinstance(token, str) or not token:
        raise OidcError("The sign-in provider did not return an ID token.")
    access_token = body.get("access_token")
    return Tokens(
        id_token=token,
        access_token=access_token if isinstance(access_token, str) and access_token else None,
    )


async def verify_id_token(
    token: str, *, provider: Provider, client_id: str, nonce: str
) -> dict[str, Any]:
    """The ID token's claims once signature, issuer, audience, expiry and nonce all check out."""
    try:
        header = jwt.get_unverified_header(token)
    except jwt.InvalidTokenError as exc:
        raise OidcError(VERIFY_FAILED) from exc
    alg = header.get("alg")
    if alg not in provider.algorithms:
        log.warning("OIDC ID token refused: algorithm %r", alg)
        raise OidcError(VERIFY_FAILED)
    jwk = _pick_key(await _keys(provider), header)
    if jwk is None:  # the provider may have rotated its keys since we cached them
        jwk = _pick_key(await _keys(provider, refresh=True), header)
    if jwk is None:
        log.warning("OIDC ID token refused: no key %r in the provider's JWKS", header.get("kid"))
        raise OidcError(VERIFY_FAILED)
    try:
        claims = jwt.decode(
            token,
            key=jwt.PyJWK(jwk, algorithm=alg),
            algorithms=[alg],
            audience=client_id,
            issuer=provider.issuer,
            leeway=CLOCK_SKEW_SECONDS,
            options={"require": ["iss", "aud", "exp", "iat", "sub"]},
        )
    except (jwt.InvalidTokenError, jwt.PyJWKError) as exc:
        log.warning("OIDC ID token refused: %s", exc)
        raise OidcError(VERIFY_FAILED) from exc
    aud = claims.get("aud")
    if isinstance(aud, list) and len(aud) > 1 and claims.get("azp") != client_id:
        log.warning("OIDC ID token refused: azp %r", claims.get("azp"))
        raise OidcError(VERIFY_FAILED)
    if not isinstance(claims.get("nonce"), str) or not hmac.compare_digest(
        claims["nonce"].encode(), nonce.encode()
    ):
        log.warning("OIDC ID token refused: nonce mismatch")
        raise OidcError(VERIFY_FAILED)
    return claims


def _pick_key(keys: list[dict[str, Any]], header: dict[str, Any]) -> dict[str, Any] | None:
    kid = header.get("kid")
    usable = [k for k in keys if k.get("use", "sig") == "sig"]
    if kid is not None:
        return next((k for k in usable if k.get("kid") == kid), None)
    return usable[0] if len(usable) == 1 else None


async def userinfo(provider: Provider, access_token: str, *, subject: str) -> dict[str, Any]:
    """The claims of the userinfo endpoint, for the person the ID token names."""
    if not provider.userinfo_endpoint:
        raise OidcError(NO_EMAIL)
    headers = {"accept": "application/json", "authorization": f"Bearer {access_token}"}
    try:
        async with httpx.AsyncClient(timeout=HTTP_TIMEOUT) as client:
            reply = await client.get(provider.userinfo_endpoint, headers=headers)
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


@dataclass(frozen=True)
class Identity:
    email: str
    name: str | None


async def identity(provider: Provider, claims: dict[str, Any], tokens: Tokens) -> Identity:
    """Who signed in, from the verified ID token's claims or, when it carries no e-mail
    address, from the userinfo endpoint (the e-mail and its verification from one source)."""
    source = claims
    if "email" not in claims and tokens.access_token:
        source = await userinfo(provider, tokens.access_token, subject=str(claims["sub"]))
    name = next(
        (n for n in (claims.get("name"), source.get("name")) if isinstance(n, str) and n.strip()),
        None,
    )
    return Identity(email=email_from_claims(source), name=name)


def email_from_claims(claims: dict[str, Any]) -> str:
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
