"""Docker secrets: compose mounts each secret as a file named after the setting it fills
(/run/secrets/DATABASE_URL), so no password is an environment variable `docker inspect` shows.
The app reads those files where the environment does not set the value."""

from pathlib import Path

import pytest

from api.core.config import Settings


def write(folder: Path, name: str, value: str) -> None:
    (folder / name).write_text(value + "\n")  # editors and `echo` end files with a newline


@pytest.fixture
def no_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("DATABASE_URL", "REDIS_URL", "MERIT_SECRET_KEY", "MERIT_METRICS_TOKEN"):
        monkeypatch.delenv(name, raising=False)


def test_a_secret_file_named_after_a_setting_sets_it(tmp_path, no_env):
    write(tmp_path, "DATABASE_URL", "postgresql://merit:s3cret@pgbouncer:6432/merit")
    write(tmp_path, "REDIS_URL", "redis://:r3dis@redis:6379/0")
    write(tmp_path, "MERIT_SECRET_KEY", "k" * 64)
    write(tmp_path, "MERIT_METRICS_TOKEN", "t" * 48)

    settings = Settings(_secrets_dir=tmp_path, MERIT_ENV="production")  # type: ignore[call-arg]

    assert settings.database_url == "postgresql://merit:s3cret@pgbouncer:6432/merit"
    assert settings.redis_url == "redis://:r3dis@redis:6379/0"
    assert settings.secret_key == "k" * 64
    assert settings.metrics_token == "t" * 48


def test_the_environment_wins_over_a_secret_file(tmp_path, no_env, monkeypatch):
    write(tmp_path, "DATABASE_URL", "postgresql://merit:old@postgres:5432/merit")
    monkeypatch.setenv("DATABASE_URL", "postgresql://merit:new@postgres:5432/merit")

    settings = Settings(_secrets_dir=tmp_path)  # type: ignore[call-arg]

    assert settings.database_url == "postgresql://merit:new@postgres:5432/merit"
