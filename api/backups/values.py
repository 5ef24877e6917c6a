"""Turning a backup's JSON values back into column values, as asyncpg's COPY expects them.

Validating a backup and restoring it run the same conversion (and the same COPY, see
api/backups/restore.py), so a backup is reported valid exactly when it restores.
"""

import functools
import json
from collections.abc import Callable
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import (
    ARRAY,
    BigInteger,
    Boolean,
    Column,
    Date,
    DateTime,
    Integer,
    SmallInteger,
    String,
)
from sqlalchemy.dialects.postgresql import JSONB

from api.backups.archive import InvalidBackup, TablePart

# Postgres writes these for dates and timestamps that are infinite (asyncpg stores
# date.max / datetime.max as infinity, so '9999-12-31' typed into a form became one);
# asyncpg turns the same Python values back into infinity when they are copied in.
_INFINITE_DATES = {"infinity": date.max, "-infinity": date.min}
_INFINITE_TIMES = {"infinity": datetime.max, "-infinity": datetime.min}
_INT_BITS = {SmallInteger: 16, BigInteger: 64, Integer: 32}


def converters(part: TablePart) -> list[Callable[[Any], Any]]:
    """Per column: how a JSON value becomes what asyncpg's COPY expects."""
    return [_converter(part.table.columns[name], part.version) for name in part.columns]


def _converter(column: Column, version: int) -> Callable[[Any], Any]:
    kind = column.type
    if isinstance(kind, DateTime):
        return _datetime
    if isinstance(kind, Date):
        return _date
    if isinstance(kind, JSONB):
        if version >= 2:
            return _json_verbatim
        # Format 1 wrote JSON null and SQL NULL alike; a column that cannot be NULL held the
        # former.
        return _json_text if column.nullable else _json_text_or_null
    if isinstance(kind, ARRAY):
        if isinstance(kind.item_type, Integer):
            return functools.partial(_integer_list, limit=1 << 31)
        return _text_list
    if isinstance(kind, Boolean):
        return _boolean
    if isinstance(kind, Integer):  # SmallInteger and BigInteger are Integers too
        bits = next(b for t, b in _INT_BITS.items() if isinstance(kind, t))
        return functools.partial(_integer, limit=1 << (bits - 1))
    if isinstance(kind, String):  # Text too
        return _text
    # A new column type needs its own conversion here; guessing could restore wrong values.
    raise TypeError(f"backups cannot restore columns of type {kind!r}")


def _datetime(value: Any) -> datetime | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise ValueError(f"not a timestamp: {value!r}")
    infinite = _INFINITE_TIMES.get(value)
    if infinite is not None:
        return infinite
    parsed = datetime.fromisoformat(value)
    if parsed.tzinfo is None:
        raise ValueError(f"a timestamp without its time zone: {value!r}")
    return parsed


def _date(value: Any) -> date | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise ValueError(f"not a date: {value!r}")
    infinite = _INFINITE_DATES.get(value)
    return infinite if infinite is not None else date.fromisoformat(value)


def _boolean(value: Any) -> bool | None:
    if value is None or isinstance(value, bool):
        return value
    raise ValueError(f"not true or false: {value!r}")


def _integer(value: Any, *, limit: int) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not -limit <= value < limit:
        raise ValueError(f"not a whole number the column can hold: {value!r}")
    return value


def _text(value: Any) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise ValueError(f"not text: {value!r}")
    if not value.isascii():
        value.encode()  # a lone surrogate cannot be sent to Postgres (UnicodeEncodeError)
    return value


def _json_verbatim(value: Any) -> str | None:
    if value is None or isinstance(value, str):
        return value  # Postgres checks it is JSON
    raise ValueError(f"not JSON text: {value!r}")


def _json_text_or_null(value: Any) -> str:
    return "null" if value is None else _json_text(value)  # type: ignore[return-value]


def _json_text(value: Any) -> str | None:
    if value is None:
        return None
    try:
        return json.dumps(value)
    except TypeError:  # it holds a fraction, read as a Decimal so no digit is lost
        return _json_exact(value)


def _json_exact(value: Any) -> str:
    """JSON text with every Decimal written with exactly its digits."""
    if isinstance(value, Decimal):
        if not value.is_finite():
            raise ValueError(f"not a JSON number: {value}")
        return str(value)
    if isinstance(value, dict):
        items = (f"{json.dumps(k)}:{_json_exact(v)}" for k, v in value.items())
        return "{" + ",".join(items) + "}"
    if isinstance(value, list):
        return "[" + ",".join(_json_exact(v) for v in value) + "]"
    return json.dumps(value)


def _text_list(value: Any) -> list[str | None] | None:
    if value is None:
        return None
    if not isinstance(value, list):
        raise ValueError("an array column holds something else")
    return [_text(v) for v in value]


def _integer_list(value: Any, *, limit: int) -> list[int | None] | None:
    if value is None:
        return None
    if not isinstance(value, list):
        raise ValueError("an array column holds something else")
    return [_integer(v, limit=limit) for v in value]


def convert(part: TablePart, row: list[Any], funcs: list[Callable[[Any], Any]]) -> tuple[Any, ...]:
    """One row as the typed values a restore copies in; InvalidBackup names the bad value."""
    values = []
    for column, value, func in zip(part.columns, row, funcs, strict=True):
        try:
            values.append(func(value))
        except (TypeError, ValueError) as exc:
            raise InvalidBackup(
                f"A value of {part.name}.{column} in the backup cannot be restored: {exc}"
            ) from None
    return tuple(values)
