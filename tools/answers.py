"""Every answer of the same generated requests, one JSON line each, to compare two builds.

    python tools/answers.py [HANDS]     # default 10,000 hands, written to stdout

Both rulesets' generated hands (bench/hands.py), each scored, its waits asked (every fourth
with what each wait is worth) and, for Yueqing, once more at another table; a refused request
writes its problem. `make test-compiled` runs it with the interpreted and the compiled build
and compares the outputs byte for byte.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent.parent))  # bench; the installed service

from bench.hands import chuzhou_hands, yueqing_hands  # noqa: E402
from bench.soak import waits_request  # noqa: E402
from service.actions import run  # noqa: E402
from service.errors import ProblemError  # noqa: E402
from service.jsonio import encoded  # noqa: E402


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    out = sys.stdout.buffer
    for ruleset, make in (("chuzhou", chuzhou_hands), ("yueqing", yueqing_hands)):
        for index, body in enumerate(make(hands // 2, seed=77)):
            asks = [("score", body), ("waits", waits_request(ruleset, body))]
            if index % 4 == 0:
                asks.append(("waits", {**asks[1][1], "winner": 1, "dealer": 0}))
            if ruleset == "yueqing":
                asks.append(("score", {**body, "dealer": index % 4, "lao_zhuang": index % 3,
                                       "hand": {**body["hand"], "flowers": index % 5}}))
            for action, request in asks:
                try:
                    answer = run(ruleset, action, request)
                except ProblemError as exc:
                    answer = exc.problem()
                out.write(encoded(answer) + b"\n")


if __name__ == "__main__":
    main()
