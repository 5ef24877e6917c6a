from fastapi import APIRouter

from api.deps import CurrentPrincipal
from api.organizations.schemas import OrganizationRead

router = APIRouter(tags=["organization"])


@router.get(
    "/api/organization/current",
    response_model=OrganizationRead,
    operation_id="getCurrentOrganization",
)
async def current_organization(principal: CurrentPrincipal):
    return principal.organization
