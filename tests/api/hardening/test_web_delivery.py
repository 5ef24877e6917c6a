"""How the built web app is delivered: hashed assets cached for good, the page never, and a
robots.txt that is text rather than the app's page."""

import json
import shutil
from pathlib import Path

from tests.api.hardening.conftest import client_for

WEB_PUBLIC = Path(__file__).resolve().parents[3] / "web" / "public"
IMMUTABLE = "public, max-age=31536000, immutable"


def _dist(tmp_path: Path) -> Path:
    """A small build as Vite lays it out: index.html, hashed assets, and web/public's files."""
    shutil.copytree(WEB_PUBLIC, tmp_path, dirs_exist_ok=True)
    (tmp_path / "assets").mkdir()
    (tmp_path / "index.html").write_text("<!doctype html><html><head></head><body></body></html>")
    (tmp_path / "assets" / "index-3f9a1c.js").write_text("console.log('merit');" * 200)
    (tmp_path / "assets" / "index-3f9a1c.css").write_text("body{margin:0}")
    return tmp_path


async def test_hashed_assets_are_cached_for_a_year(make_app, tmp_path):
    app = make_app(web_dist=_dist(tmp_path))
    async with client_for(app) as c:
        for name in ("index-3f9a1c.js", "index-3f9a1c.css"):
            r = await c.get(f"/assets/{name}")
            assert r.status_code == 200, name
            assert r.headers["cache-control"] == IMMUTABLE
        # Compressed (the script is large enough), still cached for good.
        r = await c.get("/assets/index-3f9a1c.js", headers={"accept-encoding": "gzip"})
        assert r.headers["content-encoding"] == "gzip"
        assert r.headers["cache-control"] == IMMUTABLE
        # A revalidation answered "not modified" keeps the same rule.
        r = await c.get(
            "/assets/index-3f9a1c.css",
            headers={"if-none-match": (await c.get("/assets/index-3f9a1c.css")).headers["etag"]},
        )
        assert r.status_code == 304
        assert r.headers["cache-control"] == IMMUTABLE


async def test_a_missing_asset_and_the_page_are_not_cached_for_good(make_app, tmp_path):
    app = make_app(web_dist=_dist(tmp_path))
    async with client_for(app) as c:
        missing = await c.get("/assets/index-000000.js")
        page = await c.get("/employees")
    # A file a later build will add must not be remembered as missing, nor the page that
    # names the current build's files.
    assert missing.status_code == 404
    assert "immutable" not in missing.headers.get("cache-control", "")
    assert page.status_code == 200
    assert page.headers["cache-control"] == "no-cache"


async def test_robots_txt_is_plain_text(make_app, tmp_path):
    app = make_app(web_dist=_dist(tmp_path))
    async with client_for(app) as c:
        r = await c.get("/robots.txt")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/plain")
    lines = r.text.splitlines()
    assert "User-agent: *" in lines
    assert "<" not in r.text  # not the app's HTML page


async def test_the_page_says_when_there_is_no_session_cookie(make_app, tmp_path):
    # The landing page then shows at once, with no session request answered 401 first.
    app = make_app(web_dist=_dist(tmp_path))
    async with client_for(app) as c:
        visitor = await c.get("/")
        c.cookies.set("merit_sid", "anything")
        returning = await c.get("/")
    assert '<meta name="merit-session" content="none" />' in visitor.text
    assert visitor.text.index("merit-session") < visitor.text.index("</head>")
    assert "merit-session" not in returning.text


async def test_a_signed_in_visit_preloads_the_apps_code(make_app, tmp_path):
    # With a session cookie the page names the signed-in app's chunks (and the dashboard's at
    # "/") with what they import, less what the entry loads anyway; a visitor gets none.
    dist = _dist(tmp_path)
    (dist / ".vite").mkdir()
    manifest = {
        "index.html": {"file": "assets/index-1.js", "isEntry": True, "imports": ["_react-1.js"]},
        "_react-1.js": {"file": "assets/react-1.js"},
        "_zod-1.js": {"file": "assets/zod-1.js"},
        "src/app/authenticated-app.tsx": {
            "file": "assets/authenticated-app-1.js",
            "isDynamicEntry": True,
            "imports": ["index.html", "_react-1.js", "_zod-1.js"],
        },
        "src/app/routes/dashboard.tsx": {
            "file": "assets/dashboard-1.js",
            "isDynamicEntry": True,
            "imports": ["_zod-1.js"],
        },
    }
    (dist / ".vite" / "manifest.json").write_text(json.dumps(manifest))
    app = make_app(web_dist=dist)
    preload = '<link rel="modulepreload" crossorigin href="/assets/{}" />'
    async with client_for(app) as c:
        visitor = await c.get("/")
        c.cookies.set("merit_sid", "anything")
        home = await c.get("/")
        employees = await c.get("/employees")
    assert "modulepreload" not in visitor.text
    for name in ("zod-1.js", "authenticated-app-1.js", "dashboard-1.js"):
        assert home.text.count(preload.format(name)) == 1, name
    assert "react-1.js" not in home.text and "index-1.js" not in home.text
    assert preload.format("authenticated-app-1.js") in employees.text
    assert "dashboard-1.js" not in employees.text
