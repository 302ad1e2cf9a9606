"""The advice action with what each wait pays: the ruleset's advice (service/hand/advice.py),
and, when the request names the winner and dealer, every ready hand's waits valued by the
waits action's own code (service/values.py), then the discards ordered again with what they
pay (G-9). The ruleset's advice scores nothing else; this scores each wait self-drawn and on a
discard (each seat's, unless the ruleset's discards win alike), so the work is weighed once
the ready hands are known, before any is scored, each standing hand by its own wilds, against
the request's whole, a batch's included (service/work.py)."""

from __future__ import annotations

from typing import Any

from service.hand.advice import order
from service.language import Phrase
from service.rulesets.registry import Ruleset, WaitValues
from service.tiles import tile
from service.values import scorings, values
from service.work import spend, valuing

# What a client whose advice is too much to value may ask instead (G-9).
VALUE_FEWER = Phrase(
    "what every wait of every ready discard pays is too much to work out at once: ask without "
    "winner and dealer for the advice alone, or send the hand after the discard you mean, to "
    "value its waits")


def with_values(rules: Ruleset, asked: WaitValues, data: dict[str, Any]) -> dict[str, Any]:
    if "winner" in data:
        asked.check(data, data["rules"].tuned)
    answer = rules.actions["advice"].handler(data)
    if "winner" not in data:  # the schema asks for the dealer with it
        return answer
    concealed = data["concealed"]
    ready: list[tuple[dict[str, Any], list[int]]] = []
    if "discards" in answer:
        for entry in answer["discards"]:
            if "waits" in entry:
                rest = list(concealed)
                rest.remove(tile(entry["tile"]))
                ready.append((entry, rest))
    elif "waits" in answer:
        ready.append((answer, concealed))
    ways = scorings(asked, data)
    spend(sum(valuing(len(entry["waits"]) * ways, asked.wilds({**data, "concealed": standing}))
              for entry, standing in ready), "concealed", VALUE_FEWER)
    score = rules.actions["score"].handler
    for entry, standing in ready:
        entry["values"] = values(asked, {**data, "concealed": standing}, entry["waits"], score)
        entry["expected"] = expected(entry, data["winner"])
    if "discards" in answer:
        answer["discards"].sort(key=order)
    return answer


def expected(entry: dict[str, Any], winner: int) -> float:
    """The winner's net a win brings on average: each wait weighted by its copies left, its
    four ways alike, a way the rules refuse bringing 0 (G-9)."""
    left = {useful["tile"]: useful["left"] for useful in entry["useful"]}
    total = weighted = 0
    for valued in entry["values"]:
        copies = left.get(valued["tile"], 0)
        ways = [valued["self_draw"], *valued["discard"]]
        nets = [way["net"][winner] if "net" in way else 0 for way in ways]
        total += copies * len(ways)
        weighted += copies * sum(nets)
    return round(weighted / total, 2) if total else 0.0

