"""Opt-in paging of long lists: `?page=N&pageSize=M`.

A list asked for without either parameter answers every matching item, as it always has, so
existing clients see no change. With one of them it answers that page only, still a JSON array
of the same items, and says in the `X-Total-Count` header how many items match in all (a page
past the end is an empty array with the same count). Only the header is new: a paged reply
parses with the unpaged reply's schema.
"""

from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import Depends, Query
from starlette.responses import Response

from api.core.listing import json_response

DEFAULT_PAGE_SIZE = 50
MAX_PAGE_SIZE = 200
# A generous bound: it keeps the row offset far from any integer limit.
MAX_PAGE = 100_000
TOTAL_HEADER = "X-Total-Count"


@dataclass(frozen=True)
class Paging:
    page: int
    size: int

    @property
    def offset(self) -> int:
        return (self.page - 1) * self.size

    def window(self, items: list[Any]) -> list[Any]:
        return items[self.offset : self.offset + self.size]


def paging(
    page: Annotated[
        int | None,
        Query(ge=1, le=MAX_PAGE, description="Page number (from 1); turns paging on"),
    ] = None,
    page_size: Annotated[
        int | None,
        Query(
            alias="pageSize",
            ge=1,
            le=MAX_PAGE_SIZE,
            description=f"Items per page (default {DEFAULT_PAGE_SIZE}); turns paging on",
        ),
    ] = None,
) -> Paging | None:
    """None (every item) unless page or pageSize is given."""
    if page is None and page_size is None:
        return None
    return Paging(page=page or 1, size=page_size or DEFAULT_PAGE_SIZE)


PageParams = Annotated[Paging | None, Depends(paging)]

# For the route decorators: the header in the OpenAPI document.
PAGED_RESPONSES: dict[int | str, dict[str, Any]] = {
    200: {
        "headers": {
            TOTAL_HEADER: {
                "description": "With page or pageSize: how many items match in all",
                "schema": {"type": "integer"},
            }
        }
    }
}


def list_response(body: bytes, total: int | None) -> Response:
    """A rendered JSON list, with its total count when it is one page of it."""
    response = json_response(body)
    if total is not None:
        response.headers[TOTAL_HEADER] = str(total)
    return response
