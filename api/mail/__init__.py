"""E-mail for the whole app: `send_mail(to=..., subject=..., body=..., html=None) -> bool`.

The sending side (aiosmtplib, and arq and Redis for the queue) loads when first asked for:
the package is also imported for its outbox model alone (`api.mail.models`, by every command
that loads the models), which needs none of it."""

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from api.mail.service import send_mail, smtp_configured

__all__ = ["send_mail", "smtp_configured"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from api.mail import service

        return getattr(service, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
