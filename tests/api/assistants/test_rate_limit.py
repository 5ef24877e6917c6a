"""The assistants' question limit is counted by every server process together (Redis, the store
the sign-in limit uses) and fails open to counting in this process when Redis is down. Each
RateLimiter instance stands for one server process: its in-process counts are its own."""

import asyncio
import logging
import time
import uuid

import pytest

from api.assistants import service
from api.core.config import get_settings
from api.core.rate_limit import RateLimiter, shared_store_url

AI = "/api/admin/ai-assistant"
REVIEW = "/api/review-assistant"
DEAD_REDIS = "unix:///nonexistent/merit-test-redis.sock"
QUESTION = {"message": "How do I add an employee?"}


@pytest.fixture
def shared_redis(monkeypatch) -> str:
    """MERIT_RATE_LIMIT_STORAGE=redis on the test run's (real, embedded) Redis."""
    settings = get_settings()
    assert settings.redis_url
    monkeypatch.setattr(settings, "rate_limit_storage", "redis")
    return settings.redis_url


def new_process() -> None:
    """What another server process has: a question limiter of its own (empty local counts)."""
    service.limiter = None


async def test_two_limiters_sharing_redis_count_together(shared_redis):
    key = uuid.uuid4().hex
    a = RateLimiter("3/minute", redis_url=shared_redis)
    b = RateLimiter("3/minute", redis_url=shared_redis)
    for limiter in (a, b, a):
        assert (await limiter.hit("assistant", key))[0] is True
    allowed, wait = await b.hit("assistant", key)
    assert allowed is False and 1 <= wait <= 60
    assert (await a.hit("assistant", key))[0] is False
    assert (await a.hit("assistant", uuid.uuid4().hex))[0] is True  # other keys are free
    # Without the shared store each process counts alone: the same hits all pass.
    c, d = RateLimiter("3/minute"), RateLimiter("3/minute")
    assert [(await lim.hit("k", key))[0] for lim in (c, d, c, d, c, d)] == [True] * 6


async def test_a_moving_window_frees_slots_as_time_passes(shared_redis):
    key = uuid.uuid4().hex
    limiter = RateLimiter("2/second", redis_url=shared_redis)
    assert [(await limiter.hit(key))[0] for _ in range(3)] == [True, True, False]
    await asyncio.sleep(1.1)
    assert (await limiter.hit(key))[0] is True


async def test_the_question_limit_holds_across_server_processes(shared_redis, login, org):
    c = await login(org, "manager")
    half = service.QUESTIONS_PER_MINUTE // 2
    for _ in range(half):  # "process 1"
        assert (await c.post(REVIEW, json={"message": "SMART goals"})).status_code == 200
    new_process()
    for _ in range(service.QUESTIONS_PER_MINUTE - half):  # "process 2"
        assert (await c.post(AI, json=QUESTION)).status_code == 200
    new_process()
    r = await c.post(AI, json=QUESTION)  # "process 3": the 21st question of the minute
    assert r.status_code == 429
    assert r.json()["message"].startswith("You're asking questions too quickly. Please wait")
    # The limiter is the shared one the settings ask for.
    assert service.question_limiter().redis_url == shared_store_url(get_settings())
    # Someone else is not affected.
    other = await login(org, "admin")
    assert (await other.post(AI, json=QUESTION)).status_code == 200


async def test_per_process_counting_without_the_shared_store(login, org):
    """The default (MERIT_RATE_LIMIT_STORAGE=memory): each process counts on its own."""
    assert shared_store_url(get_settings()) is None
    c = await login(org, "manager")
    for _ in range(service.QUESTIONS_PER_MINUTE):
        assert (await c.post(AI, json=QUESTION)).status_code == 200
    assert (await c.post(AI, json=QUESTION)).status_code == 429
    new_process()
    assert (await c.post(AI, json=QUESTION)).status_code == 200


async def test_with_redis_down_the_assistant_still_answers_and_still_limits(
    monkeypatch, login, org, caplog
):
    settings = get_settings()
    monkeypatch.setattr(settings, "rate_limit_storage", "redis")
    monkeypatch.setattr(settings, "redis_url", DEAD_REDIS)
    caplog.set_level(logging.WARNING, logger="merit.http")
    c = await login(org, "admin")
    started = time.perf_counter()
    r = await c.post(AI, json=QUESTION)
    assert r.status_code == 200, r.text
    assert r.json()["response"] and r.json()["sources"]
    assert time.perf_counter() - started < 5
    assert any("rate limit store unreachable" in m for m in caplog.messages)
    # This process goes on counting alone: the limit still holds (fail open, not off).
    for _ in range(service.QUESTIONS_PER_MINUTE - 1):
        assert (await c.post(AI, json=QUESTION)).status_code == 200
    r = await c.post(AI, json=QUESTION)
    assert r.status_code == 429
    assert r.json()["message"].startswith("You're asking questions too quickly. Please wait")
