"""A new organisation's schema script at head, kept in the checkout (tenants/head_schema.sql),
so `merit tenants create` builds it without loading SQLAlchemy and the models to render it.

The script is what tenants/provision.py `schema_script()` renders from the models: the tables
at the tenant head, the default departments and review templates. After a new migration or a
change to the models or defaults, write it again:

    uv run python -m tenants.head_schema

tests/tenants/test_head_schema.py fails while the kept file differs from what
`schema_script()` renders now. A kept script for another revision than the head is never
used: the command renders the script itself then (slower, but right).
"""

from pathlib import Path

KEPT = Path(__file__).resolve().with_name("head_schema.sql")
REGENERATE = "uv run python -m tenants.head_schema"
_REVISION = "-- revision: "


def kept() -> tuple[str, str] | None:
    """(revision, script) of the kept file, or None without one."""
    try:
        text = KEPT.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    for line in text.splitlines():
        if line.startswith(_REVISION):
            return line.removeprefix(_REVISION).strip(), text
        if not line.startswith("--"):
            break
    return None


def script_at(head: str) -> str:
    """The schema script for the tenant head `head`: the kept one when it was written for
    it, else rendered from the models."""
    found = kept()
    if found is not None and found[0] == head:
        return found[1]
    from tenants.provision import schema_script

    return schema_script()


def render() -> str:
    """The file as it should be now."""
    from tenants.provision import schema_script
    from tenants.revisions import head_revision

    return (
        "-- A new organisation's schema at the tenant head: its tables, default departments\n"
        "-- and review templates, as tenants/provision.py schema_script() renders them.\n"
        f"-- Written by `{REGENERATE}`; do not edit.\n"
        f"{_REVISION}{head_revision()}\n"
        f"{schema_script()}\n"
    )


if __name__ == "__main__":
    KEPT.write_text(render(), encoding="utf-8")
    print(f"wrote {KEPT}")
