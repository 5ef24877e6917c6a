"""The audit trail: one row per change, written in the change's own transaction."""

from datetime import datetime
from typing import Any

from sqlalchemy import BigInteger, DateTime, Identity, Index, Integer, String, func
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from api.core.db import TenantBase

# Append-only: an UPDATE or TRUNCATE is always refused, a DELETE allowed only to the retention
# purge, which sets `merit.audit_purge` for its own transaction. Even a bug in the app cannot
# rewrite history.
APPEND_ONLY_DDL = (
    "CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ "
    "BEGIN "
    "IF TG_OP = 'DELETE' AND current_setting('merit.audit_purge', true) = 'on' THEN "
    "RETURN OLD; END IF; "
    "RAISE EXCEPTION 'audit_events is append-only'; "
    "END $$",
    "CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit_events "
    "FOR EACH ROW EXECUTE FUNCTION audit_events_append_only()",
    "CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events "
    "FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only()",
)


class AuditEvent(TenantBase):
    __tablename__ = "audit_events"
    __table_args__ = (
        Index("ix_audit_events_at", "at"),
        Index("ix_audit_events_employee_at", "employee_id", "at"),
        Index("ix_audit_events_record", "resource", "record_id"),
        Index("ix_audit_events_actor_at", "actor_user_id", "at"),
        {"info": {"ddl_after": APPEND_ONLY_DDL}},
    )

    id: Mapped[int] = mapped_column(BigInteger, Identity(always=True), primary_key=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    # Who: a personal account (id and name at the time), or a shared role sign-in (no id).
    actor_user_id: Mapped[str | None] = mapped_column(String(64))
    actor_name: Mapped[str] = mapped_column(String(200))
    actor_role: Mapped[str | None] = mapped_column(String(20))
    # What: create, update, delete, archive, restore, complete, reopen, sign_in, ...
    action: Mapped[str] = mapped_column(String(40))
    resource: Mapped[str] = mapped_column(String(40))
    record_id: Mapped[str | None] = mapped_column(String(64))
    # The employee the change concerns, for the profile's History tab. No foreign key: the
    # history outlives the employee.
    employee_id: Mapped[int | None] = mapped_column(Integer)
    summary: Mapped[str | None] = mapped_column(String(300))
    # For updates, {field: [before, after]}; never a password, token or file content.
    changes: Mapped[dict[str, Any] | None] = mapped_column(JSONB)
    # From where.
    ip: Mapped[str | None] = mapped_column(String(64))
    request_id: Mapped[str | None] = mapped_column(String(64))
