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
from service.language import Phrase, sentence
from service.rulesets.registry import Ruleset, WaitValues
from service.schemas.advice import TOTALS
from service.tile_names import named
from service.tiles import tile
from service.values import scorings, values
from service.work import spend, valuing

# What a client whose advice is too much to value may ask instead (G-9).
VALUE_FEWER = Phrase(
    "what every wait of every ready discard pays is too much to work out at once: ask without "
    "winner and dealer for the advice alone, or send the hand after the discard you mean, to "
    "value its waits")


def with_values(rules: Ruleset, asked: WaitValues, data: dict[str, Any]) -> dict[str, Any]:
    """The ruleset's advice, its ready hands' waits valued when the request names the winner
    (the schema asks for the dealer with it), and each hand and discard said in one line."""
    if "winner" in data:
        asked.check(data, data["rules"].tuned)
    answer = rules.actions["advice"].handler(data)
    if "winner" in data:
        _valued(rules, asked, data, answer)
    for entry in answer.get("discards", ()):
        entry["summary"] = summary(entry, entry["tile"])
    if "discards" not in answer:
        answer["summary"] = summary(answer)
    return answer


def _valued(rules: Ruleset, asked: WaitValues, data: dict[str, Any],
            answer: dict[str, Any]) -> None:
    """Every ready hand's waits valued, as ``values`` or as the winner's totals, and the
    discards ordered again by what they pay (G-9)."""
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
    winner = data["winner"]
    for entry, standing in ready:
        valued = values(asked, {**data, "concealed": standing}, entry["waits"], score)
        if data["value_detail"] == TOTALS:
            entry["value_totals"] = totals(valued, winner)
        else:
            entry["values"] = valued
        entry["expected"] = expected(entry, valued, winner)
    if "discards" in answer:
        answer["discards"].sort(key=order)


def _won(way: dict[str, Any], winner: int) -> int | None:
    """The winner's net of one way; None for a way the rules refuse."""
    return way["net"][winner] if "net" in way else None


def totals(valued: list[dict[str, Any]], winner: int) -> list[dict[str, Any]]:
    """Each wait's ways as the winner's net alone (``value_detail: totals``): what an app's
    advice screen shows, a few bytes a way where a way's patterns and nets take hundreds."""
    return [{"tile": wait["tile"], "self_draw": _won(wait["self_draw"], winner),
             "discard": [_won(way, winner) for way in wait["discard"]]} for wait in valued]


# How far from ready, as players say it (G-9); past the table, the count in words of its own.
AWAY = (Phrase("ready"), Phrase("1 step from ready"), Phrase("2 steps from ready"),
        Phrase("3 steps from ready"), Phrase("4 steps from ready"),
        Phrase("5 steps from ready"), Phrase("6 steps from ready"),
        Phrase("7 steps from ready"), Phrase("8 steps from ready"))


def _away(shanten: int) -> str:
    if shanten < len(AWAY):
        return AWAY[shanten]
    return sentence("{shanten} steps from ready", shanten=shanten)


def summary(entry: dict[str, Any], discarded: str | None = None) -> str:
    """One line of advice on standing tiles of waiting size, said in the answer's language:
    how far from ready, the useful tiles (the waits, when ready) and how many are left; for a
    discard, the tile it discards first (打西风：一向听，进张 10 种 30 张)."""
    kinds, left = len(entry["useful"]), entry["useful_total"]
    ready = entry["shanten"] == 0
    if discarded is None:
        if ready:
            return sentence("Ready; waits {kinds}, {left} left", kinds=kinds, left=left)
        return sentence("{away}; useful draws {kinds}, {left} left",
                        away=_away(entry["shanten"]), kinds=kinds, left=left)
    if ready:
        return sentence("Discard {discard}: ready; waits {kinds}, {left} left",
                        discard=named(discarded), kinds=kinds, left=left)
    return sentence("Discard {discard}: {away}; useful draws {kinds}, {left} left",
                    discard=named(discarded), away=_away(entry["shanten"]), kinds=kinds,
                    left=left)


def expected(entry: dict[str, Any], valued: list[dict[str, Any]], winner: int) -> float:
    """The winner's net a win brings on average: each wait weighted by its copies left, its
    four ways alike, a way the rules refuse bringing 0 (G-9)."""
    left = {useful["tile"]: useful["left"] for useful in entry["useful"]}
    total = weighted = 0
    for wait in valued:
        copies = left.get(wait["tile"], 0)
        ways = [wait["self_draw"], *wait["discard"]]
        nets = [way["net"][winner] if "net" in way else 0 for way in ways]
        total += copies * len(ways)
        weighted += copies * sum(nets)
    return round(weighted / total, 2) if total else 0.0

