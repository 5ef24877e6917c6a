"""Which hosts and origins are Merit's own: the Host check that runs before any handler, and
the cross-site check for requests that change something."""

import ipaddress
import re
from collections.abc import Mapping
from urllib.parse import urlsplit

from api.core.config import get_settings

# A host name (or a bracketed IPv6 address), an optional port, nothing else: no user info,
# path, space or second colon can ride along into anything built from it.
_HOST = re.compile(r"(?P<name>[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::(?P<port>[0-9]{1,5}))?")
_LABEL = re.compile(r"[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?")
DEFAULT_PORTS = {"http": 80, "https": 443}
UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
# GET routes that change something, guarded like unsafe methods: a link on another site must
# not sign a person out. The platform's and the organisations' OIDC logins end the current
# session; their callbacks cannot be guarded (the provider's site opens them) and change
# nothing but a pending sign-in.
CHANGING_GETS = frozenset({"/api/logout", "/api/platform/oidc/login", "/api/auth/sso/login"})


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name.strip("[]"))
    except ValueError:
        return False
    return True


def host_allowed(host: str) -> bool:
    """The base domain, `{code}.{base}`, an allowed origin's host, and in development
    `localhost` or an IP address; each with an optional port."""
    match = _HOST.fullmatch(host.lower())
    if match is None or int(match["port"] or 0) > 65535:
        return False
    name = match["name"].removesuffix(".")
    settings = get_settings()
    base = settings.base_domain.lower().rstrip(".")
    if name == base:
        return True
    if name.endswith("." + base) and _LABEL.fullmatch(name[: -len(base) - 1]):
        return True
    if settings.environment in ("development", "test") and (name == "localhost" or _is_ip(name)):
        return True
    return any(urlsplit(o).hostname == name for o in settings.allowed_origins)


def _origin_parts(url: str) -> tuple[str, str, int] | None:
    """(scheme, host, port) of an origin or URL, the port filled in from the scheme."""
    parts = urlsplit(url)
    try:
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in DEFAULT_PORTS or not parts.hostname:
        return None
    return parts.scheme, parts.hostname, port or DEFAULT_PORTS[parts.scheme]


def origin_is_ours(origin: str, *, scheme: str, host: str) -> bool:
    """The request's own origin (scheme, host and port all equal) or an allowed origin.

    The scheme is the request's (a trusted proxy's X-Forwarded-Proto included) or the one
    MERIT_PUBLIC_URL names, so a proxy that forgets the header does not lock people out."""
    settings = get_settings()
    if origin.rstrip("/") in settings.allowed_origins:
        return True
    theirs = _origin_parts(origin)
    if theirs is None:
        return False
    schemes = {scheme}
    if settings.public_url:
        schemes.add(urlsplit(settings.public_url).scheme)
    if theirs[0] not in schemes:
        return False
    return _origin_parts(f"{theirs[0]}://{host}") == theirs


def cross_site(method: str, path: str, headers: Mapping[str, str], *, scheme: str) -> bool:
    """A state-changing request a browser sent from another site (or another organisation's
    subdomain). The Origin decides; failing it the Referer; failing both, Sec-Fetch-Site.
    A request with none of the three comes from no browser (every browser since 2020 sends
    Origin or Sec-Fetch-Site with a POST), so there is no cookie to abuse."""
    if method not in UNSAFE_METHODS and not (method == "GET" and path in CHANGING_GETS):
        return False
    source = headers.get("origin") or headers.get("referer")
    if source:
        return source == "null" or not origin_is_ours(
            source, scheme=scheme, host=headers.get("host", "")
        )
    return headers.get("sec-fetch-site") in ("cross-site", "same-site")
