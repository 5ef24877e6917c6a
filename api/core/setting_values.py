"""Where a setting's value comes from, and in which order: the environment, then a `.env`
file in the working directory, then a file named after the setting in /run/secrets (Docker
secrets). Names match whatever their case.

The Settings class (api/core/config.py) reads its values through `raw_values`, and so does a
command that must start without loading pydantic-settings (`merit tenants create`, through
`setting`): both see the same value for every name.
"""

import os
from pathlib import Path

# Docker secrets: a file named after a setting (/run/secrets/DATABASE_URL) sets it when the
# environment does not, so passwords stay out of what `docker inspect` shows.
SECRETS_DIR = Path("/run/secrets")
ENV_FILE = ".env"


def raw_values(
    env_file: str | os.PathLike[str] | None = ENV_FILE,
    secrets_dir: str | os.PathLike[str] | None = SECRETS_DIR,
) -> dict[str, str]:
    """Every value found, by lower-cased name; the environment wins over `.env`, which wins
    over a secret file."""
    values = _secret_files(Path(secrets_dir)) if secrets_dir is not None else {}
    if env_file is not None and _readable(Path(env_file)):
        # Only when there is such a file: python-dotenv is a tenth of a second to load.
        from dotenv import dotenv_values

        found = dotenv_values(env_file, encoding="utf-8")
        values.update({k.lower(): v for k, v in found.items() if v is not None})
    values.update({k.lower(): v for k, v in os.environ.items()})
    return values


def setting(name: str) -> str | None:
    """One setting's value as the Settings class would read it, before any validation."""
    return raw_values().get(name.lower())


def _readable(path: Path) -> bool:
    return path.is_file() or path.is_fifo()


def _secret_files(folder: Path) -> dict[str, str]:
    """The files of the secrets folder, each stripped of surrounding white space (editors and
    `echo` end files with a newline). A link that leads outside the folder is not followed."""
    if not folder.is_dir():
        return {}
    inside = folder.resolve()
    found: dict[str, str] = {}
    for path in folder.iterdir():
        try:
            target = path.resolve()
        except (OSError, RuntimeError):  # a loop of links
            continue
        if path.is_file() and inside in target.parents:
            found[path.name.lower()] = path.read_text(encoding="utf-8").strip()
    return found
