"""Sending e-mail: through SMTP from the worker when SMTP_HOST is set, otherwise the outbox
table and a log line, so development never needs a mail server.

Every message is first written to public.mail_outbox in its own transaction: what was sent (or
would have been) is on record whatever becomes of the caller's transaction, and the worker
job only carries the row's id. Bodies can hold secrets (reset links), so a body is wiped once
the message reaches a final state; only the development outbox keeps it, to be read there.
"""

import logging
from collections.abc import Mapping
from datetime import datetime
from email.message import EmailMessage
from email.utils import formatdate, make_msgid, parseaddr
from typing import Any

import aiosmtplib
from sqlalchemy.ext.asyncio import AsyncSession

from api.core.config import get_settings
from api.core.db import public_session, utcnow
from api.core.queue import QueueUnavailable, enqueue_after_commit, transaction_with_jobs
from api.mail.models import MailOutbox

log = logging.getLogger("merit.mail")

JOB = "deliver_mail"
MAX_TRIES = 5
SMTP_TIMEOUT = 20
WIPED = "[removed after delivery]"
_OWN_HEADERS = {"from", "to", "subject", "date", "message-id", "bcc", "cc"}


class MailError(Exception):
    """The SMTP server could not be reached or refused the message."""


def smtp_configured() -> bool:
    return bool(get_settings().smtp_host)


async def send_mail(*, to: str, subject: str, body: str, html: str | None = None) -> bool:
    """Send one message. True when it goes out through SMTP (queued for the worker, or sent
    at once if the worker's queue is unreachable); False when it was only recorded."""
    # Header values never carry line breaks (no header injection through a subject).
    to, subject = " ".join(to.split()), " ".join(subject.split())
    if not get_settings().smtp_host:
        await _record_unsent(to, subject, body, html)
        return False
    outbox_id: int | None = None
    try:
        # The job is sent once the row is committed: the worker always finds the message.
        async with transaction_with_jobs(public_session(), reach_queue_first=False) as db:
            outbox_id = await _add(db, to, subject, body, html, status="queued")
            enqueue_after_commit(db, JOB, outbox_id, _job_id=f"mail:{outbox_id}")
        return True
    except QueueUnavailable as exc:
        log.warning("mail #%s: worker queue unreachable (%s); sending now", outbox_id, exc)
    except Exception:  # a mail must never break the call that sends it
        log.exception("mail to %s could not be written to the outbox", to)
        return await _send_now(to, subject, body, html)
    assert outbox_id is not None  # the queue fails only after the commit (reach_queue_first)
    try:
        await deliver(outbox_id, final=True)
    except MailError:
        return False
    return True


async def _record_unsent(to: str, subject: str, body: str, html: str | None) -> None:
    """Without SMTP: the outbox row and a log line. The body is kept (and logged) only in
    development and tests, where reading it there replaces a mail server."""
    keep_body = get_settings().environment in ("development", "test")
    outbox_id = await _record(
        to, subject, body if keep_body else WIPED, html if keep_body else None, status="logged"
    )
    if keep_body:
        log.info(
            "mail #%s not sent (SMTP is not configured) to=%s subject=%r\n%s",
            outbox_id,
            to,
            subject,
            body,
        )
    else:
        log.warning("mail #%s to %s not sent: SMTP is not configured", outbox_id, to)


async def _add(
    db: AsyncSession, to: str, subject: str, text: str, html: str | None, *, status: str
) -> int:
    row = MailOutbox(
        to_address=to[:255], subject=subject[:300], body_text=text, body_html=html, status=status
    )
    db.add(row)
    await db.flush()
    return row.id


async def _record(to: str, subject: str, text: str, html: str | None, *, status: str) -> int | None:
    """The outbox row's id, in a transaction of its own; None (and a log line) if the outbox
    itself cannot be written."""
    try:
        async with public_session() as db:
            return await _add(db, to, subject, text, html, status=status)
    except Exception:  # a mail must never break the call that sends it
        log.exception("mail to %s could not be written to the outbox", to)
        return None


def sender_domain(sender: str) -> str:
    """The domain of the From address, which names our Message-IDs. 'localhost' when it has
    none: the library's own fallback looks up this machine's name, which can hang on DNS."""
    _, address = parseaddr(sender)
    domain = address.rpartition("@")[2].strip() if "@" in address else ""
    return domain or "localhost"


class WholeHeader(str):
    """A header written on one line as given. The library folds a long one (a URL in
    List-Unsubscribe) into encoded words, which a mail program does not read as a URL; a
    line of up to 998 characters is what SMTP allows."""

    name: str

    def __new__(cls, name: str, value: str) -> "WholeHeader":
        header = super().__new__(cls, value)
        header.name = name
        return header

    def fold(self, *, policy: Any) -> str:
        return f"{self.name}: {self}{policy.linesep}"


def build_message(
    to: str,
    subject: str,
    text: str,
    html: str | None,
    *,
    written: datetime | None = None,
    headers: Mapping[str, str] | None = None,
) -> EmailMessage:
    """The message as it goes out. Date is when it was written (the outbox row's time, so a
    retry keeps it), or now; every message gets its own Message-ID. `headers` adds others
    (List-Unsubscribe), never replacing those above; line breaks in their values are dropped."""
    sender = get_settings().smtp_from
    message = EmailMessage()
    message["From"] = sender
    message["To"] = to
    message["Subject"] = subject
    message["Date"] = formatdate(written.timestamp() if written else None, usegmt=True)
    message["Message-ID"] = make_msgid(domain=sender_domain(sender))
    for name, value in (headers or {}).items():
        if name.lower() not in _OWN_HEADERS:
            message[name] = WholeHeader(name, " ".join(value.split())[:900])
    message.set_content(text)
    if html:
        message.add_alternative(html, subtype="html")
    return message


async def _smtp_send(message: EmailMessage) -> None:
    settings = get_settings()
    try:
        await aiosmtplib.send(
            message,
            hostname=settings.smtp_host,
            port=settings.smtp_port,
            username=settings.smtp_user or None,
            password=settings.smtp_password or None,
            use_tls=settings.smtp_port == 465,
            timeout=SMTP_TIMEOUT,
        )
    except (aiosmtplib.SMTPException, OSError, TimeoutError) as exc:
        raise MailError(str(exc) or exc.__class__.__name__) from exc


async def _send_now(to: str, subject: str, text: str, html: str | None) -> bool:
    try:
        await _smtp_send(build_message(to, subject, text, html))
    except MailError as exc:
        log.error("mail to %s failed: %s", to, exc)
        return False
    return True


async def deliver(outbox_id: int, *, final: bool, headers: Mapping[str, str] | None = None) -> bool:
    """Send one outbox message through SMTP. Idempotent: a sent message is not sent again.

    Raises MailError when sending failed; `final` marks the row failed (no more retries)."""
    async with public_session() as db:
        row = await db.get(MailOutbox, outbox_id, with_for_update=True)
        if row is None or row.status in ("sent", "failed", "logged"):
            return row is not None and row.status == "sent"
        message = build_message(
            row.to_address,
            row.subject,
            row.body_text,
            row.body_html,
            written=row.created_at,
            headers=headers,
        )
        row.attempts += 1
        try:
            await _smtp_send(message)
        except MailError as exc:
            row.last_error = str(exc)[:1000]
            if final:
                row.status = "failed"
                row.body_text, row.body_html = WIPED, None
            log.warning("mail #%s attempt %s failed: %s", outbox_id, row.attempts, exc)
            # Commit the attempt before the caller decides about a retry.
            await db.commit()
            raise
        row.status = "sent"
        row.sent_at = utcnow()
        row.last_error = None
        row.body_text, row.body_html = WIPED, None
    return True
