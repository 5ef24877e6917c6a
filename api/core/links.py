"""Addresses for links Merit sends (e-mails, reset links shown to a super admin, the OIDC
callback). Built from configuration only: the request's Host header is whatever the caller
typed, and a reset token e-mailed to a host the caller chose is an account handed over."""

from urllib.parse import urlsplit

from api.core.config import get_settings


def _scheme_and_port() -> tuple[str, str]:
    settings = get_settings()
    if settings.public_url:
        parts = urlsplit(settings.public_url)
        return parts.scheme, f":{parts.port}" if parts.port else ""
    return ("https" if settings.is_production else "http"), ""


def platform_address() -> str:
    """The base domain's address, where the super-admin panel lives: `https://merit.example`."""
    scheme, port = _scheme_and_port()
    return f"{scheme}://{get_settings().base_domain.lower().rstrip('.')}{port}"


def organization_address(subdomain: str) -> str:
    """An organisation's own address: `https://acme.merit.example`."""
    scheme, port = _scheme_and_port()
    return f"{scheme}://{subdomain}.{get_settings().base_domain.lower().rstrip('.')}{port}"
