"""Never-seen hands: each hand's least time over fresh processes (``make bench``'s first part).

What users pay is a hand the serving worker has never seen: its memos hold other hands. A
process can meet a hand for the first time only once, so one pass times each hand once, and
on a shared machine that one time carries whatever else ran at that moment: rounds of single
passes spread 0.8-2.0 around their median and could not tell a 5 % change. Here every pass
is a fresh process: the warm-up of bench/instructions.py (5,000 other hands of both
rulesets, a serving worker's memos), then each measured hand scored once. PASSES passes
alternate with riichi's (``estimate_hand_value`` on the same Chuzhou hands, in a fresh
process of its own each pass, after 500 others) and, when BENCH_BASELINE names another
build's Python, with that build's. Each hand keeps its least time over the passes: the
machine's interruptions only ever add time, so the least is the hand's own cost. Ratios are
of sums of least times over the same hands; beside each, the range of the per-pass ratios.

Two of the same build measured so differ by 1-2 %; the per-pass ratios by up to a fifth.

    python bench/unseen.py                     # this report alone
    BENCH_BASELINE=/path/to/other/venv/bin/python python bench/unseen.py
    python bench/unseen.py pass 2000           # one pass, its times as JSON (what a pass runs)
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

# bench/ itself; appended, so that the installed service runs (compiled under .venv-compiled)
sys.path.append(str(Path(__file__).resolve().parent.parent))

from bench.hands import chuzhou_hands, yueqing_hands  # noqa: E402
from bench.reference import RIICHI_PYTHON, Riichi  # noqa: E402

PASSES = int(os.environ.get("BENCH_PASSES", "7"))
HANDS = int(os.environ.get("BENCH_NEW_HANDS", "2000"))
BASELINE = os.environ.get("BENCH_BASELINE", "")
RIICHI_WARM_UP = 500  # the riichi process's own first-use costs, before its measured hands
KINDS = ("chuzhou", "plain", "mixed")
LABELS = {"riichi": "riichi estimate_hand_value", "chuzhou": "chuzhou score()",
          "plain": "yueqing score(), no 财神", "mixed": "yueqing 0-3 财神 mix"}

Times = dict[str, list[int]]  # per kind, each hand's CPU time in ns, in the hands' order


def measured_hands(n: int) -> dict[str, tuple[str, list[dict[str, Any]]]]:
    """Each kind's ruleset and its n hands: the same in every pass and every build."""
    return {"chuzhou": ("chuzhou", chuzhou_hands(n, seed=30_000)),
            "plain": ("yueqing", yueqing_hands(n, seed=40_000, wilds=False)),
            "mixed": ("yueqing", yueqing_hands(n, seed=50_000))}


def one_pass(n: int) -> Times:
    """In this process: the warm-up, then each measured hand scored once."""
    from bench.instructions import warm_up
    from service.scoring import score
    from service.work import tune_gc

    tune_gc()  # as a serving worker runs (gunicorn.conf.py)
    warm_up()
    clock = time.thread_time_ns  # CPU time: on a shared machine, wall time is the scheduler's
    found: Times = {}
    for kind, (ruleset, hands) in measured_hands(n).items():
        times = found[kind] = []
        for body in hands:
            t0 = clock()
            score(ruleset, body)
            times.append(clock() - t0)
    return found


def fresh_pass(python: str, n: int) -> Times:
    """One pass in a fresh process of ``python`` (this build's, or the baseline's). One hash
    seed for every pass, so that each meets the warm-up's memos laid out alike."""
    done = subprocess.run([python, __file__, "pass", str(n)], capture_output=True, text=True,
                          check=False, env={**os.environ, "PYTHONHASHSEED": "0"})
    if done.returncode:
        raise SystemExit(f"a pass with {python} failed:\n{done.stderr}")
    found: Times = json.loads(done.stdout)
    return found


def riichi_pass(n: int) -> Times:
    """riichi's times on the same Chuzhou hands, in a fresh process after 500 others."""
    riichi = Riichi(chuzhou_hands(RIICHI_WARM_UP, seed=29_999) + measured_hands(n)["chuzhou"][1])
    try:
        riichi.round(0, RIICHI_WARM_UP)
        return {"riichi": riichi.round(RIICHI_WARM_UP, RIICHI_WARM_UP + n)[0]}
    finally:
        riichi.close()


def least(passes: list[Times]) -> Times:
    """Each hand's least time over the passes, per kind."""
    return {kind: [min(times) for times in zip(*(p[kind] for p in passes), strict=True)]
            for kind in passes[0]}


def ratio(over: list[Times], under: list[Times], kind: str,
          over_kind: str | None = None) -> tuple[float, float, float]:
    """``over``'s time ÷ ``under``'s on the same hands: of the sums of least times, and the
    range of the per-pass ratios (pass k of one against pass k of the other)."""
    over_kind = over_kind or kind
    whole = sum(least(over)[over_kind]) / sum(least(under)[kind])
    per_pass = [sum(o[over_kind]) / sum(u[kind]) for o, u in zip(over, under, strict=True)]
    return whole, min(per_pass), max(per_pass)


def us(ns: float) -> str:
    return f"{ns / 1000:8.1f} µs"


def verdict(name: str, value: str, target: str, met: bool) -> None:
    print(f"TARGET {name:44} {value:>12}   target {target:>9}   {'met' if met else 'NOT MET'}")


def report() -> None:
    """PASSES fresh passes of each, alternated; the figures and their aims."""
    runs: dict[str, list[Times]] = {"ours": [], "baseline": [], "riichi": []}
    who = ["ours"] + (["baseline"] if BASELINE else []) + \
        (["riichi"] if RIICHI_PYTHON.exists() else [])
    for k in range(PASSES):
        for name in who if k % 2 == 0 else who[::-1]:
            runs[name].append(riichi_pass(HANDS) if name == "riichi" else
                              fresh_pass(BASELINE if name == "baseline" else sys.executable,
                                         HANDS))
    ours = least(runs["ours"])
    print(f"never seen: {PASSES} fresh processes each, {HANDS:,} new hands a kind scored once "
          "after a warm-up of 5,000 others; each hand's least time over the passes")
    for name, times in ([("riichi", least(runs["riichi"])["riichi"])] if runs["riichi"] else []) \
            + [(kind, ours[kind]) for kind in KINDS]:
        q = statistics.quantiles(times, n=100)
        print(f"  {LABELS[name]:34} mean {us(statistics.fmean(times))}   p50 {us(q[49])}   "
              f"p99 {us(q[98])}")
    if runs["riichi"]:
        for kind in ("chuzhou", "plain"):
            whole, low, high = ratio(runs["riichi"], runs["ours"], kind, "riichi")
            verdict(f"never seen: riichi ÷ {LABELS[kind]}, per hand",
                    f"{whole:.2f} ({low:.2f}-{high:.2f})", "≥ 2.5", whole >= 2.5)
    else:
        print("riichi scorer not installed (make bench installs it): no ratios")
    p99 = statistics.quantiles(ours["mixed"], n=100)[98]
    verdict("never seen: yueqing 0-3 财神 mix, p99", us(p99).strip(), "≤ 0.5 ms",
            p99 <= 500_000)
    if BASELINE:
        print(f"this build ÷ the baseline ({BASELINE}), least times, above 1: this one slower")
        for kind in KINDS:
            whole, low, high = ratio(runs["ours"], runs["baseline"], kind)
            print(f"  {LABELS[kind]:34} {whole:.3f}   (passes {low:.2f}-{high:.2f})")
    print()


if __name__ == "__main__":
    if sys.argv[1:2] == ["pass"]:
        print(json.dumps(one_pass(int(sys.argv[2]))))
    else:
        report()
