"""A small, strict OpenID Connect provider on 127.0.0.1 for tests (uvicorn in a thread).

It implements discovery, the authorization endpoint (auto-consent as `email`), the token
endpoint (client secret, single-use codes, redirect_uri match and PKCE S256 checked) and a
JWKS with RSA keys made here. `token_mode` makes it issue bad ID tokens on purpose.
"""

import base64
import hashlib
import secrets
import socket
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

import jwt
import uvicorn
from cryptography.hazmat.primitives.asymmetric import rsa
from jwt.algorithms import RSAAlgorithm
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse
from starlette.routing import Route

CLIENT_ID = "merit-test-client"
CLIENT_SECRET = "merit-test-secret"


def new_key() -> tuple[str, Any]:
    return uuid.uuid4().hex[:12], rsa.generate_private_key(public_exponent=65537, key_size=2048)


@dataclass
class FakeProvider:
    issuer: str = ""
    email: str = "owner@example.com"
    email_verified: bool | None = True
    name: str | None = "Olive Owner"
    # good | forged | expired | wrong_aud | wrong_iss | wrong_nonce | alg_none | hs256 | no_email
    token_mode: str = "good"
    error: str | None = None  # answer the authorization request with ?error=...
    keys: list[tuple[str, Any]] = field(default_factory=lambda: [new_key()])
    codes: dict[str, dict[str, Any]] = field(default_factory=dict)
    authorize_requests: list[dict[str, str]] = field(default_factory=list)
    token_requests: list[dict[str, str]] = field(default_factory=list)

    def rotate(self) -> None:
        """Publish and sign with a brand-new key (the old one is withdrawn)."""
        self.keys = [new_key()]

    async def discovery(self, _: Request):
        return JSONResponse(
            {
                "issuer": self.issuer,
                "authorization_endpoint": f"{self.issuer}/authorize",
                "token_endpoint": f"{self.issuer}/token",
                "jwks_uri": f"{self.issuer}/jwks",
                "response_types_supported": ["code"],
                "subject_types_supported": ["public"],
                "id_token_signing_alg_values_supported": ["RS256"],
                "code_challenge_methods_supported": ["S256"],
                "token_endpoint_auth_methods_supported": ["client_secret_basic"],
            }
        )

    async def jwks(self, _: Request):
        return JSONResponse(
            {
                "keys": [
                    {
                        **RSAAlgorithm.to_jwk(key.public_key(), as_dict=True),  # type: ignore[dict-item]
                        "kid": kid,
                        "use": "sig",
                        "alg": "RS256",
                    }
                    for kid, key in self.keys
                ]
            }
        )

    async def authorize(self, request: Request):
        params = dict(request.query_params)
        self.authorize_requests.append(params)
        if params.get("client_id") != CLIENT_ID or params.get("response_type") != "code":
            return JSONResponse({"error": "unauthorized_client"}, status_code=400)
        if params.get("code_challenge_method") != "S256" or not params.get("code_challenge"):
            return JSONResponse({"error": "invalid_request"}, status_code=400)
        if self.error:
            query = {"error": self.error, "error_description": "The user cancelled the sign-in"}
        else:
            code = secrets.token_urlsafe(16)
            self.codes[code] = params
            query = {"code": code}
        query["state"] = params["state"]
        return RedirectResponse(f"{params['redirect_uri']}?{urlencode(query)}", status_code=302)

    async def token(self, request: Request):
        form = dict(await request.form())
        self.token_requests.append(form)
        auth = request.headers.get("authorization", "")
        expected = base64.b64encode(f"{CLIENT_ID}:{CLIENT_SECRET}".encode()).decode()
        if auth != f"Basic {expected}":
            return JSONResponse({"error": "invalid_client"}, status_code=401)
        grant = self.codes.pop(form.get("code", ""), None)  # single use
        if grant is None or form.get("grant_type") != "authorization_code":
            return JSONResponse({"error": "invalid_grant"}, status_code=400)
        if form.get("redirect_uri") != grant["redirect_uri"]:
            return JSONResponse({"error": "invalid_grant"}, status_code=400)
        verifier = form.get("code_verifier", "")
        challenge = (
            base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest())
            .rstrip(b"=")
            .decode()
        )
        if challenge != grant["code_challenge"]:
            return JSONResponse({"error": "invalid_grant", "error_description": "PKCE"}, 400)
        return JSONResponse(
            {
                "access_token": secrets.token_urlsafe(16),
                "token_type": "Bearer",
                "expires_in": 300,
                "id_token": self.id_token(nonce=grant["nonce"]),
            }
        )

    def id_token(self, *, nonce: str) -> str:
        now = int(time.time())
        claims: dict[str, Any] = {
            "iss": self.issuer,
            "sub": "user-123",
            "aud": CLIENT_ID,
            "iat": now,
            "exp": now + 300,
            "nonce": nonce,
            "email": self.email,
            "name": self.name,
        }
        if self.email_verified is not None:
            claims["email_verified"] = self.email_verified
        kid, key = self.keys[0]
        mode = self.token_mode
        if mode == "no_email":
            del claims["email"]
        if mode == "expired":
            claims["iat"], claims["exp"] = now - 7200, now - 3600
        if mode == "wrong_aud":
            claims["aud"] = "someone-else"
        if mode == "wrong_iss":
            claims["iss"] = "https://evil.example.com"
        if mode == "wrong_nonce":
            claims["nonce"] = "replayed-nonce"
        if mode == "forged":  # right kid, wrong private key
            key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        if mode == "alg_none":
            return jwt.encode(claims, None, algorithm="none", headers={"kid": kid})
        if mode == "hs256":  # keyed with the client secret: refused by policy
            return jwt.encode(claims, CLIENT_SECRET * 2, algorithm="HS256", headers={"kid": kid})
        return jwt.encode(claims, key, algorithm="RS256", headers={"kid": kid})


@contextmanager
def running_provider() -> Iterator[FakeProvider]:
    provider = FakeProvider()
    app = Starlette(
        routes=[
            Route("/.well-known/openid-configuration", provider.discovery),
            Route("/authorize", provider.authorize),
            Route("/token", provider.token, methods=["POST"]),
            Route("/jwks", provider.jwks),
        ]
    )
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    provider.issuer = f"http://127.0.0.1:{sock.getsockname()[1]}"
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started:
        threading.Event().wait(0.01)
    try:
        yield provider
    finally:
        server.should_exit = True
        thread.join(timeout=5)
        sock.close()
