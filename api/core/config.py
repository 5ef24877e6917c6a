"""One Settings class for the whole app (pydantic-settings, read from the environment)."""

from functools import lru_cache
from pathlib import Path
from typing import Literal
from urllib.parse import urlsplit

from pydantic import Field, field_validator, model_validator
from pydantic_settings import (
    BaseSettings,
    EnvSettingsSource,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
)

from api.core.pg_connect import Pooler, behind_pooler
from api.core.setting_values import ENV_FILE, SECRETS_DIR, raw_values

DEV_SECRET = "merit-development-secret-change-me"
METRICS_TOKEN_MIN = 16

MB = 1024 * 1024
# Request body limits by path prefix (the longest matching prefix wins); everything else gets
# MERIT_MAX_BODY_BYTES. Each upload route enforces its own exact limit and message; these sit
# a little above it so the route's own 413 is the one a user sees.
DEFAULT_BODY_LIMITS = {
    "/api/upload/document/": 10 * MB + 64 * 1024,
    "/api/upload/logo/": 2 * MB + 64 * 1024,
    "/api/employees/bulk-upload": 20 * MB,
}
# Sign-in and password-reset endpoints under the per-client rate limit (shell-style patterns).
DEFAULT_RATE_LIMITED_PATHS = [
    "/api/auth/*-login",  # org-login, role-login, user-login
    "/api/auth/change-password",  # checks the current password
    "/api/auth/reset-password/*",
    "/api/validate-reset-token",
    "/api/reset-password",
    "/api/platform/login",
    "/api/platform/oidc/*",
    "/api/auth/sso/*",  # an organisation's single sign-on (it asks the provider)
]


class _Values(EnvSettingsSource):
    """The environment, `.env` and secret files as api/core/setting_values.py reads them (one
    reader for this class and for the commands that start without it); pydantic-settings
    still turns each value into its field (JSON for lists and dicts)."""

    def __init__(self, settings_cls: type[BaseSettings], env_file: object, secrets_dir: object):
        self._where = (env_file, secrets_dir)
        super().__init__(settings_cls)

    def _load_env_vars(self) -> dict[str, str]:
        env_file, secrets_dir = self._where
        return raw_values(env_file, secrets_dir)  # type: ignore[arg-type]


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_file=ENV_FILE, extra="ignore", secrets_dir=SECRETS_DIR if SECRETS_DIR.is_dir() else None
    )

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        # Where each value comes from (`_env_file` and `_secrets_dir` arguments included).
        env_file = getattr(dotenv_settings, "env_file", ENV_FILE)
        secrets_dir = getattr(file_secret_settings, "secrets_dir", None)
        return init_settings, _Values(settings_cls, env_file, secrets_dir)

    environment: str = Field("development", alias="MERIT_ENV")
    data_dir: Path = Field(Path(".merit"), alias="MERIT_DATA_DIR")
    base_domain: str = Field("localhost", alias="MERIT_BASE_DOMAIN")
    # Where people reach the base domain, e.g. `https://merit.example.com` or
    # `http://localhost:8000`: the scheme and port of every link Merit sends. Unset: https in
    # production, http otherwise, on the default port (`merit dev` and `merit serve` outside
    # production fill in the port they listen on).
    public_url: str | None = Field(None, alias="MERIT_PUBLIC_URL")
    secret_key: str = Field(DEV_SECRET, alias="MERIT_SECRET_KEY")
    database_url: str | None = Field(None, alias="DATABASE_URL")
    redis_url: str | None = Field(None, alias="REDIS_URL")
    web_dist: Path = Field(Path("web/dist"), alias="MERIT_WEB_DIST")
    session_hours: int = Field(12, alias="MERIT_SESSION_HOURS")
    db_pool_size: int = Field(8, ge=1, alias="MERIT_DB_POOL_SIZE")
    # Prepared statements kept per pooled connection (see api/core/db.py).
    db_statement_cache: int = Field(1000, ge=0, alias="MERIT_DB_STATEMENT_CACHE")
    # What DATABASE_URL is: Postgres (`none`), PgBouncer in transaction mode (`transaction`), or
    # PgBouncer 1.21+ with max_prepared_statements above 0 (`transaction-prepared`); see Pooler.
    db_pooler: Pooler = Field("none", alias="MERIT_DB_POOLER")
    # Straight to Postgres, a pooled connection that has served more organisation schemas than
    # this is replaced by a fresh one, which bounds each backend's catalog cache (0 = only the
    # hourly recycle), where the budget in megabytes below is 0 or its check is not allowed.
    # Ignored behind a pooler (see api/core/db.py).
    db_schemas_per_connection: int = Field(150, ge=0, alias="MERIT_DB_SCHEMAS_PER_CONNECTION")
    # Straight to Postgres, a pooled connection whose backend holds more memory than this
    # (its memory contexts, which the catalog cache dominates) is replaced by a fresh one,
    # checked every half minute at most (api/core/connection_budget.py); 0 = no such check.
    # Needs the pg_read_all_stats role.
    db_backend_memory_mb: int = Field(64, ge=0, alias="MERIT_DB_BACKEND_MEMORY_MB")
    # Straight to Postgres, each organisation prefers one connection of the pool, whose backend
    # keeps its catalog warm (api/core/home_pool.py); off, connections are taken in turn.
    db_home_connections: bool = Field(True, alias="MERIT_DB_HOME_CONNECTIONS")
    # Behind a pooler, how many of its databases share out the organisations: PgBouncer
    # aliases `<database>_home_<n>` of the one Postgres database, each with a small server
    # pool of its own, so each backend serves a fixed share (api/core/db.py); 0 = none.
    db_pooler_homes: int = Field(0, ge=0, le=1024, alias="MERIT_DB_POOLER_HOMES")
    # An organisation's statements name its schema in their text (org_7.employees), so
    # Postgres keeps a plan per organisation instead of planning again whenever the
    # connection's previous transaction was another organisation's (api/core/db.py).
    db_schema_in_statements: bool = Field(False, alias="MERIT_DB_SCHEMA_IN_STATEMENTS")
    # Whether an organisation's single sign-on provider may live at a private address
    # (api/sso/addresses.py). Unset: only in development and tests.
    sso_private_addresses: bool | None = Field(None, alias="MERIT_SSO_PRIVATE_ADDRESSES")
    # Extra origins allowed on state-changing calls besides the request's own host.
    allowed_origins: list[str] = Field(default_factory=list, alias="MERIT_ALLOWED_ORIGINS")

    smtp_host: str | None = Field(None, alias="SMTP_HOST")
    smtp_port: int = Field(587, alias="SMTP_PORT")
    smtp_user: str | None = Field(None, alias="SMTP_USER")
    smtp_password: str | None = Field(None, alias="SMTP_PASSWORD")
    smtp_from: str = Field("Merit <no-reply@merit.local>", alias="SMTP_FROM")

    # Platform sign-in through any OpenID Connect provider; unset = local platform admins.
    oidc_issuer: str | None = Field(None, alias="OIDC_ISSUER")
    oidc_client_id: str | None = Field(None, alias="OIDC_CLIENT_ID")
    oidc_client_secret: str | None = Field(None, alias="OIDC_CLIENT_SECRET")
    oidc_scopes: str = Field("openid email profile", alias="OIDC_SCOPES")
    oidc_provider_name: str | None = Field(None, alias="OIDC_PROVIDER_NAME")
    # The callback URL registered with the provider; derived from the request when unset.
    oidc_redirect_url: str | None = Field(None, alias="OIDC_REDIRECT_URL")

    # An OpenAI-compatible chat endpoint for the assistants; unset = retrieval answers only.
    llm_base_url: str | None = Field(None, alias="LLM_BASE_URL")
    llm_api_key: str | None = Field(None, alias="LLM_API_KEY")
    llm_model: str | None = Field(None, alias="LLM_MODEL")
    llm_timeout_seconds: float = Field(20.0, alias="LLM_TIMEOUT_SECONDS")

    # Observability: JSON logs (text in development unless set), Prometheus metrics.
    log_level: str = Field("INFO", alias="MERIT_LOG_LEVEL")
    log_format: Literal["json", "text"] | None = Field(None, alias="MERIT_LOG_FORMAT")
    # When set, GET /metrics (the API's and the worker's) requires
    # `Authorization: Bearer <token>`; production refuses to start without one.
    metrics_token: str | None = Field(None, alias="MERIT_METRICS_TOKEN")
    # The worker serves its own /metrics on this address and port (0 = off); loopback by
    # default, so only a scraper on the same host (or a sidecar) reaches it.
    worker_metrics_host: str = Field("127.0.0.1", alias="MERIT_WORKER_METRICS_HOST")
    worker_metrics_port: int = Field(9101, alias="MERIT_WORKER_METRICS_PORT")
    # The OpenAPI document at /openapi.json: on outside production, off in production unless
    # this says true (it lists every route, which helps an attacker more than a user).
    openapi_public: bool | None = Field(None, alias="MERIT_OPENAPI")
    # Production runs on an external Postgres and Redis; the embedded development servers
    # start there only when this says true (a demo box, the benchmarks).
    allow_embedded_services: bool = Field(False, alias="MERIT_ALLOW_EMBEDDED_SERVICES")
    # On start and after a Redis outage the worker runs each cron job's most recent slot that
    # was missed, if it was due at most this many hours ago (0 = off).
    worker_catch_up_hours: int = Field(24, alias="MERIT_WORKER_CATCH_UP_HOURS")

    # Hardening: request body limits, sign-in rate limits, cookie flags.
    max_body_bytes: int = Field(1 * MB, alias="MERIT_MAX_BODY_BYTES")
    # JSON object {"/path/prefix": bytes}, merged over DEFAULT_BODY_LIMITS.
    body_limits: dict[str, int] = Field(
        default_factory=lambda: dict(DEFAULT_BODY_LIMITS), alias="MERIT_BODY_LIMITS"
    )
    # Unset: 20/minute. `merit dev` and the test suites, which sign in many times from one
    # address, relax it by setting this (never `merit serve`, whatever MERIT_ENV says).
    rate_limit: str | None = Field(None, alias="MERIT_RATE_LIMIT")
    rate_limit_paths: list[str] = Field(
        default_factory=lambda: list(DEFAULT_RATE_LIMITED_PATHS), alias="MERIT_RATE_LIMIT_PATHS"
    )
    # memory = per process (per replica); redis = shared through REDIS_URL, and in-memory
    # whenever Redis does not answer (a limiter must never lock everyone out). Unset: redis in
    # production, where several processes must count one client's failed sign-ins together.
    rate_limit_storage: Literal["memory", "redis"] | None = Field(
        None, alias="MERIT_RATE_LIMIT_STORAGE"
    )
    # Cookies get Secure on HTTPS requests and always in production; true/false forces it.
    cookie_secure: bool | None = Field(None, alias="MERIT_COOKIE_SECURE")

    @field_validator("body_limits", mode="after")
    @classmethod
    def _merge_body_limits(cls, value: dict[str, int]) -> dict[str, int]:
        return {**DEFAULT_BODY_LIMITS, **value}

    @field_validator("rate_limit", mode="after")
    @classmethod
    def _valid_rate_limit(cls, value: str | None) -> str | None:
        try:
            if value is not None:
                # Loaded only when a limit is configured: commands that never serve (the
                # CLI's tenant commands) start without it.
                from limits import parse as parse_rate_limit

                parse_rate_limit(value)
        except ValueError as exc:
            raise ValueError(f"MERIT_RATE_LIMIT must look like '20/minute': {exc}") from exc
        return value

    @field_validator("public_url", mode="after")
    @classmethod
    def _valid_public_url(cls, value: str | None) -> str | None:
        if value is None or not value.strip():
            return None
        parts = urlsplit(value.strip())
        try:
            parts.port  # noqa: B018 - raises on a port that is not a number
        except ValueError as exc:
            raise ValueError(f"MERIT_PUBLIC_URL has an invalid port: {value!r}") from exc
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError(f"MERIT_PUBLIC_URL must look like https://merit.example: {value!r}")
        if parts.path.strip("/") or parts.query or parts.fragment or parts.username:
            raise ValueError(f"MERIT_PUBLIC_URL must be a scheme, host and port only: {value!r}")
        return value.strip()

    @model_validator(mode="after")
    def _production_rules(self) -> "Settings":
        if self.db_pooler_homes and not behind_pooler(self.db_pooler):
            raise ValueError(
                "MERIT_DB_POOLER_HOMES names PgBouncer databases: set MERIT_DB_POOLER too "
                "(straight to Postgres, MERIT_DB_HOME_CONNECTIONS does this job)"
            )
        if self.db_schema_in_statements and self.db_pooler == "transaction":
            raise ValueError(
                "MERIT_DB_SCHEMA_IN_STATEMENTS keeps a prepared statement per organisation, and "
                "PgBouncer in plain transaction mode keeps none: use MERIT_DB_POOLER="
                "transaction-prepared (PgBouncer 1.21 or later) or leave it off"
            )
        if self.environment not in ("development", "test") and self.secret_key == DEV_SECRET:
            raise ValueError("MERIT_SECRET_KEY must be set outside development")
        if self.is_production and len(self.metrics_token or "") < METRICS_TOKEN_MIN:
            # A token short enough to guess is no better than none.
            raise ValueError(
                f"MERIT_METRICS_TOKEN must be set in production, {METRICS_TOKEN_MIN} characters "
                "or more (openssl rand -hex 24): /metrics shows route names, request counts and "
                "the number of organisations to whoever asks"
            )
        if self.public_url:
            host = urlsplit(self.public_url).hostname or ""
            if host.lower().rstrip(".") != self.base_domain.lower().rstrip("."):
                raise ValueError(
                    f"MERIT_PUBLIC_URL's host ({host}) must be MERIT_BASE_DOMAIN "
                    f"({self.base_domain}): organisations live at {{code}}.{self.base_domain}"
                )
        return self

    @property
    def is_production(self) -> bool:
        return self.environment == "production"

    @property
    def sign_in_rate_limit(self) -> str:
        return self.rate_limit or "20/minute"

    @property
    def serves_openapi(self) -> bool:
        return self.openapi_public if self.openapi_public is not None else not self.is_production

    @property
    def sso_allows_private_addresses(self) -> bool:
        if self.sso_private_addresses is not None:
            return self.sso_private_addresses
        return self.environment in ("development", "test")

    @property
    def oidc_enabled(self) -> bool:
        return bool(self.oidc_issuer and self.oidc_client_id)

    @property
    def llm_enabled(self) -> bool:
        return bool(self.llm_base_url and self.llm_model)


@lru_cache
def get_settings() -> Settings:
    return Settings()
