"""Password hashing (argon2id through pwdlib) and random tokens."""

import asyncio
import hashlib
import secrets

from pwdlib import PasswordHash
from pwdlib.hashers.argon2 import Argon2Hasher

# OWASP's recommended argon2id profile (19 MiB, 2 passes, 1 lane): strong, and fast enough
# that provisioning an organisation (two hashes) stays well inside its time budget.
_hasher = PasswordHash((Argon2Hasher(memory_cost=19456, time_cost=2, parallelism=1),))


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def verify_password(password: str, hashed: str | None) -> bool:
    if not hashed:
        return False
    try:
        return _hasher.verify(password, hashed)
    except Exception:  # a malformed stored hash is a failed check, not a crash
        return False


async def hash_password_async(password: str) -> str:
    """Hashing is CPU-bound: keep it off the event loop."""
    return await asyncio.to_thread(hash_password, password)


async def verify_password_async(password: str, hashed: str | None) -> bool:
    return await asyncio.to_thread(verify_password, password, hashed)


def new_token(nbytes: int = 32) -> str:
    return secrets.token_urlsafe(nbytes)


def token_digest(token: str) -> str:
    """Tokens are stored only as their SHA-256 digest."""
    return hashlib.sha256(token.encode()).hexdigest()
