"""Reset tokens for personal accounts (api/users), e-mailed by 'Forgot password'.

Role sign-ins (admin, manager) use public.password_reset_tokens (api/auth/models.py); a
person's account needs the account's id as well, hence this table beside it.
"""

from datetime import datetime

from sqlalchemy import DateTime, ForeignKey, Integer, String, func
from sqlalchemy.orm import Mapped, mapped_column

from api.core.db import PublicBase


class AccountResetToken(PublicBase):
    __tablename__ = "account_reset_tokens"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    organization_id: Mapped[int] = mapped_column(
        ForeignKey("public.organizations.id", ondelete="CASCADE"), index=True
    )
    user_id: Mapped[str] = mapped_column(String(64))
    # SHA-256 digest of the token (api.core.security.token_digest); the token itself is never kept.
    token_hash: Mapped[str] = mapped_column(String(128), unique=True)
    email: Mapped[str] = mapped_column(String(255))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    used_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
