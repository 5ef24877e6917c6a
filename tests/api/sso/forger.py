"""A small OpenID Connect provider the tests steer, for the ID tokens a well-behaved provider
never issues: for another audience or issuer, with another nonce, expired, signed with a key
it does not publish, or vouching for an unverified address.

It is a real HTTP server on 127.0.0.1 (the standard library's, in a thread): discovery
document, published key set, an authorization endpoint that approves at once, and a token
endpoint that checks the client's secret and the PKCE verifier before it answers with an ID
token made by joserfc from the claims the test chose. Merit talks to it over HTTP exactly as
it talks to any provider.
"""

import base64
import hashlib
import json
import secrets
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

from cryptography.hazmat.primitives.asymmetric import rsa
from joserfc import jwt
from joserfc.jwk import RSAKey

CLIENT_ID = "merit-forged-client"
CLIENT_SECRET = "forged-secret-" + secrets.token_urlsafe(16)
REMOVE = object()  # a claim value that leaves the claim out


def _new_key() -> RSAKey:
    return RSAKey.import_key(rsa.generate_private_key(public_exponent=65537, key_size=2048))


@dataclass
class Forger:
    issuer: str = ""
    email: str = ""
    key: RSAKey = field(default_factory=_new_key)
    rogue_key: RSAKey = field(default_factory=_new_key)  # never published
    key_id: str = field(default_factory=lambda: secrets.token_hex(4))
    # What the next ID tokens carry instead of the right values (REMOVE: left out).
    changes: dict[str, Any] = field(default_factory=dict)
    sign_with_rogue_key: bool = False
    codes: dict[str, dict[str, str]] = field(default_factory=dict)
    tokens_issued: int = 0

    def reset(self, email: str) -> None:
        self.email = email
        self.changes = {}
        self.sign_with_rogue_key = False
        self.tokens_issued = 0

    def discovery(self) -> dict[str, Any]:
        return {
            "issuer": self.issuer,
            "authorization_endpoint": f"{self.issuer}/auth",
            "token_endpoint": f"{self.issuer}/token",
            "jwks_uri": f"{self.issuer}/jwks",
            "response_types_supported": ["code"],
            "subject_types_supported": ["public"],
            "id_token_signing_alg_values_supported": ["RS256"],
            "token_endpoint_auth_methods_supported": ["client_secret_basic"],
        }

    def key_set(self) -> dict[str, Any]:
        return {"keys": [{**self.key.as_dict(private=False), "kid": self.key_id, "use": "sig"}]}

    def id_token(self, nonce: str) -> str:
        now = int(time.time())
        claims: dict[str, Any] = {
            "iss": self.issuer,
            "sub": "forged-person",
            "aud": CLIENT_ID,
            "iat": now,
            "exp": now + 300,
            "nonce": nonce,
            "email": self.email,
            "email_verified": True,
            **self.changes,
        }
        claims = {name: value for name, value in claims.items() if value is not REMOVE}
        key = self.rogue_key if self.sign_with_rogue_key else self.key
        self.tokens_issued += 1
        return jwt.encode({"alg": "RS256", "kid": self.key_id}, claims, key)


def _challenge(verifier: str) -> str:
    digest = hashlib.sha256(verifier.encode()).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def _handler(forger: Forger) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:  # quiet test output
            pass

        def _json(self, status: int, body: dict[str, Any]) -> None:
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self) -> None:
            parts = urlsplit(self.path)
            if parts.path == "/.well-known/openid-configuration":
                return self._json(200, forger.discovery())
            if parts.path == "/jwks":
                return self._json(200, forger.key_set())
            if parts.path == "/auth":
                return self._authorize({k: v[0] for k, v in parse_qs(parts.query).items()})
            return self._misbehave(parts.path)

        def _misbehave(self, path: str) -> None:
            """What the connection test must explain: a redirect elsewhere, a web page."""
            if path == "/moved/.well-known/openid-configuration":
                self.send_response(302)
                self.send_header("location", "file:///etc/passwd")
                self.send_header("content-length", "0")
                self.end_headers()
                return None
            if path == "/page/.well-known/openid-configuration":
                data = b"<html><body>Welcome</body></html>"
                self.send_response(200)
                self.send_header("content-type", "text/html")
                self.send_header("content-length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
                return None
            return self._json(404, {"error": "not_found"})

        def _authorize(self, query: dict[str, str]) -> None:
            code = secrets.token_urlsafe(16)
            forger.codes[code] = query
            back = {"code": code, "state": query.get("state", "")}
            self.send_response(302)
            self.send_header("location", f"{query['redirect_uri']}?{urlencode(back)}")
            self.send_header("content-length", "0")
            self.end_headers()

        def do_POST(self) -> None:
            length = int(self.headers.get("content-length") or 0)
            form = {k: v[0] for k, v in parse_qs(self.rfile.read(length).decode()).items()}
            expected = base64.b64encode(f"{CLIENT_ID}:{CLIENT_SECRET}".encode()).decode()
            if self.headers.get("authorization") != f"Basic {expected}":
                return self._json(401, {"error": "invalid_client"})
            asked = forger.codes.pop(form.get("code", ""), None)
            if asked is None or asked.get("redirect_uri") != form.get("redirect_uri"):
                return self._json(400, {"error": "invalid_grant"})
            if asked.get("code_challenge") != _challenge(form.get("code_verifier", "")):
                return self._json(400, {"error": "invalid_grant"})
            token = forger.id_token(asked.get("nonce", ""))
            return self._json(
                200, {"access_token": "opaque", "token_type": "Bearer", "id_token": token}
            )

    return Handler


@contextmanager
def running_forger() -> Iterator[Forger]:
    forger = Forger()
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(forger))
    forger.issuer = f"http://127.0.0.1:{server.server_address[1]}"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield forger
    finally:
        server.shutdown()
        server.server_close()
