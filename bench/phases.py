"""Where a never-seen hand's time goes: loading, checks, reading, patterns and the best
reading, settlement, the answer (issue #36, docs/performance.md).

    python bench/phases.py

After the warm-up of bench/instructions.py (5,000 hands of both rulesets), NEW_HANDS hands
of each ruleset none of them has seen are scored once each, with each phase's functions
timed where ``score()`` calls them (in CPU time of the thread; a wrapper's own cost, about a
microsecond a call, lands in its phase). "the rest" is ``score()``'s time outside the
phases: the house rules resolved, the metrics hooks, the answer's version and rules.
Prints figures; never fails.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

sys.path.append(str(Path(__file__).resolve().parent.parent))

from bench.hands import chuzhou_hands, yueqing_hands  # noqa: E402
from bench.instructions import warm_up  # noqa: E402
from service import scoring  # noqa: E402
from service.rulesets.chuzhou import scorer as chuzhou_scorer  # noqa: E402
from service.rulesets.yueqing import scorer as yueqing_scorer  # noqa: E402
from service.work import tune_gc  # noqa: E402

NEW_HANDS = 2000
# Each phase: the functions ``score()`` calls for it, by the name it calls them by.
PHASES: dict[str, tuple[ModuleType, dict[str, tuple[str, ...]]]] = {
    "chuzhou": (chuzhou_scorer, {
        "checks": ("prepare_melds", "check_seats", "check_winning_hand", "check_situation",
                   "check_rules"),
        "reading": ("read_suits", "natural_waits", "add_seven_pairs_wait", "views"),
        "patterns, best reading": ("recognise",),
        "settlement": ("liable_seat", "shares", "transfers"),
        "answer": ("described", "entries", "next_state"),
    }),
    "yueqing": (yueqing_scorer, {
        "checks": ("prepare_melds", "check_claims", "check_win", "check_rules",
                   "check_winning_hand", "check_special_tiles"),
        "reading": ("views",),
        "patterns, best reading": ("hand_items", "recognise", "minor_major", "total_tai",
                                   "flower_counts", "tiao"),
        "settlement": ("hand_shares", "win_transfers", "next_after_win"),
        "answer": ("entries", "summary", "name_after_flower", "shown_sets", "adjusted_minor"),
    }),
}


def timed(spent: dict[str, int], phase: str, function: Callable[..., Any]) -> Callable[..., Any]:
    clock = time.thread_time_ns

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        t0 = clock()
        try:
            return function(*args, **kwargs)
        finally:
            spent[phase] += clock() - t0
    return wrapper


def main() -> None:
    tune_gc()
    warm_up()
    for ruleset, hands in (("chuzhou", chuzhou_hands(NEW_HANDS, seed=70_000)),
                           ("yueqing", yueqing_hands(NEW_HANDS, seed=70_001))):
        module, phases = PHASES[ruleset]
        spent = dict.fromkeys(("loading", *phases), 0)
        saved = {name: getattr(module, name) for names in phases.values() for name in names}
        for phase, names in phases.items():
            for name in names:
                setattr(module, name, timed(spent, phase, saved[name]))
        load = scoring.load
        scoring.load = timed(spent, "loading", load)  # type: ignore[assignment]
        try:
            t0 = time.thread_time_ns()
            for body in hands:
                scoring.score(ruleset, body)
            whole = time.thread_time_ns() - t0
        finally:
            scoring.load = load  # type: ignore[assignment]
            for name, function in saved.items():
                setattr(module, name, function)
        spent["the rest"] = whole - sum(spent.values())
        print(f"{ruleset} score(), {NEW_HANDS:,} never-seen hands: "
              f"{whole / NEW_HANDS / 1000:.1f} µs a hand")
        for phase, ns in spent.items():
            print(f"  {phase:24} {ns / NEW_HANDS / 1000:7.1f} µs  {ns / whole:6.1%}")


if __name__ == "__main__":
    main()
