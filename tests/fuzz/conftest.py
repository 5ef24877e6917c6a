"""The fuzzer's seed: random on every run, printed in the run's header and under every failure,
and taken from MERIT_FUZZ_SEED to replay a run."""

import os
import secrets
from typing import Any

import pytest

SEED = int(os.environ.get("MERIT_FUZZ_SEED") or secrets.randbelow(2**32))


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
