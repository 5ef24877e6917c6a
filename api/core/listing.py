"""Long lists rendered to JSON from plain rows instead of ORM objects.

A list of 600 reviews, each embedding its employee and its template, cost about 30 ms of CPU
when loaded as ORM objects and validated one by one through the reply model (the template's
questions again and again). Here the listed rows are plain tuples of the reply model's own
columns, and each distinct embedded row (an employee, a template) is validated and serialised
through its reply model once, then spliced into every item that names it. The JSON is the
same, byte for byte, as the reply model makes of the ORM objects
(tests/api/reviews/test_listing.py, tests/api/reminders/test_reminders.py).

A listed row may keep its own copy of one field of what it embeds (a completed review keeps
the questions it was answered against, whatever its template asks now: `Copy`). A version
number, on both rows, tells whether the copy is still the embedded row's own, so the copies
themselves are read only for rows whose version has moved on, once per distinct version.
"""

from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from pydantic import BaseModel
from pydantic_core import to_json
from sqlalchemy import ColumnClause, Row, Select, any_, bindparam, literal_column, select
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.ext.asyncio import AsyncSession
from starlette.responses import Response

from api.core.db import execute_core

# A row version's id: each write gives the row a new version, carrying the writing
# transaction's id (also the employee list's snapshot, api/employees/listing.py).
ROW_VERSION: ColumnClause[str] = literal_column("xmin::text")


def _with_ids(model: Any) -> Any:
    """`model.id = ANY(:ids)`, the ids bound as one array: one statement for any number of ids
    (`IN (...)` makes a statement of its own, to compile and to prepare, for every count)."""
    return model.id == any_(bindparam("ids", type_=ARRAY(model.id.type)))


@dataclass(frozen=True)
class Copy:
    """The listed rows' own copy of the embedded reply's `field`, in their `copy` column.

    `version` names a column of the listed and of the embedded model alike: null on a listed row
    without a copy, else the embedded row's version the copy was taken at. A row whose version is
    the embedded row's current one shows the shared JSON (its copy is the same); only the others
    are rendered with their copy.
    """

    field: str
    copy: str
    version: str


@dataclass(frozen=True)
class Embed:
    """An embedded object: `field` of the reply, the `model` row its `key` column names."""

    field: str
    key: str
    model: Any
    reply_model: type[BaseModel]
    copy: Copy | None = None

    @cached_property
    def shown(self) -> list[str]:
        """The reply's fields."""
        return list(self.reply_model.model_fields)

    @cached_property
    def names(self) -> list[str]:
        """The reply's fields, then the copy's version column (if any)."""
        return self.shown + ([self.copy.version] if self.copy is not None else [])

    @cached_property
    def versions(self) -> Select[Any]:
        """id and version of the rows with the ids bound as `ids` (built once)."""
        return select(self.model.id, ROW_VERSION).where(_with_ids(self.model))

    @cached_property
    def rows(self) -> Select[Any]:
        """version, then the `names` columns, of the rows with the ids bound as `ids`."""
        columns = [getattr(self.model, name) for name in self.names]
        return select(ROW_VERSION, *columns).where(_with_ids(self.model))


@dataclass(frozen=True)
class Listing:
    """How to list `model` rows as `reply_model` JSON, with `embeds` filled in."""

    model: Any
    reply_model: type[BaseModel]
    embeds: tuple[Embed, ...] = ()

    @cached_property
    def _fields(self) -> list[tuple[str, str]]:
        """(attribute, JSON name) of the reply's own columns, in the reply model's order."""
        skip = {e.field for e in self.embeds} | {"organization_id"}
        return [
            (name, field.alias or name)
            for name, field in self.reply_model.model_fields.items()
            if name not in skip
        ]

    @cached_property
    def _attributes(self) -> list[str]:
        return [name for name, _ in self._fields]

    @cached_property
    def _versions(self) -> list[str]:
        """The version columns of embeds with a copy: selected after the shown ones."""
        return [e.copy.version for e in self.embeds if e.copy is not None]

    def rows(self) -> Select[Any]:
        """SELECT of the columns a listed item shows; add WHERE, ORDER BY and joins to it."""
        names = self._attributes + self._versions
        return select(*(getattr(self.model, name) for name in names))

    async def render(self, session: AsyncSession, query: Select[Any]) -> bytes:
        """The JSON list of the rows `query` (made from rows()) selects, embeds included."""
        rows = (await execute_core(session, query)).all()
        if not rows:
            return b"[]"
        wire = [json_name for _, json_name in self._fields]
        shown = len(wire)
        # TenantBase.organization_id: the session's organisation, shown on every record.
        with_organization = "organization_id" in self.reply_model.model_fields
        organization_id = session.info["organization_id"] if with_organization else None
        # The embeds are the reply's last fields: each item is its own columns' JSON object
        # with the (already serialised) embedded objects spliced in before the closing brace.
        attributes = self._attributes
        # (key column, label, id → shared JSON, version column, (id, version) → JSON with a copy)
        splices: list[tuple[int, bytes, dict[Any, bytes], int, dict[tuple[Any, Any], bytes]]] = []
        versions = iter(range(shown, shown + len(self._versions)))
        for embed in self.embeds:
            column = attributes.index(embed.key)
            if embed.copy is None:
                found, _ = await _embedded_json(session, embed, {row[column] for row in rows})
                splices.append((column, b',"' + embed.field.encode() + b'":', found, 0, {}))
                continue
            at = next(versions)
            pairs = {(row[column], row[at]) for row in rows}
            found, values = await _embedded_json(session, embed, {key for key, _ in pairs})
            copies = await self._copies(session, embed, rows, column, at, pairs, values)
            splices.append((column, b',"' + embed.field.encode() + b'":', found, at, copies))
        # All the parts of all the items, joined once at the end.
        parts: list[bytes | memoryview] = []
        add = parts.append
        for row in rows:
            # zip stops at the shown columns: the version columns after them are not shown.
            data = dict(zip(wire, row, strict=False))
            if with_organization:
                data["organizationId"] = organization_id
            item = to_json(data)
            if not splices:
                add(item)
                add(b",")
                continue
            add(memoryview(item)[:-1])  # without its closing brace (no copy made)
            for column, label, found, at, copies in splices:
                key = row[column]
                add(label)
                add((copies.get((key, row[at])) if copies else None) or found.get(key, b"null"))
            add(b"},")
        parts[-1] = parts[-1][:-1]  # no comma after the last item
        return b"[" + b"".join(parts) + b"]"

    async def _copies(
        self,
        session: AsyncSession,
        embed: Embed,
        rows: Sequence[Row[Any]],
        column: int,
        at: int,
        pairs: set[tuple[Any, Any]],
        values: dict[Any, dict[str, Any]],
    ) -> dict[tuple[Any, Any], bytes]:
        """(key, version) → the embed's JSON with that version's copy, for the versions that are
        no longer the embedded row's own (none, as long as nothing was changed)."""
        assert embed.copy is not None
        version = embed.copy.version
        stale = {
            (key, v)
            for key, v in pairs
            if v is not None and key in values and v != values[key][version]
        }
        if not stale:
            return {}
        # Rows with the same (key, version) hold the same copy: read one of each.
        ids: dict[tuple[Any, Any], Any] = {}
        id_at = self._attributes.index("id")
        for row in rows:
            pair = (row[column], row[at])
            if pair in stale and pair not in ids:
                ids[pair] = row[id_at]
        copy_column = getattr(self.model, embed.copy.copy)
        query = select(self.model.id, copy_column).where(_with_ids(self.model))
        found: dict[Any, Any] = {
            row_id: copy
            for row_id, copy in await execute_core(session, query, {"ids": list(ids.values())})
        }
        result = {}
        for (key, v), row_id in ids.items():
            copy = found.get(row_id)
            if copy is None:
                continue
            data = {name: values[key][name] for name in embed.shown} | {embed.copy.field: copy}
            result[(key, v)] = (
                embed.reply_model.model_validate(data).model_dump_json(by_alias=True).encode()
            )
        return result


class EmbedCache:
    """Embedded rows already rendered, per schema, embed and row id, with the row version
    (`xmin`) they were rendered from: at most `max_items`, least recently used dropped.

    A committed row version is known by its id and xmin (each write gives the row a new
    version, carrying the writing transaction's id), so a listing that finds an embedded row at
    the version it rendered before reuses that JSON instead of validating the row again. Only
    reads outside a transaction use it: those see committed versions only, never a version
    their own transaction is still writing (which could change again under the same xmin).
    """

    def __init__(self, max_items: int = 50_000):  # about 25 MB of employees at most
        self.max_items = max_items
        self._items: OrderedDict[tuple[str, Embed, Any], tuple[str, bytes, dict[str, Any]]] = (
            OrderedDict()
        )

    def get(self, key: tuple[str, Embed, Any], version: str) -> tuple[bytes, dict[str, Any]] | None:
        found = self._items.get(key)
        if found is None or found[0] != version:
            return None
        self._items.move_to_end(key)
        return found[1], found[2]

    def put(
        self, key: tuple[str, Embed, Any], version: str, json: bytes, values: dict[str, Any]
    ) -> None:
        self._items[key] = (version, json, values)
        self._items.move_to_end(key)
        while len(self._items) > self.max_items:
            self._items.popitem(last=False)


embed_cache = EmbedCache()


async def _embedded_json(
    session: AsyncSession, embed: Embed, ids: set[Any]
) -> tuple[dict[Any, bytes], dict[Any, dict[str, Any]]]:
    """id → the embed's reply as JSON, each row validated and serialised once (or taken from
    embed_cache); and, for an embed with a copy, id → the row's values (its version among
    them)."""
    ids.discard(None)
    if not ids:
        return {}, {}
    found: dict[Any, bytes] = {}
    values: dict[Any, dict[str, Any]] = {}
    wanted = list(ids)
    schema = session.info.get("schema") if session.info.get("reads_only") else None
    if schema is not None:
        versions = await execute_core(session, embed.versions, {"ids": wanted})
        wanted = []
        for row_id, version in versions:
            cached = embed_cache.get((schema, embed, row_id), version)
            if cached is None:
                wanted.append(row_id)
            else:
                found[row_id], values[row_id] = cached
        if not wanted:
            return found, values if embed.copy is not None else {}
    for row in await execute_core(session, embed.rows, {"ids": wanted}):
        row_values = dict(zip(embed.names, row[1:], strict=True))
        reply = embed.reply_model.model_validate({name: row_values[name] for name in embed.shown})
        json = reply.model_dump_json(by_alias=True).encode()
        found[row.id] = json
        values[row.id] = row_values
        if schema is not None:
            # The values are needed only by embeds with a copy (Listing._copies).
            kept = row_values if embed.copy is not None else {}
            embed_cache.put((schema, embed, row.id), row[0], json, kept)
    return found, values if embed.copy is not None else {}


def json_response(body: bytes) -> Response:
    """A reply already rendered to JSON, sent as it is (FastAPI's reply model is skipped)."""
    return Response(content=body, media_type="application/json")
