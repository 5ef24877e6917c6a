"""Answering assistant questions: full-text search over the help corpus, then (optionally) an LLM.

Without an LLM the answer is the best passages of the best article plus links to the screens
it names. With LLM_BASE_URL / LLM_MODEL set, the same passages go to an OpenAI-compatible
chat endpoint with the question; any model failure falls back to the retrieval answer.
"""

import logging
import re
from dataclasses import dataclass, field
from typing import Any, Literal

import httpx
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

from api.assistants.corpus import ensure_synced
from api.core.config import Settings, get_settings
from api.core.errors import TooManyRequests
from api.core.rate_limit import RateLimiter, shared_store_url

log = logging.getLogger("merit.assistants")

Kind = Literal["admin", "review"]
COLLECTION: dict[str, str] = {"admin": "product", "review": "hr"}
MAX_QUESTION = 2000
TOP_ARTICLES = 3
PASSAGES_PER_ANSWER = 3
MAX_PASSAGE_CHARS = 900
# ts_rank weights for D, C, B, A: body (C) 0.3, keywords (B) 0.8, title (A) 1.0. Keywords sit
# close to the title because they are written as the questions an article answers.
RANK_WEIGHTS = [0.1, 0.3, 0.8, 1.0]

# The question's stemmed words (stop words dropped) are scored one by one: each matching word
# adds ts_rank (title > keywords > body) times its BM25 inverse document frequency in this
# collection, so a rare, telling word ("forgot", "crying") outweighs a common one ("review").
SEARCH_SQL = text(
    r"""
    WITH docs AS (
        SELECT slug, title, body, links, search
        FROM public.help_articles WHERE collection = :collection
    ), words AS (
        SELECT DISTINCT
            ('''' || replace(replace(lexeme, '\', '\\'), '''', '''''') || '''')::tsquery AS query
        FROM unnest(tsvector_to_array(to_tsvector('english'::regconfig, :question))) AS lexeme
    ), terms AS (
        SELECT w.query,
               ln(1.0 + ((SELECT count(*) FROM docs) - count(d.slug) + 0.5)::float8
                        / (count(d.slug) + 0.5)::float8) AS idf
        FROM words w LEFT JOIN docs d ON d.search @@ w.query
        GROUP BY w.query
    ), ranked AS (
        SELECT d.slug, d.title, d.body, d.links,
               sum(
                   t.idf * ts_rank(CAST(:weights AS float4[]), d.search, t.query, 1)::float8
               ) AS rank
        FROM docs d JOIN terms t ON d.search @@ t.query
        GROUP BY d.slug, d.title, d.body, d.links
    )
    SELECT r.slug, r.title, r.body, r.links, r.rank,
           (SELECT json_agg(json_build_object('q', t.query::text, 'idf', t.idf))::text
            FROM terms t) AS terms
    FROM ranked r
    ORDER BY r.rank DESC, r.slug
    LIMIT :limit
    """
)

PASSAGE_SQL = text(
    """
    SELECT p.ord,
           sum(t.idf * ts_rank(to_tsvector('english'::regconfig, p.passage), t.q::tsquery))
    FROM unnest(CAST(:passages AS text[])) WITH ORDINALITY AS p(passage, ord),
         json_to_recordset(CAST(:terms AS json)) AS t(q text, idf float8)
    GROUP BY p.ord
    """
)

# Words people use that the articles phrase differently (added to the question, never replacing).
SYNONYMS: dict[str, str] = {
    "staff": "employee",
    "worker": "employee",
    "colleague": "employee",
    "hire": "employee",
    "appraisal": "review",
    "evaluation": "review",
    "pip": "performance improvement plan",
    "kudos": "recognition",
    "praise": "recognition",
    "licence": "certification",
    "license": "certification",
    "cert": "certification",
    "certs": "certification",
    "questionnaire": "template",
    "spreadsheet": "csv bulk upload",
    "import": "bulk upload",
    "login": "sign in",
    "log in": "sign in",
    "signin": "sign in",
    "logo": "logo organization settings",
    "okr": "goal objective",
    "okrs": "goal objective",
}


@dataclass
class Hit:
    slug: str
    title: str
    body: str
    links: list[dict[str, str]]
    rank: float


@dataclass
class Answer:
    response: str
    sources: list[Hit] = field(default_factory=list)
    generated_by: Literal["search", "llm"] = "search"


def expand(question: str) -> str:
    lowered = question.lower()
    extra = [
        target for word, target in SYNONYMS.items() if re.search(rf"\b{re.escape(word)}\b", lowered)
    ]
    return question if not extra else f"{question} {' '.join(extra)}"


async def search(db: AsyncSession, *, kind: Kind, question: str) -> tuple[list[Hit], str | None]:
    """The best articles of this assistant's collection, and the weighted terms (JSON)."""
    rows = (
        await db.execute(
            SEARCH_SQL,
            {
                "question": expand(question),
                "collection": COLLECTION[kind],
                "limit": TOP_ARTICLES,
                "weights": RANK_WEIGHTS,
            },
        )
    ).all()
    hits = [
        Hit(slug=r.slug, title=r.title, body=r.body, links=list(r.links or []), rank=r.rank)
        for r in rows
    ]
    return hits, (rows[0].terms if rows else None)


def split_passages(body: str) -> list[str]:
    """Sections under ## headings; an article without headings splits by paragraph."""
    if re.search(r"^## ", body, re.MULTILINE):
        parts = re.split(r"(?m)^(?=## )", body)
    else:
        parts = re.split(r"\n\s*\n", body)
    return [p.strip() for p in parts if p.strip()]


def plain(passage: str) -> str:
    """Markdown headings and emphasis to plain text (the dialog shows text as written)."""
    out = re.sub(r"(?m)^#{1,6}\s*(.+)$", r"\1:", passage)
    out = re.sub(r"\*\*(.+?)\*\*", r"\1", out)
    out = re.sub(r"`([^`]+)`", r"\1", out)
    if len(out) > MAX_PASSAGE_CHARS:
        cut = out[:MAX_PASSAGE_CHARS]
        out = cut[: cut.rfind(" ")].rstrip(",;:") + " ..."
    return out


async def best_passages(db: AsyncSession, *, hit: Hit, terms: str | None) -> list[str]:
    """The article's lead paragraph plus the sections that best match the question."""
    passages = split_passages(hit.body)
    if len(passages) <= PASSAGES_PER_ANSWER or not terms:
        return passages[:PASSAGES_PER_ANSWER]
    result = await db.execute(PASSAGE_SQL, {"passages": passages, "terms": terms})
    ranks: dict[int, float] = {int(row[0]): float(row[1] or 0) for row in result}
    # Ordinals are 1-based. The lead frames the answer; then the sections that match the
    # question best; any slot left goes to the earliest sections, where articles put the core.
    chosen = [1]
    by_match = sorted((o for o in ranks if ranks[o] > 0), key=lambda o: -ranks[o])
    for ordinal in [*by_match, *range(2, len(passages) + 1)]:
        if len(chosen) >= PASSAGES_PER_ANSWER:
            break
        if ordinal not in chosen:
            chosen.append(ordinal)
    return [passages[o - 1] for o in sorted(chosen)]


NO_MATCH = {
    "admin": (
        "I couldn't find a Merit help article about that. Try asking with the name of a "
        "screen or a task, for example 'How do I add an employee?', 'How do I create a "
        "review template?' or 'How do backups work?'."
    ),
    "review": (
        "I couldn't find HR guidance on that. Try asking about writing a review, giving "
        "feedback, setting goals, improvement plans, recognition or redirection notes, for "
        "example 'How do I write constructive feedback?'."
    ),
}


def compose(kind: Kind, hits: list[Hit], passages: list[str]) -> str:
    """The retrieval answer: title, best passages, the screens to open, related articles."""
    if not hits:
        return NO_MATCH[kind]
    top = hits[0]
    parts = [top.title, *(plain(p) for p in passages)]
    if top.links:
        parts.append("Open: " + " · ".join(f"{x['label']} ({x['path']})" for x in top.links))
    related = [h.title for h in hits[1:]]
    if related:
        parts.append("Related: " + "; ".join(related))
    return "\n\n".join(parts)


SYSTEM_PROMPTS = {
    "admin": (
        "You are the help assistant of Merit, an employee performance and HR web app. "
        "Answer how to use Merit's features using only the help passages provided. "
        "Name the screen to open and its path (for example Templates (/templates)). "
        "If the passages do not cover the question, say so briefly. Be concise and practical."
    ),
    "review": (
        "You are an experienced HR advisor inside Merit, an employee performance app. "
        "Give practical guidance on writing reviews, feedback, goals, improvement plans, "
        "recognition and redirection notes, grounded in the guidance passages provided. "
        "Be specific, fair and concise; suggest example wording where it helps."
    ),
}


async def ask_llm(
    settings: Settings, *, kind: Kind, question: str, hits: list[Hit], passages: list[str]
) -> str | None:
    """The model's answer, or None on any failure (the caller falls back to retrieval)."""
    context_parts = []
    for n, hit in enumerate(hits, start=1):
        body = "\n\n".join(passages) if n == 1 else split_passages(hit.body)[0]
        screens = ", ".join(f"{x['label']} ({x['path']})" for x in hit.links)
        context_parts.append(
            f"[{n}] {hit.title}" + (f"\nScreens: {screens}" if screens else "") + f"\n{body}"
        )
    context = "\n\n".join(context_parts) or "(no matching passages)"
    payload: dict[str, Any] = {
        "model": settings.llm_model,
        "messages": [
            {"role": "system", "content": SYSTEM_PROMPTS[kind]},
            {
                "role": "user",
                "content": f"Help passages:\n\n{context}\n\nQuestion: {question}",
            },
        ],
        "temperature": 0.2,
    }
    headers = {"accept": "application/json"}
    if settings.llm_api_key:
        headers["authorization"] = f"Bearer {settings.llm_api_key}"
    url = f"{(settings.llm_base_url or '').rstrip('/')}/chat/completions"
    try:
        async with httpx.AsyncClient(timeout=settings.llm_timeout_seconds) as client:
            reply = await client.post(url, json=payload, headers=headers)
        reply.raise_for_status()
        content = reply.json()["choices"][0]["message"]["content"]
    except (httpx.HTTPError, ValueError, KeyError, IndexError, TypeError) as exc:
        log.warning(
            "LLM call failed (%s), answering from the help articles: %s", type(exc).__name__, exc
        )
        return None
    if not isinstance(content, str) or not content.strip():
        log.warning("LLM returned an empty answer, answering from the help articles")
        return None
    return content.strip()


async def answer(db: AsyncSession, *, settings: Settings, kind: Kind, question: str) -> Answer:
    """Retrieve, compose, and let the model phrase it when one is configured."""
    await ensure_synced()
    hits, terms = await search(db, kind=kind, question=question)
    passages = await best_passages(db, hit=hits[0], terms=terms) if hits else []
    if settings.llm_enabled:
        generated = await ask_llm(
            settings, kind=kind, question=question, hits=hits, passages=passages
        )
        if generated is not None:
            return Answer(response=generated, sources=hits, generated_by="llm")
    return Answer(response=compose(kind, hits, passages), sources=hits)


# At most this many questions per person in any minute, counted by every server process
# together when MERIT_RATE_LIMIT_STORAGE=redis (api.core.rate_limit: fail open to counting in
# this process while Redis is unreachable), else per process.
QUESTIONS_PER_MINUTE = 20
limiter: RateLimiter | None = None  # made on first use from the settings


def question_limiter() -> RateLimiter:
    global limiter
    if limiter is None:
        limiter = RateLimiter(
            f"{QUESTIONS_PER_MINUTE}/minute", redis_url=shared_store_url(get_settings())
        )
    return limiter


async def check_rate(key: str) -> None:
    allowed, wait = await question_limiter().hit("assistant", key)
    if not allowed:
        seconds = max(1, int(wait) + 1)
        raise TooManyRequests(
            f"You're asking questions too quickly. Please wait {seconds} seconds and try again."
        )
