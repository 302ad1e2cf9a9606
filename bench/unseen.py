"""Never-seen hands, timed in fresh processes (``make bench``'s first part).

What users pay is a hand the serving worker has never seen: its memos hold other hands. A
process can meet a hand for the first time only once, so one pass times each hand once, and
on a shared machine that one time carries whatever else ran at that moment: single passes
spread by a fifth or more around their median and could not tell a 5 % change. Here every
pass is a fresh process: the warm-up of bench/instructions.py (5,000 other hands of both
rulesets, a serving worker's memos), then each measured hand scored once, the kinds in an
order rotated each pass. PASSES passes alternate with riichi's (``estimate_hand_value`` on the
same Chuzhou hands, in a fresh process of its own each pass, after 500 others) and, when
BENCH_BASELINE names another build's Python, with that build's. Pass k of every side runs
with hash seed k, so that each side meets the same spread of memory layouts.

Two figures come of the passes:

- the targets, as they were set: riichi's time ÷ ours, the median over passes of the ratio of
  their means (pass k against pass k), and the p99 of every single call;
- each hand's least time over the passes: the machine's interruptions only ever add time, so
  the least is the hand's own cost. This build ÷ the baseline is the ratio of the sums of
  least times over the same hands; a build measured against itself so came out at
  0.989-1.013.

    python bench/unseen.py                     # this report alone
    BENCH_BASELINE=/path/to/other/venv/bin/python python bench/unseen.py
    python bench/unseen.py pass 2000 0         # one pass (hands, pass number), as JSON
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

_ASKED = max(2, int(os.environ.get("BENCH_PASSES", "8")))
PASSES = _ASKED + _ASKED % 2  # even: each side leads as often as it follows
HANDS = int(os.environ.get("BENCH_NEW_HANDS", "2000"))
BASELINE = os.environ.get("BENCH_BASELINE", "")
WITH_RIICHI = os.environ.get("BENCH_RIICHI", "1") != "0" and RIICHI_PYTHON.exists()
RIICHI_WARM_UP = 500  # the riichi process's own first-use costs, before its measured hands
KINDS = ("chuzhou", "plain", "mixed")
LABELS = {"riichi": "riichi estimate_hand_value", "chuzhou": "chuzhou score()",
          "plain": "yueqing score(), no 财神", "mixed": "yueqing 0-3 财神 mix"}

Times = dict[str, list[int]]  # per kind, each hand's CPU time in ns, in the hands' order


def measured_hands(kind: str, n: int) -> tuple[str, list[dict[str, Any]]]:
    """A kind's ruleset and its n hands: the same in every pass and every build."""
    if kind == "chuzhou":
        return "chuzhou", chuzhou_hands(n, seed=30_000)
    if kind == "plain":
        return "yueqing", yueqing_hands(n, seed=40_000, wilds=False)
    return "yueqing", yueqing_hands(n, seed=50_000)


def one_pass(n: int, number: int) -> dict[str, Any]:
    """In this process: the warm-up, then each measured hand scored once, the kinds' order
    rotated by the pass's number. Says which service it timed."""
    import service
    from bench.instructions import warm_up
    from service.scoring import score
    from service.work import tune_gc

    tune_gc()  # as a serving worker runs (gunicorn.conf.py)
    warm_up()
    clock = time.thread_time_ns  # CPU time: on a shared machine, wall time is the scheduler's
    found: Times = {}
    shift = number % len(KINDS)
    for kind in KINDS[shift:] + KINDS[:shift]:
        ruleset, hands = measured_hands(kind, n)
        times = found[kind] = []
        for body in hands:
            t0 = clock()
            score(ruleset, body)
            times.append(clock() - t0)
    return {"service": service.__file__, "times": found}


def fresh_pass(python: str, n: int, number: int) -> tuple[str, Times]:
    """One pass in a fresh process of ``python`` (this build's, or the baseline's), with
    hash seed ``number``: the service it imported, and its times."""
    done = subprocess.run([python, __file__, "pass", str(n), str(number)], capture_output=True,
                          text=True, check=False,
                          env={**os.environ, "PYTHONHASHSEED": str(number)})
    if done.returncode:
        raise SystemExit(f"a pass with {python} failed:\n{done.stderr}")
    for line in reversed(done.stdout.splitlines()):  # whatever else a build printed, around it
        if line.startswith('{"service"'):
            answer = json.loads(line)
            return answer["service"], answer["times"]
    raise SystemExit(f"a pass with {python} answered no times:\n{done.stdout[-2000:]}")


def riichi_pass(n: int, number: int) -> tuple[Times, dict[str, int]]:
    """riichi's times on the same Chuzhou hands, in a fresh process (hash seed ``number``)
    after 500 others, and the errors it met (a hand it cut short)."""
    riichi = Riichi(chuzhou_hands(RIICHI_WARM_UP, seed=29_999) + measured_hands("chuzhou", n)[1],
                    hash_seed=number)
    try:
        riichi.round(0, RIICHI_WARM_UP)
        times, errors = riichi.round(RIICHI_WARM_UP, RIICHI_WARM_UP + n)
        return {"riichi": times}, errors
    finally:
        riichi.close()


def least(passes: list[Times]) -> Times:
    """Each hand's least time over the passes, per kind."""
    return {kind: [min(times) for times in zip(*(p[kind] for p in passes), strict=True)]
            for kind in passes[0]}


def ratio(over: list[Times], under: list[Times], kind: str,
          over_kind: str | None = None) -> tuple[float, float, float, float]:
    """``over``'s time ÷ ``under``'s on the same hands: of the sums of least times, then the
    median, least and most of the per-pass ratios (pass k of one against pass k of the
    other)."""
    over_kind = over_kind or kind
    whole = sum(least(over)[over_kind]) / sum(least(under)[kind])
    per_pass = [sum(o[over_kind]) / sum(u[kind]) for o, u in zip(over, under, strict=True)]
    return whole, statistics.median(per_pass), min(per_pass), max(per_pass)


def us(ns: float) -> str:
    return f"{ns / 1000:8.1f} µs"


def verdict(name: str, value: str, target: str, met: bool) -> None:
    print(f"TARGET {name:44} {value:>12}   target {target:>9}   {'met' if met else 'NOT MET'}")


def report() -> None:
    """PASSES fresh passes of each, alternated; the figures and their aims."""
    runs: dict[str, list[Times]] = {"ours": [], "baseline": [], "riichi": []}
    services: dict[str, set[str]] = {"ours": set(), "baseline": set()}
    riichi_errors: dict[str, int] = {}
    who = ["ours"] + (["baseline"] if BASELINE else []) + (["riichi"] if WITH_RIICHI else [])
    for k in range(PASSES):
        for name in who if k % 2 == 0 else who[::-1]:
            if name == "riichi":
                times, errors = riichi_pass(HANDS, k)
                for error, count in errors.items():
                    riichi_errors[error] = riichi_errors.get(error, 0) + count
            else:
                where, times = fresh_pass(BASELINE if name == "baseline" else sys.executable,
                                          HANDS, k)
                services[name].add(where)
            runs[name].append(times)
    ours = least(runs["ours"])
    print(f"never seen: {PASSES} passes each in fresh processes, {HANDS:,} new hands a kind "
          "scored once after a warm-up of 5,000 others")
    print("  each hand's least time over the passes:")
    for name, times in ([("riichi", least(runs["riichi"])["riichi"])] if runs["riichi"] else []) \
            + [(kind, ours[kind]) for kind in KINDS]:
        q = statistics.quantiles(times, n=100)
        print(f"  {LABELS[name]:34} mean {us(statistics.fmean(times))}   p50 {us(q[49])}   "
              f"p99 {us(q[98])}")
    if runs["riichi"]:
        print(f"  (riichi errors, which would end its work early: {riichi_errors or 'none'})")
        for kind in ("chuzhou", "plain"):
            whole, median, low, high = ratio(runs["riichi"], runs["ours"], kind, "riichi")
            verdict(f"never seen: riichi ÷ {LABELS[kind]}, per hand",
                    f"{median:.2f} ({low:.2f}-{high:.2f})", "≥ 2.5", median >= 2.5)
            print(f"       (the same of the least times: {whole:.2f})")
    else:
        print("riichi scorer not installed (make bench installs it) or BENCH_RIICHI=0: no ratios")
    calls = [t for times in runs["ours"] for t in times["mixed"]]
    p99 = statistics.quantiles(calls, n=100)[98]
    verdict("never seen: yueqing 0-3 财神 mix, p99 of calls", us(p99).strip(), "≤ 0.5 ms",
            p99 <= 500_000)
    if BASELINE:
        same = " (the same installation: a build against itself)" \
            if services["ours"] == services["baseline"] else ""
        print(f"this build ({', '.join(sorted(services['ours']))}) ÷ the baseline "
              f"({', '.join(sorted(services['baseline']))}){same}, least times, above 1: this "
              "one slower")
        for kind in KINDS:
            whole, median, low, high = ratio(runs["ours"], runs["baseline"], kind)
            print(f"  {LABELS[kind]:34} {whole:.3f}   (passes: median {median:.2f}, "
                  f"{low:.2f}-{high:.2f})")
    print()


if __name__ == "__main__":
    if sys.argv[1:2] == ["pass"]:
        print(json.dumps(one_pass(int(sys.argv[2]), int(sys.argv[3]))))
    else:
        report()
