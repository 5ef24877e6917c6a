from api.core.schemas import ApiModel


class OrganizationRead(ApiModel):
    id: int
    name: str
    subdomain: str
    description: str | None = None
    industry: str | None = None
    size: str | None = None
    logo_url: str | None = None
    is_active: bool
