"""The load test (tests/bench/load.py) in its short form: it starts its own Postgres, Redis,
`merit serve --workers 2` and the baseline, drives the mix for a few seconds at two low rates
and must see no failed request. It asserts only what a busy CI machine can hold: no error at
those low rates. Timing figures are printed, never asserted, and the saturation step (as many
requests as the server takes, where a loaded machine may time some out) is left to the full
run, `uv run python tests/bench/load.py`."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_load_script_runs_its_quick_form_without_errors():
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    done = subprocess.run(
        [sys.executable, str(ROOT / "tests" / "bench" / "load.py"), "--quick", "--users", "0"],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=240,
    )
    out = done.stdout + done.stderr
    assert done.returncode == 0, out[-6000:]
    summary = out[out.index("=== summary") :]
    rows = [line for line in summary.splitlines() if line.strip().startswith(("merit", "baseline"))]
    # The warm-up (rate "cold") and the 2 low rates, for the app and the baseline.
    assert [line.split()[-10] for line in rows] == ["cold", "10", "20"] * 2, summary
    assert [line.split()[-4] for line in rows] == ["0"] * 6, summary  # the errors column
    assert "GET /api/employees [big]" in out
