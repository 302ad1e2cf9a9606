"""The reference shanten, run in its own virtual environment (bench/.venv-riichi): the
``mahjong`` package's ``Shanten.calculate_shanten`` on 34-count arrays from a JSON file.
Started by bench/advice.py; prints the per-call CPU times in ns and the answers as JSON. It
never imports the service, and the service never imports it.
"""

from __future__ import annotations

import json
import sys
import time

from mahjong.shanten import Shanten


def main() -> None:
    with open(sys.argv[1], encoding="utf-8") as file:
        hands = json.load(file)
    shanten = Shanten()
    calculate = shanten.calculate_shanten
    for counts in hands[:200]:  # warm up
        calculate(counts)
    times, answers = [], []
    for counts in hands:
        t0 = time.thread_time_ns()
        found = calculate(counts)
        times.append(time.thread_time_ns() - t0)
        answers.append(found)
    print(json.dumps({"times": times, "answers": answers}))


if __name__ == "__main__":
    main()
