"""What an advice costs in the units the work bound counts (service/work.py ``ADVICE`` and
``valuing``; docs/performance.md, Advice; docs/operations.md, Bounded work).

    python bench/advice_weight.py [HANDS a kind, default 150]

The unit is the heaviest hand admitted: bench/heavy.py's batch of distinct three-财神 Yueqing
wins, scored in this process (memos cold, as the bound was measured), its CPU time divided by
the hands it counts. Then never-seen advice requests of the costliest kind to read, one
crowded suit (14 tiles of one suit for Chuzhou, 17 for Yueqing with 0-3 财神 among them), each
timed in CPU time (the collector as a worker's, nothing pending before each) and divided by
that unit: the reading alone (no ``winner``) against
``ADVICE``, and with ``winner`` and ``dealer`` against ``ADVICE`` plus what the request's
running total was charged for the valuing. Prints the median and the most of each, and the
heaviest hands; run it with the build whose figures are wanted (the compiled one under
``.venv-compiled``, as `make advice-weight` does). Never fails.
"""

from __future__ import annotations

import gc
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.append(str(Path(__file__).resolve().parent.parent))

from bench.heavy import yueqing_batch  # noqa: E402
from service.actions import run  # noqa: E402
from service.batch import run_batch  # noqa: E402
from service.errors import ProblemError  # noqa: E402
from service.memo import clear  # noqa: E402
from service.tiles import render  # noqa: E402
from service.work import ADVICE, MAX_WORK, counted, running_total, tune_gc  # noqa: E402


def unit_seconds() -> float:
    """CPU seconds of one counted hand of the heaviest batch admitted, memos cold."""
    clear()
    t0 = time.thread_time()
    run_batch(yueqing_batch(seed=7))
    return (time.thread_time() - t0) / MAX_WORK


def crowded(rng: random.Random, ruleset: str) -> dict[str, Any]:
    """A never-seen advice of one crowded suit: 14 tiles (Chuzhou) or 17 with 0-3 财神."""
    size = 14 if ruleset == "chuzhou" else 17
    suit = rng.randrange(3)
    wilds = 0 if ruleset == "chuzhou" else rng.randrange(4)
    caishen = 27 + rng.randrange(4)  # a wind as the 财神: its copies stand apart from the suit
    held = [0] * 9
    tiles = [caishen] * wilds
    while len(tiles) < size:
        t = rng.randrange(9)
        if held[t] < 4:
            held[t] += 1
            tiles.append(suit * 9 + t)
    body: dict[str, Any] = {"concealed": render(sorted(tiles))}
    if ruleset == "yueqing":
        body["caishen"] = render([caishen])
    return body


def cost(ruleset: str, body: dict[str, Any], unit: float) -> tuple[float, int] | None:
    """The request's CPU time in units, and what its running total was charged beyond its
    admission (the valuing); None if refused. Nothing is left for the collector first: a full
    collection walks every memo (tens of milliseconds), comes once in tens of thousands of
    hands in a worker, and would land on whichever request it fell in."""
    gc.collect()
    with counted(0):
        t0 = time.thread_time()
        try:
            run(ruleset, "advice", body)
        except ProblemError:
            return None
        return (time.thread_time() - t0) / unit, running_total()


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 150
    tune_gc()  # the collector as a serving worker has it
    unit = unit_seconds()
    print(f"unit: one counted hand of bench/heavy.py's three-财神 batch, {unit * 1e6:.0f} µs")
    rng = random.Random(20_261_204)
    for ruleset in ("chuzhou", "yueqing"):
        for valued in (False, True):
            rows = []
            for _ in range(count):
                body = crowded(rng, ruleset)
                if valued:
                    body.update(winner=1, dealer=0)
                found = cost(ruleset, body, unit)
                if found is not None:
                    used, charged = found
                    rows.append((used / (ADVICE + charged), used, charged, body["concealed"]))
            if not rows:
                continue
            rows.sort(reverse=True)
            what = "with winner: reading and valuing" if valued else "the reading alone"
            print(f"{ruleset}, {what}, {len(rows)} never-seen one-suit hands:")
            print(f"  cost in units: median {statistics.median(r[1] for r in rows):.0f}, "
                  f"most {max(r[1] for r in rows):.0f}; weighed {ADVICE} + the valuing")
            print(f"  cost ÷ weight: median {statistics.median(r[0] for r in rows):.2f}, "
                  f"most {rows[0][0]:.2f}")
            for ratio, used, charged, tiles in rows[:3]:
                print(f"    {ratio:.2f}  {used:.0f} units, valuing charged {charged}  {tiles}")


if __name__ == "__main__":
    main()
