"""The reading engine alone: readings per second and per-hand percentiles. Prints; never fails."""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

# bench/ itself; appended, so that the installed service runs (compiled under .venv-compiled)
sys.path.append(str(Path(__file__).resolve().parent.parent))

from bench.hands import chuzhou_hands, yueqing_hands  # noqa: E402
from service.hand.splits import concealed_readings  # noqa: E402
from service.memo import clear as clear_caches  # noqa: E402
from service.tiles import counts_of, parse_tiles, tile  # noqa: E402

N = 10_000


def measure(label: str, cases: list[tuple[list[int], int]]) -> None:
    clear_caches()
    times = []
    start = time.perf_counter()
    for counts, wilds in cases:
        t0 = time.perf_counter_ns()
        concealed_readings(counts, wilds)
        times.append(time.perf_counter_ns() - t0)
    total = time.perf_counter() - start
    q = statistics.quantiles(times, n=100)
    print(f"{label:28} {len(cases) / total:>10,.0f} hands/s   "
          f"p50 {q[49] / 1000:6.1f} µs   p90 {q[89] / 1000:6.1f} µs   p99 {q[98] / 1000:6.1f} µs")


def main() -> None:
    print(f"reading engine, {N:,} generated winning hands per ruleset (cold caches)")
    chuzhou = [(counts_of(parse_tiles(h["hand"]["concealed"])), 0) for h in chuzhou_hands(N)]
    measure("chuzhou", chuzhou)
    yueqing = []
    for h in yueqing_hands(N):
        counts = counts_of(parse_tiles(h["hand"]["concealed"]))
        caishen = tile(h["caishen"])
        wilds, counts[caishen] = counts[caishen], 0
        yueqing.append((counts, wilds))
    measure("yueqing (0-3 财神)", yueqing)


if __name__ == "__main__":
    main()
