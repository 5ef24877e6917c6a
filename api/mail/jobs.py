"""Worker side of e-mail: deliver an outbox message, retrying with back-off."""

from typing import Any

from arq import Retry

from api.mail import service


async def deliver_mail(ctx: dict[str, Any], outbox_id: int) -> str:
    attempt = int(ctx.get("job_try") or 1)
    final = attempt >= service.MAX_TRIES
    try:
        await service.deliver(outbox_id, final=final)
    except service.MailError as exc:
        if final:
            return "failed"
        # 10 s, 20 s, 40 s, 80 s: a mail server that is briefly down gets time to come back.
        raise Retry(defer=10 * 2 ** (attempt - 1)) from exc
    return "sent"


FUNCTIONS = [deliver_mail]
