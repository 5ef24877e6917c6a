"""JSON kept per server process under the row versions it was rendered from.

Each write gives a Postgres row a new version, carrying the writing transaction's id in the
`xmin` system column. A committed row version is therefore known by its id and xmin: a list
that finds a row at a version it rendered before can send that JSON again instead of rendering
the row anew. Only reads outside a transaction use the cache (`reused_in`): they see committed
versions only, never one their own transaction is still writing (which could change again
under the same xmin).
"""

from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import ColumnElement, Text, cast, column
from sqlalchemy.ext.asyncio import AsyncSession


def row_version(model: Any) -> ColumnElement[str]:
    """The id of a row's version, of a model or a table: each write gives the row a new version,
    carrying the writing transaction's id (`xmin`). Qualified by its table (a query may join
    others), which `_selectable` gives a system column SQLAlchemy does not declare."""
    table = getattr(model, "__table__", model)
    return cast(column("xmin", _selectable=table), Text)


def reused_in(session: AsyncSession) -> str | None:
    """The schema of a session whose reads may reuse JSON rendered before (VersionedCache):
    only one reading outside a transaction, which sees committed row versions only."""
    return session.info.get("schema") if session.info.get("reads_only") else None


@dataclass(eq=False)
class CachedRows:
    """One group of VersionedCache: row id → (version, value, bytes counted)."""

    rows: dict[Any, tuple[Any, Any, int]] = field(default_factory=dict)
    size: int = 0
    dropped: bool = False

    def get(self, row_id: Any, version: Any) -> Any:
        """What was kept for the row at this version (None if nothing, or at another)."""
        found = self.rows.get(row_id)
        return found[1] if found is not None and found[0] == version else None


class VersionedCache:
    """What was rendered from a row, kept with the row version (`xmin`) it was rendered from,
    in groups (a schema, and what it was rendered for): at most `max_bytes` (JSON plus a fixed
    allowance per row), the least recently used group dropped first."""

    ROW_OVERHEAD = 200  # bytes of tuple, id and dictionary slot, roughly

    def __init__(self, max_bytes: int):
        self.max_bytes = max_bytes
        self.size = 0
        self._groups: OrderedDict[tuple[str, Any], CachedRows] = OrderedDict()

    def group(self, schema: str, owner: Any) -> CachedRows:
        """The rows kept for this schema and owner (a Listing or an Embed)."""
        key = (schema, owner)
        found = self._groups.get(key)
        if found is None:
            found = self._groups[key] = CachedRows()
        else:
            self._groups.move_to_end(key)
        return found

    def put(self, group: CachedRows, row_id: Any, version: Any, value: Any, size: int) -> None:
        """Keeps `value`, `size` bytes of JSON, for the row at this version."""
        if group.dropped:
            return  # dropped while its list was being read: keep nothing for it
        cost = size + self.ROW_OVERHEAD
        old = group.rows.get(row_id)
        if old is not None:
            group.size -= old[2]
            self.size -= old[2]
        group.rows[row_id] = (version, value, cost)
        group.size += cost
        self.size += cost
        # The group being filled is the newest: a single group larger than the budget stays.
        while self.size > self.max_bytes and len(self._groups) > 1:
            _, oldest = self._groups.popitem(last=False)
            oldest.dropped = True
            self.size -= oldest.size


MB = 1024 * 1024
# Per server process. Listed items: a normal organisation's 450 reviews are about 0.6 MB.
item_cache = VersionedCache(max_bytes=64 * MB)
# Embedded employees and templates.
embed_cache = VersionedCache(max_bytes=24 * MB)
