"""A seeded generator of realistic winning hands for both rulesets, as request bodies.

Hands mix sequences and triplets, some sets claimed as melds (chi, peng, kongs), and for
Yueqing 0-3 财神 standing for tiles of the hand. Every body is one a scorekeeper could send.
"""

from __future__ import annotations

import random
from typing import Any

from service.tiles import RED, WHITE, code, render

SUITED = [s * 9 + n for s in range(3) for n in range(9)]


def _sets(rng: random.Random, count: int, forbidden: set[int]) -> list[tuple[str, int]] | None:
    held = [0] * 34
    for t in forbidden:
        held[t] = 4
    sets: list[tuple[str, int]] = []
    for _ in range(count):
        for _attempt in range(20):
            if rng.random() < 0.6:
                first = rng.choice([t for t in SUITED if t % 9 <= 6])
                tiles = [first, first + 1, first + 2]
                kind = "sequence"
            else:
                first = rng.randrange(34)
                tiles = [first] * 3
                kind = "triplet"
            if all(held[t] + tiles.count(t) <= 4 for t in set(tiles)):
                for t in tiles:
                    held[t] += 1
                sets.append((kind, first))
                break
        else:
            return None
    pair = [t for t in range(34) if held[t] <= 2]
    if not pair:
        return None
    sets.append(("pair", rng.choice(pair)))
    return sets


def _tiles(kind: str, first: int) -> list[int]:
    return [first, first + 1, first + 2] if kind == "sequence" else \
        [first] * (2 if kind == "pair" else 3)


def _body(rng: random.Random, count: int, caishen: int | None,
          wilds: bool = True) -> dict[str, Any] | None:
    forbidden = set() if caishen is None else {caishen, RED if caishen == WHITE else WHITE}
    sets = _sets(rng, count, forbidden)
    if sets is None:
        return None
    melds, concealed = [], []
    used = [t for kind, first in sets for t in _tiles(kind, first)]
    for kind, first in sets[:-1]:
        if rng.random() < 0.3:
            seat = rng.choice((0, 2, 3))  # never the winner, seat 1
            if kind == "sequence":
                melds.append({"type": "chi", "tiles": render(_tiles(kind, first)), "from": 0})
            elif rng.random() < 0.2 and used.count(first) == 3:
                melds.append({"type": "angang", "tiles": render([first] * 4)})
            else:
                melds.append({"type": "peng", "tiles": render([first] * 3), "from": seat})
        else:
            concealed.extend(_tiles(kind, first))
    concealed.extend(_tiles(*sets[-1]))
    if caishen is not None and wilds:
        for index in rng.sample(range(len(concealed)), min(rng.choice((0, 0, 1, 1, 2, 3)),
                                                            len(concealed))):
            concealed[index] = caishen
    win = rng.choice(concealed)
    # A 财神 won from a discard would play at face value: draw it instead.
    by = "self_draw" if win == caishen else rng.choice(("self_draw", "discard"))
    win_body: dict[str, Any] = {"tile": code(win), "by": by}
    if by == "discard":
        win_body["from"] = 3
    return {"dealer": 0, "winner": 1, "hand": {"concealed": render(concealed), "melds": melds},
            "win": win_body}


def chuzhou_hands(n: int, seed: int = 1) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    hands: list[dict[str, Any]] = []
    while len(hands) < n:
        body = _body(rng, 4, None)
        if body is not None:
            hands.append(body)
    return hands


def yueqing_hands(n: int, seed: int = 2, wilds: bool = True) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    hands: list[dict[str, Any]] = []
    while len(hands) < n:
        caishen = rng.randrange(34)
        body = _body(rng, 5, caishen, wilds)
        if body is not None:
            body["caishen"] = code(caishen)
            hands.append(body)
    return hands
