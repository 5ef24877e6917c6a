"""A page on another site cannot sign a platform admin out through the OIDC routes: the login
route ends the current platform session (it starts a new sign-in), so it is refused
cross-site like the logout link; the callback, which the provider's site opens, leaves a live
session and its cookie alone when the request is not the end of a pending sign-in."""

import httpx
import pytest

from tests.api.platform.oidc_provider import RealProvider

REFUSED = {"message": "Cross-site request refused"}


async def signed_in(client: httpx.AsyncClient) -> bool:
    return (await client.get("/api/platform/session")).status_code == 200


@pytest.mark.parametrize(
    "headers",
    [
        {"sec-fetch-site": "cross-site"},
        {"sec-fetch-site": "same-site"},  # an organisation's subdomain
        {"referer": "https://evil.example/page"},
    ],
)
async def test_a_link_to_the_oidc_login_on_another_site_signs_nobody_out(
    provider: RealProvider, platform: httpx.AsyncClient, headers: dict[str, str]
):
    assert await signed_in(platform)
    r = await platform.get("/api/platform/oidc/login", headers=headers)
    assert r.status_code == 403 and r.json() == REFUSED
    assert await signed_in(platform)


async def test_the_oidc_login_still_starts_from_our_own_page(
    provider: RealProvider, platform: httpx.AsyncClient
):
    r = await platform.get("/api/platform/oidc/login", headers={"sec-fetch-site": "same-origin"})
    assert r.status_code == 302
    assert r.headers["location"].startswith(provider.issuer)


@pytest.mark.parametrize("query", ["", "?error=access_denied", "?code=x&state=y"])
async def test_a_callback_link_on_another_site_signs_nobody_out(
    platform: httpx.AsyncClient, query: str
):
    r = await platform.get(
        f"/api/platform/oidc/callback{query}", headers={"sec-fetch-site": "cross-site"}
    )
    assert r.status_code == 302 and r.headers["location"].startswith("/super-admin?error=")
    assert "set-cookie" not in r.headers
    assert await signed_in(platform)
