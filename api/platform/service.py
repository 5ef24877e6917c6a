"""Organisation management for platform admins: list, create, edit, delete, reset links.

Create and delete go through tenants.provision, the same code as `merit tenants ...`.
"""

import asyncio
import logging
import os
import re
import shutil
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from api.auth.models import Session
from api.auth.sessions import end_role_sessions
from api.backups.service import export_to
from api.core.config import get_settings
from api.core.db import get_engine, public_session, utcnow
from api.core.errors import BadRequest, Conflict, NotFound, Unavailable
from api.mail import send_mail, smtp_configured
from api.organizations.models import Organization
from api.platform.schemas import (
    OrganizationCreate,
    OrganizationCreated,
    OrganizationUpdate,
    ResetLink,
)
from api.platform.setup import (
    MAIL_NOT_CONFIGURED,
    SETUP_LINK_LIFETIME,
    SetupLink,
    add_first_admin,
    send_setup_link,
)
from api.recovery.service import create_reset_token, reset_link, revoke_role_tokens
from tenants import registry
from tenants.naming import InvalidSubdomain, validate_subdomain
from tenants.provision import NewTenant, TenantError, TenantExists, create_tenant, delete_tenant

log = logging.getLogger("merit.platform")

RESET_LINK_LIFETIME = timedelta(hours=2)
RESET_ROLES = ("admin", "manager")
ROLE_NAMES = {"admin": "Administrator", "manager": "Manager"}
NOT_SENT = (
    "Password reset tokens were generated but not sent: the e-mail service is not configured. "
    "Copy the links below now; they are shown only once, work once, and expire in 2 hours."
)


async def list_organizations(db: AsyncSession) -> list[Organization]:
    """Every organisation, newest first."""
    result = await db.execute(select(Organization).order_by(Organization.created_at.desc()))
    return list(result.scalars())


async def valid_organization(db: AsyncSession, organization_id: int) -> Organization:
    org = await registry.get_by_id(db, organization_id)
    if org is None:
        raise NotFound("Organization not found")
    return org


def derive_subdomain(name: str) -> str:
    """The create form's rule: lowercase, non-alphanumerics to hyphens (runs collapsed), max 50."""
    sub = re.sub(r"[^a-z0-9]+", "-", (name or "").lower())
    return re.sub(r"-+", "-", sub).strip("-")[:50].strip("-")


async def create_organization(data: OrganizationCreate) -> OrganizationCreated:
    """Provision the organisation and its schema in one transaction; without a subdomain, the
    one derived from the name. 409 when the subdomain is taken, 400 for any other refusal.
    With a set-up link, its first administrator account is made in that same transaction and
    the link e-mailed once it has committed."""
    if data.send_setup_link and not smtp_configured():
        raise BadRequest(MAIL_NOT_CONFIGURED)
    subdomain = data.subdomain or derive_subdomain(data.name)
    link: SetupLink | None = None
    try:
        async with public_session() as db:
            made = await create_tenant(
                NewTenant(
                    subdomain=subdomain,
                    name=data.name,
                    admin_email=data.admin_email,
                    description=data.description,
                    industry=data.industry,
                    size=data.size,
                    logo_url=data.logo_url,
                ),
                conn=await db.connection(),
            )
            await db.execute(
                update(Organization)
                .where(Organization.id == made.id)
                .values(
                    visibility=data.visibility,
                    # No person behind it, so no reporting line to show under need to know.
                    shared_manager_sign_in=data.visibility == "open",
                    shared_admin_sign_in=not data.send_setup_link,
                )
            )
            if data.send_setup_link and data.admin_email:
                link = await add_first_admin(db, made, data.admin_email)
            org = await db.get(Organization, made.id)
            assert org is not None
    except TenantExists as exc:
        raise Conflict(str(exc)) from exc
    except TenantError as exc:
        raise BadRequest(str(exc)) from exc
    reply = OrganizationCreated.model_validate(org)
    if link is not None:
        reply.setup_link_sent = await send_setup_link(org, link)
        reply.setup_link = None if reply.setup_link_sent else link.url
        reply.message = _setup_message(link, sent=reply.setup_link_sent)
    return reply


def _setup_message(link: SetupLink, *, sent: bool) -> str:
    days = SETUP_LINK_LIFETIME.days
    if sent:
        return (
            f"A set-up link was sent to {link.email}. It works once and expires in {days} days. "
            f"The shared Administrator sign-in is switched off."
        )
    return (
        f"The set-up link could not be e-mailed. Copy it now and pass it on to {link.email}: "
        f"it is shown only once, works once and expires in {days} days."
    )


async def update_organization(
    db: AsyncSession, *, org: Organization, data: OrganizationUpdate
) -> Organization:
    """Rename or re-describe; data stays where it is (schemas are named by id, not subdomain)."""
    changes: dict[str, Any] = data.model_dump(exclude_unset=True)
    if "subdomain" in changes:
        try:
            changes["subdomain"] = validate_subdomain(changes["subdomain"])
        except InvalidSubdomain as exc:
            raise BadRequest(str(exc)) from exc
        if changes["subdomain"] != org.subdomain:
            taken = await registry.get_by_subdomain(db, changes["subdomain"])
            if taken is not None:
                raise Conflict(f"The subdomain '{changes['subdomain']}' is already taken")
    # Reset links for the shared sign-ins went to the old address: its owner may have left.
    if (
        "admin_email" in changes
        and (changes["admin_email"] or "") != (org.admin_email or "").lower()
    ):
        await revoke_role_tokens(db, organization_id=org.id)
    if org.shared_admin_sign_in and changes.get("shared_admin_sign_in") is False:
        await end_role_sessions(db, organization_id=org.id, role="admin")
    for key, value in changes.items():
        setattr(org, key, value)
    try:
        async with db.begin_nested():
            await db.flush()
    except IntegrityError as exc:  # lost a race for the same subdomain
        raise Conflict(f"The subdomain '{org.subdomain}' is already taken") from exc
    await db.refresh(org)
    return org


@dataclass
class Deleted:
    organization_id: int
    backup_file: Path


async def delete_organization(
    db: AsyncSession, *, org: Organization, confirm: str | None
) -> Deleted:
    """Typed confirmation, then a final backup, then drop the schema and the registry row.

    The organisation is deactivated first (and its sessions ended) so nobody writes while
    the backup is taken; if the backup fails it is switched back and nothing is deleted.
    """
    typed = (confirm or "").strip().lower()
    if not typed:
        raise BadRequest(f"Type the subdomain '{org.subdomain}' to confirm the deletion")
    if typed != org.subdomain:
        raise BadRequest(
            f"The subdomain you typed does not match '{org.subdomain}'. Nothing was deleted."
        )
    org_id, subdomain, schema, was_active = org.id, org.subdomain, org.schema_name, org.is_active
    # The steps below use connections of their own: hand this request's back to the pool first
    # (a request must not hold two at once; with the pool full they would wait on each other).
    await db.commit()
    await _set_active(org_id, False)
    try:
        backup = await write_final_backup(org)
    except Exception as exc:
        log.exception("final backup of %s failed; deletion cancelled", subdomain)
        await _set_active(org_id, was_active)
        raise Unavailable(
            "The final backup could not be written, so the organization was not deleted. "
            "Please try again."
        ) from exc
    try:
        await delete_tenant(subdomain)
    except TenantError as exc:
        raise NotFound("Organization not found") from exc
    await db.execute(delete(Session).where(Session.sess["organizationId"].astext == str(org_id)))
    await asyncio.to_thread(_move_files, schema, backup)
    return Deleted(organization_id=org_id, backup_file=backup)


async def _set_active(org_id: int, active: bool) -> None:
    # Its own transaction, so every other request sees it before the backup starts.
    async with get_engine().begin() as conn:
        await conn.execute(
            update(Organization).where(Organization.id == org_id).values(is_active=active)
        )


def final_backup_dir() -> Path:
    return get_settings().data_dir / "final-backups"


async def write_final_backup(org: Organization) -> Path:
    """The backups module's export (one consistent snapshot, passwords redacted), written to
    a temporary file and renamed into data_dir/final-backups/ once complete."""
    folder = final_backup_dir()
    await asyncio.to_thread(folder.mkdir, parents=True, exist_ok=True)
    name = f"{org.subdomain}-org{org.id}-{utcnow().strftime('%Y%m%dT%H%M%SZ')}.json"
    path = folder / name
    tmp = folder / f".{name}.part"
    try:
        await export_to(org, tmp)
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)
    return path


def _move_files(schema: str, backup: Path) -> None:
    """The deleted organisation's uploads and earlier backups go next to its final backup,
    so nothing is left orphaned in the live folders and nothing is lost."""
    data = get_settings().data_dir
    stem = str(backup.with_suffix(""))
    for source, suffix in (
        (data / "files" / schema, "-files"),
        (data / "backups" / schema, "-backups"),
    ):
        if source.is_dir():
            shutil.move(str(source), stem + suffix)


@dataclass
class ResetResult:
    email_sent: bool
    message: str
    links: list[ResetLink]


async def reset_passwords(db: AsyncSession, *, org: Organization, requested_by: str) -> ResetResult:
    """Single-use, 2-hour reset links for the admin and manager sign-ins, e-mailed to the
    organisation's admin e-mail when mail is configured, else returned to show once."""
    expires = utcnow() + RESET_LINK_LIFETIME
    links: list[ResetLink] = []
    for role in RESET_ROLES:
        token = await create_reset_token(
            db,
            organization_id=org.id,
            role=role,
            email=org.admin_email,
            requested_by=requested_by,
            lifetime=RESET_LINK_LIFETIME,
        )
        links.append(ResetLink(role=role, url=reset_link(org, token, role), expires_at=expires))
    if not smtp_configured():
        return ResetResult(email_sent=False, message=NOT_SENT, links=links)
    if not org.admin_email:
        return ResetResult(
            email_sent=False,
            message=(
                "Password reset tokens were generated but not sent: this organization has no "
                "admin e-mail address. Copy the links below now; they are shown only once, "
                "work once, and expire in 2 hours."
            ),
            links=links,
        )
    if not await send_mail(to=org.admin_email, **_reset_mail(org, links)):
        log.warning("reset links for %s could not be e-mailed; shown instead", org.subdomain)
        return ResetResult(
            email_sent=False,
            message=(
                "Password reset tokens were generated but the e-mail could not be sent. "
                "Copy the links below now; they are shown only once, work once, and expire "
                "in 2 hours."
            ),
            links=links,
        )
    return ResetResult(
        email_sent=True,
        message=(
            f"Password reset links for the administrator and manager sign-ins were sent to "
            f"{org.admin_email}. They work once and expire in 2 hours."
        ),
        links=[],
    )


def _reset_mail(org: Organization, links: list[ResetLink]) -> dict[str, str]:
    lines = "\n".join(f"{ROLE_NAMES[link.role]} sign-in: {link.url}" for link in links)
    body = (
        f"Hello,\n\nA Merit platform administrator created password reset links for "
        f"{org.name} (organization code {org.subdomain}).\n\n{lines}\n\n"
        f"Each link works once and expires in 2 hours.\n\n— Merit\n"
    )
    return {"subject": f"Merit password reset links for {org.name}", "body": body}
