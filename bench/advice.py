"""Advice (G-9) on hands never seen before: a 14-tile Chuzhou advice with every discard, a
17-tile Yueqing one with 0-3 财神, each through the core as a request runs it (schema, rules,
every discard, its useful draws); and shanten alone on 13-tile hands beside the riichi
package's ``Shanten.calculate_shanten`` on the same tiles, in one run (bench/riichi_shanten.py
in bench/.venv-riichi). CPU time of this thread (the machine is shared). Prints; never fails.

    python bench/advice.py [HANDS]
"""

from __future__ import annotations

import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
# bench/ itself; appended, so that the installed service runs (compiled under .venv-compiled)
sys.path.append(str(ROOT))

from service.actions import run  # noqa: E402
from service.hand.advice import shanten_of  # noqa: E402
from service.rulesets.chuzhou.advice import form_of  # noqa: E402
from service.tiles import code, counts_of  # noqa: E402

HANDS = 5_000  # measured hands of each kind; the command line may say another number
WARM = 2_000  # hands of the same kind first, so the suit tables hold what a server's would
RIICHI = ROOT / "bench" / ".venv-riichi" / "bin" / "python"
WHITE = 31


def hands(rng: random.Random, size: int, caishen: int | None, seen: set[tuple[int, ...]],
          count: int) -> list[list[int]]:
    """``count`` distinct hands of ``size`` tiles from a shuffled wall, none in ``seen``; with a
    财神, 0-3 of it standing and never the flower tile."""
    wall = [t for t in range(34) for _ in range(4)]
    if caishen is not None:
        flower = 33 if caishen == WHITE else WHITE
        wall = [t for t in wall if t not in (caishen, flower)]
    found = []
    while len(found) < count:
        wilds = rng.randint(0, 3) if caishen is not None else 0
        hand = sorted(rng.sample(wall, size - wilds) + [caishen] * wilds)  # type: ignore[list-item]
        key = tuple(hand)
        if key not in seen:
            seen.add(key)
            found.append(hand)
    return found


def yueqing_bodies(rng: random.Random, seen: set[tuple[int, ...]],
                   count: int) -> list[dict[str, Any]]:
    """``count`` Yueqing advice bodies of 17 tiles, each with a 财神 of its own, 0-3 standing."""
    bodies = []
    for _ in range(count):
        caishen = rng.randrange(34)
        hand = hands(rng, 17, caishen, seen, 1)[0]
        bodies.append({"concealed": [code(t) for t in hand], "caishen": code(caishen)})
    return bodies


def timed(ruleset: str, bodies: list[dict[str, Any]]) -> list[float]:
    """µs of CPU per request."""
    times = []
    for body in bodies:
        t0 = time.thread_time_ns()
        run(ruleset, "advice", body)
        times.append((time.thread_time_ns() - t0) / 1000)
    return times


def p(times: list[float], q: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def report(name: str, times: list[float], aim: str) -> None:
    print(f"{name}: p50 {p(times, 0.5) / 1000:.3f} ms, p99 {p(times, 0.99) / 1000:.3f} ms, "
          f"max {max(times) / 1000:.2f} ms over {len(times):,} never-seen hands ({aim})")


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else HANDS
    rng = random.Random(37)
    seen: set[tuple[int, ...]] = set()
    chuzhou = hands(rng, 14, None, seen, WARM + count)
    timed("chuzhou", [{"concealed": [code(t) for t in h]} for h in chuzhou[:WARM]])
    report("chuzhou advice, 14 tiles, every discard",
           timed("chuzhou", [{"concealed": [code(t) for t in h]} for h in chuzhou[WARM:]]),
           "aim p99 ≤ 1 ms")

    timed("yueqing", yueqing_bodies(rng, seen, WARM))
    report("yueqing advice, 17 tiles, 0-3 财神, every discard",
           timed("yueqing", yueqing_bodies(rng, seen, count)),
           "aim p99 ≤ 2 ms")

    thirteen = hands(rng, 13, None, seen, WARM + count)
    form = form_of([], [], [0] * 34)
    for hand in thirteen[:WARM]:
        shanten_of(hand, form)
    ours, answers = [], []
    for hand in thirteen[WARM:]:
        t0 = time.thread_time_ns()
        answers.append(shanten_of(hand, form))
        ours.append(time.thread_time_ns() - t0)
    print(f"shanten, 13 tiles: median {statistics.median(ours) / 1000:.1f} µs, p99 "
          f"{p(ours, 0.99) / 1000:.1f} µs")
    if not RIICHI.exists():
        print("riichi's shanten: bench/.venv-riichi is missing (make bench makes it)")
        return
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as file:
        json.dump([counts_of(hand) for hand in thirteen[WARM:]], file)
    done = subprocess.run([str(RIICHI), str(ROOT / "bench" / "riichi_shanten.py"), file.name],
                          capture_output=True, text=True, check=True)
    theirs = json.loads(done.stdout)
    # riichi's counts 七对 and 国士无双 too; ours this ruleset's forms (七对, no 国士无双)
    same = sum(a == b for a, b in zip(answers, theirs["answers"], strict=True))
    print(f"riichi Shanten.calculate_shanten, same hands: median "
          f"{statistics.median(theirs['times']) / 1000:.1f} µs, p99 "
          f"{p(theirs['times'], 0.99) / 1000:.1f} µs; ours is "
          f"{statistics.median(theirs['times']) / statistics.median(ours):.1f}× as fast "
          f"(median), same answer on {same:,} of {len(answers):,} (aim ≥ 2×)")


if __name__ == "__main__":
    main()
