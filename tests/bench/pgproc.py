"""Postgres's processes as /proc sees them: CPU and private memory, for the benchmarks that
report what Postgres itself spends.

Client backends (the connections that serve requests) are told apart from Postgres's own
background processes (autovacuum, checkpointer, WAL writer, ...) by their process title, so
a figure per request can leave out work that no request caused. A backend that exits during
a measurement (a connection retired over its schema budget) is counted up to its last sample;
`CpuWatch` samples often enough that what is lost is its exit alone.
"""

import asyncio
import os
from pathlib import Path

_TICK = os.sysconf("SC_CLK_TCK")
# Process titles of Postgres's own processes ("postgres: autovacuum worker", ...).
_BACKGROUND = (
    "autovacuum",
    "checkpointer",
    "background writer",
    "walwriter",
    "logical replication",
    "archiver",
    "stats collector",
)


def _stat(pid: int) -> list[str]:
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()


def cpu_seconds(pid: int) -> float:
    """user + system CPU of one process; 0 if it is gone."""
    try:
        fields = _stat(pid)
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / _TICK


def parent(pid: int) -> int:
    return int(_stat(pid)[1])


def children(of: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if parent(int(entry.name)) == of:
                    found.append(int(entry.name))
            except (OSError, ValueError, IndexError):
                continue
    return found


def is_background(pid: int) -> bool:
    try:
        title = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return False
    return any(word in title for word in _BACKGROUND)


def own_memory_kb(pid: int) -> int:
    """The anonymous memory of one process, in kB: for a backend, its caches and work memory.
    Not Private_Clean + Private_Dirty, which also count the pages of the shared buffer pool
    that this process happened to touch first (over 200 MB for one backend of a freshly
    started server with 6 GB of shared buffers)."""
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Anonymous:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


class CpuWatch:
    """The CPU every Postgres process spends between start() and stop(), split into client
    backends and background processes; samples every `every` seconds so that backends which
    exit meanwhile are counted too."""

    def __init__(self, postmaster: int, every: float = 0.05) -> None:
        self.postmaster, self.every = postmaster, every
        self._first: dict[int, float] = {}
        self._last: dict[int, float] = {}
        self._background: set[int] = set()
        self._task: asyncio.Task[None] | None = None

    def _sample(self) -> None:
        for pid in [self.postmaster, *children(self.postmaster)]:
            cpu = cpu_seconds(pid)
            if pid not in self._first:
                # A process born during the watch started from nothing.
                self._first[pid] = cpu if self._task is None else 0.0
                if pid == self.postmaster or is_background(pid):
                    self._background.add(pid)
            if cpu:
                self._last[pid] = cpu

    async def _loop(self) -> None:
        while True:
            await asyncio.to_thread(self._sample)
            await asyncio.sleep(self.every)

    def start(self) -> None:
        self._sample()
        self._task = asyncio.create_task(self._loop())

    async def stop(self) -> tuple[float, float]:
        """(client backends' CPU seconds, background processes' CPU seconds)."""
        assert self._task is not None
        self._task.cancel()
        await asyncio.gather(self._task, return_exceptions=True)
        self._sample()
        spent = {pid: self._last.get(pid, 0.0) - first for pid, first in self._first.items()}
        background = sum(s for pid, s in spent.items() if pid in self._background)
        return sum(spent.values()) - background, background
