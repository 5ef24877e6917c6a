"""The two assistants over HTTP: who may ask, what they answer, bad input and rate limits."""

import time
import uuid

import httpx
import pytest

from api.assistants import service
from api.assistants.corpus import (
    COLLECTIONS,
    CorpusError,
    load_corpus,
    parse_article,
    sync_articles,
)
from api.auth import sessions
from api.core.db import public_session
from api.platform.admins import upsert_admin
from tests.conftest import BASE

AI = "/api/admin/ai-assistant"
REVIEW = "/api/review-assistant"
SCREENS = {
    "/",
    "/employees",
    "/reviews",
    "/reminders",
    "/templates",
    "/certifications",
    "/analytics",
    "/admin",
    "/backup",
    "/super-admin",
    "/forgot-password",
}


async def test_admin_assistant_answers_every_signed_in_role_with_article_and_screen_links(
    login, org
):
    for role in ("admin", "hr", "manager", "user"):
        c = await login(org, role)
        r = await c.post(AI, json={"message": "How do I create a review template?"})
        assert r.status_code == 200, r.text
        body = r.json()
        assert body["response"].startswith("Creating a review template")
        assert "Create Template" in body["response"]
        assert "Templates (/templates)" in body["response"]
        assert body["sources"][0] == {
            "slug": "product/create-template",
            "title": "Creating a review template",
        }
        assert body["generatedBy"] == "search"


async def test_review_assistant_gives_hr_guidance_to_admin_hr_and_manager(login, org):
    for role in ("admin", "hr", "manager"):
        c = await login(org, role)
        r = await c.post(REVIEW, json={"message": "How do I give constructive feedback?"})
        assert r.status_code == 200, r.text
        body = r.json()
        assert body["sources"][0]["slug"] == "hr/constructive-feedback"
        assert "Situation, Behaviour, Impact" in body["response"]


async def test_review_assistant_is_refused_to_plain_users(login, org):
    c = await login(org, "user")
    r = await c.post(REVIEW, json={"message": "How do I write a review?"})
    assert r.status_code == 403
    assert r.json() == {"message": "You don't have permission to do this"}


async def test_both_assistants_need_a_sign_in(client):
    for path in (AI, REVIEW):
        r = await client.post(path, json={"message": "How do I add an employee?"})
        assert r.status_code == 401
        assert r.json()["message"]


async def test_a_pending_password_change_blocks_the_assistants(login, org):
    c = await login(org, "admin", force=True)
    r = await c.post(AI, json={"message": "How do I add an employee?"})
    assert r.status_code == 403
    assert "Password change required" in r.json()["message"]


async def test_a_platform_admin_can_ask_the_admin_assistant_but_not_the_review_one(app):
    email = f"pa-{uuid.uuid4().hex[:8]}@example.com"
    await upsert_admin(email=email, password=None)
    async with public_session() as db:
        row = await sessions.create(db, {"platform": True, "email": email, "method": "local"})
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url=BASE) as c:
        c.cookies.set(sessions.PLATFORM_COOKIE, row.sid)
        r = await c.post(AI, json={"message": "How do I create an organization?"})
        assert r.status_code == 200, r.text
        assert r.json()["sources"][0]["slug"] == "product/super-admin"
        r = await c.post(REVIEW, json={"message": "How do I write a review?"})
        assert r.status_code == 401


async def test_a_platform_session_of_a_non_admin_gets_403_from_the_help_assistant(app):
    async with public_session() as db:
        row = await sessions.create(
            db, {"platform": True, "email": "nobody@outside.test", "method": "oidc"}
        )
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url=BASE) as c:
        c.cookies.set(sessions.PLATFORM_COOKIE, row.sid)
        r = await c.post(AI, json={"message": "How do I add an employee?"})
        assert r.status_code == 403


@pytest.mark.parametrize("message", ["", "   ", "\n\t ", None])
async def test_blank_questions_are_refused(login, org, message):
    c = await login(org, "admin")
    for path in (AI, REVIEW):
        r = await c.post(path, json={"message": message})
        assert r.status_code == 400
        assert r.json()["message"] == "Please enter a question"


async def test_a_missing_message_is_a_blank_question(login, org):
    c = await login(org, "admin")
    r = await c.post(AI, json={})
    assert r.status_code == 400
    assert r.json()["message"] == "Please enter a question"


async def test_questions_are_trimmed_and_limited_to_2000_characters(login, org):
    c = await login(org, "admin")
    padded = "   " + "How do I add an employee? " * 1 + " " * 3000
    r = await c.post(AI, json={"message": padded})
    assert r.status_code == 200  # trimmed before the length check
    exactly = ("add employee " * 200)[:2000]
    r = await c.post(AI, json={"message": exactly})
    assert r.status_code == 200
    r = await c.post(AI, json={"message": exactly + "x"})
    assert r.status_code == 400
    assert r.json()["message"] == "Please keep your question under 2,000 characters"


async def test_a_100_kb_question_is_refused_quickly_with_a_clear_message(login, org):
    c = await login(org, "manager")
    huge = "Why? " * 20_480  # 100 KB
    for path in (AI, REVIEW):
        started = time.perf_counter()
        r = await c.post(path, json={"message": huge})
        assert r.status_code == 400
        assert r.json()["message"] == "Please keep your question under 2,000 characters"
        assert time.perf_counter() - started < 2


async def test_non_text_and_malformed_bodies_answer_400(login, org):
    c = await login(org, "admin")
    r = await c.post(AI, json={"message": 42})
    assert r.status_code == 400
    r = await c.post(AI, json={"message": ["a", "b"]})
    assert r.status_code == 400
    r = await c.post(AI, content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 400


FALLBACK = "I couldn't find a Merit help article about that."


# Each question with the article it finds first, or None for the fallback answer.
@pytest.mark.parametrize(
    ("question", "first_source"),
    [
        ("what's 'a' & b | !c :* \\ \" <-> (x", "product/bulk-upload"),
        ("O'Reilly's \\\\ backslash \\' quote", "product/bulk-upload"),
        ("null\x00byte in the question", "product/edit-template"),
        ("émojis 🙂 and ünïcödé, 日本語の質問", None),
        ("!!!???", None),
        ("a", None),
    ],
)
async def test_odd_characters_never_break_the_search(login, org, question, first_source):
    c = await login(org, "admin")
    r = await c.post(AI, json={"message": question})
    assert r.status_code == 200, r.text
    sources = [s["slug"] for s in r.json()["sources"]]
    if first_source is None:
        assert sources == []
        assert r.json()["response"].startswith(FALLBACK)
    else:
        assert sources[0] == first_source
        assert not r.json()["response"].startswith(FALLBACK)


async def test_a_question_nothing_matches_gets_a_helpful_fallback(login, org):
    c = await login(org, "admin")
    r = await c.post(AI, json={"message": "zxqv plorf wibble"})
    assert r.status_code == 200
    assert r.json()["response"].startswith("I couldn't find a Merit help article about that.")
    assert r.json()["sources"] == []
    c = await login(org, "manager")
    r = await c.post(REVIEW, json={"message": "how do I?"})  # stop words only
    assert r.status_code == 200
    assert r.json()["response"].startswith("I couldn't find HR guidance on that.")


async def test_each_assistant_searches_only_its_own_collection(login, org):
    c = await login(org, "admin")
    r = await c.post(AI, json={"message": "How do I write a redirection note?"})
    assert all(s["slug"].startswith("product/") for s in r.json()["sources"])
    r = await c.post(REVIEW, json={"message": "How do I write a redirection note?"})
    assert all(s["slug"].startswith("hr/") for s in r.json()["sources"])
    assert r.json()["sources"][0]["slug"] == "hr/redirection-notes"


async def test_questions_are_rate_limited_per_user(login, org, other_org):
    c = await login(org, "manager")
    for _ in range(service.QUESTIONS_PER_MINUTE):
        r = await c.post(REVIEW, json={"message": "How do I set SMART goals?"})
        assert r.status_code == 200
    r = await c.post(AI, json={"message": "How do I add an employee?"})
    assert r.status_code == 429
    assert r.json()["message"].startswith("You're asking questions too quickly. Please wait")
    # Someone else, in this or another organisation, is not affected.
    other = await login(org, "admin")
    assert (await other.post(AI, json={"message": "How do backups work?"})).status_code == 200
    third = await login(other_org, "manager")
    assert (await third.post(REVIEW, json={"message": "SMART goals"})).status_code == 200


async def test_blank_questions_do_not_use_up_the_rate_limit(login, org):
    c = await login(org, "admin")
    for _ in range(service.QUESTIONS_PER_MINUTE + 5):
        assert (await c.post(AI, json={"message": " "})).status_code == 400
    assert (await c.post(AI, json={"message": "How do I add an employee?"})).status_code == 200


def test_the_corpus_has_enough_real_articles_and_every_link_is_a_screen():
    articles = load_corpus()
    counts = {c: sum(a.collection == c for a in articles) for c in COLLECTIONS}
    assert counts["product"] >= 30
    assert counts["hr"] >= 20
    assert len({a.slug for a in articles}) == len(articles)
    for article in articles:
        assert len(article.body.split()) >= 60, article.slug
        assert article.keywords, article.slug
        for link in article.links:
            assert link["path"] in SCREENS, (article.slug, link)


def test_a_malformed_article_is_reported_by_name(tmp_path):
    bad = tmp_path / "broken.md"
    bad.write_text("no front matter here")
    with pytest.raises(CorpusError, match="broken.md"):
        parse_article(bad, "product")
    bad.write_text("---\ntitle: X\nlinks: Somewhere\n---\nBody")
    with pytest.raises(CorpusError, match="Label=/path"):
        parse_article(bad, "product")


async def test_sync_is_idempotent():
    await sync_articles()
    assert await sync_articles() == 0


@pytest.mark.parametrize(
    ("raw", "status"),
    [
        ('{"message": "\\ud800 How do I create a review template? \\udfff"}', 200),
        ('{"message": "How do I create a\\u0000 review template?"}', 200),
        ('{"message": "\\ud800\\u0000 "}', 400),
    ],
)
async def test_nul_and_lone_surrogates_are_dropped_never_a_500(login, org, raw, status):
    c = await login(org, "admin")
    for path in (AI, REVIEW):
        r = await c.post(path, content=raw, headers={"content-type": "application/json"})
        assert r.status_code == status, r.text
        if status == 400:
            assert r.json()["message"] == "Please enter a question"
