"""The load test's baseline: the routes of tests/bench/load.py's mix as a minimal Starlette app
on a plain asyncpg pool. No ORM, no pydantic, no dependency injection, and no middleware but
Merit's own response compression (api/core/middleware.CompressionMiddleware), so both send the
same bytes. Each request runs the same SQL as Merit's own route (the session lookup in
public.sessions, the organisation lookup, then the route's statements, as SQLAlchemy emits
them; found with the engine's echo) and answers JSON of the same shape.

It keeps the same reply caches as Merit, so the two differ in what the framework costs, not in
the algorithm: the employee list's per-process snapshot keyed by the table's fingerprint
(api/employees/listing.py), and each listed review's, reminder's and note's JSON kept under the
row versions (xmin) it was rendered from, the list reading only ids and versions and rendering
again only the items whose rows changed (api/core/listing.py, cached_list here). Not mirrored:
Merit's separate cache of each embedded employee's and template's JSON, which only matters for
the few items rendered again after a change (here those read their embedded rows afresh).

Run by the load test as `uvicorn tests.bench.baseline_app:app --workers N` with DATABASE_URL.
"""

import json
import os
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from datetime import UTC, date, datetime, timedelta
from typing import Any

import asyncpg
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from api.core.middleware import CompressionMiddleware

COOKIE = "merit_sid"
EMPLOYEE = (
    "id, employee_id, first_name, last_name, email, department, position, start_date, "
    "manager_id, review_schedule, next_review_date, profile_photo_url, is_archived, created_at"
)
REVIEW = (
    "id, employee_id, template_id, review_type, status, responses, rating, reviewer_notes, "
    "due_date, completed_at, created_at, updated_at"
)
TEMPLATE = "id, name, description, questions, is_default, created_at, updated_at"
REMINDER = (
    "id, employee_id, review_id, certification_id, type, message, due_date, is_read, created_at"
)
NOTE = "id, employee_id, date, category, note, created_by, created_at"
ORGANIZATION = (
    "id, name, subdomain, schema_name, description, industry, size, logo_url, admin_email, "
    "is_active, admin_password_hash, manager_password_hash, admin_last_password_change, "
    "manager_last_password_change, admin_force_password_change, manager_force_password_change, "
    "created_at, updated_at"
)
FINGERPRINT = (
    "SELECT count(*)::text || ':' || coalesce(sum(hashint8((xmin::text::bigint << 32) | id)), 0)"
    '::text FROM "{s}".employees'
)
SNAPSHOT = """SELECT first_name, last_name, email, employee_id, position, is_archived,
 CAST(json_build_object('id', id, 'organizationId', $1::int, 'employeeId', employee_id,
 'firstName', first_name, 'lastName', last_name, 'email', email, 'department', department,
 'position', position, 'startDate', start_date, 'managerId', manager_id,
 'reviewSchedule', review_schedule, 'nextReviewDate', next_review_date,
 'profilePhotoUrl', profile_photo_url, 'isArchived', is_archived,
 'createdAt', to_char(timezone('UTC', created_at), 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')) AS TEXT)
 FROM "{s}".employees ORDER BY last_name, first_name, id"""
STATS = """WITH archived AS MATERIALIZED (SELECT id FROM "{s}".employees WHERE is_archived IS true)
SELECT (SELECT count(*) FROM "{s}".employees) - (SELECT count(*) FROM archived),
 (SELECT count(*) FROM "{s}".reviews WHERE status != 'completed' AND due_date >= $1
   AND due_date <= $2 AND NOT (EXISTS (SELECT * FROM archived WHERE archived.id = employee_id))),
 (SELECT count(*) FROM "{s}".reviews WHERE status = 'completed' AND completed_at >= $3
   AND completed_at < $4),
 (SELECT coalesce(round(avg(rating), 2), 0) FROM "{s}".reviews
   WHERE status = 'completed' AND rating IS NOT NULL)"""

pool: asyncpg.Pool | None = None
snapshots: dict[str, tuple[str, list[tuple[str, bool, bytes]]]] = {}
# (schema, list) → item id → (the versions it was rendered at, its JSON): Merit's reuse of
# listed items (api/core/listing.py), see cached_list.
items: dict[tuple[str, str], dict[int, tuple[tuple[str, ...], bytes]]] = {}


def camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(p.title() for p in rest)


def _default(value: Any) -> Any:
    if isinstance(value, datetime):
        return value.astimezone(UTC).isoformat().replace("+00:00", "Z")
    if isinstance(value, date):
        return value.isoformat()
    return str(value)


def record(row: Any, org_id: int | None = None) -> dict[str, Any]:
    out = {camel(k): v for k, v in row.items()}
    if org_id is not None:
        out["organizationId"] = org_id
    return out


def reply(data: Any, status: int = 200) -> Response:
    return Response(dumped(data), status_code=status, media_type="application/json")


def dumped(data: Any) -> bytes:
    return json.dumps(data, default=_default, separators=(",", ":")).encode()


async def cached_list(
    s: str,
    kind: str,
    listed: list[Any],
    render: Callable[[list[int]], Awaitable[dict[int, bytes]]],
) -> Response:
    """A list whose items keep their JSON while their rows are unchanged, as Merit's lists do:
    `listed` holds (id, the item's row version, each embedded row's version) in list order, read
    outside a transaction (committed versions only); `render` gives the current JSON of the
    items whose versions were not rendered before. Kept without a size bound: the load test's
    lists fit in Merit's budget (64 MB per process), so neither side drops any."""
    cache = items.setdefault((s, kind), {})
    stale = []
    for row in listed:
        hit = cache.get(row[0])
        if hit is None or hit[0] != tuple(row[1:]):
            stale.append(row[0])
    fresh = await render(stale) if stale else {}
    parts = []
    for row in listed:
        if row[0] in fresh:
            # Kept under the versions the list saw: a row changed since gets rendered again.
            cache[row[0]] = (tuple(row[1:]), fresh[row[0]])
            parts.append(fresh[row[0]])
        elif row[0] in cache and row[0] not in stale:
            parts.append(cache[row[0]][1])
    return Response(b"[" + b",".join(parts) + b"]", media_type="application/json")


def fail(status: int, message: str) -> Response:
    return JSONResponse({"message": message}, status_code=status)


async def _init(conn: asyncpg.Connection) -> None:
    await conn.set_type_codec("jsonb", encoder=json.dumps, decoder=json.loads, schema="pg_catalog")


@asynccontextmanager
async def lifespan(_app: Starlette) -> AsyncIterator[None]:
    global pool
    dsn = os.environ["DATABASE_URL"].replace("postgresql+asyncpg://", "postgresql://", 1)
    size = int(os.environ["MERIT_DB_POOL_SIZE"])  # load.py passes Merit's, and its cache size
    statements = int(os.environ["MERIT_DB_STATEMENT_CACHE"])
    pool = await asyncpg.create_pool(
        dsn,
        min_size=min(2, size),
        max_size=size,
        init=_init,
        statement_cache_size=statements,
    )
    yield
    await pool.close()


async def principal(conn: asyncpg.Connection, request: Request) -> tuple[dict, Any] | Response:
    """The session row and its organisation, as api/deps.py finds them."""
    sid = request.cookies.get(COOKIE)
    if not sid or len(sid) > 128:
        return fail(401, "Not authenticated")
    row = await conn.fetchrow("SELECT sid, sess, expire FROM public.sessions WHERE sid = $1", sid)
    if row is None or row["expire"] <= datetime.now(UTC):
        return fail(401, "Not authenticated")
    sess = json.loads(row["sess"]) if isinstance(row["sess"], str) else row["sess"]
    if not sess.get("authenticated"):
        return fail(401, "Not authenticated")
    org = await conn.fetchrow(
        f"SELECT {ORGANIZATION} FROM public.organizations WHERE id = $1",
        int(sess["organizationId"]),
    )
    if org is None:
        return fail(401, "Not authenticated")
    if not org["is_active"]:
        return fail(403, "This organization has been deactivated. Please contact support.")
    if sess.get("forcePasswordChange"):
        return fail(403, "Password change required. Please set a new password to continue.")
    return sess, org


def endpoint(roles: tuple[str, ...] | None = None, write: bool = False):  # noqa: ANN201
    """One connection per request; the route's work in a transaction when it writes."""

    def wrap(fn):  # noqa: ANN001, ANN202
        async def handler(request: Request) -> Response:
            assert pool is not None
            async with pool.acquire() as conn:
                found = await principal(conn, request)
                if isinstance(found, Response):
                    return found
                sess, org = found
                if roles and sess.get("userRole") not in roles:
                    return fail(403, "You don't have permission to do this")
                if write:
                    async with conn.transaction():
                        return await fn(request, conn, org)
                return await fn(request, conn, org)

        return handler

    return wrap


async def _employee(conn: asyncpg.Connection, s: str, employee_id: int) -> Any:
    return await conn.fetchrow(f'SELECT {EMPLOYEE} FROM "{s}".employees WHERE id = $1', employee_id)


async def _embed_reviews(conn: asyncpg.Connection, s: str, org_id: int, rows: list) -> list:
    """Reviews with their employee and template (SQLAlchemy's selectinload: two IN queries)."""
    if not rows:
        return []
    tids = sorted({r["template_id"] for r in rows})
    eids = sorted({r["employee_id"] for r in rows})
    templates = {
        t["id"]: t
        for t in await conn.fetch(
            f'SELECT {TEMPLATE} FROM "{s}".review_templates WHERE id = ANY($1::int[])', tids
        )
    }
    people = {
        e["id"]: e
        for e in await conn.fetch(
            f'SELECT {EMPLOYEE} FROM "{s}".employees WHERE id = ANY($1::int[])', eids
        )
    }
    out = []
    for r in rows:
        item = record(r, org_id)
        e = people[r["employee_id"]]
        item["employee"] = {camel(k): e[k] for k in (
            "id", "employee_id", "first_name", "last_name", "email", "department", "position",
            "review_schedule", "next_review_date", "is_archived")}  # fmt: skip
        t = templates[r["template_id"]]
        item["template"] = {"id": t["id"], "name": t["name"], "description": t["description"],
                            "questions": t["questions"]}  # fmt: skip
        out.append(item)
    return out


@endpoint()
async def list_employees(request: Request, conn: asyncpg.Connection, org: Any) -> Response:
    s = org["schema_name"]
    fingerprint = await conn.fetchval(FINGERPRINT.format(s=s))
    cached = snapshots.get(s)
    if cached is None or cached[0] != fingerprint:
        rows = []
        for first, last, email, emp_id, position, archived, body in await conn.fetch(
            SNAPSHOT.format(s=s), org["id"]
        ):
            key = "\n".join(x or "" for x in (f"{first} {last}", email, emp_id, position))
            rows.append((key.casefold(), archived, body.encode()))
        cached = (fingerprint, rows)
        snapshots[s] = cached
    term = (request.query_params.get("search") or "").strip().casefold()
    archived_too = request.query_params.get("includeArchived") == "true"
    parts = [b for k, a, b in cached[1] if (archived_too or not a) and (not term or term in k)]
    return Response(b"[" + b",".join(parts) + b"]", media_type="application/json")


@endpoint()
async def get_employee(request: Request, conn: asyncpg.Connection, org: Any) -> Response:
    row = await _employee(conn, org["schema_name"], int(request.path_params["id"]))
    if row is None:
        return fail(404, "Employee not found")
    return reply(record(row, org["id"]))


@endpoint(roles=("admin", "hr"), write=True)
async def update_employee(request: Request, conn: asyncpg.Connection, org: Any) -> Response:
    s, emp_id = org["schema_name"], int(request.path_params["id"])
    body = await request.json()
    if await _employee(conn, s, emp_id) is None:
        return fail(404, "Employee not found")
    await conn.execute(
        f'UPDATE "{s}".employees SET position = $1 WHERE id = $2', body["position"], emp_id
    )
    return reply(record(await _employee(conn, s, emp_id), org["id"]))


# The ids and versions of listed reviews, of their employees and templates (then the filter).
REVIEW_VERSIONS = (
    'SELECT r.id, r.xmin::text, ee.xmin::text, et.xmin::text FROM "{s}".reviews r '
    'LEFT JOIN "{s}".employees ee ON ee.id = r.employee_id '
    'LEFT JOIN "{s}".review_templates et ON et.id = r.template_id '
)


def _review_items(conn: asyncpg.Connection, s: str, org_id: int) -> Any:
    async def render(ids: list[int]) -> dict[int, bytes]:
        rows = await conn.fetch(
            f'SELECT {REVIEW} FROM "{s}".reviews WHERE id = ANY($1::int[])', ids
        )
        return {item["id"]: dumped(item) for item in await _embed_reviews(conn, s, org_id, rows)}

    return render


@endpoint()
async def list_reviews(request: Request, conn: asyncpg.Connection, org: Any) -> Response:
    s = org["schema_name"]
    employee_id = request.query_params.get("employeeId")
    if employee_id is not None:
        if await _employee(conn, s, int(employee_id)) is None:
            return fail(404, "Employee not found")
        listed = await conn.fetch(
            REVIEW_VERSIONS.format(s=s)
            + "WHERE r.employee_id = $1 ORDER BY r.created_at DESC, r.id DESC",
            int(employee_id),
        )
    else:
        listed = await conn.fetch(
            REVIEW_VERSIONS.format(s=s)
            + f'JOIN "{s}".employees e ON e.id = r.employee_id WHERE e.is_archived IS false '
            "ORDER BY r.created_at DESC, r.id DESC"
        )
    return await cached_list(s, "reviews", listed, _review_items(conn, s, org["id"]))


@endpoint()
async def upcoming_reviews(request: Request, conn: asyncpg.Connection, org: Any) -> Response:
    s = org["schema_name"]
    listed = await conn.fetch(
        REVIEW_VERSIONS.format(s=s) + f'JOIN "{s}".employees e ON e.id = r.employee_id '
        "WHERE r.status != 'completed' AND e.is_archived IS false "
        "ORDER BY r.due_date, r.id LIMIT $1",
        10,
    )
    return await cached_list(s, "reviews", listed, _review_items(conn, s, org["id"]))


@endpoint(roles=("admin", "hr", "manager"), write=True)
async def update_review(request: Request, conn: asyncpg.Connection, org: Any) -> Response:
    s, review_id = org["schema_name"], int(request.path_params["id"])
    body = await request.json()
    row = await conn.fetchrow(f'SELECT {REVIEW} FROM "{s}".reviews WHERE id = $1', review_id)
    if row is None:
        return fail(404, "Review not found")
    await _embed_reviews(conn, s, org["id"], [row])
    if row["status"] == "completed":
        return fail(403, "Only an administrator can change a completed review")
    status = "in_progress" if row["status"] == "pending" else row["status"]
    await conn.execute(
        f'UPDATE "{s}".reviews SET responses = $1, reviewer_notes = $2, status = $3, '
        "updated_at = now() WHERE id = $4",
        body.get("responses") or {},
        body.get("reviewerNotes"),
        status,
        review_id,
    )
    row = await conn.fetchrow(f'SELECT {REVIEW} FROM "{s}".reviews WHERE id = $1', review_id)
    return reply((await _embed_reviews(conn, s, org["id"], [row]))[0])


@endpoint()
async def dashboard_stats(request: Request, conn: asyncpg.Connection, org: Any) -> Response:
    today = date.today()
    start = date(today.year, 3 * ((today.month - 1) // 3) + 1, 1)
    end_month = start.month + 3
    end = date(start.year + (end_month > 12), (end_month - 1) % 12 + 1, 1)

    def midnight(day: date) -> datetime:
        return datetime.combine(day, datetime.min.time()).astimezone().astimezone(UTC)

    row = await conn.fetchrow(
        STATS.format(s=org["schema_name"]),
        today,
        today + timedelta(days=7),
        midnight(start),
        midnight(end),
    )
    return reply({"totalEmployees": row[0], "reviewsDue": row[1], "completedReviews": row[2],
                  "averageRating": float(row[3])})  # fmt: skip


async def _reminder_reply(conn: asyncpg.Connection, s: str, org_id: int, rows: list) -> list:
    eids = sorted({r["employee_id"] for r in rows})
    people = {
        e["id"]: e
        for e in await conn.fetch(
            f'SELECT {EMPLOYEE} FROM "{s}".employees WHERE id = ANY($1::int[])', eids
        )
    }
    out = []
    for r in rows:
        item = record(r, org_id)
        e = people[r["employee_id"]]
        item["employee"] = {camel(k): e[k] for k in (
            "id", "employee_id", "first_name", "last_name", "department")}  # fmt: skip
        out.append(item)
    return out


@endpoint()
async def list_reminders(request: Request, conn: asyncpg.Connection, org: Any) -> Response:
    s = org["schema_name"]
    listed = await conn.fetch(
        f'SELECT m.id, m.xmin::text, ee.xmin::text FROM "{s}".reminders m '
        f'LEFT JOIN "{s}".employees ee ON ee.id = m.employee_id '
        "ORDER BY m.is_read, m.due_date ASC NULLS LAST, m.created_at DESC, m.id DESC"
    )

    async def render(ids: list[int]) -> dict[int, bytes]:
        rows = await conn.fetch(
            f'SELECT {REMINDER} FROM "{s}".reminders WHERE id = ANY($1::int[])', ids
        )
        return {i["id"]: dumped(i) for i in await _reminder_reply(conn, s, org["id"], rows)}

    return await cached_list(s, "reminders", listed, render)


@endpoint(write=True)
async def update_reminder(request: Request, conn: asyncpg.Connection, org: Any) -> Response:
    s, reminder_id = org["schema_name"], int(request.path_params["id"])
    is_read = (await request.json())["isRead"]
    row = await conn.fetchrow(f'SELECT {REMINDER} FROM "{s}".reminders WHERE id = $1', reminder_id)
    if row is None:
        return fail(404, "Reminder not found")
    item = (await _reminder_reply(conn, s, org["id"], [row]))[0]
    if row["is_read"] != is_read:
        await conn.execute(
            f'UPDATE "{s}".reminders SET is_read = $1 WHERE id = $2', is_read, reminder_id
        )
        item["isRead"] = is_read
    return reply(item)


@endpoint()
async def list_notes(request: Request, conn: asyncpg.Connection, org: Any) -> Response:
    s = org["schema_name"]
    employee_id = int(request.query_params["employeeId"])
    if await _employee(conn, s, employee_id) is None:
        return fail(404, "Employee not found")
    listed = await conn.fetch(
        f'SELECT id, xmin::text FROM "{s}".employee_notes WHERE employee_id = $1 '
        "ORDER BY date DESC, created_at DESC, id DESC",
        employee_id,
    )

    async def render(ids: list[int]) -> dict[int, bytes]:
        rows = await conn.fetch(
            f'SELECT {NOTE} FROM "{s}".employee_notes WHERE id = ANY($1::int[])', ids
        )
        return {r["id"]: dumped(record(r, org["id"])) for r in rows}

    return await cached_list(s, "notes", listed, render)


@endpoint(roles=("admin", "hr"), write=True)
async def create_note(request: Request, conn: asyncpg.Connection, org: Any) -> Response:
    s = org["schema_name"]
    body = await request.json()
    employee_id = int(body["employeeId"])
    if await _employee(conn, s, employee_id) is None:
        return fail(404, "Employee not found")
    note_id = await conn.fetchval(
        f'INSERT INTO "{s}".employee_notes (employee_id, date, category, note, created_by) '
        "VALUES ($1, $2, $3, $4, $5) RETURNING id",
        employee_id,
        date.fromisoformat(body["date"][:10]),
        body["category"],
        body["note"],
        "HR Admin",
    )
    row = await conn.fetchrow(f'SELECT {NOTE} FROM "{s}".employee_notes WHERE id = $1', note_id)
    return reply(record(row, org["id"]), status=201)


async def healthz(request: Request) -> Response:
    return JSONResponse({"status": "ok"})


app = Starlette(
    lifespan=lifespan,
    middleware=[Middleware(CompressionMiddleware)],
    routes=[
        Route("/healthz", healthz),
        Route("/api/employees", list_employees),
        Route("/api/employees/{id:int}", get_employee),
        Route("/api/employees/{id:int}", update_employee, methods=["PUT"]),
        Route("/api/reviews", list_reviews),
        Route("/api/reviews/upcoming", upcoming_reviews),
        Route("/api/reviews/{id:int}", update_review, methods=["PUT"]),
        Route("/api/dashboard/stats", dashboard_stats),
        Route("/api/reminders", list_reminders),
        Route("/api/reminders/{id:int}", update_reminder, methods=["PUT"]),
        Route("/api/employee-notes", list_notes),
        Route("/api/employee-notes", create_note, methods=["POST"]),
    ],
)
