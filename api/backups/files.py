"""Where an organisation's backup files live, and the only names they may have."""

import re
import secrets
from datetime import datetime
from pathlib import Path

from api.backups.models import Backup
from api.core.config import get_settings
from api.core.errors import BadRequest, Conflict
from api.organizations.models import Organization

_FILENAME = re.compile(r"^backup-\d{8}-\d{6}-(manual|scheduled|safety)-[0-9a-f]{8}\.json$")

INVALID_NAME = "Invalid backup filename"
NOT_COMPLETED = "Only completed backups can be validated, downloaded or restored"


def check_name(filename: str) -> None:
    """BadRequest unless `filename` is a name the app gives a backup file."""
    if not _FILENAME.match(filename):
        raise BadRequest(INVALID_NAME)


def backup_dir(schema: str) -> Path:
    return get_settings().data_dir / "backups" / schema


def backup_path(schema: str, filename: str) -> Path:
    """The file's path inside the organisation's folder; nothing else is ever reachable."""
    check_name(filename)
    base = backup_dir(schema).resolve()
    path = (base / filename).resolve()
    if path.parent != base:
        raise BadRequest(INVALID_NAME)
    return path


def new_filename(kind: str, now: datetime) -> str:
    return f"backup-{now:%Y%m%d-%H%M%S}-{kind}-{secrets.token_hex(4)}.json"


def completed_file(org: Organization, backup: Backup) -> Path:
    """The file of a completed backup; Conflict for one still pending or failed."""
    if backup.status != "completed":
        raise Conflict(NOT_COMPLETED)
    return backup_path(org.schema_name, backup.filename)
