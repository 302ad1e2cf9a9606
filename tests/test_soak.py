"""Memory stays flat under varied traffic (service/memo.py): a short soak with a small budget,
so that every memo fills and turns over within it. ``make soak`` runs the full ones."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.server import ROOT

BUDGET_MB = 4
HANDS = 14_000


def test_rss_stays_flat_once_the_memos_are_full() -> None:
    done = subprocess.run(
        [sys.executable, "bench/soak.py", "process", str(HANDS), "--json"], cwd=ROOT,
        env={**os.environ, "MAHJONG_CACHE_MB": str(BUDGET_MB)}, capture_output=True,
        text=True, timeout=300, check=True)
    found = json.loads(done.stdout.splitlines()[-1])
    for memo in found["memos"]:
        assert memo["bytes"] <= memo["budget"], memo
    # Unbounded, the same traffic grew the process by about 12 MB from 5,000 to 10,000 hands.
    assert found["growth_after_5000_mb"] <= 2 * BUDGET_MB, found["rss_mb"]


@pytest.mark.server
def test_the_worker_soak_serves_one_worker_and_says_its_rss() -> None:
    """``make soak``'s one-worker run, short: every request answered, the RSS said at the
    start and at the end."""
    done = subprocess.run(
        [sys.executable, "bench/soak.py", "worker", "120"], cwd=ROOT, capture_output=True,
        text=True, timeout=120, check=True)
    lines = done.stdout.splitlines()
    assert [line.split()[0] for line in lines] == ["0", "120"], lines
    assert all("worker RSS" in line for line in lines)
