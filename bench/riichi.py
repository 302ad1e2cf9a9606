"""The reference scorer, run in its own virtual environment (bench/.venv-riichi, made by
``make bench``): the ``mahjong`` package's ``HandCalculator.estimate_hand_value`` (riichi rules).

Started by bench/reference.py (for bench/score.py and bench/unseen.py) with a JSON file of
hands (34-tile codes), it answers each line it reads on stdin (``go``, or ``go START END`` for
a slice of the hands) by timing one pass over those hands and printing the per-call times in
ns and the errors met, as JSON. It never imports the service, and the service never imports
it.
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any

from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig
from mahjong.meld import Meld

MELD_TYPES = {"chi": Meld.CHI, "peng": Meld.PON, "gang": Meld.KAN, "angang": Meld.KAN}


def prepared(hand: dict[str, Any]) -> tuple[list[int], int, list[Meld], HandConfig]:
    """Our hand in riichi's 136-tile form: each copy of a tile gets its own number."""
    copies = [0] * 34

    def take(t: int) -> int:
        copies[t] += 1
        return t * 4 + copies[t] - 1

    melds = [Meld(MELD_TYPES[m["type"]], [take(t) for t in m["tiles"]],
                  opened=m["type"] != "angang") for m in hand["melds"]]
    concealed = [take(t) for t in hand["concealed"]]
    win = next(c for c in concealed if c // 4 == hand["win"])
    tiles = concealed + [t for m in melds for t in m.tiles]
    closed = all(not m.opened for m in melds)
    # Every hand is given a yaku, so the scorer always reads it to the end: riichi for a
    # closed hand, the last tile (haitei or houtei) for an open one.
    tsumo = hand["self_draw"]
    config = HandConfig(is_tsumo=tsumo, is_riichi=closed, is_haitei=tsumo and not closed,
                        is_houtei=not tsumo and not closed)
    return tiles, win, melds, config


def main() -> None:
    with open(sys.argv[1], encoding="utf-8") as file:
        hands = [prepared(h) for h in json.load(file)]
    estimate = HandCalculator.estimate_hand_value
    for line in sys.stdin:
        words = line.split()
        start, end = (int(words[1]), int(words[2])) if len(words) == 3 else (0, len(hands))
        times = []
        errors: dict[str, int] = {}
        for tiles, win, melds, config in hands[start:end]:
            t0 = time.thread_time_ns()
            result = estimate(tiles, win, melds=melds, config=config)
            times.append(time.thread_time_ns() - t0)
            if result.error is not None:
                errors[result.error] = errors.get(result.error, 0) + 1
        print(json.dumps({"times": times, "errors": errors}), flush=True)


if __name__ == "__main__":
    main()
