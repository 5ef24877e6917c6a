"""Merit behind a real PgBouncer in transaction mode (`make pooler`), two versions of it.

Starts Debian's Postgres 15 (initdb into a temporary directory) and two PgBouncers in front of
it, all on Unix sockets in that directory (no port to choose or to collide): Debian 12's 1.18,
and 1.24 (built from Debian 13's source package by tests/pooler/build-pgbouncer.sh) with
protocol-level prepared statements on (`max_prepared_statements`). Then runs pytest once per
PgBouncer, each on a database of its own, with DATABASE_URL pointing at that PgBouncer and
MERIT_DB_POOLER set as a deployment on it would set it (`transaction` on 1.18,
`transaction-prepared` on 1.24): this folder's tests (thousands of concurrent requests over two
organisations, the CLI, the worker's jobs, backups) and the tenant isolation tests. Through
1.24 the concurrent requests, the worker's jobs and a backup run with both values, with and
without Merit's statements prepared under names (see conftest.py). The servers refuse to run
as root, so under root (CI) they run as `nobody`.

PgBouncer gets fewer server connections than the app opens client connections, so one server
connection serves many clients and organisations one transaction after another: what would
go wrong with statements prepared by name or with a session-level search_path goes wrong here.

Usage: uv run python tests/pooler/run.py [pytest options] [test paths, else SUITES]
"""

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from api.core.pg_connect import home_database_entries  # noqa: E402

PG_BIN = Path("/usr/lib/postgresql/15/bin")
PG_PORT = 5432  # socket file names only: nothing listens on TCP
USER = "merit"
# A server connection per this many of the app's (MERIT_DB_POOL_SIZE=8 per process).
SERVER_CONNECTIONS = 3
SUITES = ["tests/pooler", "tests/tenants/test_isolation.py"]
# Home databases (MERIT_DB_POOLER_HOMES) each PgBouncer offers for every run's database, one
# server connection each plus one in reserve: tests/pooler/test_home_databases.py turns them
# on; the other tests keep organisations on shared server connections.
HOMES = 3


@dataclass(frozen=True)
class Bouncer:
    version: str
    binary: Path
    port: int
    # PgBouncer's own LRU of prepared statements per server connection; 0 = none (1.18 has
    # no such setting). 200 is PgBouncer's default from 1.24 on, and more than Merit prepares.
    max_prepared_statements: int
    # MERIT_DB_POOLER for this PgBouncer (deploy/README.md says which value for which version).
    pooler: str

    @property
    def name(self) -> str:
        return f"pgbouncer-{self.version}"


BOUNCERS = [
    Bouncer("1.18", Path("/usr/sbin/pgbouncer"), 6432, 0, "transaction"),
    Bouncer(
        "1.24", ROOT / ".merit/pgbouncer-1.24/bin/pgbouncer", 6433, 200, "transaction-prepared"
    ),
]


def _as_owner(cmd: list[str]) -> list[str]:
    return ["runuser", "-u", "nobody", "--", *cmd] if os.geteuid() == 0 else cmd


def _bouncer_ini(folder: Path, bouncer: Bouncer) -> str:
    prepared = bouncer.max_prepared_statements
    server = f"host={folder} port={PG_PORT} user={USER}"
    database = _database(bouncer)
    homes = "\n".join(home_database_entries(database, server, HOMES))
    return f"""[databases]
{homes}
* = {server}

[pgbouncer]
pool_mode = transaction
listen_addr =
listen_port = {bouncer.port}
unix_socket_dir = {folder}
auth_type = trust
auth_file = {folder}/users.txt
default_pool_size = {SERVER_CONNECTIONS}
reserve_pool_timeout = 0.05
max_client_conn = 500
server_lifetime = 3600
{f"max_prepared_statements = {prepared}" if prepared else ""}
logfile = {folder}/{bouncer.name}.log
pidfile = {folder}/{bouncer.name}.pid
"""


def _wait_for_socket(path: Path, proc: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + 60
    while not path.exists():
        if proc.poll() is not None or time.monotonic() > deadline:
            raise SystemExit(f"{path.name} never appeared; see {log}:\n{log.read_text()[-3000:]}")
        time.sleep(0.1)


def _client(folder: Path, tool: str, *args: str) -> list[str]:
    """A Postgres client program aimed at the server's socket in `folder`."""
    return [str(PG_BIN / tool), "-h", str(folder), "-p", str(PG_PORT), *args]


def _psql(folder: Path, sql: str) -> None:
    command = _client(folder, "psql", "-U", USER, "-d", "postgres", "-v", "ON_ERROR_STOP=1")
    subprocess.run([*command, "-qc", sql], check=True)


def _wait_until_ready(folder: Path) -> None:
    """The socket exists a moment before connections are accepted."""
    for _ in range(100):
        ready = subprocess.run(_client(folder, "pg_isready"), stdout=subprocess.DEVNULL)
        if ready.returncode == 0:
            return
        time.sleep(0.1)
    raise SystemExit("Postgres did not accept connections")


def _database(bouncer: Bouncer) -> str:
    """Each PgBouncer's run has a database of its own: nothing one run leaves meets the other."""
    return f"{USER}_{bouncer.version.replace('.', '_')}"


def _start_postgres(folder: Path, procs: list[subprocess.Popen[bytes]]) -> None:
    data = folder / "data"
    initdb = [str(PG_BIN / "initdb"), "-D", str(data), "-U", USER, "--auth=trust", "-E", "UTF8"]
    subprocess.run(_as_owner(initdb), check=True, stdout=subprocess.DEVNULL)
    pg_log = folder / "postgres.log"
    settings = ["-c", "listen_addresses=", "-k", str(folder), "-p", str(PG_PORT), "-c", "fsync=off"]
    with open(pg_log, "wb") as out:
        postgres = subprocess.Popen(
            _as_owner([str(PG_BIN / "postgres"), "-D", str(data), *settings]),
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    procs.append(postgres)
    _wait_for_socket(folder / f".s.PGSQL.{PG_PORT}", postgres, pg_log)
    _wait_until_ready(folder)
    # What deploy/README.md asks of a pooled deployment: the role's connections start with no
    # schema, as the app's own direct connections do.
    for bouncer in BOUNCERS:
        _psql(folder, f"CREATE DATABASE {_database(bouncer)}")
    _psql(folder, f"ALTER ROLE {USER} SET search_path = ''")


def _start_bouncer(folder: Path, bouncer: Bouncer, procs: list[subprocess.Popen[bytes]]) -> None:
    ini, log = folder / f"{bouncer.name}.ini", folder / f"{bouncer.name}.log"
    ini.write_text(_bouncer_ini(folder, bouncer))
    log.touch()
    if os.geteuid() == 0:
        for path in (ini, log):
            shutil.chown(path, "nobody")
    proc = subprocess.Popen(
        _as_owner([str(bouncer.binary), str(ini)]),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    procs.insert(0, proc)  # stopped before Postgres
    _wait_for_socket(folder / f".s.PGSQL.{bouncer.port}", proc, log)


def start(folder: Path, procs: list[subprocess.Popen[bytes]]) -> None:
    """Postgres and every PgBouncer on sockets in `folder`, which the caller removes
    afterwards; each process is added to `procs` as it starts, for `stop`."""
    if os.geteuid() == 0:
        shutil.chown(folder, "nobody")
    _start_postgres(folder, procs)
    (folder / "users.txt").write_text(f'"{USER}" ""\n')
    if os.geteuid() == 0:
        shutil.chown(folder / "users.txt", "nobody")
    for bouncer in BOUNCERS:
        _start_bouncer(folder, bouncer, procs)


def stop(procs: list[subprocess.Popen[bytes]]) -> None:
    for proc in procs:
        if proc.poll() is None:
            proc.terminate()  # its own pid; runuser passes the signal on
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=10)


def _pytest(folder: Path, bouncer: Bouncer, args: list[str]) -> int:
    database = _database(bouncer)
    env = {
        **os.environ,
        "DATABASE_URL": f"postgresql://{USER}@/{database}?host={folder}&port={bouncer.port}",
        "MERIT_DB_POOLER": bouncer.pooler,
        "MERIT_POOLER_DIRECT_URL": f"postgresql://{USER}@/{database}?host={folder}&port={PG_PORT}",
        "MERIT_POOLER_MAX_PREPARED": str(bouncer.max_prepared_statements),
        "MERIT_POOLER_HOMES": str(HOMES),
    }
    command = [sys.executable, "-m", "pytest", *args]
    return subprocess.run(command, cwd=ROOT, env=env).returncode


def _missing() -> list[str]:
    needed = [PG_BIN / "initdb", *(bouncer.binary for bouncer in BOUNCERS)]
    return [str(path) for path in needed if not path.exists()]


def main() -> int:
    missing = _missing()
    if missing:
        print(f"missing {', '.join(missing)}: make pooler-deps installs or builds them")
        return 1
    # Stopped from outside (a timeout, Ctrl+C in make): still stop the servers and pytest.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    args = sys.argv[1:]
    if not any((ROOT / arg.split("::")[0]).exists() for arg in args):  # no test named
        args = [*SUITES, *args]
    folder = Path(tempfile.mkdtemp(prefix="merit-pooler-"))
    procs: list[subprocess.Popen[bytes]] = []
    results: list[str] = []
    failed = 0
    try:
        start(folder, procs)
        for bouncer in BOUNCERS:
            print(f"== through PgBouncer {bouncer.version}", flush=True)
            began = time.monotonic()
            code = _pytest(folder, bouncer, args)
            failed += code != 0
            verdict = "passed" if code == 0 else f"FAILED (pytest exit {code})"
            results.append(
                f"PgBouncer {bouncer.version}: {verdict} in {time.monotonic() - began:.0f} s"
            )
    finally:
        stop(procs)
        shutil.rmtree(folder, ignore_errors=True)
    print("\n".join(results))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
