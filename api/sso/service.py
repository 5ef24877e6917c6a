"""An organisation's single sign-on settings: read, save, remove, and the connection test."""

from joserfc.errors import JoseError
from joserfc.jwk import KeySet
from sqlalchemy import delete
from sqlalchemy.ext.asyncio import AsyncSession

from api.core.db import utcnow
from api.core.errors import BadRequest
from api.core.links import organization_address, platform_address
from api.organizations.models import Organization, OrganizationSso
from api.platform import oidc
from api.platform.oidc_documents import FetchFailed, get_json
from api.sso import crypto
from api.sso.addresses import PrivateAddress, require_public
from api.sso.schemas import SsoSettingsRead, SsoSettingsWrite, SsoTestReply

CALLBACK_PATH = "/api/auth/sso/callback"

SECRET_REQUIRED = "Please enter the client secret"
# The stored secret is only ever sent to the token endpoint of the issuer it was entered for:
# otherwise pointing the settings at another issuer would hand it to that issuer's owner.
SECRET_AGAIN = "Please enter the client secret again: the issuer or client ID changed"


def redirect_uris(org: Organization) -> list[str]:
    """The callback at the organisation's own address and at the base address (sign-in
    starts at either); both are registered with the provider."""
    return [
        f"{organization_address(org.subdomain)}{CALLBACK_PATH}",
        f"{platform_address()}{CALLBACK_PATH}",
    ]


def to_read(org: Organization, row: OrganizationSso | None) -> SsoSettingsRead:
    if row is None:
        return SsoSettingsRead(configured=False, redirect_uris=redirect_uris(org))
    return SsoSettingsRead(
        configured=True,
        display_name=row.display_name,
        issuer=row.issuer,
        client_id=row.client_id,
        # A secret encrypted under another MERIT_SECRET_KEY cannot be used: it is not set.
        client_secret_set=crypto.decrypt(row.client_secret_encrypted) is not None,
        unknown_emails=row.unknown_emails,  # type: ignore[arg-type]
        enabled=row.enabled,
        updated_at=row.updated_at,
        redirect_uris=redirect_uris(org),
    )


async def find(db: AsyncSession, organization_id: int) -> OrganizationSso | None:
    return await db.get(OrganizationSso, organization_id)


def _secret_to_store(row: OrganizationSso | None, data: SsoSettingsWrite) -> str | None:
    """The new secret's ciphertext, None to keep the stored one; refused when none is usable."""
    if data.client_secret:
        return crypto.encrypt(data.client_secret)
    if row is None or crypto.decrypt(row.client_secret_encrypted) is None:
        raise BadRequest(SECRET_REQUIRED)
    if row.issuer.rstrip("/") != data.issuer.rstrip("/") or row.client_id != data.client_id:
        raise BadRequest(SECRET_AGAIN)
    return None


async def save(db: AsyncSession, org: Organization, data: SsoSettingsWrite) -> OrganizationSso:
    row = await db.get(OrganizationSso, org.id, with_for_update=True)
    secret = _secret_to_store(row, data)
    if row is None:
        row = OrganizationSso(organization_id=org.id)
        db.add(row)
    row.display_name = data.display_name
    row.issuer = data.issuer
    row.client_id = data.client_id
    if secret is not None:
        row.client_secret_encrypted = secret
    row.unknown_emails = data.unknown_emails
    row.enabled = data.enabled
    row.updated_at = utcnow()
    await db.flush()
    return row


async def remove(db: AsyncSession, organization_id: int) -> None:
    row = OrganizationSso.organization_id == organization_id
    await db.execute(delete(OrganizationSso).where(row))


def provider_endpoints(provider: oidc.Provider) -> list[str]:
    """The addresses a sign-in sends requests of ours to (the browser goes to the others)."""
    found = [provider.token_endpoint, provider.jwks_uri]
    return found + ([provider.userinfo_endpoint] if provider.userinfo_endpoint else [])


def _failed(message: str) -> SsoTestReply:
    return SsoTestReply(ok=False, message=message)


async def check_connection(issuer: str) -> SsoTestReply:
    """Read the issuer's discovery document and signing keys the way a sign-in will, and say
    what is wrong in words an administrator can act on."""
    try:
        await require_public(issuer)
        document = await get_json(oidc.discovery_url(issuer))
    except (FetchFailed, PrivateAddress) as exc:
        return _failed(f"The discovery document could not be read: {exc}.")
    try:
        provider = oidc.Provider.from_document(document)
    except KeyError as exc:
        return _failed(f"The discovery document has no {exc.args[0]}.")
    except ValueError as exc:
        return _failed(f"The discovery document is not valid: {exc}.")
    if provider.issuer.rstrip("/") != issuer.rstrip("/"):
        return _failed(
            f"The discovery document names the issuer {provider.issuer[:200]}, not {issuer}. "
            "Enter the issuer exactly as the provider names it."
        )
    if not provider.algorithms:
        return _failed(
            "The provider signs ID tokens with none of the algorithms Merit accepts "
            f"({', '.join(oidc.ALLOWED_ALGORITHMS)})."
        )
    try:
        for endpoint in provider_endpoints(provider):
            await require_public(endpoint)
        keys = await get_json(provider.jwks_uri)
    except (FetchFailed, PrivateAddress) as exc:
        return _failed(f"The signing keys could not be read: {exc}.")
    signing = [
        {name: value for name, value in k.items() if name != "key_ops"}
        for k in keys.get("keys") or []
        if isinstance(k, dict) and k.get("kty") in ("RSA", "EC") and k.get("use") in (None, "sig")
    ]
    if not signing:
        return _failed(f"{provider.jwks_uri} publishes no RSA or EC signing key.")
    try:
        KeySet.import_key_set({"keys": signing})
    except (JoseError, ValueError, TypeError) as exc:
        return _failed(f"{provider.jwks_uri} publishes keys that cannot be read ({exc!r:.200}).")
    count = len(signing)
    return SsoTestReply(
        ok=True,
        message=(
            f"Connected to {provider.issuer}: discovery document read, {count} signing "
            f"key{'s' if count != 1 else ''} published."
        ),
        issuer=provider.issuer,
        signing_keys=count,
    )
