"""Latency of light requests while the heaviest admitted ones run (service/work.py).

    python bench/fairness.py [SECONDS] [PHASE ...]      # default 30 s each, every phase

Each phase starts gunicorn with two gevent workers, keeps four of the heaviest admitted
requests running without pause, and meanwhile asks for /healthz and one plain score every
20 ms each; it prints the light requests' latency percentiles, what the heavy ones took and
the load average of the machine (shared: the figures move with it). The phases:

- ``scores``: batches of MAX_WORK distinct hands (bench/heavy.py: one-suit Chuzhou matches,
  three-财神 Yueqing wins, matches under house rules of their own), each sent again as it is;
- ``advice``: batches of 15 crowded three-财神 Yueqing advice requests (bench/heavy.py
  ``advice_batch``, issue #43), each a long reading of every discard;
- ``advice-rules``: the same under full house rules of each item's own
  (``house_rules_advice``).

An advice batch is made anew for every send, so its hands are never seen. The aim: /healthz
p99 within 250 ms compiled, 1 s interpreted, far inside the liveness probe's 2 s. Prints; never
fails.
"""

from __future__ import annotations

import itertools
import os
import statistics
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import requests

# bench/ itself; appended, so that the installed service runs (compiled under .venv-compiled)
sys.path.append(str(Path(__file__).resolve().parent.parent))

from bench.heavy import (  # noqa: E402
    advice_batch,
    chuzhou_matches,
    house_rules_advice,
    house_rules_matches,
    yueqing_batch,
)
from tests.server import running_server  # noqa: E402

PLAIN = {"dealer": 0, "winner": 1, "hand": {"concealed": "222m345p678s789s99s"},
         "win": {"tile": "2m", "by": "discard", "from": 3}}

Next = Callable[[], dict[str, Any]]


def _same(body: dict[str, Any]) -> Next:
    return lambda: body


def _fresh(make: Callable[[int], dict[str, Any]], first: int) -> Next:
    seeds = itertools.count(first, 1_000)
    return lambda: make(next(seeds))


def senders(name: str) -> list[Next]:
    """What each of the phase's four heavy clients sends: its next body on each call."""
    if name == "scores":
        return [_same(chuzhou_matches(seed=1)), _same(yueqing_batch(seed=2)),
                _same(house_rules_matches(seed=3)), _same(yueqing_batch(seed=4))]
    make = {"advice": advice_batch, "advice-rules": house_rules_advice}[name]
    return [_fresh(make, first) for first in range(1, 5)]


PHASES = ("scores", "advice", "advice-rules")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def phase(name: str, seconds: float) -> None:
    clients = senders(name)
    load_before = os.getloadavg()[0]
    with running_server(workers=2) as base:
        stop = time.monotonic() + seconds
        heavy: list[tuple[int, float]] = []
        light: dict[str, list[float]] = {"GET /healthz": [], "POST /v1/chuzhou/score": []}

        def keep_heavy(next_body: Next) -> None:
            session = requests.Session()
            while time.monotonic() < stop:
                body = next_body()
                started = time.monotonic()
                status = session.post(f"{base}/v1/batch", json=body, timeout=120).status_code
                heavy.append((status, time.monotonic() - started))

        def probe(label: str) -> None:
            session = requests.Session()
            while time.monotonic() < stop:
                started = time.monotonic()
                if label.startswith("GET"):
                    session.get(f"{base}/healthz", timeout=30)
                else:
                    session.post(f"{base}/v1/chuzhou/score", json=PLAIN, timeout=30)
                light[label].append((time.monotonic() - started) * 1000)
                time.sleep(0.02)

        threads = [threading.Thread(target=keep_heavy, args=(s,)) for s in clients]
        threads += [threading.Thread(target=probe, args=(label,)) for label in light]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    load_after = os.getloadavg()[0]
    print(f"{name}: four heaviest admitted requests kept running on two workers for "
          f"{seconds:.0f} s (load average {load_before:.1f} before, {load_after:.1f} after)")
    for label, times in light.items():
        print(f"  {label:24} n={len(times):5}  p50 {statistics.median(times):7.1f} ms  "
              f"p99 {percentile(times, 0.99):7.1f} ms  max {max(times):7.1f} ms")
    took = [t for _, t in heavy]
    statuses = sorted({s for s, _ in heavy})
    print(f"  heavy batches            n={len(took):5}  median {statistics.median(took):6.2f} s  "
          f"max {max(took):6.2f} s  statuses {statuses}", flush=True)


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 30.0
    for name in sys.argv[2:] or PHASES:
        phase(name, seconds)


if __name__ == "__main__":
    main()
