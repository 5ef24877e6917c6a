"""Server-side sessions, password-reset tokens, sign-in failures and platform admins."""

from datetime import datetime
from typing import Any

from sqlalchemy import (
    Boolean,
    CheckConstraint,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    func,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from api.core.db import PublicBase


class Session(PublicBase):
    __tablename__ = "sessions"
    __table_args__ = (Index("ix_sessions_expire", "expire"),)

    sid: Mapped[str] = mapped_column(String(128), primary_key=True)
    sess: Mapped[dict[str, Any]] = mapped_column(JSONB)
    expire: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class PasswordResetToken(PublicBase):
    __tablename__ = "password_reset_tokens"
    __table_args__ = (CheckConstraint("role in ('admin', 'manager')", name="role"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    organization_id: Mapped[int] = mapped_column(
        ForeignKey("public.organizations.id", ondelete="CASCADE"), index=True
    )
    role: Mapped[str] = mapped_column(String(20))
    token_hash: Mapped[str] = mapped_column(String(128), unique=True)
    email: Mapped[str | None] = mapped_column(String(255))
    requested_by: Mapped[str | None] = mapped_column(String(255))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    used_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    is_active: Mapped[bool] = mapped_column(Boolean, default=True, server_default="true")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class PlatformAdmin(PublicBase):
    __tablename__ = "platform_admins"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    email: Mapped[str] = mapped_column(String(255), unique=True)
    name: Mapped[str | None] = mapped_column(String(200))
    password_hash: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
