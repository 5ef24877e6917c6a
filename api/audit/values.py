"""What an audit event may say about a value: JSON-ready, short, and never a secret."""

import json
import re
from datetime import date, datetime, time
from decimal import Decimal
from enum import Enum
from typing import Any
from uuid import UUID

REDACTED = "[redacted]"
# Fields whose values an event never holds, by name (also inside JSON values): passwords and
# their hashes, tokens, secrets, keys, file contents.
_SECRET = re.compile(
    r"password|passwd|hash|token|secret|credential|private|api_?key|signature|content|cookie",
    re.IGNORECASE,
)
LONGEST_TEXT = 500
LONGEST_FIELD = 4000  # characters of JSON for one field's before and after together


def secret(name: str) -> bool:
    return bool(_SECRET.search(name))


def plain(value: Any) -> Any:
    """The value as JSON can hold it, with secrets inside JSON values redacted and long text
    cut short."""
    if value is None or isinstance(value, bool | int | float):
        return value
    if isinstance(value, str):
        return value if len(value) <= LONGEST_TEXT else value[:LONGEST_TEXT] + "…"
    if isinstance(value, datetime | date | time):
        return value.isoformat()
    if isinstance(value, Decimal | UUID):
        return str(value)
    if isinstance(value, Enum):
        return plain(value.value)
    if isinstance(value, dict):
        return {str(k): REDACTED if secret(str(k)) else plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [plain(v) for v in value]
    if isinstance(value, bytes | bytearray | memoryview):
        return f"[{len(value)} bytes]"
    return plain(str(value))


def _only_differences(before: Any, after: Any) -> tuple[Any, Any]:
    """For two JSON maps (a review's answers), only the keys whose values differ."""
    if isinstance(before, dict) and isinstance(after, dict):
        keys = [k for k in {**before, **after} if before.get(k) != after.get(k)]
        return {k: before.get(k) for k in keys}, {k: after.get(k) for k in keys}
    return before, after


def _bounded(value: Any) -> Any:
    if isinstance(value, list):
        return f"[{len(value)} items]"
    if isinstance(value, dict):
        return f"[{len(value)} entries]"
    return value


def pair(name: str, before: Any, after: Any) -> list[Any] | None:
    """[before, after] of one field, or None when nothing changed. A secret field says that
    it changed, never to what."""
    if before == after:
        return None
    if secret(name):
        return [None if before is None else REDACTED, None if after is None else REDACTED]
    shown = list(_only_differences(plain(before), plain(after)))
    if len(json.dumps(shown, default=str)) > LONGEST_FIELD:
        shown = [_bounded(v) for v in shown]
    return shown
