"""The client secrets of organisations' sign-in providers, encrypted at rest.

Fernet (AES-128-CBC with an HMAC-SHA256 tag, from `cryptography`, which Authlib and joserfc
already build on) with a key derived from MERIT_SECRET_KEY by HKDF, so the key never sits in
the database beside what it protects and no second secret has to be configured. A database
copy alone (a backup, a dump) does not reveal the secrets.

Changing MERIT_SECRET_KEY makes the stored secrets unreadable: they then count as not set,
and an administrator enters the secret again.
"""

import base64
from functools import cache

from cryptography.fernet import Fernet, InvalidToken
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from api.core.config import get_settings

# Names what the derived key is for, so the same MERIT_SECRET_KEY never yields this key for
# another purpose.
_PURPOSE = b"merit organization sso client secret v1"


@cache
def _fernet(secret_key: str) -> Fernet:
    key = HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=_PURPOSE).derive(
        secret_key.encode()
    )
    return Fernet(base64.urlsafe_b64encode(key))


def encrypt(secret: str) -> str:
    return _fernet(get_settings().secret_key).encrypt(secret.encode()).decode("ascii")


def decrypt(token: str) -> str | None:
    """The secret, or None when it cannot be read (another MERIT_SECRET_KEY, or tampered)."""
    if not token:
        return None
    try:
        return _fernet(get_settings().secret_key).decrypt(token.encode("ascii")).decode()
    except (InvalidToken, UnicodeError, ValueError):
        return None
