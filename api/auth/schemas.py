from typing import Literal

from pydantic import Field

from api.core.schemas import ApiModel, ReadModel
from api.users.schemas import Role


class OrgLoginRequest(ApiModel):
    # No length limit here: a code too long to exist is simply not found (the body limit
    # bounds it).
    subdomain: str = ""


class OrganizationSummary(ReadModel):
    id: int
    name: str
    subdomain: str
    industry: str | None = None
    size: str | None = None
    logo_url: str | None = None
    # The sign-ins the screen offers beside 'Sign in with your account': the shared role
    # sign-ins still switched on (the Manager one never under need to know), and the
    # organisation's single sign-on by its name (None when it has none switched on).
    shared_admin_sign_in: bool = True
    shared_manager_sign_in: bool = True
    sso_provider: str | None = None


class OrgLoginReply(ReadModel):
    success: bool = True
    organization: OrganizationSummary
    message: str


class RoleLoginRequest(ApiModel):
    role: str = Field(default="", max_length=50)
    password: str = ""  # one longer than any password can be is a wrong one (service)


class RoleLoginReply(ReadModel):
    success: bool = True
    force_password_change: bool


class SessionReply(ReadModel):
    user_role: Role
    organization_id: int
    organization_name: str
    organization_subdomain: str
    force_password_change: bool
    # Who sees what in this organisation, and what this reader may do: for each rule of the
    # policy table ("employees.read"), the records it reaches ("all", "line", "own", "assigned"); an
    # empty list means never.
    visibility: Literal["open", "need_to_know"]
    employee_id: int | None
    user_name: str
    access: dict[str, list[Literal["all", "line", "own", "assigned"]]]


class UserReply(ReadModel):
    id: str | None
    role: Role
    name: str
    organization_id: int
    organization_name: str


class ChangePasswordRequest(ApiModel):
    current_password: str | None = Field(default=None, max_length=1000)
    new_password: str = Field(default="", max_length=1000)


class UserLoginRequest(ApiModel):
    email: str = Field(default="", max_length=1000)
    password: str = Field(default="", max_length=1000)


class UserLoginReply(ReadModel):
    success: bool = True
    force_password_change: bool
    user_role: Role
