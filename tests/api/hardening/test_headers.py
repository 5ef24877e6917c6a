"""Security headers on every reply, a CSP the web app works under, and cookie flags."""

import httpx
import pytest

from api.core.middleware import CSP, _harden_cookie
from tests.api.hardening.conftest import client_for


def assert_security_headers(r: httpx.Response) -> None:
    assert r.headers["content-security-policy"] == CSP
    assert r.headers["x-content-type-options"] == "nosniff"
    assert r.headers["referrer-policy"] == "strict-origin-when-cross-origin"
    assert r.headers["x-frame-options"] == "DENY"
    assert "camera=()" in r.headers["permissions-policy"]
    assert r.headers["x-request-id"]


def test_the_csp_is_strict():
    directives = dict(d.strip().split(" ", 1) for d in CSP.split(";"))
    assert directives["default-src"] == "'self'"
    assert directives["script-src"] == "'self'"  # no inline scripts, no eval
    assert directives["frame-ancestors"] == "'none'"
    assert directives["object-src"] == "'none'"
    assert directives["base-uri"] == "'self'"
    assert directives["form-action"] == "'self'"
    assert directives["connect-src"] == "'self'"
    assert "unsafe-eval" not in CSP
    assert "'unsafe-inline'" not in directives["script-src"]


@pytest.mark.parametrize(
    "method,path,status",
    [
        ("GET", "/api/auth/session", 401),
        ("GET", "/api/nothing-here", 404),
        ("POST", "/api/auth/org-login", 400),
        ("GET", "/healthz", 200),
        ("GET", "/metrics", 200),
    ],
)
async def test_every_reply_carries_the_security_headers(client, method, path, status):
    r = await client.request(method, path, json={} if method == "POST" else None)
    assert r.status_code == status
    assert_security_headers(r)
    assert "strict-transport-security" not in r.headers  # plain HTTP, not production


async def test_the_web_app_gets_the_csp_too(make_app, tmp_path):
    (tmp_path / "assets").mkdir()
    (tmp_path / "index.html").write_text("<!doctype html><div id=root></div>")
    (tmp_path / "assets" / "app.js").write_text("console.log(1)")
    app = make_app(web_dist=tmp_path)
    async with client_for(app) as c:
        for path in ("/", "/employees/12", "/assets/app.js"):
            r = await c.get(path)
            assert r.status_code == 200, path
            assert_security_headers(r)


async def test_the_web_app_page_names_the_base_domain(make_app, tmp_path):
    # The page shows organisation addresses as {code}.{base}; only the server knows the base.
    index = "<!doctype html><html><head><title>Merit</title></head><body></body></html>"
    (tmp_path / "index.html").write_text(index)
    app = make_app(web_dist=tmp_path, base_domain="Merit.Example.com")
    async with client_for(app, base="http://acme.merit.example.com") as c:
        r = await c.get("/employees")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/html")
    assert '<meta name="merit-base-domain" content="merit.example.com" />' in r.text
    assert r.text.index("merit-base-domain") < r.text.index("</head>")


async def test_refused_cross_site_calls_carry_the_headers(client):
    r = await client.post(
        "/api/auth/org-login", json={"subdomain": "x"}, headers={"origin": "https://evil.test"}
    )
    assert r.status_code == 403
    assert r.json() == {"message": "Cross-site request refused"}
    assert_security_headers(r)


async def test_hsts_on_https(app):
    async with client_for(app, base="https://localhost") as c:
        r = await c.get("/healthz")
    assert r.headers["strict-transport-security"] == "max-age=31536000; includeSubDomains"


async def test_hsts_and_secure_cookies_always_in_production(make_app, org):
    app = make_app(environment="production")
    async with client_for(app) as c:
        r = await c.post("/api/auth/org-login", json={"subdomain": org.subdomain})
    assert r.status_code == 200
    assert "strict-transport-security" in r.headers
    cookie = r.headers["set-cookie"].lower()
    assert "; secure" in cookie and "; httponly" in cookie and "samesite=lax" in cookie


async def test_no_interactive_docs_in_production(make_app, app):
    assert app.docs_url == "/docs"
    prod = make_app(environment="production")
    assert prod.docs_url is None and prod.redoc_url is None


async def test_session_cookie_flags(app, org):
    async with client_for(app, base="https://localhost") as c:
        r = await c.post("/api/auth/org-login", json={"subdomain": org.subdomain})
    assert r.status_code == 200
    cookie = r.headers["set-cookie"].lower()
    assert cookie.startswith("merit_sid=")
    for flag in ("; httponly", "; secure", "samesite=lax", "path=/"):
        assert flag in cookie
    async with client_for(app) as c:
        r = await c.post("/api/auth/org-login", json={"subdomain": org.subdomain})
    cookie = r.headers["set-cookie"].lower()
    assert "; httponly" in cookie and "samesite=lax" in cookie
    assert "secure" not in cookie  # plain-HTTP development keeps working


async def test_secure_cookies_can_be_forced(make_app, org):
    app = make_app(cookie_secure=True)
    async with client_for(app) as c:
        r = await c.post("/api/auth/org-login", json={"subdomain": org.subdomain})
    assert "; secure" in r.headers["set-cookie"].lower()


def test_cookie_flags_are_added_only_when_missing():
    assert _harden_cookie(b"a=1; Path=/", secure=True) == (
        b"a=1; Path=/; HttpOnly; SameSite=lax; Secure"
    )
    kept = b"a=1; Path=/; HttpOnly; SameSite=strict; Secure"
    assert _harden_cookie(kept, secure=True) == kept
    assert _harden_cookie(b"a=1; SameSite=None; Secure", secure=False) == (
        b"a=1; SameSite=None; Secure; HttpOnly"
    )
    assert _harden_cookie(b"a=1", secure=False) == b"a=1; HttpOnly; SameSite=lax"


async def test_api_replies_are_never_kept_by_a_cache(login, org):
    """A reply about people must not stay in a shared computer's browser cache or a proxy."""
    admin = await login(org)
    for path in ("/api/employees", "/api/auth/session", "/api/dashboard/stats", "/api/nothing"):
        r = await admin.get(path)
        assert r.headers["cache-control"] == "no-store", path
