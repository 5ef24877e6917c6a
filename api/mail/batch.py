"""Mail written by the thousand: a job that mails many people at once (the notifications job)
writes its messages to the outbox in one statement per thousand, each under a key of its own,
and hands them to the worker fifty to a job.

A key already written is never written again, so a job that runs twice, or again after a crash
between writing its mail and recording that it did, sends each message once: the second run
finds the first run's rows and only hands on those still waiting for delivery.
"""

import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import String, any_, literal, select
from sqlalchemy.dialects.postgresql import ARRAY, insert

from api.core.config import get_settings
from api.core.db import public_session
from api.core.queue import pool_with_read_timeout, redis_settings
from api.mail.models import MailOutbox

log = logging.getLogger("merit.mail")

JOB = "deliver_mail_batch"
# Messages per delivery job: ten thousand messages are two hundred jobs, not ten thousand.
PER_JOB = 50
ROWS_PER_STATEMENT = 1000
WIPED = "[removed after delivery]"


@dataclass(frozen=True)
class Outgoing:
    to: str
    subject: str
    body: str
    # Unique in the outbox: the same key is never mailed twice.
    dedupe_key: str
    # Added to the message as it goes out (List-Unsubscribe); not kept in the outbox.
    headers: dict[str, str] = field(default_factory=dict)


Delivery = tuple[int, dict[str, str]]


def _row(message: Outgoing, status: str, keep_body: bool) -> dict[str, Any]:
    return {
        # Header values never carry line breaks (no header injection through a subject).
        "to_address": " ".join(message.to.split())[:255],
        "subject": " ".join(message.subject.split())[:300],
        "body_text": message.body if keep_body else WIPED,
        "status": status,
        "dedupe_key": message.dedupe_key,
    }


async def write_batch(messages: Sequence[Outgoing]) -> list[Delivery]:
    """The messages as outbox rows, in one transaction of the catalog; a key already in the
    outbox is skipped. Returns (outbox id, headers) of every message waiting for delivery:
    the new rows and those an earlier run wrote but never saw delivered. Without SMTP the rows
    are only recorded (their bodies kept in development and tests), and none waits."""
    if not messages:
        return []
    settings = get_settings()
    sending = bool(settings.smtp_host)
    status = "queued" if sending else "logged"
    keep_body = sending or settings.environment in ("development", "test")
    rows = [_row(message, status, keep_body) for message in messages]
    async with public_session() as db:
        statement = insert(MailOutbox).on_conflict_do_nothing(
            index_elements=[MailOutbox.dedupe_key]
        )
        for start in range(0, len(rows), ROWS_PER_STATEMENT):
            await db.execute(statement, rows[start : start + ROWS_PER_STATEMENT])
        if not sending:
            return []
        keys = [message.dedupe_key for message in messages]
        waiting = await db.execute(
            select(MailOutbox.id, MailOutbox.dedupe_key).where(
                MailOutbox.dedupe_key == any_(literal(keys, ARRAY(String))),
                MailOutbox.status == "queued",
            )
        )
        found = {outbox_id: str(key) for outbox_id, key in waiting.tuples()}
    headers = {message.dedupe_key: message.headers for message in messages}
    return sorted((outbox_id, headers[key]) for outbox_id, key in found.items())


def batches(deliveries: Sequence[Delivery]) -> list[list[Delivery]]:
    return [list(deliveries[i : i + PER_JOB]) for i in range(0, len(deliveries), PER_JOB)]


async def enqueue(deliveries: Sequence[Delivery], *, queue_name: str | None = None) -> int:
    """One delivery job per PER_JOB messages, each under an id naming its messages (the same
    messages handed on twice make one job while the first is queued or its result kept).
    Raises when the queue cannot be reached: the caller leaves its work to be done again.
    `queue_name`: another queue than the worker's (tests)."""
    if not deliveries:
        return 0
    queue = pool_with_read_timeout(redis_settings())
    try:
        queued = 0
        for chunk in batches(deliveries):
            job_id = f"mail-batch:{chunk[0][0]}-{chunk[-1][0]}:{len(chunk)}"
            job = await queue.enqueue_job(JOB, chunk, _job_id=job_id, _queue_name=queue_name)
            queued += job is not None
    finally:
        await queue.aclose()
    log.info("mail: %d messages handed to %d delivery jobs", len(deliveries), queued)
    return queued
