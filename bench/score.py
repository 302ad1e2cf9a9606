"""The whole ``score()`` call beside the riichi scorer, in one run, on the same hands.

Prints each in-process target of the speed work with its measured value; never fails.

First what users pay (issue #36): hands the process has never seen, timed by bench/unseen.py
(passes in fresh processes, riichi's on the same new hands between them). Riichi's time ÷
this service's, the median over passes (above 1: this service is faster):

- Chuzhou never seen: aim ≥ 2.5 compiled (≥ 1.2 interpreted).
- Yueqing without 财神, never seen, against the same riichi figure: aim ≥ 2.5.
- Yueqing over a 0-3 财神 mix, never seen: p99 of single calls ≤ 0.5 ms.

Then, labelled as such, the same scorers on hands repeated pass after pass (memos warm):

- Chuzhou ``score("chuzhou", body)`` (loading the body included) against the ``mahjong``
  package's ``HandCalculator.estimate_hand_value`` on the same 2,000 generated standard hands
  (bench/hands.py; about a third with claimed melds): at most half its time per hand.
- Yueqing without 财神 (17-tile hands, which the riichi scorer cannot read): the same ratio
  against the same riichi figure.
- Yueqing over a 0-3 财神 mix: p99 of single calls at most 1 ms, once the engine's per-suit
  caches hold the mix's suits (a serving worker's steady state); the first pass, which meets
  each suit shape for the first time, is printed beside it.

The riichi scorer runs in its own virtual environment (bench/riichi.py). Each round times a
pass over all the hands with each scorer in turn, the order reversed every other round, so
that both meet the same load of a shared machine; the target is checked on the median over
rounds of the per-round ratio (this service's mean ÷ riichi's mean on the same hands). Beside
it, the same ratio with the hands cut into batches of BENCH_BATCH (250), each timed right
after the other scorers' batch: every batch starts with caches the other process has used,
which costs the scorer with the larger working set more (this one: its per-suit tables). Every
call is timed in CPU time of its thread (both scorers): on a machine shared with other work,
wall-clock single calls mostly measure the scheduler.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

# bench/ itself; appended, so that the installed service runs (compiled under .venv-compiled)
sys.path.append(str(Path(__file__).resolve().parent.parent))

from bench.hands import chuzhou_hands, yueqing_hands  # noqa: E402
from bench.reference import RIICHI_PYTHON, Riichi  # noqa: E402
from bench.unseen import report as never_seen  # noqa: E402
from bench.unseen import us, verdict  # noqa: E402
from service.house import resolve
from service.rulesets import RULESETS
from service.scoring import load, own_action, score  # noqa: E402
from service.work import tune_gc  # noqa: E402

N = int(os.environ.get("BENCH_HANDS", "2000"))
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "15"))
BATCH = int(os.environ.get("BENCH_BATCH", "250"))


def timed(items: list[Any], call: Callable[[Any], object]) -> list[int]:
    times = []
    clock = time.thread_time_ns  # CPU time: on a shared machine, wall time is the scheduler's
    for item in items:
        t0 = clock()
        call(item)
        times.append(clock() - t0)
    return times


def summary(label: str, rounds: list[list[int]]) -> None:
    """Prints mean per hand (median round), p50 and p99 of all calls."""
    means = [sum(r) / len(r) for r in rounds]
    pooled = [t for r in rounds for t in r]
    q = statistics.quantiles(pooled, n=100)
    mean = statistics.median(means)
    print(f"  {label:34} mean {us(mean)}   p50 {us(q[49])}   p99 {us(q[98])}   "
          f"(rounds {us(min(means)).strip()} – {us(max(means)).strip()})")


def main() -> None:
    tune_gc()  # as a serving worker runs (gunicorn.conf.py)
    never_seen()
    print("repeated hands (each pass over the same hands: the memos warm):")
    chuzhou = chuzhou_hands(N)
    plain = yueqing_hands(N, wilds=False)
    mixed = yueqing_hands(N * 5)
    for body in chuzhou[:50] + plain[:50] + mixed[:50]:  # import and first-use costs
        score("chuzhou" if "caishen" not in body else "yueqing", body)

    have_riichi = RIICHI_PYTHON.exists()
    riichi = Riichi(chuzhou) if have_riichi else None
    kinds = ("riichi", "chuzhou", "plain") if riichi else ("chuzhou", "plain")
    errors: dict[str, int] = {}

    def rounds(batch_size: int) -> dict[str, list[list[list[int]]]]:
        """times[kind][round][batch]: the per-call CPU times of each batch of ``batch_size``
        hands, timed by each scorer in turn (the order reversed every other round)."""
        times: dict[str, list[list[list[int]]]] = {kind: [] for kind in kinds}
        batches = [(start, min(start + batch_size, N)) for start in range(0, N, batch_size)]
        for round_ in range(ROUNDS):
            for kind in kinds:
                times[kind].append([])
            for start, end in batches:
                for kind in kinds if round_ % 2 == 0 else kinds[::-1]:
                    if kind == "riichi":
                        assert riichi is not None
                        batch, found = riichi.round(start, end)
                        if round_ == 0 and batch_size == N:  # count each hand's error once
                            for error, count in found.items():
                                errors[error] = errors.get(error, 0) + count
                    elif kind == "chuzhou":
                        batch = timed(chuzhou[start:end], lambda b: score("chuzhou", b))
                    else:
                        batch = timed(plain[start:end], lambda b: score("yueqing", b))
                    times[kind][-1].append(batch)
        return times

    print(f"score(): {N:,} hands per mix, {ROUNDS} rounds, each scorer's pass over all of "
          "them in turn")
    whole = rounds(N)
    small = rounds(BATCH) if riichi else whole
    if riichi:
        riichi.close()

    def pooled(kind: str) -> list[list[int]]:
        return [[t for batch in batches for t in batch] for batches in whole[kind]]

    if riichi:
        summary("riichi estimate_hand_value", pooled("riichi"))
        print(f"  (riichi errors, which would end its work early: {errors or 'none'})")
    summary("chuzhou score()", pooled("chuzhou"))
    summary("yueqing score(), no 财神", pooled("plain"))

    def ratios(times: dict[str, list[list[list[int]]]], kind: str) -> list[float]:
        """This kind's mean ÷ riichi's mean, per batch and round."""
        return [statistics.fmean(ours) / statistics.fmean(theirs)
                for ours_round, theirs_round in zip(times[kind], times["riichi"], strict=True)
                for ours, theirs in zip(ours_round, theirs_round, strict=True)]

    def paired(kind: str) -> float:
        per_round = ratios(whole, kind)
        per_batch = ratios(small, kind)
        q = statistics.quantiles(per_round, n=4)
        print(f"  {kind} ÷ riichi, per round: median {statistics.median(per_round):.2f}, "
              f"quartiles {q[0]:.2f}-{q[2]:.2f}; per batch of {BATCH}, each timed after the "
              f"other scorers' (colder caches): median {statistics.median(per_batch):.2f}")
        return statistics.median(per_round)

    chuzhou_ratio = paired("chuzhou") if riichi else 0.0
    plain_ratio = paired("plain") if riichi else 0.0
    first_pass = timed(mixed, lambda b: score("yueqing", b))
    summary("yueqing 0-3 财神 mix, first pass", [first_pass])
    mixed_times = timed(mixed, lambda b: score("yueqing", b))
    summary("yueqing 0-3 财神 mix, warm", [mixed_times])

    chuzhou_request = own_action("chuzhou", "score").request
    loading = timed(chuzhou, lambda b: load(chuzhou_request, b))
    summary("chuzhou: loading the body", [loading])
    loaded = [load(chuzhou_request, b) for b in chuzhou]
    for data in loaded:  # the rules resolved, as service.scoring.perform does
        data["rules"] = resolve(RULESETS["chuzhou"], data.pop("variant"), data.pop("rules"))
    summary("chuzhou: the core", [timed(loaded, own_action("chuzhou", "score").handler)])

    # House rules (docs/house-rules.md): the same hands under rules seen before, against the
    # defaults in the same run, in alternating rounds; and the first request of each new rule
    # set, which builds it.
    def against_defaults(ruleset: str, hands: list[dict[str, Any]],
                         rules: dict[str, Any]) -> None:
        tuned = [{**b, "rules": rules} for b in hands]
        for bodies in (hands, tuned):  # both warm, as a serving worker's are
            timed(bodies, lambda b: score(ruleset, b))
        plain_rounds, tuned_rounds = [], []
        for _ in range(3):
            plain_rounds.append(timed(hands, lambda b: score(ruleset, b)))
            tuned_rounds.append(timed(tuned, lambda b: score(ruleset, b)))
        summary(f"{ruleset} score(), defaults", plain_rounds)
        summary(f"{ruleset} score(), house rules seen before", tuned_rounds)
        per_round = [statistics.fmean(t) / statistics.fmean(p)
                     for p, t in zip(plain_rounds, tuned_rounds, strict=True)]
        print(f"  {ruleset} house rules seen before ÷ defaults, per round: median "
              f"{statistics.median(per_round):.2f} (aim ≤ 1.20)")

    against_defaults("chuzhou", chuzhou, {"zhen_unit": 5, "full_flush.an": 300})
    fresh = [{**b, "rules": {"zhen_unit": 11 + i}} for i, b in enumerate(chuzhou[:900])]
    summary("chuzhou score(), the first request of a new rule set",
            [timed(fresh, lambda b: score("chuzhou", b))])
    against_defaults("yueqing", mixed[:N], {"tiao_at_four": 8, "full_flush.tai": 40})
    fresh = [{**b, "rules": {"tiao_at_four": 3 + i % 13, "hand_base": i // 13}}
             for i, b in enumerate(mixed[:900])]
    summary("yueqing score(), the first request of a new rule set",
            [timed(fresh, lambda b: score("yueqing", b))])

    if have_riichi:
        verdict("repeated: chuzhou score() / riichi, per hand", f"{chuzhou_ratio:.2f}", "≤ 0.50",
                chuzhou_ratio <= 0.5)
        verdict("repeated: yueqing no 财神 score() / riichi", f"{plain_ratio:.2f}", "≤ 0.50",
                plain_ratio <= 0.5)
    else:
        print("riichi scorer not installed (make bench installs it): no ratios")
    p99 = statistics.quantiles(mixed_times, n=100)[98]
    verdict(f"repeated: yueqing 0-3 财神 mix ({len(mixed):,} calls, warm), p99",
            us(p99).strip(), "≤ 1 ms", p99 <= 1_000_000)


if __name__ == "__main__":
    main()
