"""Waits alone: what the Chuzhou scorer asks once per hand, and cold waits queries with three
wilds in a crowded suit. CPU time of this thread (the machine is shared). Prints; never fails.

    python bench/waits.py
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path
from typing import Any

# bench/ itself; appended, so that the installed service runs (compiled under .venv-compiled)
sys.path.append(str(Path(__file__).resolve().parent.parent))

from bench.hands import chuzhou_hands  # noqa: E402
from service.hand.waits import wait_tiles  # noqa: E402
from service.memo import clear as clear_caches  # noqa: E402
from service.tiles import counts_of, parse_tiles, tile  # noqa: E402

N = 2_000
ROUNDS = 9
# The heaviest waits queries bench/worst.py found: naturals, the 财神 (three of it held).
HEAVY = [("1113455666777889m", "1m"), ("1233455667888999m", "9m"), ("1233556677789m", "1z")]


def scorer_arguments(body: dict[str, Any]) -> tuple[list[int], list[int], bool]:
    """(standing counts, held counts, seven pairs allowed), as the Chuzhou scorer passes them."""
    hand, win = body["hand"], tile(body["win"]["tile"])
    counts = counts_of(parse_tiles(hand["concealed"]))
    held = list(counts)
    for meld in hand["melds"]:
        for t in parse_tiles(meld["tiles"]):
            held[t] += 1
    counts[win] -= 1
    held[win] -= 1
    return counts, held, not hand["melds"]


def one_pass(cases: list[tuple[list[int], list[int], bool]]) -> float:
    """µs of CPU per hand."""
    t0 = time.thread_time_ns()
    for counts, held, allow in cases:
        wait_tiles(counts, held=held, allow_seven_pairs=allow)
    return (time.thread_time_ns() - t0) / len(cases) / 1000


def main() -> None:
    cases = [scorer_arguments(body) for body in chuzhou_hands(N)]
    clear_caches()
    cold = one_pass(cases)
    warm = [one_pass(cases) for _ in range(ROUNDS)]
    print(f"waits of {N:,} Chuzhou hands (the scorer's call): warm median "
          f"{statistics.median(warm):.2f} µs a hand (target ≤ 5), first pass after clearing "
          f"every cache {cold:.1f} µs")
    for naturals, caishen in HEAVY:
        counts = counts_of(parse_tiles(naturals))
        wild = tile(caishen)
        held = list(counts)
        held[wild] = 3
        times = []
        for _ in range(3):
            clear_caches()
            t0 = time.thread_time_ns()
            wait_tiles(counts, 3, held=held, wild_tile=wild)
            times.append(time.thread_time_ns() - t0)
        print(f"cold waits, {naturals} with three 财神 {caishen}: "
              f"{statistics.median(times) / 1e6:.2f} ms")


if __name__ == "__main__":
    main()
