"""What each memo gains on hands never seen: every memo of the core switched off in turn.

    python bench/memos.py [ROUNDS]

For each memo (and none, the reference), in alternating rounds: every memo emptied, the one
switched off (its look-ups miss, nothing is kept), the warm-up of bench/instructions.py (5,000
hands of both rulesets), then NEW_HANDS Chuzhou hands and as many Yueqing hands of the 0-3 财神
mix none of them has seen, each scored once and timed in CPU time. A memo's gain is how much
slower those hands are without it, median of the rounds; docs/performance.md keeps every memo
whose gain is 5 % or more on one ruleset's never-seen hands (issue #36). Runs the sources
(``make memos``): the compiled build's memos are native classes, whose methods cannot be
switched off. Prints figures; never fails.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.append(str(Path(__file__).resolve().parent.parent))

from bench.hands import chuzhou_hands, yueqing_hands  # noqa: E402
from bench.instructions import warm_up  # noqa: E402
from service.memo import Memo, clear, memos  # noqa: E402
from service.scoring import score  # noqa: E402
from service.work import tune_gc  # noqa: E402

NEW_HANDS = 1000


class Off(Memo[Any, Any]):
    """A memo switched off for a measurement: every look-up misses, nothing is kept."""

    __slots__ = ()

    def get(self, key: Any) -> Any:
        return None

    def put(self, key: Any, value: Any, unseen: int = 0) -> Any:
        return value


class Switched:
    """``memo`` switched off while the block runs (its class swapped for ``Off``)."""

    def __init__(self, memo: Memo[Any, Any]) -> None:
        self.memo = memo

    def __enter__(self) -> None:
        self.memo.__class__ = Off

    def __exit__(self, *exc: object) -> None:
        self.memo.__class__ = Memo


def measured(off: Memo[Any, Any] | None, seed: int) -> tuple[float, float]:
    """Mean CPU µs of a never-seen Chuzhou and Yueqing hand with ``off`` switched off."""
    chuzhou = chuzhou_hands(NEW_HANDS, seed=seed)
    yueqing = yueqing_hands(NEW_HANDS, seed=seed + 1)
    clear()
    switch = Switched(off) if off is not None else None
    if switch:
        switch.__enter__()
    try:
        warm_up()
        means = []
        for ruleset, hands in (("chuzhou", chuzhou), ("yueqing", yueqing)):
            t0 = time.thread_time_ns()
            for body in hands:
                score(ruleset, body)
            means.append((time.thread_time_ns() - t0) / len(hands) / 1000)
    finally:
        if switch:
            switch.__exit__()
    return means[0], means[1]


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    tune_gc()
    warm_up()  # imports and first-use costs
    configs: list[Memo[Any, Any] | None] = [None, *memos()]
    found: dict[str, list[tuple[float, float]]] = {}
    for r in range(rounds):
        order = configs if r % 2 == 0 else configs[::-1]
        for off in order:
            name = "none" if off is None else off.name
            found.setdefault(name, []).append(measured(off, 60_000 + 10 * r))
    base = found["none"]
    print(f"never-seen hands, {NEW_HANDS:,} a ruleset, median of {rounds} rounds; "
          f"with every memo: Chuzhou {statistics.median(c for c, _ in base):.0f} µs, "
          f"Yueqing 0-3 财神 {statistics.median(y for _, y in base):.0f} µs")
    print(f"  {'memo switched off':32} {'Chuzhou':>9} {'Yueqing':>9}   (slower without it)")
    for name, times in found.items():
        if name == "none":
            continue
        pairs = list(zip(times, base, strict=True))
        gains = [statistics.median((c / b[0] - 1) * 100 for (c, _), b in pairs),
                 statistics.median((y / b[1] - 1) * 100 for (_, y), b in pairs)]
        print(f"  {name:32} {gains[0]:+8.1f}% {gains[1]:+8.1f}%")


if __name__ == "__main__":
    main()
