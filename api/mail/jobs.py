"""Worker side of e-mail: deliver an outbox message, retrying with back-off."""

from typing import Any

from arq import Retry

from api.mail import service


def _backoff(attempt: int) -> int:
    # 10 s, 20 s, 40 s, 80 s: a mail server that is briefly down gets time to come back.
    return 10 * 2 ** (attempt - 1)


async def deliver_mail(ctx: dict[str, Any], outbox_id: int) -> str:
    attempt = int(ctx.get("job_try") or 1)
    final = attempt >= service.MAX_TRIES
    try:
        await service.deliver(outbox_id, final=final)
    except service.MailError as exc:
        if final:
            return "failed"
        raise Retry(defer=_backoff(attempt)) from exc
    return "sent"


async def deliver_mail_batch(
    ctx: dict[str, Any], deliveries: list[tuple[int, dict[str, str]]]
) -> dict[str, int]:
    """Up to fifty outbox messages (api/mail/batch.py), each with the headers it goes out
    with. A retry sends only those not sent yet: a sent message is never sent again."""
    attempt = int(ctx.get("job_try") or 1)
    final = attempt >= service.MAX_TRIES
    sent = failed = 0
    for outbox_id, headers in deliveries:
        try:
            await service.deliver(outbox_id, final=final, headers=headers)
            sent += 1
        except service.MailError:
            failed += 1
    if failed and not final:
        raise Retry(defer=_backoff(attempt))
    return {"sent": sent, "failed": failed}


FUNCTIONS = [deliver_mail, deliver_mail_batch]
