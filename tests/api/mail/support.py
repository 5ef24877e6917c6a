"""Shared by the mail and recovery tests: the outbox, and a real local SMTP server (aiosmtpd)
to prove delivery."""

import os
from collections.abc import Iterator
from contextlib import contextmanager
from email import message_from_bytes
from email.message import Message
from typing import Any

from sqlalchemy import select

from api.core.config import get_settings
from api.core.db import public_session
from api.mail.models import MailOutbox
from tests.ports import listening_socket, port_of, refused_port, smtp_controller


async def outbox_for(address: str) -> list[MailOutbox]:
    async with public_session() as db:
        rows = await db.execute(
            select(MailOutbox).where(MailOutbox.to_address == address).order_by(MailOutbox.id)
        )
        return list(rows.scalars())


class Inbox:
    """What the local SMTP server received."""

    def __init__(self) -> None:
        self.messages: list[Message] = []
        self.envelopes: list[Any] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802
        self.envelopes.append(envelope)
        self.messages.append(message_from_bytes(envelope.content))
        return "250 Message accepted for delivery"


@contextmanager
def unreachable_port() -> Iterator[int]:
    """A local port where nothing answers, held for the duration so no other process takes it."""
    sock = refused_port()
    try:
        yield port_of(sock)
    finally:
        sock.close()


@contextmanager
def env(**values: str | None) -> Iterator[None]:
    """Set (or unset, with None) environment settings for the duration, then restore."""
    saved = {k: os.environ.get(k) for k in values}
    try:
        for key, value in values.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        get_settings.cache_clear()
        yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        get_settings.cache_clear()


@contextmanager
def smtp_server() -> Iterator[Inbox]:
    """A real SMTP server on a free local port, with SMTP_HOST/SMTP_PORT pointing at it."""
    inbox = Inbox()
    sock = listening_socket()
    controller = smtp_controller(inbox, sock)
    controller.start()
    try:
        with env(SMTP_HOST="127.0.0.1", SMTP_PORT=str(port_of(sock))):
            yield inbox
    finally:
        controller.stop()
        sock.close()


def body_of(message: Message) -> str:
    """The text/plain part of a message."""
    for part in message.walk():
        if part.get_content_type() == "text/plain":
            payload = part.get_payload(decode=True)
            assert isinstance(payload, bytes)
            return payload.decode()
    raise AssertionError("no text part")
