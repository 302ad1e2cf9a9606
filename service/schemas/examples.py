"""Request examples for the contract's newer operations (each answers 200; tests send them)."""

from __future__ import annotations

from typing import Any

# 门清 hand of C-a (examples.md): 底胡 10 + 门清 10 on a discard, 80 self-drawn.
_CA_HAND = {"concealed": "222m345p678s789s99s"}

CHUZHOU_MATCH: dict[str, Any] = {
    "dealer": 0,
    "zhen": [1, 1, 1, 1],
    "events": [
        {"type": "win", "request": {"winner": 0, "hand": _CA_HAND,
                                    "win": {"tile": "2m", "by": "discard", "from": 3}}},
        {"type": "win", "request": {"winner": 1, "hand": _CA_HAND,
                                    "win": {"tile": "2m", "by": "discard", "from": 0}}},
        {"type": "win", "request": {"winner": 3, "hand": _CA_HAND,
                                    "win": {"tile": "2m", "by": "self_draw"}}},
        {"type": "draw", "request": {"kongs": 1}},
    ],
}

# 平胡 and 无财神 (README): 2 台, with one flower 3 台 and 1 条.
_PING_HU = {"concealed": "123m456m789p234s678s55s"}

YUEQING_MATCH: dict[str, Any] = {
    "dealer": 0,
    "lao_zhuang": 0,
    "events": [
        {"type": "win", "request": {"winner": 0, "caishen": "3z", "hand": _PING_HU,
                                    "win": {"tile": "8s", "by": "discard", "from": 3}}},
        {"type": "win", "request": {"winner": 0, "caishen": "3z",
                                    "hand": {**_PING_HU, "flowers": 1},
                                    "win": {"tile": "8s", "by": "discard", "from": 2}}},
        {"type": "escape", "request": {"caishen": "5p", "escaper": 3, "players": [
            {"seat": 0, "concealed": "1234567m", "melds": [
                {"type": "chi", "tiles": "123m", "from": 3},
                {"type": "peng", "tiles": "999m", "from": 2},
                {"type": "peng", "tiles": "555m", "from": 1}]},
            {"seat": 1, "concealed": "789p789p234s678s444z5s"},
            {"seat": 2, "concealed": "123p123p456s456s666z6s"}]}},
        {"type": "draw", "request": {"caishen": "3z", "players": [
            {"seat": 0}, {"seat": 1, "melds": [{"type": "gang", "tiles": "9999m", "from": 2}]},
            {"seat": 2}, {"seat": 3}]}},
    ],
}

# A two-sided wait (3s or 6s) with what each is worth to seat 1 (dealer 0).
CHUZHOU_WAITS: dict[str, Any] = {"concealed": "234m678p345s11z45s", "winner": 1, "dealer": 0}

YUEQING_WAITS: dict[str, Any] = {"concealed": "123m456m789p234s67s55s", "caishen": "3z",
                                 "winner": 1, "dealer": 0}

BATCH: dict[str, Any] = {"items": [
    {"id": "hand-1", "ruleset": "chuzhou", "action": "score",
     "request": {"dealer": 0, "winner": 1, "hand": _CA_HAND,
                 "win": {"tile": "2m", "by": "discard", "from": 3},
                 "expected": {"fan": 20, "settlement": {"net": [-50, 140, -40, -50]}}}},
    {"id": "hand-2", "ruleset": "yueqing", "action": "waits",
     "request": {"concealed": "123m456m789m123p4p66s1z", "caishen": "1z"}},
    {"id": "hand-3", "ruleset": "chuzhou", "action": "instant",
     "request": {"event": "followed_discard", "seat": 0}},
]}
