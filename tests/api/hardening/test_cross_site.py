"""Cross-site requests: a page on another site (or another organisation's subdomain) cannot
sign a person out or change anything with their cookie. The Origin must be the request's own
scheme, host and port; failing an Origin, the Referer; failing both, Sec-Fetch-Site."""

import pytest

from api.core.config import get_settings

REFUSED = {"message": "Cross-site request refused"}


async def still_signed_in(c) -> bool:
    return (await c.get("/api/auth/session")).status_code == 200


@pytest.mark.parametrize("site", ["cross-site", "same-site"])
async def test_a_logout_link_on_another_site_signs_nobody_out(login, org, site):
    c = await login(org)
    r = await c.get("/api/logout", headers={"sec-fetch-site": site})
    assert r.status_code == 403 and r.json() == REFUSED
    r = await c.get("/api/logout", headers={"referer": "https://evil.example/page"})
    assert r.status_code == 403
    assert await still_signed_in(c)


@pytest.mark.parametrize(
    "headers", [{"sec-fetch-site": "same-origin"}, {"sec-fetch-site": "none"}, {}]
)
async def test_the_logout_link_works_from_our_own_pages_or_typed(login, org, headers):
    c = await login(org)
    r = await c.get("/api/logout", headers=headers)
    assert r.status_code == 302
    assert not await still_signed_in(c)


@pytest.mark.parametrize(
    "headers",
    [
        {"sec-fetch-site": "cross-site"},  # no Origin: a browser still says where it came from
        {"sec-fetch-site": "same-site"},  # another organisation's subdomain
        {"origin": "https://localhost"},  # our host, another scheme
        {"origin": "http://localhost:8001"},  # our host, another port
        {"origin": "http://other.localhost"},  # another organisation
        {"origin": "http://localhost.evil.example"},
        {"origin": "null"},
        {"referer": "https://evil.example/form"},  # no Origin, a foreign Referer
        {"origin": "http://localhost@evil.example"},
    ],
)
async def test_state_changes_from_elsewhere_are_refused(login, org, headers):
    c = await login(org)
    before = (await c.get("/api/departments")).json()
    r = await c.post(
        "/api/departments", json={"name": "Planted", "slug": "planted"}, headers=headers
    )
    assert r.status_code == 403, (headers, r.text)
    assert r.json() == REFUSED
    assert (await c.get("/api/departments")).json() == before
    r = await c.post("/api/auth/logout", headers=headers)
    assert r.status_code == 403
    assert await still_signed_in(c)


@pytest.mark.parametrize(
    "headers",
    [
        {"origin": "http://localhost"},
        {"origin": "http://localhost:80"},
        {"referer": "http://localhost/departments"},
        {"sec-fetch-site": "same-origin"},
        {},  # no browser at all (a script with its own cookie)
    ],
)
async def test_state_changes_from_our_own_origin_pass(login, org, headers):
    c = await login(org)
    r = await c.post("/api/auth/logout", headers=headers)
    assert r.status_code == 200, (headers, r.text)


async def test_the_configured_scheme_is_ours_behind_a_proxy_that_drops_it(login, org, monkeypatch):
    """TLS ends at a proxy that forgot X-Forwarded-Proto: the request looks like http, the
    browser's Origin says https, and MERIT_PUBLIC_URL says https is ours."""
    c = await login(org)
    monkeypatch.setattr(get_settings(), "public_url", "https://localhost")
    r = await c.post("/api/auth/logout", headers={"origin": "https://localhost"})
    assert r.status_code == 200


async def test_an_allowed_origin_may_change_things(login, org, monkeypatch):
    c = await login(org)
    monkeypatch.setattr(get_settings(), "allowed_origins", ["https://admin.partner.example"])
    r = await c.post("/api/auth/logout", headers={"origin": "https://admin.partner.example"})
    assert r.status_code == 200
