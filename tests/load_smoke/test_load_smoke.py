"""The load test (tests/bench/load.py) in its short form: it starts its own Postgres, Redis,
`merit serve --workers 2` and the baseline, drives the mix for a few seconds at a low rate and
must see no failed request. Timing figures are printed, never asserted here (DESIGN §5); the
full run is `uv run python tests/bench/load.py`."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_load_script_runs_its_quick_form_without_errors():
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    done = subprocess.run(
        [sys.executable, str(ROOT / "tests" / "bench" / "load.py"), "--quick"],
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
    # The warm-up (rate "cold"), 2 rates and the max step, for the app and the baseline.
    assert len(rows) == 8, summary
    assert all(line.split()[-4] == "0" for line in rows), summary  # the errors column
    assert "GET /api/employees [big]" in out
