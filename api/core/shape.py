"""The JSON a reply model makes, as data: what every list renderer takes its keys from
(api/core/listing.py explains how lists are rendered)."""

import types
import typing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import cached_property
from operator import itemgetter
from typing import Any

from pydantic import BaseModel
from pydantic_core import to_json
from sqlalchemy import ColumnElement, func

# How pydantic writes an aware datetime in UTC, in Postgres's to_char terms (microseconds
# always shown: pydantic omits them only when they are all zero).
ISO_UTC = 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'


def _is_datetime(annotation: Any) -> bool:
    """Whether a field holds a datetime (`datetime`, `datetime | None`)."""
    if annotation is datetime:
        return True
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        return any(_is_datetime(arg) for arg in typing.get_args(annotation))
    return False


# eq=False: identity hashing, as a part of cache keys.
@dataclass(frozen=True, eq=False)
class Shape:
    """The JSON a reply model makes of a record: its fields in the model's order, each under its
    JSON key (the field's alias)."""

    reply_model: type[BaseModel]

    @cached_property
    def names(self) -> tuple[str, ...]:
        """The fields' Python names, in the model's order."""
        return tuple(self.reply_model.model_fields)

    @cached_property
    def keys(self) -> tuple[str, ...]:
        """The fields' JSON keys, in the model's order."""
        fields = self.reply_model.model_fields
        return tuple(fields[name].alias or name for name in self.names)

    def item(self, values: Mapping[str, Any]) -> dict[str, Any]:
        """The reply's JSON-ready dict of `values` (field name → value, every field given)."""
        return {key: values[name] for name, key in zip(self.names, self.keys, strict=True)}

    def columns(self, model: Any, names: Sequence[str] | None = None) -> tuple[Any, ...]:
        """The columns of `model` named as the reply's fields (`names`, or all of them)."""
        return tuple(getattr(model, name) for name in (self.names if names is None else names))

    def reader(self, names: Sequence[str]) -> Callable[[Sequence[Any]], dict[str, Any]]:
        """A function making the reply's JSON-ready dict of values of the fields `names`, given
        in that order (every field of the model among them, in any order)."""
        missing = set(self.names) - set(names)
        if missing:
            raise ValueError(f"{self.reply_model.__name__}: no value for {sorted(missing)}")
        pick = itemgetter(*(list(names).index(name) for name in self.names))
        keys = self.keys
        return lambda values: dict(zip(keys, pick(values), strict=True))

    def json_object(self, columns: Mapping[str, Any]) -> ColumnElement[Any]:
        """The reply as a Postgres JSON object of `columns` (field name → column, every field
        given), datetimes written as pydantic writes them in UTC."""
        fields = self.reply_model.model_fields
        pairs: list[Any] = []
        for name, key in zip(self.names, self.keys, strict=True):
            value = columns[name]
            if _is_datetime(fields[name].annotation):
                value = func.to_char(func.timezone("UTC", value), ISO_UTC)
            pairs += [key, value]
        return func.json_build_object(*pairs)


def render(items: Sequence[Any]) -> bytes:
    """A JSON list of JSON-ready dicts (Shape.reader's): dates and datetimes as pydantic writes
    them."""
    return to_json(items)
