"""How every list of the API becomes its JSON reply.

A list route declares `response_model=list[SomeRead]` (a `ReadModel`): that model is the reply's
one definition, the OpenAPI document shows it, and the JSON sent is what the model makes of the
listed records, key for key and value for value (tests/api/test_list_replies.py checks every
list route against its model).

Short lists return model instances and FastAPI serialises them. Long ones skip building a model
per item (ten times the cost of the JSON itself) and are rendered from plain rows by one of the
three renderers below (the last two in api/core/shape.py). Each takes its JSON keys, their
order and the way values are written from `Shape(SomeRead)`, derived from the model's fields
and aliases, so no shape is typed twice:

- `Listing`: rows of one table, with embedded records (an employee, a template). Each distinct
  embedded row goes through its own reply model once and is spliced into every item naming it.
  Reads outside a transaction keep each item's JSON under the row versions it was made from
  (api/core/row_cache.py) and render again only the items whose rows changed.
- `Shape.reader`: values in a known order → the reply's JSON-ready dict, for lists computed in
  Python (certifications with their status as of today, compliance); `render` writes them.
- `Shape.json_object`: the reply as a Postgres `json_build_object`, for the employee list,
  whose per-process snapshot (api/employees/listing.py) Postgres renders and Python filters.

A route sending JSON rendered here returns `json_response(body)` (or, paged,
`api.core.paging.list_response`) while its decorator keeps the reply model for the document.

A listed row may keep its own copy of one field of what it embeds (a completed review keeps the
questions it was answered against, whatever its template asks now: `Copy`). A version number,
on both rows, tells whether the copy is still the embedded row's own, so the copies themselves
are read only for rows whose version has moved on, once per distinct version.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from pydantic import BaseModel
from pydantic_core import to_json
from sqlalchemy import Row, Select, any_, bindparam, select
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.ext.asyncio import AsyncSession
from starlette.responses import Response

from api.core.db import execute_core
from api.core.row_cache import VersionedCache as VersionedCache
from api.core.row_cache import embed_cache, item_cache, reused_in, row_version
from api.core.shape import Shape as Shape
from api.core.shape import render as render


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


# eq=False: identity hashing, as a part of cache keys looked up for every embedded row.
@dataclass(frozen=True, eq=False)
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
        return select(self.model.id, row_version(self.model)).where(_with_ids(self.model))

    @cached_property
    def rows(self) -> Select[Any]:
        """version, then the `names` columns, of the rows with the ids bound as `ids`."""
        columns = [getattr(self.model, name) for name in self.names]
        return select(row_version(self.model), *columns).where(_with_ids(self.model))


# eq=False: identity hashing, as a part of cache keys looked up for every listed row.
@dataclass(frozen=True, eq=False)
class Listing:
    """How to list `model` rows as `reply_model` JSON, with `embeds` filled in."""

    model: Any
    reply_model: type[BaseModel]
    embeds: tuple[Embed, ...] = ()

    @cached_property
    def shape(self) -> Shape:
        return Shape(self.reply_model)

    @cached_property
    def _fields(self) -> list[tuple[str, str]]:
        """(attribute, JSON key) of the reply's own columns, in the reply model's order."""
        skip = {e.field for e in self.embeds} | {"organization_id"}
        shape = self.shape
        return [(n, k) for n, k in zip(shape.names, shape.keys, strict=True) if n not in skip]

    @cached_property
    def _attributes(self) -> list[str]:
        return [name for name, _ in self._fields]

    @cached_property
    def _wire(self) -> list[str]:
        return [json_name for _, json_name in self._fields]

    @cached_property
    def _id_at(self) -> int:
        return self._attributes.index("id")

    @cached_property
    def _versions(self) -> list[str]:
        """The version columns of embeds with a copy: selected after the shown ones."""
        return [e.copy.version for e in self.embeds if e.copy is not None]

    @cached_property
    def _link_positions(self) -> list[int]:
        """Where, in a row of rows(), each embed's key column is, then each version column."""
        names = self._attributes + self._versions
        return [names.index(name) for name in [e.key for e in self.embeds] + self._versions]

    @cached_property
    def _embedded_tables(self) -> list[Any]:
        """Each embed's table under a name of its own (a list's query may join it already)."""
        return [e.model.__table__.alias(f"embedded_{e.field}") for e in self.embeds]

    @cached_property
    def _current_rows(self) -> Select[Any]:
        """The columns of rows(), then the row's version, of the rows with the ids bound as
        `ids`."""
        return self.rows().add_columns(row_version(self.model)).where(_with_ids(self.model))

    def rows(self) -> Select[Any]:
        """SELECT of the columns a listed item shows; add WHERE, ORDER BY and joins to it."""
        names = self._attributes + self._versions
        return select(*(getattr(self.model, name) for name in names))

    async def render(self, session: AsyncSession, query: Select[Any]) -> bytes:
        """The JSON list of the rows `query` (made from rows()) selects, embeds included."""
        schema = reused_in(session)
        if schema is None:
            rows = (await execute_core(session, query)).all()
            items = [json for _, json, _ in await self._rendered(session, rows)]
        else:
            items = await self._reusing(session, query, schema)
        return b"[" + b",".join(items) + b"]"

    async def _reusing(self, session: AsyncSession, query: Select[Any], schema: str) -> list[bytes]:
        """The listed items' JSON, each rendered again only when its row or one it embeds has a
        version it was not rendered at before (item_cache). The list's own query selects just
        the ids and those versions, then the embedded rows' ids."""
        embedded = len(self.embeds)
        versions = query.with_only_columns(
            self.model.id,
            row_version(self.model),
            *(row_version(table) for table in self._embedded_tables),
            *(getattr(self.model, embed.key) for embed in self.embeds),
        )
        for embed, table in zip(self.embeds, self._embedded_tables, strict=True):
            versions = versions.outerjoin(table, table.c.id == getattr(self.model, embed.key))
        listed = (await execute_core(session, versions)).all()
        cached = item_cache.group(schema, self)
        items: list[bytes | None] = []
        missing = []
        for row in listed:
            json = cached.get(row[0], tuple(row[1 : 2 + embedded]))
            items.append(json)
            if json is None:
                missing.append(row[0])
        if not missing:
            return items  # type: ignore[return-value]  # none is None
        # Read in statements of their own: a row may have changed (or gone) since the list was
        # read. It is shown as it is now, and kept under the versions it was rendered from.
        rows = (await execute_core(session, self._current_rows, {"ids": missing})).all()
        own_versions = {row[self._id_at]: row[-1] for row in rows}
        # The embedded rows' versions as the list saw them: their JSON is looked up under
        # those without asking for them again (one statement less per embed).
        seen = [
            {row[2 + embedded + at]: row[2 + at] for row in listed if row[2 + at] is not None}
            for at in range(embedded)
        ]
        current = {}
        for row_id, json, embedded_versions in await self._rendered(session, rows, seen):
            version = (own_versions[row_id], *embedded_versions)
            item_cache.put(cached, row_id, version, json, len(json))
            current[row_id] = json
        return [
            json if json is not None else current[row[0]]
            for json, row in zip(items, listed, strict=True)
            if json is not None or row[0] in current
        ]

    async def _rendered(
        self,
        session: AsyncSession,
        rows: Sequence[Row[Any]],
        seen: Sequence[dict[Any, str]] = (),
    ) -> list[tuple[Any, bytes, tuple[str | None, ...]]]:
        """Each row (of rows(), in order) as its reply's JSON, embeds included: (id, JSON, the
        versions of the rows it embeds, None for none). `seen`: per embed, versions of embedded
        rows already known (id → version)."""
        # TenantBase.organization_id: the session's organisation, shown on every record.
        with_organization = "organization_id" in self.reply_model.model_fields
        organization_id = session.info["organization_id"] if with_organization else None
        # (id, own columns' JSON without its closing brace, the embeds' keys then versions)
        own: list[tuple[Any, bytes, tuple[Any, ...]]] = []
        for row in rows:
            # zip stops at the shown columns: the version columns after them are not shown.
            data = dict(zip(self._wire, row, strict=False))
            if with_organization:
                data["organizationId"] = organization_id
            links = tuple(row[at] for at in self._link_positions)
            own.append((row[self._id_at], to_json(data)[:-1], links))
        # The embeds are the reply's last fields: spliced in before each item's closing brace.
        # (index of the key in links, label, id → (version, shared JSON), index of the version
        # in links, (id, version) → JSON with a copy)
        splices: list[
            tuple[int, bytes, dict[Any, tuple[str, bytes]], int, dict[tuple[Any, Any], bytes]]
        ] = []
        version_at = iter(range(len(self.embeds), len(self._link_positions)))
        for key_at, embed in enumerate(self.embeds):
            label = b',"' + embed.field.encode() + b'":'
            keys = {links[key_at] for _, _, links in own}
            known = seen[key_at] if seen else {}
            found, values = await _embedded_json(session, embed, keys, known)
            copies: dict[tuple[Any, Any], bytes] = {}
            at = 0
            if embed.copy is not None:
                at = next(version_at)
                pairs = {(links[key_at], links[at]) for _, _, links in own}
                copies = await self._copies(session, embed, own, key_at, at, pairs, values)
            splices.append((key_at, label, found, at, copies))
        rendered = []
        for row_id, item, links in own:
            parts = [item]
            embedded_versions: list[str | None] = []
            for key_at, label, found, at, copies in splices:
                key = links[key_at]
                version, json = found.get(key, (None, b"null"))
                parts += (label, (copies.get((key, links[at])) if copies else None) or json)
                embedded_versions.append(version)
            parts.append(b"}")
            rendered.append((row_id, b"".join(parts), tuple(embedded_versions)))
        return rendered

    async def _copies(
        self,
        session: AsyncSession,
        embed: Embed,
        items: Sequence[tuple[Any, bytes, tuple[Any, ...]]],
        key_at: int,
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
        for row_id, _, links in items:
            pair = (links[key_at], links[at])
            if pair in stale and pair not in ids:
                ids[pair] = row_id
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


async def _embedded_json(
    session: AsyncSession, embed: Embed, ids: set[Any], known: dict[Any, str]
) -> tuple[dict[Any, tuple[str, bytes]], dict[Any, dict[str, Any]]]:
    """id → (the row's version, the embed's reply as JSON), each row validated and serialised
    once (or taken from embed_cache, under its `known` version when there is one: a version
    read a moment ago by the same request); and, for an embed with a copy, id → the row's
    values (its copy's version among them)."""
    ids.discard(None)
    if not ids:
        return {}, {}
    found: dict[Any, tuple[str, bytes]] = {}
    values: dict[Any, dict[str, Any]] = {}
    wanted = list(ids)
    schema = reused_in(session)
    cached = None if schema is None else embed_cache.group(schema, embed)
    if cached is not None:
        versions = [(row_id, known[row_id]) for row_id in wanted if row_id in known]
        unknown = [row_id for row_id in wanted if row_id not in known]
        if unknown:
            versions += list(await execute_core(session, embed.versions, {"ids": unknown}))
        wanted = []
        for row_id, version in versions:
            hit = cached.get(row_id, version)
            if hit is None:
                wanted.append(row_id)
            else:
                (json, values[row_id]) = hit
                found[row_id] = (version, json)
        if not wanted:
            return found, values if embed.copy is not None else {}
    for row in await execute_core(session, embed.rows, {"ids": wanted}):
        row_values = dict(zip(embed.names, row[1:], strict=True))
        reply = embed.reply_model.model_validate({name: row_values[name] for name in embed.shown})
        json = reply.model_dump_json(by_alias=True).encode()
        found[row.id] = (row[0], json)
        values[row.id] = row_values
        if cached is not None:
            # The values are needed only by embeds with a copy (Listing._copies).
            kept = row_values if embed.copy is not None else {}
            embed_cache.put(cached, row.id, row[0], (json, kept), len(json))
    return found, values if embed.copy is not None else {}


def json_response(body: bytes) -> Response:
    """A reply already rendered to JSON, sent as it is (FastAPI's reply model is skipped)."""
    return Response(content=body, media_type="application/json")
