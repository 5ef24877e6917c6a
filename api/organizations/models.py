"""The tenant registry (public.organizations) and per-organisation settings."""

from datetime import datetime

from sqlalchemy import Boolean, CheckConstraint, DateTime, ForeignKey, Integer, String, Text, func
from sqlalchemy.orm import Mapped, mapped_column

from api.core.db import PublicBase, TenantBase


class Organization(PublicBase):
    __tablename__ = "organizations"
    __table_args__ = (
        CheckConstraint("subdomain ~ '^[a-z0-9-]{3,63}$'", name="subdomain_format"),
        CheckConstraint("char_length(name) between 2 and 100", name="name_length"),
        CheckConstraint("visibility in ('open', 'need_to_know')", name="visibility"),
        CheckConstraint("audit_retention_days between 30 and 3650", name="audit_retention"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(100))
    subdomain: Mapped[str] = mapped_column(String(63), unique=True)
    # Named from the immutable id, never from the (renamable) subdomain.
    schema_name: Mapped[str] = mapped_column(String(63), unique=True)
    description: Mapped[str | None] = mapped_column(String(500))
    industry: Mapped[str | None] = mapped_column(String(50))
    size: Mapped[str | None] = mapped_column(String(20))
    logo_url: Mapped[str | None] = mapped_column(String(500))
    admin_email: Mapped[str | None] = mapped_column(String(255))
    is_active: Mapped[bool] = mapped_column(Boolean, default=True, server_default="true")
    admin_password_hash: Mapped[str] = mapped_column(Text)
    manager_password_hash: Mapped[str] = mapped_column(Text)
    admin_last_password_change: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    manager_last_password_change: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    admin_force_password_change: Mapped[bool] = mapped_column(
        Boolean, default=True, server_default="true"
    )
    manager_force_password_change: Mapped[bool] = mapped_column(
        Boolean, default=True, server_default="true"
    )
    # Who sees what: "open" (every signed-in person reads most records) or "need_to_know" (a
    # person reads what their place in the organisation lets them; api/access/policy.py).
    visibility: Mapped[str] = mapped_column(String(20), default="open", server_default="open")
    # The shared role sign-ins; an admin may switch them off once personal accounts exist.
    shared_admin_sign_in: Mapped[bool] = mapped_column(Boolean, default=True, server_default="true")
    shared_manager_sign_in: Mapped[bool] = mapped_column(
        Boolean, default=True, server_default="true"
    )
    # How long the audit trail keeps an event before the worker purges it.
    audit_retention_days: Mapped[int] = mapped_column(Integer, default=730, server_default="730")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    updated_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), server_default=func.now(), onupdate=func.now()
    )


class OrganizationSso(PublicBase):
    """An organisation's own OpenID Connect provider, for its people's sign-in."""

    __tablename__ = "organization_sso"
    __table_args__ = (
        CheckConstraint("unknown_emails in ('refuse', 'create')", name="unknown_emails"),
    )

    organization_id: Mapped[int] = mapped_column(
        ForeignKey("public.organizations.id", ondelete="CASCADE"), primary_key=True
    )
    display_name: Mapped[str] = mapped_column(String(100))
    issuer: Mapped[str] = mapped_column(String(500))
    client_id: Mapped[str] = mapped_column(String(255))
    # Encrypted with a key derived from MERIT_SECRET_KEY; never returned by the API.
    client_secret_encrypted: Mapped[str] = mapped_column(Text)
    # What an e-mail with no account gets: refused, or an account linked to its employee.
    unknown_emails: Mapped[str] = mapped_column(
        String(20), default="refuse", server_default="refuse"
    )
    enabled: Mapped[bool] = mapped_column(Boolean, default=False, server_default="false")
    updated_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), server_default=func.now(), onupdate=func.now()
    )


class OrganizationSettings(TenantBase):
    """One row per organisation: display name, logo, and optional per-role passwords."""

    __tablename__ = "organization_settings"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    business_name: Mapped[str | None] = mapped_column(String(100))
    logo_url: Mapped[str | None] = mapped_column(String(500))
    # Hashes only; None means the built-in default applies.
    admin_password: Mapped[str | None] = mapped_column(Text)
    hr_password: Mapped[str | None] = mapped_column(Text)
    manager_password: Mapped[str | None] = mapped_column(Text)
    user_password: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    updated_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), server_default=func.now(), onupdate=func.now()
    )
