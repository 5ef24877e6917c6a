"""A PgBouncer in transaction mode in front of the benchmark's embedded Postgres, with home
databases (MERIT_DB_POOLER_HOMES, api/core/db.py's tenant_engine) as deploy/README.md
configures them: `<database>_home_<n>`, each one server connection plus a reserve taken by a
transaction that waited 20 ms, and the main database with as many server connections as the
homes have together, so the phases with and without homes may use as many backends.

The PgBouncer is the 1.24 that `make pooler-deps` builds (protocol-level prepared statements,
so Merit runs with MERIT_DB_POOLER=transaction-prepared). It refuses to run as root, so under
root it runs as the embedded Postgres's own user, which can reach that server's socket.
"""

import os
import pwd
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from api.core.pg_connect import home_database_entries, url_arguments

ROOT = Path(__file__).resolve().parents[2]
BINARY = ROOT / ".merit/pgbouncer-1.24/bin/pgbouncer"
PORT = 6439  # a socket file's name only: nothing listens on TCP
# The embedded Postgres's processes run as this user when the benchmark runs as root.
PG_OWNER = "pgserver"


@dataclass
class Bouncer:
    folder: Path
    process: subprocess.Popen[bytes]
    database: str
    user: str

    def url(self) -> str:
        return f"postgresql://{self.user}@/{self.database}?host={self.folder}&port={PORT}"

    def env(self, homes: int) -> dict[str, str]:
        """merit serve's settings for this PgBouncer, with `homes` home databases (0: none)."""
        return {
            "DATABASE_URL": self.url(),
            "MERIT_DB_POOLER": "transaction-prepared",
            "MERIT_DB_POOLER_HOMES": str(homes),
        }

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=20)
        shutil.rmtree(self.folder, ignore_errors=True)


def _ini(folder: Path, server: str, database: str, homes: int, reserve: int) -> str:
    lines = [f"{database} = {server} dbname={database} pool_size={(1 + reserve) * homes}"]
    lines += home_database_entries(database, server, homes, reserve)
    return "\n".join(
        [
            "[databases]",
            *lines,
            "",
            "[pgbouncer]",
            "pool_mode = transaction",
            "listen_addr =",
            f"listen_port = {PORT}",
            f"unix_socket_dir = {folder}",
            "auth_type = trust",
            f"auth_file = {folder}/users.txt",
            "max_client_conn = 2000",
            "max_prepared_statements = 200",
            # A home's waiting transaction takes its reserve connection after 20 ms.
            "reserve_pool_timeout = 0.02",
            "server_lifetime = 3600",
            f"logfile = {folder}/pgbouncer.log",
            "",
        ]
    )


def start(postgres_url: str, homes: int, reserve: int = 1) -> Bouncer:
    """PgBouncer in front of the Postgres at `postgres_url` (a Unix-socket URL); each home
    database has one server connection and `reserve` more for a transaction that waited
    20 ms."""
    if not BINARY.exists():
        raise SystemExit(f"{BINARY} is missing: `make pooler-deps` builds it")
    target = url_arguments(postgres_url)
    user, database = target["user"], target["database"]
    server = f"host={target['host']} port={target.get('port', 5432)} user={user}"
    folder = Path(tempfile.mkdtemp(prefix="merit-bench-bouncer-"))
    (folder / "users.txt").write_text(f'"{user}" ""\n')
    (folder / "pgbouncer.ini").write_text(_ini(folder, server, database, homes, reserve))
    (folder / "pgbouncer.log").touch()
    command = [str(BINARY), str(folder / "pgbouncer.ini")]
    if os.geteuid() == 0:
        owner = pwd.getpwnam(PG_OWNER)
        for path in (folder, *folder.iterdir()):
            os.chown(path, owner.pw_uid, owner.pw_gid)
        command = ["runuser", "-u", PG_OWNER, "--", *command]
    process = subprocess.Popen(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT, start_new_session=True
    )
    socket = folder / f".s.PGSQL.{PORT}"
    deadline = time.monotonic() + 30
    while not socket.exists():
        if process.poll() is not None or time.monotonic() > deadline:
            raise SystemExit(f"PgBouncer did not start:\n{(folder / 'pgbouncer.log').read_text()}")
        time.sleep(0.1)
    return Bouncer(folder, process, database, user)
