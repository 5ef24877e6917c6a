"""The signed-in person as a request sees it, shared by the web edge (api/deps.py) and the
services (which never import the web edge)."""

from dataclasses import dataclass

from api.organizations.models import Organization

ORG_NOT_FOUND = "Organization not found. Please check your organization code."

_ROLE_NAMES = {"admin": "Administrator", "hr": "HR", "manager": "Manager"}


def role_name(role: str | None) -> str:
    """How a role's shared sign-in is named to people: Administrator, HR, Manager, User."""
    return _ROLE_NAMES.get(role or "", "User")


@dataclass(frozen=True)
class Principal:
    """The signed-in person as far as a request is concerned."""

    organization: Organization
    role: str
    session_id: str
    force_password_change: bool
    user_id: str | None = None
    name: str | None = None
    # The employee a personal account belongs to; None for shared sign-ins and unlinked ones.
    employee_id: int | None = None

    @property
    def display_name(self) -> str:
        return self.name or role_name(self.role)
