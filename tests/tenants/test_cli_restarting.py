"""`merit dev` keeps its worker: api.cli.dev.Restarting starts a child again when it exits with
an error, not when it exits 0 (asked to stop) nor once `stop()` was called. Real processes."""

import os
import sys
import time
from pathlib import Path

from api.cli.dev import Restarting


def child(tmp_path: Path, body: str) -> list[str]:
    """A Python child that notes each start in `starts` and then runs `body`."""
    starts = tmp_path / "starts"
    code = f"open({str(starts)!r}, 'a').write('x')\n{body}"
    return [sys.executable, "-c", code]


def starts(tmp_path: Path) -> int:
    path = tmp_path / "starts"
    return len(path.read_text()) if path.exists() else 0


def wait_for(check, timeout: float = 20) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def test_a_child_that_fails_is_started_again_until_stopped(tmp_path):
    keeper = Restarting("job", child(tmp_path, "raise SystemExit(3)"), dict(os.environ), 0.05)
    keeper.start()
    try:
        wait_for(lambda: starts(tmp_path) >= 3)
    finally:
        keeper.stop()
    assert keeper.restarts >= 2
    settled = starts(tmp_path)
    # stop() has ended the thread that restarts the child: nothing can start it again.
    assert not keeper._thread.is_alive()
    assert keeper.proc is not None and keeper.proc.poll() is not None
    assert starts(tmp_path) == settled


def test_a_child_that_exits_0_is_not_started_again(tmp_path):
    keeper = Restarting("job", child(tmp_path, "raise SystemExit(0)"), dict(os.environ), 0.05)
    keeper.start()
    # The keeper's thread returns after an exit with status 0 instead of waiting to restart.
    wait_for(lambda: not keeper._thread.is_alive())
    keeper.stop()
    assert starts(tmp_path) == 1 and keeper.restarts == 0


def test_stop_ends_a_running_child_for_good(tmp_path):
    keeper = Restarting("job", child(tmp_path, "import time; time.sleep(60)"), dict(os.environ))
    keeper.start()
    wait_for(lambda: starts(tmp_path) == 1)
    began = time.monotonic()
    keeper.stop()  # SIGINT: the child ends (status 1, KeyboardInterrupt) and stays ended
    assert time.monotonic() - began < 10
    assert keeper.proc is not None and keeper.proc.poll() is not None
    assert not keeper._thread.is_alive()  # no restart can follow
    assert starts(tmp_path) == 1 and keeper.restarts == 0
