"""E-mail for the whole app: `send_mail(to=..., subject=..., body=..., html=None) -> bool`."""

from api.mail.service import send_mail, smtp_configured

__all__ = ["send_mail", "smtp_configured"]
