"""The whole score call in one process, as ``service.scoring.score`` runs it, on generated
winning hands: hands per second and per-hand percentiles. Prints; never fails.

Each mix is timed twice: the first pass meets every suit shape for the first time (cold
caches, as a fresh worker does), the second is what a worker that has been serving a while
does. The warm pass is also split into loading the body (marshmallow) and the core.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.hands import chuzhou_hands, yueqing_hands  # noqa: E402
from service.scoring import action, load  # noqa: E402

N = 10_000


def timed(items: list[Any], call: Callable[[Any], object]) -> tuple[float, list[int]]:
    times = []
    start = time.perf_counter()
    for item in items:
        t0 = time.perf_counter_ns()
        call(item)
        times.append(time.perf_counter_ns() - t0)
    return time.perf_counter() - start, times


def line(label: str, count: int, seconds: float, times: list[int]) -> None:
    q = statistics.quantiles(times, n=100)
    print(f"  {label:18} {count / seconds:>9,.0f} /s   p50 {q[49] / 1000:7.1f} µs   "
          f"p90 {q[89] / 1000:7.1f} µs   p99 {q[98] / 1000:8.1f} µs")


def measure(label: str, ruleset: str, hands: list[dict[str, Any]]) -> None:
    chosen = action(ruleset, "score")

    def whole(body: dict[str, Any]) -> object:
        return chosen.handler(load(chosen.request, body))

    print(label)
    line("score, cold", len(hands), *timed(hands, whole))
    line("score, warm", len(hands), *timed(hands, whole))
    line("  load (schema)", len(hands), *timed(hands, lambda b: load(chosen.request, b)))
    loaded = [load(chosen.request, body) for body in hands]
    line("  core", len(hands), *timed(loaded, chosen.handler))


def main() -> None:
    print(f"score(), {N:,} generated winning hands per mix, one process")
    measure("chuzhou", "chuzhou", chuzhou_hands(N))
    measure("yueqing, no 财神", "yueqing", yueqing_hands(N, wilds=False))
    measure("yueqing, 0-3 财神", "yueqing", yueqing_hands(N))


if __name__ == "__main__":
    main()
