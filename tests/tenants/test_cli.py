"""The `merit` command from the shell: exit 0 on success, a clear message and non-zero
on bad input. Runs the real CLI in a subprocess against the test database."""

import os
import subprocess
import sys

import pytest

from tenants.revisions import head_revision
from tests.conftest import unique_code


def merit(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "api.cli", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ},
        stdin=subprocess.DEVNULL,
    )


@pytest.fixture(scope="module")
def code() -> str:
    return unique_code("cli")


def test_tenant_lifecycle_from_the_shell(code):
    made = merit(
        "tenants",
        "create",
        "--subdomain",
        code,
        "--name",
        "Shell Co",
        "--admin-email",
        "boss@shell.example",
    )
    assert made.returncode == 0, made.stderr
    assert f"code {code}" in made.stdout and f"admin{code}" in made.stdout

    listed = merit("tenants", "list")
    assert listed.returncode == 0
    line = next(line for line in listed.stdout.splitlines() if f" {code} " in line)
    assert "Shell Co" in line and head_revision() in line  # the catalog's record of its schema

    again = merit("tenants", "create", "--subdomain", code, "--name", "Shell Co")
    assert again.returncode == 1
    assert "already taken" in again.stderr

    migrated = merit("tenants", "migrate")
    assert migrated.returncode == 0, migrated.stderr
    assert "0 failed" in migrated.stdout

    gone = merit("tenants", "delete", code, "--yes")
    assert gone.returncode == 0, gone.stderr
    assert code not in merit("tenants", "list").stdout
    missing = merit("tenants", "delete", code, "--yes")
    assert missing.returncode == 1 and "No organization" in missing.stderr


@pytest.mark.parametrize(
    ("subdomain", "message"),
    [("ab", "at least 3 characters"), ("Bad_Code!", "only contain"), ("www", "reserved")],
)
def test_bad_subdomains_are_refused(subdomain, message):
    result = merit("tenants", "create", "--subdomain", subdomain, "--name", "Nope Inc")
    assert result.returncode == 1
    assert message in result.stderr


def test_missing_options_are_a_usage_error():
    result = merit("tenants", "create", "--name", "No Code")
    assert result.returncode == 2
    assert "--subdomain" in result.stderr


def test_platform_admin_create_and_update():
    email = f"{unique_code('root')}@merit.example"
    first = merit("platform-admin", "create", "--email", email, "--password", "Sup3rSecret!")
    assert first.returncode == 0 and "Created" in first.stdout
    second = merit(
        "platform-admin", "create", "--email", email.upper(), "--password", "An0therOne!"
    )
    assert second.returncode == 0 and "Updated" in second.stdout
    bad = merit("platform-admin", "create", "--email", "not-an-email")
    assert bad.returncode == 1 and "Invalid email" in bad.stderr
    weak = merit("platform-admin", "create", "--email", email, "--password", "short")
    assert weak.returncode == 1 and "at least 8 characters" in weak.stderr
