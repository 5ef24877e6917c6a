"""The one place a request gets its organisation, its signed-in person and its DB session.

Tenant = the organisation named by the Host's subdomain, else the one chosen at org-login.
A session bound to organisation A is never honoured for organisation B, whatever the Host.
"""

from collections.abc import AsyncIterator, Callable, Sequence
from typing import Annotated, Any

import asyncpg
from fastapi import Depends, Request
from sqlalchemy import Integer, bindparam, cast, select
from sqlalchemy.dialects.postgresql.asyncpg import dialect as asyncpg_dialect
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession

from api.access.scope import Scope, scope_for
from api.auth import sessions
from api.auth.models import Session
from api.auth.principal import ORG_NOT_FOUND, Principal
from api.core import request_context
from api.core.config import get_settings
from api.core.db import catalog_reader, public_session, tenant_session, utcnow
from api.core.errors import Forbidden, NotFound, Unauthorized
from api.organizations.models import Organization
from tenants import registry

PASSWORD_CHANGE_REQUIRED = "Password change required. Please set a new password to continue."


async def get_db() -> AsyncIterator[AsyncSession]:
    """A session on the platform catalog for this request (commit after the endpoint)."""
    async with public_session() as db:
        yield db


PublicDb = Annotated[AsyncSession, Depends(get_db, scope="function")]


def host_subdomain(request: Request) -> str | None:
    """`acme.example.com` → `acme` when the base domain is example.com."""
    host = (request.headers.get("host") or "").split(":")[0].lower().rstrip(".")
    base = get_settings().base_domain.lower()
    if host.endswith("." + base):
        sub = host[: -len(base) - 1]
        if sub and "." not in sub and sub != "www":
            return sub
    return None


async def current_session(request: Request, db: PublicDb) -> Session | None:
    return await sessions.load(db, request.cookies.get(sessions.COOKIE))


async def host_organization(request: Request, db: AsyncSession) -> Organization | None:
    """The organisation the Host names; 404 when it names one that does not exist."""
    sub = host_subdomain(request)
    if sub is None:
        return None
    org = await registry.get_by_subdomain(db, sub)
    if org is None:
        raise NotFound(ORG_NOT_FOUND)
    return org


# Built once: constructing this select costs more CPU than running it, and every request runs
# it. Core rows, not ORM loading: the organisation is rebuilt from its columns (about half
# the CPU of an ORM session for this one lookup).
_ORGANIZATION_COLUMNS = list(Organization.__table__.columns)
_SESSION_AND_ORGANIZATION = (
    select(Session.sess, *_ORGANIZATION_COLUMNS)
    .outerjoin(
        Organization.__table__,
        Organization.id == cast(Session.sess["organizationId"].astext, Integer),
    )
    .where(Session.sid == bindparam("sid"), Session.expire > bindparam("now"))
)
_ORGANIZATION_KEYS = [column.key for column in _ORGANIZATION_COLUMNS]


# Every request runs it, so it is also compiled once and run by the driver itself, without
# SQLAlchemy's execute around it: a measurable share of a small request's CPU.
_PRINCIPAL_QUERY = _SESSION_AND_ORGANIZATION.compile(dialect=asyncpg_dialect())
_PRINCIPAL_SQL = str(_PRINCIPAL_QUERY)


async def _principal_row(db: AsyncConnection, params: dict[str, Any]) -> Sequence[Any] | None:
    """The session's data and the organisation's columns, or None. (The engine's JSONB codec,
    set on every connection, parses the session's data in the driver.)"""
    values = {**_PRINCIPAL_QUERY.params, **params}
    driver = (await db.get_raw_connection()).driver_connection
    assert driver is not None
    try:
        order = _PRINCIPAL_QUERY.positiontup or ()
        return await driver.fetchrow(_PRINCIPAL_SQL, *(values[key] for key in order))
    except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError):
        # Once more through SQLAlchemy, which maps the error (503 while Postgres is away) and
        # drops the pool's connections when Postgres restarted.
        return (await db.execute(_SESSION_AND_ORGANIZATION, params)).first()


async def _session_and_organization(
    db: AsyncConnection, sid: str | None
) -> tuple[dict[str, Any], str, Organization | None] | None:
    """The live session (data, id) and the organisation it is bound to, in one query."""
    if not sid or len(sid) > 128:
        return None
    row = await _principal_row(db, {"sid": sid, "now": utcnow()})
    if row is None:
        return None
    org = (
        None
        if row[1] is None
        else Organization(**dict(zip(_ORGANIZATION_KEYS, row[1:], strict=True)))
    )
    return row[0], sid, org


async def _principal(request: Request) -> Principal:
    # The connection goes back to the pool before the tenant session takes one: a request
    # never holds two connections at once (a full pool would deadlock).
    async with catalog_reader() as db:
        found = await _session_and_organization(db, request.cookies.get(sessions.COOKIE))
        data, sid, org = found if found else ({}, "", None)
        sub = host_subdomain(request)
        if sub is not None and (org is None or org.subdomain != sub):
            # The Host names another organisation (or one that does not exist: 404).
            async with AsyncSession(bind=db) as lookup:
                await host_organization(request, lookup)
            raise Unauthorized("Not authenticated")
    if not data.get("authenticated") or org is None:
        raise Unauthorized("Not authenticated")
    if not org.is_active:
        raise Forbidden("This organization has been deactivated. Please contact support.")
    principal = Principal(
        organization=org,
        role=str(data.get("userRole")),
        session_id=sid,
        force_password_change=bool(data.get("forcePasswordChange")),
        user_id=data.get("userId"),
        name=data.get("userName"),
        employee_id=data.get("employeeId"),
    )
    # The audit trail names this person as the author of whatever the request changes.
    request_context.set_principal(principal)
    return principal


async def get_principal_pending_ok(
    principal: Annotated[Principal, Depends(_principal)],
) -> Principal:
    """Signed in, even while a forced password change is pending (session, logout, change)."""
    return principal


async def get_principal(principal: Annotated[Principal, Depends(_principal)]) -> Principal:
    """Signed in and done with any forced password change."""
    if principal.force_password_change:
        raise Forbidden(PASSWORD_CHANGE_REQUIRED)
    return principal


CurrentPrincipal = Annotated[Principal, Depends(get_principal)]
PendingPrincipal = Annotated[Principal, Depends(get_principal_pending_ok)]


async def get_tenant_session(
    request: Request, principal: CurrentPrincipal
) -> AsyncIterator[AsyncSession]:
    org = principal.organization
    # GET and HEAD never write (HTTP's safe methods), so they need no transaction.
    reads_only = request.method in ("GET", "HEAD")
    async with tenant_session(org.schema_name, org.id, reads_only=reads_only) as session:
        session.info["principal"] = principal
        yield session


# scope="function": commit happens when the endpoint returns, before the response is sent.
TenantSession = Annotated[AsyncSession, Depends(get_tenant_session, scope="function")]


def require_roles(*roles: str) -> Callable[..., Any]:
    """Dependency: the signed-in person must hold one of these roles (else 403)."""

    async def check(principal: CurrentPrincipal) -> Principal:
        if principal.role not in roles:
            raise Forbidden("You don't have permission to do this")
        return principal

    return check


def allowed(resource: str, action: str) -> Any:
    """Dependency: the reader's scope for one action of the policy table (403 when the role
    never has it). The permission test reads `permission` to know each route's rule."""

    async def check(principal: CurrentPrincipal) -> Scope:
        return scope_for(principal, resource, action)

    check.permission = (resource, action)  # type: ignore[attr-defined]
    return Depends(check)


AdminOnly = Annotated[Principal, Depends(require_roles("admin"))]
AdminOrHr = Annotated[Principal, Depends(require_roles("admin", "hr"))]
CanFillReviews = Annotated[Principal, Depends(require_roles("admin", "hr", "manager"))]
