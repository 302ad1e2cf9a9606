"""The heaviest requests the service admits (service/work.py): what the bound is measured on.

Per hand counted, one-suit Chuzhou wins cost the most (they read many ways, and nine-gates
shapes wait on up to nine tiles), then Yueqing wins with three 财神 in one crowded suit. Each
request here asks for exactly ``MAX_WORK`` hands, all distinct, so no memo has seen them, or
for as many as ``MAX_WORK`` admits. An advice is weighed as one long reading, and reads every
discard of its hand in one call: the advice batches (issue #43) are the fewest, longest units
of work the bound admits, of the crowded suit with three 财神 that costs the most to read.
"""

from __future__ import annotations

import random
from typing import Any

from service.rulesets import RULESETS
from service.tiles import code, render
from service.work import ADVICE, MAX_WORK, WILD_WEIGHT, hands, house_rules

# What a Yueqing 财神 may be in the advice batches: an honour, so its three copies stand
# apart from the crowded suit (the flower tile then being another honour, YQ-3).
HONOURS = range(27, 34)


def _one_suit_win(rng: random.Random, suit: int, sets: int, avoid: int | None) -> list[int]:
    """``sets`` sets and a pair of one suit, at most four copies of a tile, never ``avoid``."""
    while True:
        held = [0] * 9
        tiles: list[int] = []
        for _ in range(sets):
            if rng.random() < 0.6:
                first = rng.randrange(7)
                group = [first, first + 1, first + 2]
            else:
                group = [rng.randrange(9)] * 3
            tiles += group
        tiles += [rng.randrange(9)] * 2
        for t in tiles:
            held[t] += 1
        found = [suit * 9 + t for t in tiles]
        if max(held) <= 4 and avoid not in found:
            return found


def chuzhou_wins(count: int, seed: int = 1) -> list[dict[str, Any]]:
    """Distinct one-suit Chuzhou wins (a match's win events: no dealer, no 针)."""
    rng = random.Random(seed)
    found: dict[str, dict[str, Any]] = {}
    while len(found) < count:
        tiles = _one_suit_win(rng, rng.randrange(3), 4, None)
        win = rng.choice(tiles)
        body = {"winner": rng.randrange(4), "hand": {"concealed": render(tiles)},
                "win": {"tile": code(win), "by": "self_draw"}}
        found.setdefault(f"{body['hand']['concealed']}/{win}/{body['winner']}", body)
    return list(found.values())


def yueqing_wins(count: int, seed: int = 1) -> list[dict[str, Any]]:
    """Distinct Yueqing wins with three 财神 standing beside four sets and a pair of one suit
    less one set (the 财神 make it up any way they can): score requests."""
    rng = random.Random(seed)
    found: dict[str, dict[str, Any]] = {}
    while len(found) < count:
        caishen = rng.choice((33, 27, 4, 0, 8, 13, 22))
        suit = rng.randrange(3)
        tiles = _one_suit_win(rng, suit, 4, caishen)
        tiles = tiles[3:] + [caishen] * 3  # the 财神 stand for the first set
        tiles = _one_suit_win(rng, suit, 1, caishen)[:3] + tiles
        if any(tiles.count(t) > 4 for t in tiles):
            continue
        wild_win = rng.random() < 0.7
        win = caishen if wild_win else rng.choice([t for t in tiles if t != caishen])
        body = {"dealer": 0, "winner": 1, "caishen": code(caishen),
                "hand": {"concealed": render(tiles)}, "win": {"tile": code(win),
                                                             "by": "self_draw"}}
        found.setdefault(f"{body['hand']['concealed']}/{win}/{caishen}", body)
    return list(found.values())


def chuzhou_matches(seed: int = 1) -> dict[str, Any]:
    """A batch of 200-event Chuzhou matches of distinct one-suit wins: MAX_WORK hands."""
    wins = chuzhou_wins(MAX_WORK, seed)
    items = [{"id": index, "ruleset": "chuzhou", "action": "match",
              "request": {"dealer": 0, "events": [{"type": "win", "request": w}
                                                  for w in wins[start:start + 200]]}}
             for index, start in enumerate(range(0, MAX_WORK, 200))]
    return {"items": items}


def yueqing_batch(seed: int = 1) -> dict[str, Any]:
    """A batch of distinct three-财神 Yueqing wins: MAX_WORK hands."""
    wins = yueqing_wins(MAX_WORK // WILD_WEIGHT[3], seed)
    return {"items": [{"id": index, "ruleset": "yueqing", "action": "score", "request": w}
                      for index, w in enumerate(wins)]}


def house_rules_matches(seed: int = 1) -> dict[str, Any]:
    """A batch of two-win Chuzhou matches, each under full house rules of its own (all the
    parameters sent, a set no worker has built): as many as MAX_WORK admits, as the service's own
    weighing counts them (each set and the parameters it sends weigh beside its two events)."""
    defaults = RULESETS["chuzhou"].defaults()
    wins = chuzhou_wins(2 * MAX_WORK, seed)

    def item(n: int) -> dict[str, Any]:
        return {"id": n, "ruleset": "chuzhou", "action": "match", "request": {
            "dealer": 0, "events": [{"type": "win", "request": w} for w in wins[2 * n:2 * n + 2]],
            "rules": {**defaults, "zhen_unit": 1 + n % 50, "discard_extra": n // 50,
                      "zhen_cap": 1000 + seed}}}

    def weight(count: int) -> int:
        requests = (("chuzhou", item(n)["request"]) for n in range(count))
        return 2 * count + house_rules(requests)

    low, high = 0, MAX_WORK  # weight(low) fits, weight(high + 1) does not
    while low < high:
        middle = (low + high + 1) // 2
        low, high = (middle, high) if weight(middle) <= MAX_WORK else (low, middle - 1)
    return {"items": [item(n) for n in range(low)]}



def crowded_advice(rng: random.Random) -> dict[str, Any]:
    """A Yueqing advice of 17 tiles: 14 of one suit, at most four copies of a tile, beside
    three 财神 of an honour (the issue's ``11133445567889m444z`` with ``4z``): every discard
    and its draws read with three wilds in one crowded suit, the costliest hand to read."""
    suit, caishen = rng.randrange(3), rng.choice(HONOURS)
    held = [0] * 9
    tiles = [caishen] * 3
    while len(tiles) < 17:
        t = rng.randrange(9)
        if held[t] < 4:
            held[t] += 1
            tiles.append(suit * 9 + t)
    return {"concealed": render(sorted(tiles)), "caishen": code(caishen)}


def _distinct(rng: random.Random, count: int) -> list[dict[str, Any]]:
    found: dict[str, dict[str, Any]] = {}
    while len(found) < count:
        body = crowded_advice(rng)
        found.setdefault(f"{body['concealed']}/{body['caishen']}", body)
    return list(found.values())


def advice_batch(seed: int = 1) -> dict[str, Any]:
    """A batch of distinct crowded three-财神 Yueqing advice requests: as many as MAX_WORK
    admits (15 of 130 hands each)."""
    bodies = _distinct(random.Random(seed), MAX_WORK // ADVICE)
    return {"items": [{"id": index, "ruleset": "yueqing", "action": "advice", "request": body}
                      for index, body in enumerate(bodies)]}


def house_rules_advice(seed: int = 1) -> dict[str, Any]:
    """A batch of distinct crowded three-财神 Yueqing advice requests, each under full house
    rules of its own (every parameter sent, a set no worker has built): as many as MAX_WORK
    admits (14, each weighing its reading, its set of rules and its parameters). No item names
    the winner: the valuing that would bring adds to the batch's running total as it runs, and
    past the bound an item is refused after its reading (413), so fewer items would be read."""
    defaults = RULESETS["yueqing"].defaults()
    bodies = _distinct(random.Random(seed), MAX_WORK // ADVICE)

    def item(n: int) -> dict[str, Any]:
        rules = {**defaults, "hand_base": 1 + n % 50, "escape_fine_base": 1 + seed % 1000}
        return {"id": n, "ruleset": "yueqing", "action": "advice",
                "request": {**bodies[n], "rules": rules}}

    items = [item(n) for n in range(len(bodies))]
    while sum(hands("yueqing", "advice", i["request"]) for i in items) \
            + house_rules(("yueqing", i["request"]) for i in items) > MAX_WORK:
        items.pop()
    return {"items": items}
