"""Platform super admins (public.platform_admins)."""

from email_validator import EmailNotValidError, validate_email
from sqlalchemy import select

from api.auth.models import PlatformAdmin
from api.auth.passwords import check_new_password
from api.core.db import public_session
from api.core.errors import AppError
from api.core.security import hash_password_async


class PlatformAdminError(ValueError):
    pass


async def upsert_admin(*, email: str, password: str | None) -> bool:
    """Create the admin, or update its password. Returns True when created."""
    try:
        address = validate_email(email.strip(), check_deliverability=False).normalized.lower()
    except EmailNotValidError as exc:
        raise PlatformAdminError(f"Invalid email: {exc}") from exc
    hashed = None
    if password is not None:
        try:
            check_new_password(password)
        except AppError as exc:
            raise PlatformAdminError(exc.message) from exc
        hashed = await hash_password_async(password)
    async with public_session() as db:
        row = (
            await db.execute(select(PlatformAdmin).where(PlatformAdmin.email == address))
        ).scalar_one_or_none()
        if row is None:
            db.add(PlatformAdmin(email=address, password_hash=hashed))
            return True
        if hashed:
            row.password_hash = hashed
        return False
