"""The code keeps a shape the next engineer can read: no hand-written Python file in api/ or
tenants/ over 400 lines, no function there over 60 lines, and no comment or docstring (Python,
TypeScript) that points at a document outside the repository ('SPEC §4', 'DESIGN §3',
'issue 12') instead of saying why in its own words. Product rules live in docs/rules.md.

Reads files only: no database, no app, well under a second."""

import ast
import io
import re
import tokenize
from collections.abc import Iterator
from pathlib import Path

import pytest

SELF = Path(__file__).resolve()
ROOT = SELF.parents[1]
MAX_FILE_LINES = 400
MAX_FUNCTION_LINES = 60
SHAPED = ("api", "tenants")
COMMENTED = ("api", "tenants", "tests", "web/src")
# Written by tools, not by hand: the web client's types come from the OpenAPI document.
GENERATED = {"web/src/lib/api-schema.d.ts"}
SKIPPED_DIRS = {"node_modules", "__pycache__", ".venv", "dist"}

# A citation of a document the reader does not have next to the code.
CITATION = re.compile(
    r"\bSPEC\b|\bDESIGN(?:\.md|\s*§)|§\s*\d|\bissues?\s*#?\d+",
    re.IGNORECASE,
)
# 'SPEC' and 'DESIGN' are words in their own right in lower case ('spec', 'design §'): only
# the upper-case document names count, so the case-insensitive match is checked again.
_UPPER_NAMES = re.compile(r"SPEC|DESIGN")


def _files(folders: tuple[str, ...], suffixes: tuple[str, ...]) -> Iterator[Path]:
    for folder in folders:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix not in suffixes or not path.is_file():
                continue
            relative = path.relative_to(ROOT)
            if SKIPPED_DIRS.intersection(relative.parts) or relative.as_posix() in GENERATED:
                continue
            yield path


def _name(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def cites(text: str) -> bool:
    """Whether a comment's text points at SPEC, DESIGN, a numbered section or an issue."""
    for match in CITATION.finditer(text):
        found = match.group(0)
        if found[0].isalpha() and found[0].lower() in "sd" and not _UPPER_NAMES.match(found):
            continue  # 'spec' or 'design' as ordinary words
        return True
    return False


def python_comments(source: str) -> Iterator[tuple[int, str]]:
    """(line, text) of every comment and docstring in a Python source."""
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            yield token.start[0], token.string
    for node in ast.walk(ast.parse(source)):
        if isinstance(
            node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef
        ) and (doc := ast.get_docstring(node, clean=False)):
            yield (node.body[0].lineno, doc)


def script_comments(source: str) -> Iterator[tuple[int, str]]:
    """(line, text) of every // and /* */ comment in TypeScript, skipping string literals."""
    i, line, n = 0, 1, len(source)
    while i < n:
        ch, two = source[i], source[i : i + 2]
        if two == "//":
            end = source.find("\n", i)
            end = n if end < 0 else end
            yield line, source[i:end]
            i = end
        elif two == "/*":
            end = source.find("*/", i + 2)
            end = n if end < 0 else end + 2
            yield line, source[i:end]
            line += source.count("\n", i, end)
            i = end
        elif ch in "'\"`":
            j = i + 1
            while j < n and source[j] != ch:
                if source[j] == "\n" and ch != "`":
                    break  # an unclosed quote (or a stray apostrophe in JSX text)
                j += 2 if source[j] == "\\" else 1
            line += source.count("\n", i, j)
            i = j + 1
        else:
            line += ch == "\n"
            i += 1


def test_citations_are_recognised() -> None:
    for text in ("# SPEC §4: pending", "// see DESIGN §3", "# rule of §12", "# (issue 4)"):
        assert cites(text), text
    for text in ("# a specific design", "# the spec says", "# section 3 of the form"):
        assert not cites(text), text
    source = "const a = '// not a comment' // SPEC §2\n/* issue 7 */ const b = `x`\n"
    assert [line for line, text in script_comments(source) if cites(text)] == [1, 2]
    assert list(script_comments("const s = 'SPEC §2'\n")) == []


def test_no_file_is_over_400_lines() -> None:
    long = {
        _name(p): count
        for p in _files(SHAPED, (".py",))
        if (count := len(p.read_text().splitlines())) > MAX_FILE_LINES
    }
    assert not long, f"Files over {MAX_FILE_LINES} lines (split them along a seam): {long}"


def test_no_function_is_over_60_lines() -> None:
    long: list[str] = []
    for path in _files(SHAPED, (".py",)):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                size = (node.end_lineno or node.lineno) - node.lineno + 1
                if size > MAX_FUNCTION_LINES:
                    long.append(f"{_name(path)}:{node.lineno} {node.name} ({size} lines)")
    assert not long, f"Functions over {MAX_FUNCTION_LINES} lines:\n" + "\n".join(long)


@pytest.mark.parametrize("suffixes", [(".py",), (".ts", ".tsx")], ids=["python", "typescript"])
def test_comments_stand_alone(suffixes: tuple[str, ...]) -> None:
    """A comment says why in its own words; a product rule goes in docs/rules.md."""
    reader = python_comments if suffixes == (".py",) else script_comments
    found = [
        f"{_name(path)}:{line}: {cited[:100]}"
        for path in _files(COMMENTED, suffixes)
        if path != SELF  # this file names the patterns it looks for
        and CITATION.search(source := path.read_text())  # most files: no tokenizing needed
        for line, text in reader(source)
        for cited in [part.strip() for part in text.splitlines() if cites(part)][:1]
    ]
    assert not found, "Comments citing SPEC, DESIGN or issue numbers:\n" + "\n".join(found)
