"""The one percentile rule and the one latency line every benchmark prints.

Every benchmark takes its percentiles from `percentile()` here, so a p95 means the same in
each of them, and prints latencies with `latency_line()`: the sample count beside every
figure, and failed requests counted, never dropped.
"""

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass


def percentile(values: Iterable[float], pct: float) -> float:
    """Nearest rank: the smallest sample with at least `pct` percent of the samples at or below
    it, that is sorted(values)[ceil(pct / 100 * n) - 1] (the smallest for pct 0, the largest for
    100). Always one measured value, never a blend of two: the p50 of an even count is the lower
    middle sample. nan when there is no sample."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    # The small allowance keeps 95 * 100 / 100 from rounding up past an exact rank.
    rank = math.ceil(pct * len(ordered) / 100 - 1e-9)
    return ordered[min(len(ordered), max(1, rank)) - 1]


@dataclass
class Sample:
    """One request: how long it took, and why it failed (None when it answered as expected)."""

    seconds: float
    error: str | None = None


def counted(samples: Iterable[Sample], timeout: float) -> list[float]:
    """Each request's latency, a failed one's as `timeout` (at least its own time): a request
    that failed fast must not make the percentiles look better than the ones that answered."""
    return [s.seconds if s.error is None else max(s.seconds, timeout) for s in samples]


def errors(samples: Iterable[Sample]) -> int:
    return sum(1 for s in samples if s.error is not None)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:8.1f}"


def latency_header(width: int) -> str:
    return f"{'':<{width}}{'n':>6}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}{'max ms':>9}{'errors':>8}"


def latency_line(label: str, samples: Sequence[Sample], timeout: float, width: int = 48) -> str:
    """label, n, p50/p95/p99/max in ms (failures as `timeout`), errors: under latency_header."""
    times = counted(samples, timeout)
    top = max(times) if times else float("nan")
    return (
        f"{label:<{width}}{len(times):>6}{ms(percentile(times, 50)):>9}"
        f"{ms(percentile(times, 95)):>9}{ms(percentile(times, 99)):>9}{ms(top):>9}"
        f"{errors(samples):>8}"
    )


def seconds_line(label: str, values: Sequence[float], width: int = 48) -> str:
    """A figure measured in seconds (a job, a backup): p50 and max over its n runs."""
    if len(values) == 1:
        return f"{label:<{width}} {values[0]:8.2f} s   (n=1)"
    return (
        f"{label:<{width}} p50 {percentile(values, 50):8.2f} s, max {max(values):8.2f} s   "
        f"(n={len(values)})"
    )
