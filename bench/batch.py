"""Hands per second through the batch endpoint and the command line, in-process, beside the
single endpoint's per-hand cost, on the same generated hands. Prints; never fails.

- single: one POST /v1/{ruleset}/score per hand through Flask's test client (the HTTP shell
  and the core, no network)
- batch: POST /v1/batch with 1,000 items at a time, the same way
- command line, one process: mahjong-score's per-line work (parse, run, write JSON) in a loop
- command line, N workers: the same through its process pool (hands/s per core shown too)
"""

from __future__ import annotations

import json
import logging
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

# bench/ itself; appended, so that the installed service runs (compiled under .venv-compiled)
sys.path.append(str(Path(__file__).resolve().parent.parent))

from bench.hands import chuzhou_hands, yueqing_hands  # noqa: E402
from service.api.app import create_app  # noqa: E402
from service.cli import Line, outcome, outcomes  # noqa: E402

N = 10_000
CHUNK = 1_000


def rate(count: int, work: Callable[[], object]) -> float:
    start = time.perf_counter()
    work()
    return count / (time.perf_counter() - start)


def measure(label: str, ruleset: str, hands: list[dict[str, Any]]) -> None:
    client = create_app().test_client()
    items = [{"id": i, "ruleset": ruleset, "action": "score", "request": body}
             for i, body in enumerate(hands)]
    lines = [Line(number, None, json.dumps(item).encode())
             for number, item in enumerate(items, start=1)]
    workers = os.cpu_count() or 1

    def single() -> None:
        for body in hands:
            client.post(f"/v1/{ruleset}/score", json=body)

    def batch() -> None:
        for start in range(0, len(items), CHUNK):
            client.post("/v1/batch", json={"items": items[start:start + CHUNK]})

    rate(len(hands[:500]), lambda: [client.post(f"/v1/{ruleset}/score", json=b)
                                     for b in hands[:500]])  # warm the suit caches
    figures = [
        ("single endpoint", rate(len(hands), single), 1),
        ("batch endpoint", rate(len(hands), batch), 1),
        ("command line, 1 process", rate(len(lines), lambda: [outcome(t) for t in lines]), 1),
        (f"command line, {workers} workers",
         rate(len(lines), lambda: list(outcomes(iter(lines), workers))), workers),
    ]
    base = figures[0][1]
    print(label)
    for name, per_second, cores in figures:
        print(f"  {name:26} {per_second:>9,.0f} hands/s  {per_second / cores:>9,.0f} per core  "
              f"{1e6 / per_second * cores:7.1f} µs/hand/core  × {per_second / cores / base:4.2f} "
              f"of single")


def main() -> None:
    # The request log writes a line per call; a benchmark measures the answers, not the log.
    logging.getLogger("service.requests").disabled = True
    print(f"{N:,} generated winning hands per mix, in-process on {os.cpu_count()} core(s)")
    measure("chuzhou", "chuzhou", chuzhou_hands(N))
    measure("yueqing, 0-3 财神", "yueqing", yueqing_hands(N // 2))


if __name__ == "__main__":
    main()
