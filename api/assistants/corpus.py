"""The help corpus: Markdown articles in api/assistants/articles/{product,hr}/, synced to Postgres.

Each file starts with a small front matter block:

    ---
    title: Create a review template
    keywords: questionnaire, review form, new template
    links: Templates=/templates, Reviews=/reviews
    ---
    Body in Markdown (## headings split it into passages).
"""

import asyncio
import hashlib
import logging
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.dialects.postgresql import insert

from api.assistants.models import HelpArticle
from api.core.db import public_session

log = logging.getLogger("merit.assistants")

ARTICLES_DIR = Path(__file__).resolve().parent / "articles"
COLLECTIONS = ("product", "hr")
_FRONT = re.compile(r"\A---\n(.*?)\n---\n(.*)\Z", re.DOTALL)


@dataclass(frozen=True)
class Article:
    slug: str
    collection: str
    title: str
    keywords: str
    body: str
    links: list[dict[str, str]] = field(default_factory=list)

    @property
    def content_hash(self) -> str:
        raw = "\x1f".join([self.title, self.keywords, self.body, repr(self.links)])
        return hashlib.sha256(raw.encode()).hexdigest()


class CorpusError(ValueError):
    pass


def parse_article(path: Path, collection: str) -> Article:
    text = path.read_text(encoding="utf-8").replace("\r\n", "\n")
    match = _FRONT.match(text)
    if not match:
        raise CorpusError(f"{path.name}: missing the --- front matter block")
    meta: dict[str, str] = {}
    for line in match.group(1).splitlines():
        if line.strip():
            key, _, value = line.partition(":")
            meta[key.strip().lower()] = value.strip()
    if not meta.get("title"):
        raise CorpusError(f"{path.name}: no title")
    links = []
    for item in filter(None, (p.strip() for p in meta.get("links", "").split(","))):
        label, _, target = item.partition("=")
        if not target.startswith("/"):
            raise CorpusError(f"{path.name}: link {item!r} must be Label=/path")
        links.append({"label": label.strip(), "path": target.strip()})
    return Article(
        slug=f"{collection}/{path.stem}",
        collection=collection,
        title=meta["title"],
        keywords=meta.get("keywords", ""),
        body=match.group(2).strip(),
        links=links,
    )


@lru_cache
def load_corpus(root: Path = ARTICLES_DIR) -> tuple[Article, ...]:
    """Every article on disk, in a stable order."""
    articles = []
    for collection in COLLECTIONS:
        for path in sorted((root / collection).glob("*.md")):
            articles.append(parse_article(path, collection))
    return tuple(articles)


async def sync_articles() -> int:
    """Upsert the Markdown articles into help_articles and drop removed ones. Returns changes.

    Idempotent and cheap when nothing changed (rows whose content hash matches are left
    alone). Called lazily by the first assistant question in a process, and by
    `merit demo` / `merit dev`.
    """
    articles = load_corpus()
    rows: list[dict[str, Any]] = [
        {
            "slug": a.slug,
            "collection": a.collection,
            "title": a.title,
            "keywords": a.keywords,
            "body": a.body,
            "links": a.links,
            "content_hash": a.content_hash,
        }
        for a in articles
    ]
    async with public_session() as db:
        current = dict((await db.execute(select(HelpArticle.slug, HelpArticle.content_hash))).all())
        changed = [r for r in rows if current.get(r["slug"]) != r["content_hash"]]
        if changed:
            stmt = insert(HelpArticle).values(changed)
            await db.execute(
                stmt.on_conflict_do_update(
                    index_elements=[HelpArticle.slug],
                    set_={
                        k: stmt.excluded[k]
                        for k in ("collection", "title", "keywords", "body", "links")
                    }
                    | {"content_hash": stmt.excluded.content_hash},
                )
            )
        gone = set(current) - {r["slug"] for r in rows}
        if gone:
            await db.execute(delete(HelpArticle).where(HelpArticle.slug.in_(gone)))
    if changed or gone:
        log.info("help articles synced: %d changed, %d removed", len(changed), len(gone))
    return len(changed) + len(gone)


_synced = False
_lock = asyncio.Lock()


async def ensure_synced() -> None:
    """Sync once per process, on first use."""
    global _synced
    if _synced:
        return
    async with _lock:
        if not _synced:
            await sync_articles()
            _synced = True
