"""Organisation settings: the name and logo shown in the banner and the sidebar."""

from sqlalchemy import insert, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from api.audit import trail
from api.core.db import enter_schema
from api.core.errors import BadRequest
from api.core.storage import get_storage
from api.organizations import logos
from api.organizations.models import Organization, OrganizationSettings
from api.organizations.schemas import OrganizationUpdate

LOGO_NOT_UPLOADED = "The logo has not been uploaded. Please upload the image again."


async def update_organization(
    *, db: AsyncSession, org: Organization, data: OrganizationUpdate
) -> Organization:
    """Rename the organisation and set or clear its logo: the registry row and the tenant's
    organization_settings change together, in the one transaction of `db`."""
    before = trail.snapshot(org)
    values: dict[str, str | None] = {"name": data.name}
    if "logo_url" in data.model_fields_set:
        url = data.logo_url
        if url is not None and url != org.logo_url:
            file_id = logos.file_id_of(org.id, url)
            if file_id is None:
                raise BadRequest("Please upload the logo with the logo upload")
            if not get_storage().exists(logos.storage_key(org.id, file_id)):
                raise BadRequest(LOGO_NOT_UPLOADED)
        values["logo_url"] = url
    await db.execute(update(Organization).where(Organization.id == org.id).values(values))
    await enter_schema(db, org.schema_name)
    settings_id = await db.scalar(
        select(OrganizationSettings.id).order_by(OrganizationSettings.id).limit(1)
    )
    settings_values: dict[str, str | None] = {"business_name": data.name}
    if "logo_url" in values:
        settings_values["logo_url"] = values["logo_url"]
    if settings_id is None:
        await db.execute(insert(OrganizationSettings).values(settings_values))
    else:
        await db.execute(
            update(OrganizationSettings)
            .where(OrganizationSettings.id == settings_id)
            .values(settings_values)
        )
    updated = await db.get(Organization, org.id, populate_existing=True)
    assert updated is not None
    await trail.record_settings(db, updated, before, updated)
    return updated
