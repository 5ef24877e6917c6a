"""One Settings class for the whole app (pydantic-settings, read from the environment)."""

from functools import lru_cache
from pathlib import Path

from pydantic import Field, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

DEV_SECRET = "merit-development-secret-change-me"


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", extra="ignore")

    environment: str = Field("development", alias="MERIT_ENV")
    data_dir: Path = Field(Path(".merit"), alias="MERIT_DATA_DIR")
    base_domain: str = Field("localhost", alias="MERIT_BASE_DOMAIN")
    secret_key: str = Field(DEV_SECRET, alias="MERIT_SECRET_KEY")
    database_url: str | None = Field(None, alias="DATABASE_URL")
    redis_url: str | None = Field(None, alias="REDIS_URL")
    web_dist: Path = Field(Path("web/dist"), alias="MERIT_WEB_DIST")
    session_hours: int = Field(12, alias="MERIT_SESSION_HOURS")
    db_pool_size: int = Field(10, alias="MERIT_DB_POOL_SIZE")
    # Extra origins allowed on state-changing calls besides the request's own host.
    allowed_origins: list[str] = Field(default_factory=list, alias="MERIT_ALLOWED_ORIGINS")

    smtp_host: str | None = Field(None, alias="SMTP_HOST")
    smtp_port: int = Field(587, alias="SMTP_PORT")
    smtp_user: str | None = Field(None, alias="SMTP_USER")
    smtp_password: str | None = Field(None, alias="SMTP_PASSWORD")
    smtp_from: str = Field("Merit <no-reply@merit.local>", alias="SMTP_FROM")

    @model_validator(mode="after")
    def _refuse_default_secret_outside_development(self) -> "Settings":
        if self.environment not in ("development", "test") and self.secret_key == DEV_SECRET:
            raise ValueError("MERIT_SECRET_KEY must be set outside development")
        return self

    @property
    def is_production(self) -> bool:
        return self.environment == "production"


@lru_cache
def get_settings() -> Settings:
    return Settings()
