"""Merit behind a real PgBouncer in transaction mode (`make pooler`).

Starts Debian's Postgres 15 (initdb into a temporary directory) and Debian's PgBouncer (1.18
on Debian 12) in front of it, both on Unix sockets in that directory (no port to choose or to
collide), then runs pytest with DATABASE_URL pointing at PgBouncer and MERIT_DB_POOLER set:
this folder's tests (thousands of concurrent requests over two organisations, the CLI, the
worker's jobs, backups) and the tenant isolation tests. Both servers refuse to run as root,
so under root (CI) they run as `nobody`.

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
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PG_BIN = Path("/usr/lib/postgresql/15/bin")
PGBOUNCER = Path("/usr/sbin/pgbouncer")
PG_PORT, BOUNCER_PORT = 5432, 6432  # socket file names only: nothing listens on TCP
USER = "merit"
# A server connection per this many of the app's (MERIT_DB_POOL_SIZE=8 per process).
SERVER_CONNECTIONS = 3
SUITES = ["tests/pooler", "tests/tenants/test_isolation.py"]


def _as_owner(cmd: list[str]) -> list[str]:
    return ["runuser", "-u", "nobody", "--", *cmd] if os.geteuid() == 0 else cmd


def _bouncer_ini(folder: Path) -> str:
    return f"""[databases]
{USER} = host={folder} port={PG_PORT} dbname={USER} user={USER}
* = host={folder} port={PG_PORT} user={USER}

[pgbouncer]
pool_mode = transaction
listen_addr =
listen_port = {BOUNCER_PORT}
unix_socket_dir = {folder}
auth_type = trust
auth_file = {folder}/users.txt
default_pool_size = {SERVER_CONNECTIONS}
max_client_conn = 500
server_lifetime = 3600
logfile = {folder}/pgbouncer.log
pidfile = {folder}/pgbouncer.pid
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


def start(folder: Path) -> list[subprocess.Popen[bytes]]:
    """Postgres and PgBouncer on sockets in `folder`, which the caller removes afterwards."""
    if os.geteuid() == 0:
        shutil.chown(folder, "nobody")
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
    _wait_for_socket(folder / f".s.PGSQL.{PG_PORT}", postgres, pg_log)
    _wait_until_ready(folder)
    # What deploy/README.md asks of a pooled deployment: the role's connections start with no
    # schema, as the app's own direct connections do.
    _psql(folder, f"CREATE DATABASE {USER}")
    _psql(folder, f"ALTER ROLE {USER} SET search_path = ''")
    (folder / "users.txt").write_text(f'"{USER}" ""\n')
    (folder / "pgbouncer.ini").write_text(_bouncer_ini(folder))
    bouncer_log = folder / "pgbouncer.log"
    bouncer_log.touch()
    if os.geteuid() == 0:
        for name in ("users.txt", "pgbouncer.ini", "pgbouncer.log"):
            shutil.chown(folder / name, "nobody")
    bouncer = subprocess.Popen(
        _as_owner([str(PGBOUNCER), str(folder / "pgbouncer.ini")]),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    _wait_for_socket(folder / f".s.PGSQL.{BOUNCER_PORT}", bouncer, bouncer_log)
    return [bouncer, postgres]


def stop(procs: list[subprocess.Popen[bytes]]) -> None:
    for proc in procs:
        if proc.poll() is None:
            proc.terminate()  # its own pid; runuser passes the signal on
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=10)


def main() -> int:
    missing = [str(p) for p in (PG_BIN / "initdb", PGBOUNCER) if not p.exists()]
    if missing:
        print(f"missing {', '.join(missing)}: apt-get install postgresql-15 pgbouncer")
        return 1
    # Stopped from outside (a timeout, Ctrl+C in make): still stop both servers and pytest.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    folder = Path(tempfile.mkdtemp(prefix="merit-pooler-"))
    procs: list[subprocess.Popen[bytes]] = []
    try:
        procs = start(folder)
        env = {
            **os.environ,
            "DATABASE_URL": f"postgresql://{USER}@/{USER}?host={folder}&port={BOUNCER_PORT}",
            "MERIT_DB_POOLER": "transaction",
            "MERIT_POOLER_DIRECT_URL": f"postgresql://{USER}@/{USER}?host={folder}&port={PG_PORT}",
        }
        args = sys.argv[1:]
        if not any((ROOT / arg.split("::")[0]).exists() for arg in args):  # no test named
            args = [*SUITES, *args]
        return subprocess.run([sys.executable, "-m", "pytest", *args], cwd=ROOT, env=env).returncode
    finally:
        stop(procs)
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
