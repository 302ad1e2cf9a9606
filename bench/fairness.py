"""Latency of light requests while the heaviest admitted ones run (service/work.py).

    python bench/fairness.py [SECONDS]      # default 30

Starts gunicorn with two gevent workers, keeps four of the heaviest admitted requests
(bench/heavy.py: batches of MAX_WORK distinct hands) running without pause, and meanwhile
asks for /healthz and one plain score every 20 ms each; prints the light requests' latency
percentiles and what the heavy ones took. The aim: /healthz p99 within 250 ms, far inside the
liveness probe's 2 s. Prints; never fails.
"""

from __future__ import annotations

import statistics
import sys
import threading
import time
from pathlib import Path

import requests

# bench/ itself; appended, so that the installed service runs (compiled under .venv-compiled)
sys.path.append(str(Path(__file__).resolve().parent.parent))

from bench.heavy import chuzhou_matches, house_rules_matches, yueqing_batch  # noqa: E402
from tests.server import running_server  # noqa: E402

PLAIN = {"dealer": 0, "winner": 1, "hand": {"concealed": "222m345p678s789s99s"},
         "win": {"tile": "2m", "by": "discard", "from": 3}}


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 30.0
    bodies = [chuzhou_matches(seed=1), yueqing_batch(seed=2), house_rules_matches(seed=3),
              yueqing_batch(seed=4)]
    with running_server(workers=2) as base:
        stop = time.monotonic() + seconds
        heavy: list[tuple[int, float]] = []
        light: dict[str, list[float]] = {"GET /healthz": [], "POST /v1/chuzhou/score": []}

        def keep_heavy(body: dict[str, object]) -> None:
            session = requests.Session()
            while time.monotonic() < stop:
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

        threads = [threading.Thread(target=keep_heavy, args=(b,)) for b in bodies]
        threads += [threading.Thread(target=probe, args=(label,)) for label in light]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    print(f"four heaviest admitted requests kept running on two workers for {seconds:.0f} s")
    for label, times in light.items():
        print(f"  {label:24} n={len(times):5}  p50 {statistics.median(times):7.1f} ms  "
              f"p99 {percentile(times, 0.99):7.1f} ms  max {max(times):7.1f} ms")
    took = [t for _, t in heavy]
    statuses = sorted({s for s, _ in heavy})
    print(f"  heavy batches            n={len(took):5}  median {statistics.median(took):6.2f} s  "
          f"max {max(took):6.2f} s  statuses {statuses}")


if __name__ == "__main__":
    main()
