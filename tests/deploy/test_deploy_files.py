"""Docker cannot run here, so the deployment files are checked by reading them: compose.yaml
(PyYAML), the Dockerfile (a small parser), .dockerignore and the nginx example, each against
what deploy/README.md says and against the app itself (settings, routes, metrics, commands)."""

import fnmatch
import re
import socket
from pathlib import Path
from typing import Any

import pytest
import typer.main
import yaml
from prometheus_client import REGISTRY
from pydantic import ValidationError

from api.cli import app as cli_app
from api.core.config import DEFAULT_BODY_LIMITS, DEFAULT_RATE_LIMITED_PATHS, MB, Settings
from api.main import create_app
from tests.conftest import route_paths

ROOT = Path(__file__).resolve().parents[2]
GUIDE = (ROOT / "deploy" / "README.md").read_text()
COMPOSE_TEXT = (ROOT / "compose.yaml").read_text()
COMPOSE: dict[str, Any] = yaml.safe_load(COMPOSE_TEXT)
SERVICES: dict[str, Any] = COMPOSE["services"]
NGINX = (ROOT / "deploy" / "nginx.conf").read_text()
ENV_VAR = re.compile(r"^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$")
SETTINGS_ALIASES = {f.alias for f in Settings.model_fields.values() if f.alias}
MERIT_SERVICES = ("migrate", "api", "worker")


# --------------------------------------------------------------------------------- helpers


def section(title: str) -> str:
    match = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## |\Z)", GUIDE, re.M | re.S)
    assert match, f"deploy/README.md has no '## {title}' section"
    return match.group(1)


def tables(text: str) -> list[list[list[str]]]:
    """Markdown tables in `text`: rows of cells, header and separator dropped."""
    found: list[list[list[str]]] = []
    current: list[list[str]] | None = None
    for line in text.splitlines():
        if line.startswith("|"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if current is None:
                current = []
                found.append(current)
                continue  # the header
            if not all(set(c) <= set("-: ") for c in cells):
                current.append(cells)
        else:
            current = None
    return found


def ticks(text: str) -> list[str]:
    """Inline code spans (fenced code blocks left out)."""
    text = re.sub(r"^```.*?^```", "", text, flags=re.M | re.S)
    return [" ".join(t.split()) for t in re.findall(r"`([^`]+)`", text)]


def env_of(service: dict[str, Any]) -> dict[str, str]:
    env = service.get("environment") or {}
    if isinstance(env, list):
        return dict(item.split("=", 1) for item in env)
    return {k: str(v) for k, v in env.items()}


def container_ports(service: dict[str, Any]) -> set[int]:
    ports = {int(str(p).rsplit(":", 1)[-1].split("/")[0]) for p in service.get("ports", [])}
    return ports | {int(str(p).split("/")[0]) for p in service.get("expose", [])}


def healthcheck_text(service: dict[str, Any]) -> str:
    test = (service.get("healthcheck") or {}).get("test", "")
    return " ".join(test) if isinstance(test, list) else str(test)


def command_text(service: dict[str, Any]) -> str:
    command = service.get("command", "")
    return " ".join(command) if isinstance(command, list) else str(command)


def dockerfile() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) with continuation lines joined and comments dropped."""
    out: list[tuple[str, str]] = []
    pending = ""
    for raw in (ROOT / "Dockerfile").read_text().splitlines():
        line = raw.strip()
        if not pending and (not line or line.startswith("#")):
            continue
        if line.startswith("#"):
            continue
        pending += " " + line.removesuffix("\\").strip() if pending else line.removesuffix("\\")
        if not line.endswith("\\"):
            word, _, args = pending.strip().partition(" ")
            out.append((word.upper(), " ".join(args.split())))
            pending = ""
    return out


def stages() -> dict[str, list[tuple[str, str]]]:
    result: dict[str, list[tuple[str, str]]] = {}
    name = ""
    for word, args in dockerfile():
        if word == "FROM":
            parts = args.split()
            name = parts[-1] if len(parts) >= 3 and parts[-2].lower() == "as" else parts[0]
            result[name] = [(word, args)]
        elif name:
            result[name].append((word, args))
    return result


def services_table() -> list[list[str]]:
    (table,) = tables(section("Services"))[:1]
    return table


# ---------------------------------------------------------------------------- compose.yaml


def test_compose_runs_exactly_the_services_the_guide_names():
    named = {ticks(row[0])[0] for row in services_table()}
    assert named == set(SERVICES)


@pytest.mark.parametrize("row", services_table(), ids=lambda r: r[0].strip("`"))
def test_each_service_has_the_image_command_port_and_health_check_the_guide_names(row):
    name, what, port, health = row[:4]
    service = SERVICES[ticks(name)[0]]
    spec = ticks(what)[0]
    if spec.startswith("merit "):
        assert command_text(service).split()[0] == spec.split()[1]
        assert "build" in service and service["image"].startswith("${MERIT_IMAGE")
    else:
        assert service["image"] == spec

    if port.isdigit():
        number = int(port)
        in_urls = any(
            re.search(rf"[@/]{ticks(name)[0]}:{number}\b", v)
            for s in SERVICES.values()
            for v in env_of(s).values()
        )
        assert number in container_ports(service) or in_urls, f"{name}: port {port}"
    else:
        assert port == "none" and not service.get("ports")

    checks = ticks(health)
    if health.startswith("none"):
        assert not service.get("healthcheck") or service["healthcheck"].get("disable") is True
    else:
        assert checks and checks[0] in healthcheck_text(service), f"{name}: {health}"
        hc = service["healthcheck"]
        assert hc.get("interval") and hc.get("retries")


def test_the_api_listens_where_the_image_and_the_proxy_expect():
    api = SERVICES["api"]
    assert container_ports(api) == {8000}
    assert "--port 8000" in command_text(api)
    assert not api.get("ports"), "the API is reached through the proxy, not on a host port"
    assert ("EXPOSE", "8000") in dockerfile()
    upstream = re.search(r"upstream merit_api \{[^}]*server api:(\d+)", NGINX)
    assert upstream and upstream.group(1) == "8000"


def test_the_worker_metrics_port_is_the_setting_default():
    default = Settings.model_fields["worker_metrics_port"].default
    assert default in container_ports(SERVICES["worker"])


def test_the_worker_health_check_follows_its_own_worker_within_seconds():
    from api.worker import WorkerSettings

    hc = SERVICES["worker"]["healthcheck"]
    interval = re.fullmatch(r"(\d+)s", hc["interval"])
    # Checked as often as the worker refreshes its key, so the status follows within one round.
    assert interval and int(interval.group(1)) <= WorkerSettings.health_check_interval
    # Each container reads its own workers' keys (the check runs in the worker's container):
    # `merit worker` runs one on arq's default queue and one on the backups queue.
    from api.worker import BackupWorkerSettings

    for settings in (WorkerSettings, BackupWorkerSettings):
        assert settings.health_check_key.endswith(f":{socket.gethostname()}")
        assert f"check_health({settings.__name__})" in " ".join(hc["test"])
        assert settings.health_check_interval <= int(interval.group(1))
    assert BackupWorkerSettings.health_check_key != WorkerSettings.health_check_key


def test_migrations_run_before_the_api_and_the_worker_start():
    assert command_text(SERVICES["migrate"]) == "migrate"
    assert SERVICES["migrate"]["restart"] == "no"
    # The migration goes through PgBouncer like the rest, which waits for Postgres.
    assert SERVICES["migrate"]["depends_on"]["pgbouncer"]["condition"] == "service_healthy"
    assert SERVICES["pgbouncer"]["depends_on"]["postgres"]["condition"] == "service_healthy"
    for name in ("api", "worker"):
        depends = SERVICES[name]["depends_on"]
        assert depends["migrate"]["condition"] == "service_completed_successfully"
        assert depends["redis"]["condition"] == "service_healthy"
    assert command_text(SERVICES["worker"]) == "worker"
    assert command_text(SERVICES["api"]).startswith("serve")


def test_volumes_for_postgres_data_and_the_data_dir():
    assert set(COMPOSE["volumes"]) >= {"postgres-data", "redis-data", "merit-data", "merit-backups"}
    assert "postgres-data:/var/lib/postgresql/data" in SERVICES["postgres"]["volumes"]
    assert "redis-data:/data" in SERVICES["redis"]["volumes"]
    for name in ("api", "worker"):
        assert env_of(SERVICES[name])["MERIT_DATA_DIR"] == "/data"
        assert "merit-data:/data" in SERVICES[name]["volumes"]


def test_production_settings_and_required_secrets():
    for name in MERIT_SERVICES:
        env = env_of(SERVICES[name])
        assert env["MERIT_ENV"] == "production"
        # Secrets, not variables (tests/deploy/test_production_compose.py checks them).
        assert not {"DATABASE_URL", "REDIS_URL", "MERIT_SECRET_KEY"} & set(env), name
    assert "POSTGRES_PASSWORD" not in env_of(SERVICES["postgres"])
    # ...and the app itself refuses production without a secret.
    with pytest.raises(ValidationError, match="MERIT_SECRET_KEY must be set"):
        Settings(MERIT_ENV="production", MERIT_SECRET_KEY="merit-development-secret-change-me")


# ---------------------------------------------------------------------------- variables


def guide_settings() -> dict[str, list[str]]:
    settings_tables = tables(section("Settings"))
    assert len(settings_tables) == 2, "Settings: the app's table, then 'Variables read by others'"
    ours = {ticks(r[0])[0]: r for r in settings_tables[0]}
    others = {ticks(r[0])[0]: r for r in settings_tables[1]}
    return {"ours": ours, "others": others}  # type: ignore[dict-item]


def test_every_setting_of_the_app_is_documented_with_its_default():
    ours = guide_settings()["ours"]
    missing = SETTINGS_ALIASES - set(ours)
    assert not missing, f"document these in deploy/README.md § Settings: {sorted(missing)}"
    assert set(ours) <= SETTINGS_ALIASES, set(ours) - SETTINGS_ALIASES
    by_alias = {f.alias: f for f in Settings.model_fields.values()}
    for alias, row in ours.items():
        field = by_alias[alias]
        default_cell = row[1]
        shown = ticks(default_cell)
        if field.default_factory is None and field.default is None:
            assert default_cell.startswith(("unset", "none")), alias
        elif field.default_factory is None and shown and default_cell == f"`{shown[0]}`":
            assert shown[0] == str(field.default), alias


def test_every_variable_the_guide_names_exists():
    others = guide_settings()["others"]
    named = {t for t in ticks(GUIDE) if ENV_VAR.match(t)}
    unknown = named - SETTINGS_ALIASES - set(others)
    assert not unknown, unknown
    sources = COMPOSE_TEXT + (ROOT / "api" / "core" / "observability.py").read_text()
    for var in others:
        assert var in sources, f"{var} is named in the guide but used nowhere"


def test_every_variable_compose_sets_is_known_and_documented():
    others = guide_settings()["others"]
    used = set(re.findall(r"\$\{([A-Z0-9_]+)", COMPOSE_TEXT))
    for name in MERIT_SERVICES:
        used |= set(env_of(SERVICES[name]))
    assert used <= SETTINGS_ALIASES | set(others), used - SETTINGS_ALIASES - set(others)
    documented = {t for t in ticks(GUIDE) if ENV_VAR.match(t)}
    assert used <= documented, used - documented


def test_the_default_body_limits_and_rate_limited_paths_are_the_ones_documented():
    settings = section("Settings")
    for prefix in DEFAULT_BODY_LIMITS:
        assert f"`{prefix}`" in settings, prefix
    assert set(DEFAULT_RATE_LIMITED_PATHS) <= set(ticks(settings))
    assert "`1048576`" in settings and Settings.model_fields["max_body_bytes"].default == MB


# ------------------------------------------------------------------- endpoints, metrics, CLI


def test_the_endpoints_the_guide_names_exist():
    app = create_app()
    paths = route_paths(app)
    (endpoints,) = tables(section("Observability"))[:1]
    named = [ticks(row[0])[0] for row in endpoints]
    assert named == ["/healthz", "/readyz", "/metrics"]
    assert set(named) <= paths
    for name in ("api",):
        assert "/readyz" in healthcheck_text(SERVICES[name])
    assert any(w == "HEALTHCHECK" and "/healthz" in a for w, a in dockerfile())


def test_the_metrics_the_guide_names_are_registered():
    registered = {m.name for m in REGISTRY.collect()}
    named = {t for t in ticks(GUIDE) if t.startswith("merit_")}
    assert len(named) >= 8
    for metric in named:
        assert metric in registered or metric.removesuffix("_total") in registered, metric


def test_the_commands_the_guide_names_exist():
    group = typer.main.get_command(cli_app)
    commands = {t for t in ticks(GUIDE) if t.startswith("merit ")}
    assert {"merit migrate", "merit serve", "merit worker"} <= commands
    for command in commands:
        node: Any = group
        for word in command.split()[1:]:
            if word.startswith("-") or not hasattr(node, "commands"):
                break
            assert word in node.commands, command
            node = node.commands[word]


# ------------------------------------------------------------------------------ Dockerfile


def test_dockerfile_builds_the_web_then_a_slim_python_image():
    st = stages()
    names = list(st)
    web = st["web"]
    assert web[0][1].startswith("node:") and names[0] == "web"
    assert st["uv"][0][1] == "ghcr.io/astral-sh/uv:${UV_VERSION} AS uv"
    runs = [a for w, a in web if w == "RUN"]
    assert any("npm ci" in r for r in runs) and any("npm run build" in r for r in runs)

    deps = next(s for s in st.values() if any("uv sync" in a for w, a in s if w == "RUN"))
    assert deps[0][1].startswith("python:3.11-slim")
    syncs = [a for w, a in deps if w == "RUN" and "uv sync" in a]
    assert all("--frozen" in a and "--no-dev" in a for a in syncs)
    copied = " ".join(a for w, a in deps if w == "COPY")
    assert "uv.lock" in copied and "pyproject.toml" in copied


def test_dockerfile_runtime_stage_is_non_root_and_serves():
    runtime = list(stages().values())[-1]
    assert runtime[0][1].startswith("python:3.11-slim")
    user = [a for w, a in runtime if w == "USER"]
    assert user and user[-1].split(":")[0] not in ("root", "0")
    copies = [a for w, a in runtime if w == "COPY"]
    assert any(a.startswith("--from=web") and "web/dist" in a for a in copies)
    assert not any(a.startswith(("--from=uv", "--from=ghcr")) for a in copies)  # no uv
    env = " ".join(a for w, a in runtime if w == "ENV")
    assert "MERIT_ENV=production" in env and "MERIT_DATA_DIR=/data" in env
    assert "MERIT_WEB_DIST=/app/web/dist" in env
    assert ("ENTRYPOINT", '["merit"]') in runtime
    cmd = [a for w, a in runtime if w == "CMD"]
    assert cmd and '"serve"' in cmd[-1] and '"8000"' in cmd[-1]


def dockerignore() -> list[str]:
    lines = (ROOT / ".dockerignore").read_text().splitlines()
    return [x.strip() for x in lines if x.strip() and not x.startswith("#")]


def ignored(path: str) -> bool:
    return any(
        fnmatch.fnmatch(path, p)
        or fnmatch.fnmatch(path, p.removeprefix("**/"))
        or path.startswith(p.rstrip("/") + "/")
        for p in dockerignore()
    )


def test_everything_the_dockerfile_copies_exists_and_is_in_the_build_context():
    for word, args in dockerfile():
        if word != "COPY" or "--from=" in args:
            continue
        sources = [a for a in args.split() if not a.startswith("--")][:-1]
        for src in sources:
            path = src.rstrip("/")
            assert (ROOT / path).exists(), src
            assert not ignored(path), f"{src} is excluded by .dockerignore"


def test_dockerignore_keeps_local_state_and_secrets_out():
    for path in (".git", ".venv", "node_modules", "web/dist", ".merit", ".env", "tests", "secrets"):
        assert ignored(path), path
