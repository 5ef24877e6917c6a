"""Subdomain rules and schema naming."""

import re

SUBDOMAIN_MAX_LENGTH = 63  # a DNS label's limit
SUBDOMAIN_RE = re.compile(r"^[a-z0-9-]{3,63}$")

# Names that would clash with the platform's own hosts or routes.
RESERVED_SUBDOMAINS = frozenset(
    {
        "www",
        "api",
        "admin",
        "super-admin",
        "superadmin",
        "app",
        "mail",
        "smtp",
        "ftp",
        "static",
        "assets",
        "public",
        "platform",
        "support",
        "help",
        "status",
        "docs",
        "login",
        "logout",
        "auth",
        "dashboard",
        "employees",
        "reviews",
        "reminders",
        "templates",
        "certifications",
        "analytics",
        "backup",
        "backups",
        "reset-password",
        "forgot-password",
        "healthz",
        "readyz",
        "metrics",
        "localhost",
    }
)


class InvalidSubdomain(ValueError):
    pass


def normalise_subdomain(raw: str) -> str:
    return (raw or "").strip().lower()


def validate_subdomain(raw: str) -> str:
    """Return the normalised subdomain or raise InvalidSubdomain with a readable message."""
    sub = normalise_subdomain(raw)
    if not sub:
        raise InvalidSubdomain("Subdomain is required")
    if len(sub) < 3:
        raise InvalidSubdomain("Subdomain must be at least 3 characters")
    if len(sub) > SUBDOMAIN_MAX_LENGTH:
        raise InvalidSubdomain("Subdomain must be at most 63 characters")
    if not SUBDOMAIN_RE.match(sub):
        raise InvalidSubdomain("Subdomain can only contain lowercase letters, numbers, and hyphens")
    if sub.startswith("-") or sub.endswith("-"):
        raise InvalidSubdomain("Subdomain cannot start or end with a hyphen")
    if sub in RESERVED_SUBDOMAINS:
        raise InvalidSubdomain(f"The subdomain '{sub}' is reserved")
    return sub


def schema_name(organization_id: int) -> str:
    """Schemas are named from the immutable id, never from the renamable subdomain."""
    return f"org_{int(organization_id)}"
