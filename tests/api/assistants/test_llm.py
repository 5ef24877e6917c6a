"""The LLM path against a local fake OpenAI-compatible server, and its fallback to retrieval."""

from collections.abc import Iterator

import pytest

from api.core.config import get_settings
from tests.api.assistants.fake_llm import FakeLlm, running_fake_llm

AI = "/api/admin/ai-assistant"
REVIEW = "/api/review-assistant"


@pytest.fixture
def llm(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeLlm]:
    with running_fake_llm() as fake:
        monkeypatch.setenv("LLM_BASE_URL", fake.base_url)
        monkeypatch.setenv("LLM_API_KEY", "sk-test-key")
        monkeypatch.setenv("LLM_MODEL", "merit-test-model")
        monkeypatch.setenv("LLM_TIMEOUT_SECONDS", "1")
        get_settings.cache_clear()
        try:
            yield fake
        finally:
            monkeypatch.undo()
            get_settings.cache_clear()


async def test_the_model_answers_with_the_retrieved_passages_and_the_question(llm, login, org):
    c = await login(org, "admin")
    r = await c.post(AI, json={"message": "  How do I create a review template?  "})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["response"] == llm.answer
    assert body["generatedBy"] == "llm"
    assert body["sources"][0]["slug"] == "product/create-template"

    assert len(llm.requests) == 1
    sent = llm.requests[0]
    assert sent["authorization"] == "Bearer sk-test-key"
    assert sent["body"]["model"] == "merit-test-model"
    system, user = sent["body"]["messages"]
    assert system["role"] == "system" and "Merit" in system["content"]
    assert user["role"] == "user"
    assert user["content"].endswith("Question: How do I create a review template?")
    assert "[1] Creating a review template" in user["content"]
    assert "Screens: Templates (/templates)" in user["content"]
    assert "Create Template" in user["content"]  # the passages themselves, not just titles


async def test_the_review_assistant_uses_its_own_prompt_and_hr_passages(llm, login, org):
    c = await login(org, "manager")
    r = await c.post(REVIEW, json={"message": "What goes into a performance improvement plan?"})
    assert r.status_code == 200
    assert r.json()["generatedBy"] == "llm"
    system, user = llm.requests[0]["body"]["messages"]
    assert "HR advisor" in system["content"]
    assert "[1] Running a performance improvement plan (PIP)" in user["content"]


@pytest.mark.parametrize("mode", ["error", "garbage", "empty", "slow"])
async def test_a_model_failure_falls_back_to_the_retrieval_answer(llm, login, org, mode):
    llm.mode = mode
    c = await login(org, "admin")
    r = await c.post(AI, json={"message": "How do I create a review template?"})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["generatedBy"] == "search"
    assert body["response"].startswith("Creating a review template")
    assert "Templates (/templates)" in body["response"]
    assert len(llm.requests) == 1


async def test_an_unreachable_model_falls_back_too(monkeypatch, login, org):
    monkeypatch.setenv("LLM_BASE_URL", "http://127.0.0.1:9/v1")  # discard port: refused
    monkeypatch.setenv("LLM_MODEL", "nothing")
    get_settings.cache_clear()
    try:
        c = await login(org, "admin")
        r = await c.post(AI, json={"message": "How do backups work?"})
        assert r.status_code == 200
        assert r.json()["generatedBy"] == "search"
        assert r.json()["sources"][0]["slug"] == "product/backups"
    finally:
        monkeypatch.undo()
        get_settings.cache_clear()


async def test_without_llm_settings_no_model_is_called(login, org):
    assert not get_settings().llm_enabled
    c = await login(org, "admin")
    r = await c.post(AI, json={"message": "How do I create a review template?"})
    assert r.json()["generatedBy"] == "search"
