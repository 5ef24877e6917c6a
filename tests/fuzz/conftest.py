"""The fuzzer's seed: random on every run, printed in the run's header and under every failure,
and taken from MERIT_FUZZ_SEED to replay a run."""

import os
import secrets
from typing import Any

import pytest

SEED = int(os.environ.get("MERIT_FUZZ_SEED") or secrets.randbelow(2**32))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # Schemathesis gives every operation's test one id, and pytest-xdist runs one test per id:
    # under `-n` the fuzzer would check a single operation and still pass.
    if os.environ.get("PYTEST_XDIST_WORKER") and any(i.path.parent.name == "fuzz" for i in items):
        raise pytest.UsageError("run tests/fuzz in a pytest of its own, without -n (make fuzz)")


def pytest_report_header() -> str:
    return f"fuzz seed: {SEED} (replay with MERIT_FUZZ_SEED={SEED})"


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: Any) -> Any:
    report = yield
    if report.failed and item.path.parent.name == "fuzz":
        report.sections.append(("fuzz seed", f"replay with MERIT_FUZZ_SEED={SEED}"))
    return report


def pytest_terminal_summary(terminalreporter: Any) -> None:
    # Also at the end: the header is hidden under -q, which the project's pytest options set.
    terminalreporter.write_line(f"fuzz seed: {SEED} (replay with MERIT_FUZZ_SEED={SEED})")
