"""The help corpus behind the assistants (public.help_articles), searched with full-text search."""

from datetime import datetime
from typing import Any

from sqlalchemy import CheckConstraint, Computed, DateTime, Index, Integer, String, Text, func
from sqlalchemy.dialects.postgresql import JSONB, TSVECTOR
from sqlalchemy.orm import Mapped, mapped_column

from api.core.db import PublicBase

# Title weighs most, then the keywords an article is written to answer, then the body.
SEARCH_VECTOR = (
    "setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || "
    "setweight(to_tsvector('english'::regconfig, coalesce(keywords, '')), 'B') || "
    "setweight(to_tsvector('english'::regconfig, coalesce(body, '')), 'C')"
)


class HelpArticle(PublicBase):
    __tablename__ = "help_articles"
    __table_args__ = (
        CheckConstraint("collection in ('product', 'hr')", name="collection"),
        Index("ix_help_articles_search", "search", postgresql_using="gin"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    # "product/create-a-review-template": the Markdown file it is loaded from.
    slug: Mapped[str] = mapped_column(String(200), unique=True)
    collection: Mapped[str] = mapped_column(String(20), index=True)
    title: Mapped[str] = mapped_column(String(200))
    keywords: Mapped[str] = mapped_column(Text, default="", server_default="")
    body: Mapped[str] = mapped_column(Text)
    # Screens the article names: [{"label": "Templates", "path": "/templates"}].
    links: Mapped[list[dict[str, Any]]] = mapped_column(JSONB, default=list, server_default="[]")
    content_hash: Mapped[str] = mapped_column(String(64))
    search: Mapped[Any] = mapped_column(TSVECTOR, Computed(SEARCH_VECTOR, persisted=True))
    updated_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), server_default=func.now(), onupdate=func.now()
    )
