from datetime import datetime

from sqlalchemy import BigInteger, CheckConstraint, DateTime, Integer, String, Text, func
from sqlalchemy.orm import Mapped, mapped_column

from api.core.db import TenantBase


class Backup(TenantBase):
    __tablename__ = "backups"
    __table_args__ = (
        CheckConstraint("status in ('pending', 'completed', 'failed')", name="status"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    filename: Mapped[str] = mapped_column(String(200), unique=True)
    timestamp: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    size_bytes: Mapped[int] = mapped_column(BigInteger, default=0, server_default="0")
    employee_count: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    status: Mapped[str] = mapped_column(String(20), default="pending", server_default="pending")
    kind: Mapped[str] = mapped_column(String(20), default="manual", server_default="manual")
    error: Mapped[str | None] = mapped_column(Text)
