"""api.mail.send_mail: SMTP from the worker when SMTP_HOST is set, else the outbox and a log."""

import logging
import re
import uuid
from datetime import UTC, datetime, timedelta
from email.utils import parsedate_to_datetime

import pytest
from arq import Retry
from arq.constants import default_queue_name, job_key_prefix
from arq.jobs import Job, JobStatus

from api.core.queue import get_queue
from api.mail import send_mail
from api.mail import service as mail
from api.mail.jobs import deliver_mail
from tests.api.mail.support import body_of, env, outbox_for, smtp_server, unreachable_port


def address() -> str:
    return f"person-{uuid.uuid4().hex[:8]}@example.com"


async def test_without_smtp_the_message_goes_to_the_outbox_and_the_log(caplog):
    to = address()
    with env(SMTP_HOST=None), caplog.at_level(logging.INFO, logger="merit.mail"):
        sent = await send_mail(to=to, subject="Hello", body="Line one\nhttp://x/link")
    assert sent is False
    [row] = await outbox_for(to)
    assert row.status == "logged"
    assert row.subject == "Hello"
    assert row.body_text == "Line one\nhttp://x/link"
    assert any(to in r.getMessage() and "http://x/link" in r.getMessage() for r in caplog.records)


async def test_outside_development_the_outbox_keeps_no_body(caplog):
    to = address()
    with (
        env(SMTP_HOST=None, MERIT_ENV="staging", MERIT_SECRET_KEY="s" * 40),
        caplog.at_level(logging.INFO, logger="merit.mail"),
    ):
        await send_mail(to=to, subject="Reset", body="secret-token-123")
    [row] = await outbox_for(to)
    assert row.status == "logged"
    assert "secret-token-123" not in row.body_text
    assert not any("secret-token-123" in r.getMessage() for r in caplog.records)


async def test_with_smtp_the_worker_delivers_through_a_real_server():
    to = address()
    with smtp_server() as inbox:
        sent = await send_mail(
            to=to, subject="Welcome\r\nBcc: evil@example.com", body="Plain body", html="<b>Hi</b>"
        )
        assert sent is True
        [row] = await outbox_for(to)
        assert row.status == "queued"
        # The job is in the worker's queue under a deterministic id...
        queue = await get_queue()
        try:
            job = Job(f"mail:{row.id}", queue)
            assert await job.status() == JobStatus.queued
            # Taken off the queue here, so no worker of the test session runs it later.
            await queue.delete(job_key_prefix + job.job_id)
            await queue.zrem(default_queue_name, job.job_id)
        finally:
            await queue.aclose()
        # ...and the worker's function delivers it.
        assert await deliver_mail({"job_try": 1}, row.id) == "sent"
        assert len(inbox.messages) == 1
        message = inbox.messages[0]
        assert message["To"] == to
        assert message["Subject"] == "Welcome Bcc: evil@example.com"
        assert message["Bcc"] is None
        assert body_of(message).strip() == "Plain body"
        assert inbox.envelopes[0].rcpt_tos == [to]
        # Delivered once: running the job again sends nothing more.
        assert await deliver_mail({"job_try": 2}, row.id) == "sent"
        assert len(inbox.messages) == 1
    [row] = await outbox_for(to)
    assert row.status == "sent" and row.sent_at is not None and row.attempts == 1
    assert "Plain body" not in row.body_text  # a body can hold a reset link: wiped once sent


async def test_an_unreachable_mail_server_is_retried_then_marked_failed():
    to = address()
    with unreachable_port() as port, env(SMTP_HOST="127.0.0.1", SMTP_PORT=str(port)):
        outbox_id = await mail._record(to, "Hi", "Body", None, status="queued")
        assert outbox_id is not None
        with pytest.raises(Retry):
            await deliver_mail({"job_try": 1}, outbox_id)
        [row] = await outbox_for(to)
        assert row.status == "queued" and row.attempts == 1 and row.last_error
        assert await deliver_mail({"job_try": mail.MAX_TRIES}, outbox_id) == "failed"
    [row] = await outbox_for(to)
    assert row.status == "failed" and row.attempts == 2


async def test_without_the_worker_queue_the_message_is_sent_at_once():
    to = address()
    with smtp_server() as inbox, env(REDIS_URL="unix:///nonexistent/merit-redis.sock"):
        assert await send_mail(to=to, subject="Now", body="Straight away") is True
        assert [m["To"] for m in inbox.messages] == [to]
    [row] = await outbox_for(to)
    assert row.status == "sent"


async def test_every_message_has_a_date_and_its_own_message_id_in_the_sending_domain():
    to = address()
    with smtp_server() as inbox, env(SMTP_FROM="Acme HR <people@hr.acme.example>"):
        # Two messages from the outbox, as the worker delivers them, and one sent at once.
        for subject in ("First", "Second"):
            outbox_id = await mail._record(to, subject, "Body", None, status="queued")
            assert outbox_id is not None
            assert await deliver_mail({"job_try": 1}, outbox_id) == "sent"
        assert await mail._send_now(to, "Third", "Body", None) is True
    assert [m["Subject"] for m in inbox.messages] == ["First", "Second", "Third"]
    now = datetime.now(UTC)
    ids = set()
    for message in inbox.messages:
        sent = parsedate_to_datetime(message["Date"])
        assert sent.tzinfo is not None
        assert now - timedelta(minutes=5) < sent <= now + timedelta(seconds=1)
        found = re.fullmatch(r"<[^<>@\s]+@([^<>@\s]+)>", message["Message-ID"])
        assert found, message["Message-ID"]
        assert found.group(1) == "hr.acme.example"
        ids.add(message["Message-ID"])
    assert len(ids) == 3


@pytest.mark.parametrize(
    "sender,domain",
    [
        ("Merit <no-reply@merit.local>", "merit.local"),
        ("alerts@example.org", "example.org"),
        ("Merit", "localhost"),
        ("", "localhost"),
    ],
)
def test_message_ids_are_named_after_the_sender_domain(sender, domain):
    assert mail.sender_domain(sender) == domain


def test_the_worker_delivers_mail():
    from api.worker import WorkerSettings

    names = {
        getattr(f, "name", None) or getattr(f, "__name__", None) for f in WorkerSettings.functions
    }
    assert mail.JOB in names
