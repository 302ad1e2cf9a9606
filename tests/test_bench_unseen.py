"""bench/unseen.py's arithmetic: each hand's least time over passes, and ratios of their sums.

The benchmark itself prints figures and never fails (make bench); what it computes from its
passes is checked here on times small enough to work by hand.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bench.unseen import least, ratio

ROOT = Path(__file__).resolve().parent.parent

# Two passes of two kinds over three hands; a spike (an interruption) in each pass.
PASS_1 = {"chuzhou": [10, 90, 30], "plain": [5, 5, 5]}
PASS_2 = {"chuzhou": [40, 20, 30], "plain": [6, 4, 50]}


def test_each_hand_keeps_its_least_time_over_the_passes() -> None:
    assert least([PASS_1, PASS_2]) == {"chuzhou": [10, 20, 30], "plain": [5, 4, 5]}


def test_a_ratio_is_of_the_sums_of_least_times_with_the_range_of_the_passes() -> None:
    riichi = [{"riichi": [20, 40, 60]}, {"riichi": [30, 40, 60]}]
    whole, median, low, high = ratio(riichi, [PASS_1, PASS_2], "chuzhou", "riichi")
    assert whole == pytest.approx((20 + 40 + 60) / (10 + 20 + 30))  # 2.0
    assert (low, high) == pytest.approx((120 / 130, 130 / 90))
    assert median == pytest.approx((120 / 130 + 130 / 90) / 2)


def test_a_build_against_itself_is_one() -> None:
    assert ratio([PASS_1, PASS_2], [PASS_2, PASS_1], "plain")[0] == 1.0


def test_the_report_runs_with_a_baseline(tmp_path: Path) -> None:
    """What performance.md's Reproducing promises: this build against another, in fresh
    processes; here the same interpreter stands for both, on a few hands, and riichi is left
    out (a machine may or may not have its environment)."""
    env = {**os.environ, "BENCH_PASSES": "2", "BENCH_NEW_HANDS": "20", "BENCH_RIICHI": "0",
           "BENCH_BASELINE": sys.executable}
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "unseen.py")], cwd=tmp_path,
                          env=env, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert "never seen: 2 passes each in fresh processes, 20 new hands a kind" in done.stdout
    assert "TARGET never seen: yueqing 0-3 财神 mix, p99 of calls" in done.stdout
    assert "(the same installation: a build against itself)" in done.stdout
    baseline = done.stdout.split("this build (")[1].splitlines()[1:4]
    assert [line.split()[0] for line in baseline] == ["chuzhou", "yueqing", "yueqing"]
