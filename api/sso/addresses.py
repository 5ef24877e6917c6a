"""Where an organisation's provider may live: on the internet, not inside our network.

The issuer is typed by an organisation's administrator, and every document and token request
of a sign-in goes where the provider's discovery document points. Without this check an
administrator could make the server probe addresses only it can reach (the database, the
cloud's metadata service). Development and tests run their providers on 127.0.0.1, so
private addresses are allowed there (MERIT_SSO_PRIVATE_ADDRESSES says otherwise).
"""

import asyncio
import ipaddress
import socket
from urllib.parse import urlsplit

from api.core.config import get_settings


class PrivateAddress(ValueError):
    """The address is not one of the internet's; the text says which and why."""


async def require_public(url: str) -> None:
    """Refuse an address whose host is, or resolves to, a private, loopback, link-local or
    reserved address (unless this deployment allows them)."""
    if get_settings().sso_allows_private_addresses:
        return
    host = urlsplit(url).hostname or ""
    try:
        found = await asyncio.get_running_loop().getaddrinfo(host, None, type=socket.SOCK_STREAM)
    except OSError as exc:
        raise PrivateAddress(f"{host[:200]} could not be resolved") from exc
    for *_, address in found:
        if not ipaddress.ip_address(address[0]).is_global:
            raise PrivateAddress(
                f"{host[:200]} is an address inside a private network; single sign-on needs "
                "a provider reachable on the internet"
            )
