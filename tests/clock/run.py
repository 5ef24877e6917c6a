"""The date-sensitive tests at chosen instants of a controlled clock (`make clock`).

Why libfaketime (Debian's `faketime` package) rather than a Python-only clock such as
time-machine: the app under test runs in the pytest process, but the embedded Postgres is a
child process and stamps `created_at` and `updated_at` with its own `now()`; the dashboard's
activity feed orders those against timestamps written from Python. LD_PRELOAD is inherited by
every child, so the tests, the app, Postgres and Redis all read one shifted clock.

The clock is shifted by a fixed offset (FAKETIME="+<seconds>"), not set to an absolute start:
with an absolute start every process would begin at the instant when *it* starts, and Postgres
(started a few seconds after pytest) would lag behind. With an offset every process reads the
real clock plus the same amount, so they agree and time keeps running: a run started at
23:59:00 goes on past midnight. The monotonic clock moves by the same offset, which changes no
duration; leaving it alone (DONT_FAKE_MONOTONIC) breaks Python's time.sleep, whose absolute
monotonic deadline libfaketime 0.9.10 then shifts into an invalid time (EINVAL).

Each instant is one pytest run (its own embedded Postgres and Redis) of the tests marked
`date_sensitive` in the dashboard, analytics, reminders, reviews and certifications suites.
Usage:

    uv run python tests/clock/run.py                       # every instant
    uv run python tests/clock/run.py --at "2028-02-29 23:59:00" [pytest args...]
"""

import argparse
import os
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path

# Local times (the app's "today" is the server's calendar day). A run of the marked tests lasts
# 20 to 40 seconds, a third of it starting Postgres and loading the test modules. The month ends
# run at noon, wholly on that day. The quarter's last seconds run into its first ones part-way
# through. The year-end run loads the test modules before midnight and runs its tests after it
# (what a module that kept the day it was imported on got wrong). Each run prints the span of
# time it covered.
INSTANTS = [
    ("last seconds of a quarter, into the next", "2027-03-31 23:59:30"),
    ("first minute of a quarter", "2027-04-01 00:00:30"),
    ("31-day month end", "2027-01-31 12:00:00"),
    ("leap day", "2028-02-29 12:00:00"),
    ("30-day month end", "2027-04-30 12:00:00"),
    ("across midnight into a new year", "2027-12-31 23:59:45"),
]

LIBRARIES = [
    "/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1",
    "/usr/lib/aarch64-linux-gnu/faketime/libfaketimeMT.so.1",
    "/usr/lib/faketime/libfaketimeMT.so.1",
]
ROOT = Path(__file__).resolve().parents[2]
# Where the date_sensitive tests live (naming them spares collecting the whole suite).
SUITES = [
    "tests/api/dashboard",
    "tests/api/analytics",
    "tests/api/reminders",
    "tests/api/reviews",
    "tests/api/certifications",
]


def library() -> str:
    for path in LIBRARIES:
        if Path(path).exists():
            return path
    sys.exit("libfaketime is not installed: `apt-get install faketime` (make clock does it)")


def offset_to(at: str) -> int:
    """Seconds to add to the real clock to read `at` now."""
    return round(datetime.strptime(at, "%Y-%m-%d %H:%M:%S").timestamp() - time.time())


def clock_env(offset: int, lib: str) -> dict[str, str]:
    # Embedded servers only, in a fresh data directory: an external Postgres would keep the
    # real clock.
    dropped = {"MERIT_DATA_DIR", "DATABASE_URL", "REDIS_URL"}
    env = {name: value for name, value in os.environ.items() if name not in dropped}
    return {
        **env,
        "LD_PRELOAD": lib,
        "FAKETIME": f"{offset:+d}",
    }


def run(label: str, at: str, lib: str, pytest_args: list[str]) -> bool:
    offset = offset_to(at)
    env = clock_env(offset, lib)
    command = [
        sys.executable,
        "-m",
        "pytest",
        *SUITES,
        "-m",
        "date_sensitive",
        "-p",
        "no:cacheprovider",
    ]
    print(f"\n== clock {at} ({label})", flush=True)
    started = time.monotonic()
    code = subprocess.call([*command, *pytest_args], env=env, cwd=ROOT)
    ended = datetime.fromtimestamp(time.time() + offset).strftime("%Y-%m-%d %H:%M:%S")
    took = time.monotonic() - started
    print(f"== clock {at} .. {ended}: exit {code} in {took:.0f} s", flush=True)
    # 5: no test selected (a narrowed --at run); not a failure of the clock
    return code in (0, 5)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--at", action="append", help="local 'YYYY-MM-DD HH:MM:SS' (repeatable)")
    args, pytest_args = parser.parse_known_args()
    instants = [("chosen", at) for at in args.at] if args.at else INSTANTS
    lib = library()
    failed = [at for label, at in instants if not run(label, at, lib, pytest_args)]
    if failed:
        print(f"clock runs failed at: {', '.join(failed)}")
        return 1
    print(f"clock runs passed at {len(instants)} instants")
    return 0


if __name__ == "__main__":
    sys.exit(main())
