"""How Merit connects to Postgres with asyncpg: the connection arguments (straight to Postgres
or through a pooler in transaction mode, MERIT_DB_POOLER) and DATABASE_URL read into asyncpg's
arguments.

The engine (api/core/db.py) builds its connections with `connection_arguments`; a command that
starts without SQLAlchemy (`merit tenants create`) connects with `connect`, which reads the URL
as SQLAlchemy's asyncpg dialect does (tests/tenants/test_quick_create_connection.py holds the
two side by side), so both reach the same server the same way.
"""

import re
from typing import Any, Literal, get_args
from urllib.parse import parse_qsl, unquote

import asyncpg

# MERIT_DB_POOLER, what stands between Merit and Postgres (the Settings class and the commands
# that read settings without it both take their values from here):
# - `none`: Postgres itself; each of Merit's connections is one backend.
# - `transaction`: a pooler in transaction mode (any PgBouncer), which hands each transaction
#   any server connection: no statement may outlive its own message.
# - `transaction-prepared`: PgBouncer 1.21 or later in transaction mode with
#   max_prepared_statements above 0, which prepares a client's named statements on whichever
#   server connection runs them: statements are prepared by name, as straight to Postgres.
Pooler = Literal["none", "transaction", "transaction-prepared"]
POOLERS: tuple[Pooler, ...] = get_args(Pooler)


def behind_pooler(pooler: Pooler) -> bool:
    """Whether Merit's connections are a pooler's clients rather than Postgres backends."""
    return pooler != "none"


def home_database(database: str, home: int) -> str:
    """The pooler database an organisation's transactions use when organisations are shared
    out among MERIT_DB_POOLER_HOMES of them (api/core/db.py): an alias, in the pooler's
    configuration, of the one Postgres database."""
    return f"{database}_home_{home}"


def home_database_entries(database: str, server: str, homes: int, reserve: int = 1) -> list[str]:
    """PgBouncer's `[databases]` lines for `homes` home databases of `database`, reached at
    `server` (`host=... port=... [user=...]`): one server connection each and `reserve` more
    for a transaction that waited `reserve_pool_timeout` (deploy/README.md, "Home
    databases")."""
    return [
        f"{home_database(database, n)} = {server} dbname={database} pool_size=1 "
        f"reserve_pool={reserve}"
        for n in range(homes)
    ]


def connection_arguments(pooler: Pooler) -> dict[str, Any]:
    """asyncpg's connection arguments, straight to Postgres or through a pooler."""
    server_settings = {"application_name": "merit"}
    if not behind_pooler(pooler):
        # No schema at all outside a tenant transaction. (A pooler refuses this at connect:
        # there it is the role's default, `ALTER ROLE ... SET search_path = ''`.)
        server_settings["search_path"] = ""
    args: dict[str, Any] = {
        "server_settings": server_settings,
        # Fail fast while Postgres is unreachable (the API answers 503), never hang.
        "timeout": 5,
    }
    if pooler == "transaction":
        # No named statements: the next transaction may run on another server connection,
        # where the name is unknown or is another client's statement. Unnamed statements
        # are parsed again in the same message as each execution (asyncpg does so whenever
        # its own cache is off), so one round trip each and nothing left on the server.
        args["statement_cache_size"] = 0
        args["connection_class"] = UnnamedStatements
    # `transaction-prepared` keeps asyncpg's cache: PgBouncer prepares each named statement
    # on the server connection that runs it, under a name of its own, so a statement is
    # parsed once per server connection instead of with every execution.
    return args


class UnnamedStatements(asyncpg.Connection):
    """asyncpg names the statements of cursors even with its cache off; this names none, so
    a pooled server connection never keeps a statement after the message that used it."""

    def _get_unique_id(self, prefix: str) -> str:
        return "" if prefix == "stmt" else super()._get_unique_id(prefix)


async def connect(url: str, *, pooler: Pooler) -> asyncpg.Connection:
    """One connection, as the engine would open it for `url` (DATABASE_URL)."""
    return await asyncpg.connect(**url_arguments(url), **connection_arguments(pooler))


_URL = re.compile(
    r"""
        (?P<name>[\w\+]+)://
        (?:
            (?P<username>[^:/]*)
            (?::(?P<password>[^@]*))?
        @)?
        (?:
            (?:
                \[(?P<ipv6host>[^/\?]+)\] |
                (?P<ipv4host>[^/:\?]+)
            )?
            (?::(?P<port>[^/\?]*))?
        )?
        (?:/(?P<database>[^\?]*))?
        (?:\?(?P<query>.*))?
    """,
    re.X,
)


def url_arguments(url: str) -> dict[str, Any]:
    """asyncpg.connect's arguments for a database URL, as SQLAlchemy's asyncpg dialect makes
    them: user, password, host, port and database from the URL, and every query parameter
    passed on by its name (`?ssl=require`, `?host=/run/postgresql`, `?host=a:5432&host=b:5432`)."""
    found = _URL.match(url)
    if found is None:
        raise ValueError(f"Could not parse a database URL from {url!r}")
    parts = found.groupdict()
    query: dict[str, Any] = {}
    for key, value in parse_qsl(parts["query"] or ""):
        if key in query:
            before = query[key]
            query[key] = (*before, value) if isinstance(before, tuple) else (before, value)
        else:
            query[key] = value
    opts: dict[str, Any] = {}
    named = {
        "host": parts["ipv4host"] or parts["ipv6host"],
        "database": parts["database"] and unquote(parts["database"]),
        "user": parts["username"] and unquote(parts["username"]),
        "password": parts["password"] and unquote(parts["password"]),
        "port": int(parts["port"]) if parts["port"] else None,
    }
    opts.update({key: value for key, value in named.items() if value})
    opts.update(query)
    hosts, ports = _hosts(query)
    if not hosts:
        if "port" in opts and opts["port"] is not None and not isinstance(opts["port"], int):
            opts["port"] = int(opts["port"])
    elif len(hosts) == 1:
        opts["host"] = hosts[0]
        if ports[0] is not None:
            opts["port"] = ports[0]
    elif not all(hosts):
        raise ValueError("All hosts are required to be present for asyncpg multiple host URL")
    elif not all(ports):
        raise ValueError("All ports are required to be present for asyncpg multiple host URL")
    else:
        opts["host"], opts["port"] = list(hosts), list(ports)
    if opts.get("prepared_statement_cache_size") is not None:
        opts["prepared_statement_cache_size"] = int(opts["prepared_statement_cache_size"])
    # SQLAlchemy keeps its own statement cache with this; asyncpg has no such argument.
    opts.pop("prepared_statement_cache_size", None)
    return opts


def _hosts(query: dict[str, Any]) -> tuple[Any, Any]:
    """Hosts and ports named in the query (`host=`, `port=`), as the dialect splits them."""
    hosts: tuple[str | None, ...] | None = None
    ports_text: Any = None
    together = False
    host = query.get("host")
    if isinstance(host, tuple):
        together = True
        hosts, ports_text = zip(
            *[t.split(":") if ":" in t else (t, None) for t in host], strict=False
        )
    elif isinstance(host, str):
        hosts = tuple(host.split(","))
        if "port" not in query and len(hosts) == 1 and ":" in hosts[0]:
            host_port = re.match(r"^([a-zA-Z0-9\-\.]*)(?:\:(\d*))?$", hosts[0])
            if host_port:
                together = True
                hosts = (host_port.group(1),)
                ports_text = (host_port.group(2) or None,)
    if "port" in query:
        if together:
            raise ValueError("Can't mix 'multihost' formats together")
        port = query["port"]
        ports_text = port if isinstance(port, tuple) else tuple(port.split(","))
    ports = None
    if ports_text:
        try:
            ports = tuple(int(x) if x else None for x in ports_text)
        except ValueError:
            raise ValueError(f"Received non-integer port arguments: {ports_text}") from None
    if ports and (
        (not hosts and len(ports) > 1)
        or (hosts and len(hosts) != len(ports) and (len(hosts) > 1 or len(ports) > 1))
    ):
        raise ValueError("number of hosts and ports don't match")
    if hosts is not None and ports is None:
        ports = tuple(None for _ in hosts)
    return hosts, ports
