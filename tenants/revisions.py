"""The revisions of the two migration tracks, read from their files without loading Alembic
or SQLAlchemy (a third of a second of start-up that `merit tenants create` would spend for a
few strings)."""

import ast
from functools import lru_cache
from pathlib import Path

TENANT_SCRIPTS = Path(__file__).resolve().parent.parent / "migrations" / "tenant"
PUBLIC_SCRIPTS = Path(__file__).resolve().parent.parent / "migrations" / "public"


@lru_cache
def revisions(location: str = str(TENANT_SCRIPTS)) -> dict[str, tuple[str, ...]]:
    """Every revision of a track with the revisions it follows."""
    found: dict[str, tuple[str, ...]] = {}
    for path in (Path(location) / "versions").glob("*.py"):
        values = _assignments(path, ("revision", "down_revision"))
        revision, down = values.get("revision"), values.get("down_revision")
        assert isinstance(revision, str), f"{path} names no revision"
        found[revision] = (down,) if isinstance(down, str) else tuple(down or ())  # type: ignore[arg-type]
    return found


@lru_cache
def head_revision(location: str = str(TENANT_SCRIPTS)) -> str:
    """The track's head: the one revision no other follows."""
    known = revisions(location)
    heads = set(known) - {parent for parents in known.values() for parent in parents}
    assert len(heads) == 1, f"{location} should have one head, has {sorted(heads)}"
    return heads.pop()


def _assignments(path: Path, names: tuple[str, ...]) -> dict[str, object]:
    """The literal values given to `names` at the top level of a Python file."""
    found: dict[str, object] = {}
    for node in ast.parse(path.read_text()).body:
        target, value = None, None
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, value = node.targets[0], node.value
        elif isinstance(node, ast.AnnAssign):
            target, value = node.target, node.value
        if isinstance(target, ast.Name) and target.id in names and value is not None:
            found[target.id] = ast.literal_eval(value)
    return found
