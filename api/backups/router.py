from fastapi import APIRouter
from fastapi.responses import FileResponse

from api.audit import trail
from api.backups import archive, service
from api.backups.schemas import (
    BackupCreated,
    BackupRead,
    DisabledAccountRead,
    RestoreReply,
    RestoreRequest,
    ValidationDetails,
    ValidationReply,
)
from api.core.errors import NotFound
from api.deps import CurrentPrincipal, TenantSession, allowed

# Every backup call is the admin's: one rule of the policy table for the whole router.
router = APIRouter(tags=["backups"], dependencies=[allowed("backups", "manage")])


@router.post("/api/backups/create", response_model=BackupCreated, operation_id="createBackup")
async def create_backup(principal: CurrentPrincipal):
    row = await service.create_backup(principal.organization)
    return BackupCreated(message="Backup started", backup=service.to_read(row))


@router.get("/api/backups", response_model=list[BackupRead], operation_id="listBackups")
async def list_backups(session: TenantSession):
    return [service.to_read(b) for b in await service.list_backups(session=session)]


@router.get(
    "/api/backups/{filename}/download",
    operation_id="downloadBackup",
    response_class=FileResponse,
    responses={200: {"content": {"application/json": {}}}},
)
async def download_backup(filename: str, principal: CurrentPrincipal, session: TenantSession):
    backup = await service.get_backup(session=session, filename=filename)
    path = service.completed_file(principal.organization, backup)
    if not path.is_file():
        raise NotFound("Backup file not found")
    await trail.record(
        session,
        action="export",
        resource="backup",
        record_id=backup.id,
        summary=f"Downloaded the backup {backup.filename}",
    )
    return FileResponse(
        path,
        media_type="application/json",
        filename=backup.filename,
        headers={"cache-control": "private, no-store"},
    )


@router.post(
    "/api/backups/{filename}/validate",
    response_model=ValidationReply,
    response_model_exclude_none=True,
    operation_id="validateBackup",
)
async def validate_backup(filename: str, principal: CurrentPrincipal):
    # Like a restore, validating opens a connection of its own: no request-long session.
    backup = await service.get_backup_in_own_session(principal.organization, filename)
    try:
        summary = await service.validate(principal.organization, backup)
    except archive.InvalidBackup as exc:
        return ValidationReply(valid=False, details=ValidationDetails(error=str(exc)))
    return ValidationReply(
        valid=True,
        details=ValidationDetails(
            data_keys=summary.tables,
            version=summary.version,
            created_at=summary.created_at,
            counts=summary.counts,
        ),
    )


@router.post(
    "/api/backups/{filename}/restore", response_model=RestoreReply, operation_id="restoreBackup"
)
async def restore_backup(
    filename: str, principal: CurrentPrincipal, body: RestoreRequest | None = None
):
    # No request-long tenant session: the restore opens connections of its own (safety backup,
    # load), and a request never holds two pooled connections at once.
    backup = await service.get_backup_in_own_session(principal.organization, filename)
    confirm = body.confirm_restore if body is not None else None
    result = await service.restore(principal.organization, backup, confirm=confirm)
    message = (
        "Backup restored successfully. The data as it was before is saved as "
        f"{result.safety.filename}."
    )
    if result.disabled:
        emails = ", ".join(a.email for a in result.disabled)
        message += (
            f" Accounts removed since this backup are back but disabled: {emails}. "
            "Enable them in User Management if they should sign in again."
        )
    return RestoreReply(
        success=True,
        message=message,
        safety_backup=result.safety.filename,
        disabled_accounts=[DisabledAccountRead.model_validate(a) for a in result.disabled],
    )
